/* The inline forms of ph_evaluate and ph_hand_* (pokerhash.h under PH_INLINE_ALL, compiled in inline_calls.c)
 * behind plain names, for test_inline.c, which calls the library's forms beside them. */
#ifndef PH_TEST_INLINE_CALLS_H
#define PH_TEST_INLINE_CALLS_H

#include "pokerhash.h"

/* The library's forms, which the sweeps compare against. */
typedef struct library_calls {
    ph_hand (*hand_empty)(void);
    int (*evaluate)(const uint8_t *cards, size_t k);
    ph_hand (*hand_add)(ph_hand hand, uint8_t card);
    int (*hand_value)(ph_hand hand);
} library_calls;

int inline_defines_inlined(void); /* 1 when pokerhash.h defined PH_INLINED under PH_INLINE_ALL */
int inline_evaluate(const uint8_t *cards, size_t k);
ph_hand inline_hand_empty(void);
ph_hand inline_hand_add(ph_hand hand, uint8_t card);
int inline_hand_value(ph_hand hand);
int inline_hand_check(ph_hand hand);

/* Walks every k-card hand (k in 5..7) in nested loops, a ph_hand added to one card a level, and compares the
 * library's ph_evaluate with the inline ph_evaluate, ph_hand_value of the incremental hand, of the hand built
 * again from its cards in reverse order, and the library's ph_hand_value of a hand the library built. Returns
 * the number of hands; *mismatches counts the hands where any differs (the first few are printed). */
uint64_t inline_sweep(size_t k, const library_calls *library, uint64_t *mismatches);

#endif
