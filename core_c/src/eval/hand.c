/* The exported ph_hand functions: pokerhash_inline.h's bodies, compiled here with external linkage (a
 * PH_INLINE_ALL caller compiles the same bodies static inline). */
#define PH_HAND_DEFINITIONS
#include "pokerhash.h"
#include "pokerhash_inline.h"
