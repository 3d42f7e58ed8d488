/* The hold'em tables: those generated into core_c/tables (made by `PYTHONPATH=pywasm python3 -m tablegen`,
 * which includes this header by name), the card key they are indexed by and the lookups that read them;
 * and the tables too large to check in, built on first use. Private. */
#ifndef PH_TABLES_H
#define PH_TABLES_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "../../tables/eval_layout.h"

/* The wasm library is built with PH_SIX_CARD_TABLE=0: it leaves out the 6-card block of the rank hash,
 * and six cards then drop one card to five. */
#ifndef PH_SIX_CARD_TABLE
#define PH_SIX_CARD_TABLE 1
#endif
#define PH_QUINARY_ENTRIES (PH_SIX_CARD_TABLE ? PH_RH_ENTRIES_567 : PH_RH_ENTRIES_57)
/* The wasm builds set PH_DERIVED_TABLES=1: the rank hash's 5- and 7-card values, the value ranks and the
 * binomials are not shipped but derived when the module loads (eval/derive_tables.c,
 * combinatorics/binomial_derive.c), so those arrays are writable there. */
#ifndef PH_DERIVED_TABLES
#define PH_DERIVED_TABLES 0
#endif
#if PH_DERIVED_TABLES
#define PH_DERIVED_CONST
#else
#define PH_DERIVED_CONST const
#endif
/* Flush values by rank mask (16 KB); the wasm library leaves them out and derives them (ph_suited_value). */
#ifndef PH_FLUSH_TABLE
#define PH_FLUSH_TABLE 1
#endif

/* The card key: four suit counters of 4 bits from bit 0, biased by 3 so that a fifth card of a suit sets the
 * counter's bit 3; a count of ids >= 52 in bits 16..19; the rank hash in bits 40..63, where a sum's carries
 * leave the word, so it is the sum mod 2^24 with no mask. */
#define PH_SUIT_SHIFT 0
#define PH_SUIT_BIAS UINT64_C(0x3333)
#define PH_SUIT_FLUSH_BITS UINT64_C(0x8888)
#define PH_POISON_BITS (UINT64_C(0xf) << 16)
#define PH_HASH_SHIFT 40
#define PH_HASH_MASK 0xffffffu
#define PH_SUITED_COUNT_MASK 0xffu /* a suited key's count of ranks (ph_suited_keys_low/high) */

/* The quinary key of 8- and 9-card hands: three base-5 digit groups (see pywasm/tablegen/quinary.py). */
#define PH_G_SPAN 625 /* 5^4: one group of four base-5 digits; also one card in a count field */
#define PH_G2_SHIFT 12
#define PH_G1_SHIFT 25
#define PH_FIELD_G3 0xfffu   /* 12 bits: ranks T..A as base-5 digits */
#define PH_FIELD_G12 0x1fffu /* 13 bits: 4 base-5 digits + 625 per counted card */

/* Rank-hash blocks for 5, 7 and 6 cards: per block the row bases, then the values (rank_hash.py). */
extern PH_DERIVED_CONST uint16_t ph_quinary_values[PH_QUINARY_ENTRIES];
extern const uint32_t ph_qhash_g1[PH_QHASH_G1_ENTRIES];
extern const uint16_t ph_qhash_g2[PH_QHASH_G2_ENTRIES];
extern const uint16_t ph_qhash_g3[3125];
extern const uint32_t ph_quinary_dp[5][14][10];
extern const uint64_t ph_card_keys[256];
extern const uint64_t ph_card_quinary_keys[256];
extern const uint64_t ph_card_bits[256];
extern _Alignas(16) const uint64_t ph_card_key_bits[256][2];
extern const uint64_t ph_suited_keys_low[128];
extern const uint64_t ph_suited_keys_high[64];
extern const uint8_t ph_key_planes[4][16];
extern const uint8_t ph_card_planes[5][64];
#if PH_FLUSH_TABLE
extern const uint16_t ph_flush_values[8192];
#endif
extern PH_DERIVED_CONST uint32_t ph_value_rank_table[7463];
extern PH_DERIVED_CONST uint64_t ph_binomial_table[65][65];

/* The lookups that read these tables: a rank multiset's value by the rank hash, a suit's ranks by the flush
 * table. They call nothing, so that eval/large_hands.c and the hot path (eval/eval_internal.h) both build on
 * them. */
#define PH_NO_VALUE 7463u

/* The rank part of a card key: one card of that rank in the hash, no suit counter. */
static inline uint64_t ph_rank_key(unsigned rank) {
    return ph_card_keys[4 * rank] - (UINT64_C(1) << PH_SUIT_SHIFT);
}

/* 1 when k cards have a rank-hash block. */
#define PH_DENSE(k) ((k) == 5 || (k) == 7 || ((k) == 6 && PH_SIX_CARD_TABLE))

/* Row displacement: the row's base in the value block, plus the column. Two dependent loads. */
static inline unsigned ph_rank_hash_lookup(uint32_t h, unsigned rows, unsigned values, unsigned shift) {
    unsigned base = ph_quinary_values[rows + (h >> shift)];
    return ph_quinary_values[values + base + (h & ((1u << shift) - 1))];
}

/* Value of a k-card rank multiset (no flush, PH_DENSE(k)) from the sum of its card keys (suit counters
 * and bias are ignored). */
static inline unsigned ph_plain_value(uint64_t key, size_t k) {
    uint32_t h = (uint32_t)(key >> PH_HASH_SHIFT);
    if (k == 5)
        return ph_rank_hash_lookup(h, PH_RH_ROWS_5, PH_RH_VALUES_5, PH_RH_SHIFT_5);
    if (k == 7)
        return ph_rank_hash_lookup(h, PH_RH_ROWS_7, PH_RH_VALUES_7, PH_RH_SHIFT_7);
#if PH_SIX_CARD_TABLE
    return ph_rank_hash_lookup(h, PH_RH_ROWS_6, PH_RH_VALUES_6, PH_RH_SHIFT_6);
#else
    return PH_NO_VALUE; /* unreachable: callers check PH_DENSE(k) */
#endif
}

/* Rank key of the distinct ranks in a 13-bit mask, with their number in the low byte. */
static inline uint64_t ph_suited_key(unsigned rank_mask) {
    return ph_suited_keys_low[rank_mask & 0x7f] + ph_suited_keys_high[rank_mask >> 7];
}

/* Straight flush or flush value of five or more ranks of one suit (a 13-bit mask). A straight flush is a
 * run of five (the ace also plays below the deuce): 1 (royal) .. 10 (five-high). Otherwise the flush is the
 * top five ranks, and flushes list their 1,277 rank sets in the same order as high-card hands do, so the
 * 5-card rank hash gives it: 6186..7462 become 323..1599. The native library looks the answer up instead. */
static inline unsigned ph_suited_value(unsigned rank_mask) {
#if PH_FLUSH_TABLE
    return ph_flush_values[rank_mask];
#else
    unsigned low = (rank_mask << 1) | ((rank_mask >> 12) & 1u); /* bit r+1 = rank r; bit 0 = the ace, low */
    unsigned runs = low & (low >> 1) & (low >> 2) & (low >> 3) & (low >> 4);
    if (runs)
        return 10u - (31u - (unsigned)__builtin_clz(runs));
    for (unsigned ranks = (unsigned)ph_suited_key(rank_mask) & PH_SUITED_COUNT_MASK; ranks > 5; ranks--)
        rank_mask &= rank_mask - 1; /* the lowest ranks cannot play */
    return ph_plain_value(ph_suited_key(rank_mask), 5) - 5863u;
#endif
}

/* Rank counts of suit-major card bits. */
static inline void ph_rank_counts(uint64_t card_bits, uint8_t counts[13]) {
    for (unsigned rank = 0; rank < 13; rank++)
        counts[rank] = (uint8_t)(((card_bits >> rank) & 1) + ((card_bits >> (16 + rank)) & 1) +
                                 ((card_bits >> (32 + rank)) & 1) + ((card_bits >> (48 + rank)) & 1));
}

/* The flush suit's ranks, given the suit counters' flush bits (non-zero); one suit at most can hold five
 * of nine cards. */
static inline unsigned ph_flush_ranks(uint64_t flush_bits, uint64_t card_bits) {
    unsigned suit = (unsigned)__builtin_ctzll(flush_bits >> PH_SUIT_SHIFT) >> 2;
    return (unsigned)(card_bits >> (16 * suit)) & 0x1fffu;
}

/* The object in *slot, building it with build() if there is none yet. Threads racing on the first call may
 * each build one; exactly one is published (C11 compare-and-swap) and the others go to discard(). NULL
 * when build() fails (out of memory). */
void *ph_lazy_table(_Atomic(void *) *slot, void *(*build)(void), void (*discard)(void *));

#endif
