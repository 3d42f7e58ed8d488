/* The evaluator's hot path, shared by the single, batch and sweeping entry points. Private. */
#ifndef PH_EVAL_CORE_H
#define PH_EVAL_CORE_H

#include <stddef.h>
#include <stdint.h>

#include "tables.h"

#define PH_NO_VALUE 7463u

/* 1 when k cards have a dense value block. */
#define PH_DENSE(k) ((k) == 5 || (k) == 7 || ((k) == 6 && PH_SIX_CARD_TABLE))

/* Value of a k-card rank multiset (no flush, PH_DENSE(k)) from the sum of its card keys: three
 * independent lookups give the quinary hash, whose dense block holds the value. */
static inline unsigned ph_plain_value(uint64_t key, size_t k) {
    uint32_t g3 = (uint32_t)key & PH_FIELD_G3;
    uint32_t g2 = (uint32_t)(key >> PH_G2_SHIFT) & PH_FIELD_G12;
    uint32_t g1 = (uint32_t)(key >> PH_G1_SHIFT) & PH_FIELD_G12;
    unsigned base = k == 5 ? PH_QUINARY_BASE_5 : k == 7 ? PH_QUINARY_BASE_7 : PH_QUINARY_BASE_6;
    return ph_quinary_values[base + ph_qhash_g1[g1 - 5 * PH_G_SPAN] + ph_qhash_g2[g2] + ph_qhash_g3[g3]];
}

/* Value of a rank multiset of 5..9 cards with no flush; sizes without a dense block take the best over
 * dropping cards down to one that has. */
unsigned ph_plain_value_any(uint64_t key, const uint8_t counts[13], size_t cards);

#define PH_WHEEL_RANKS 0x100Fu /* A, 5, 4, 3, 2 */

static inline uint64_t ph_suited_key(unsigned rank_mask) {
    return ph_suited_keys_low[rank_mask & 0x7f] + ph_suited_keys_high[rank_mask >> 7];
}

/* Straights 1600..1609 become straight flushes 1..10; high cards 6186..7462 become flushes 323..1599. */
static inline unsigned ph_as_suited(unsigned plain) {
    return plain >= 6186 ? plain - 5863 : plain - 1599;
}

/* Plain value of 5 or 7 distinct ranks given by their suited key (count in the top byte). */
static inline unsigned ph_distinct_value(uint64_t key) {
    return (key >> PH_SUITED_COUNT_SHIFT) == 5 ? ph_plain_value(key, 5) : ph_plain_value(key, 7);
}

/* Straight flush or flush value of 5..7 distinct ranks of one suit (a 13-bit mask): the same ranks
 * unsuited give a straight or high card, and both scales list the 10 and 1,277 classes in one order.
 * Six ranks have no dense block, but their best five drops the lowest rank (the top flush), the highest
 * (a straight flush at the bottom) or is the wheel; so it stays inline, with no call on the hot path. */
static inline unsigned ph_suited_value(unsigned rank_mask) {
    uint64_t key = ph_suited_key(rank_mask);
    unsigned plain;
    if ((key >> PH_SUITED_COUNT_SHIFT) != 6) {
        plain = ph_distinct_value(key);
    } else {
        unsigned lowest = rank_mask & (0u - rank_mask);
        unsigned highest = 1u << (31 - __builtin_clz(rank_mask));
        unsigned a = ph_plain_value(ph_suited_key(rank_mask ^ lowest), 5);
        unsigned b = ph_plain_value(ph_suited_key(rank_mask ^ highest), 5);
        plain = a < b ? a : b;
        if ((rank_mask & PH_WHEEL_RANKS) == PH_WHEEL_RANKS) {
            unsigned wheel = ph_plain_value(ph_suited_key(PH_WHEEL_RANKS), 5);
            plain = wheel < plain ? wheel : plain;
        }
    }
    return ph_as_suited(plain);
}

/* ph_suited_value for 5..9 ranks (eight or nine suited cards happen only in 8- and 9-card hands). */
unsigned ph_suited_value_any(unsigned rank_mask);

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

unsigned ph_large_hand_value(uint64_t key, uint64_t card_bits, size_t k);



/* Value of k valid cards (5..9) from their key sum (with PH_SUIT_BIAS) and suit-major bits. With at most
 * seven cards a flush leaves too few cards for quads or a full house, so it is final; with eight or nine
 * both branches count. */
static inline unsigned ph_value_of(uint64_t key, uint64_t card_bits, size_t k) {
    if (!PH_DENSE(k))
        return ph_large_hand_value(key, card_bits, k);
    uint64_t flush = key & PH_SUIT_FLUSH_BITS;
    if (__builtin_expect(flush != 0, 0))
        return ph_suited_value(ph_flush_ranks(flush, card_bits));
    return ph_plain_value(key, k);
}

#endif
