/* The hold'em tables: those generated into core_c/tables (made by `PYTHONPATH=pywasm python3 -m tablegen`,
 * which includes this header by name), with the card key and the hot path's lookups through
 * pokerhash_inline.h; and the tables too large to check in, built on first use. Private. */
#ifndef PH_TABLES_H
#define PH_TABLES_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

/* The key layout, the tables the hot path reads and the rules that read them live in the public inline
 * header, so that a caller can compile them in (PH_INLINE_ALL); the library builds on the same code. */
#include "pokerhash_inline.h"

/* The quinary key of 8- and 9-card hands: three base-5 digit groups (see pywasm/tablegen/quinary.py). */
#define PH_G_SPAN 625 /* 5^4: one group of four base-5 digits; also one card in a count field */
#define PH_G2_SHIFT 12
#define PH_G1_SHIFT 25
#define PH_FIELD_G3 0xfffu   /* 12 bits: ranks T..A as base-5 digits */
#define PH_FIELD_G12 0x1fffu /* 13 bits: 4 base-5 digits + 625 per counted card */

/* The rank hash's quinary tables for 8 and 9 cards, and the tables of the other features. */
extern const uint32_t ph_qhash_g1[PH_QHASH_G1_ENTRIES];
extern const uint16_t ph_qhash_g2[PH_QHASH_G2_ENTRIES];
extern const uint16_t ph_qhash_g3[3125];
extern const uint32_t ph_quinary_dp[5][14][10];
extern const uint8_t ph_key_planes[4][16];
extern const uint8_t ph_card_planes[5][64];
extern PH_DERIVED_CONST uint32_t ph_value_rank_table[7463];
extern PH_DERIVED_CONST uint64_t ph_binomial_table[65][65];

/* The rank part of a card key: one card of that rank in the hash, no suit counter. */
static inline uint64_t ph_rank_key(unsigned rank) {
    return ph_card_keys[4 * rank] - (UINT64_C(1) << PH_SUIT_SHIFT);
}

/* Rank counts of suit-major card bits. */
static inline void ph_rank_counts(uint64_t card_bits, uint8_t counts[13]) {
    for (unsigned rank = 0; rank < 13; rank++)
        counts[rank] = (uint8_t)(((card_bits >> rank) & 1) + ((card_bits >> (16 + rank)) & 1) +
                                 ((card_bits >> (32 + rank)) & 1) + ((card_bits >> (48 + rank)) & 1));
}

/* The object in *slot, building it with build() if there is none yet. Threads racing on the first call may
 * each build one; exactly one is published (C11 compare-and-swap) and the others go to discard(). NULL
 * when build() fails (out of memory). */
void *ph_lazy_table(_Atomic(void *) *slot, void *(*build)(void), void (*discard)(void *));

#endif
