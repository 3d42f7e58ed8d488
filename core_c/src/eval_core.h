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

/* Straight flush or flush value of 5..9 distinct ranks of one suit (a 13-bit mask): the same ranks
 * unsuited give a straight or high card, and both scales list the 10 and 1,277 classes in one order. */
static inline unsigned ph_suited_value(unsigned rank_mask) {
    uint64_t key = ph_suited_keys_low[rank_mask & 0x7f] + ph_suited_keys_high[rank_mask >> 7];
    size_t cards = (size_t)(key >> PH_SUITED_COUNT_SHIFT);
    unsigned plain;
    if (cards == 5)
        plain = ph_plain_value(key, 5);
    else if (cards == 7)
        plain = ph_plain_value(key, 7);
    else {
        uint8_t counts[13];
        for (unsigned rank = 0; rank < 13; rank++)
            counts[rank] = (uint8_t)((rank_mask >> rank) & 1);
        plain = ph_plain_value_any(key, counts, cards);
    }
    /* Straights 1600..1609 become straight flushes 1..10; high cards 6186..7462 become flushes 323..1599. */
    return plain >= 6186 ? plain - 5863 : plain - 1599;
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

unsigned ph_large_hand_value(uint64_t key, uint64_t card_bits, size_t k);

/* ph_suited_value of the flush suit's ranks; out of line, as few hands take it. */
unsigned ph_flush_hand_value(uint64_t flush_bits, uint64_t card_bits);

/* Value of k valid cards (5..9) from their key sum (with PH_SUIT_BIAS) and suit-major bits. With at most
 * seven cards a flush leaves too few cards for quads or a full house, so it is final; with eight or nine
 * both branches count. */
static inline unsigned ph_value_of(uint64_t key, uint64_t card_bits, size_t k) {
    if (!PH_DENSE(k))
        return ph_large_hand_value(key, card_bits, k);
    uint64_t flush = key & PH_SUIT_FLUSH_BITS;
    if (__builtin_expect(flush != 0, 0))
        return ph_flush_hand_value(flush, card_bits);
    return ph_plain_value(key, k);
}

#endif
