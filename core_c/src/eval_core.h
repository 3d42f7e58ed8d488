/* The evaluator's hot path, shared by the single, batch and sweeping entry points. Private. */
#ifndef PH_EVAL_CORE_H
#define PH_EVAL_CORE_H

#include <stddef.h>
#include <stdint.h>

#include "tables.h"

#define PH_NO_VALUE 7463u

/* Value of a 5..7 card hand with no flush, from the sum of its card keys: three independent lookups give
 * the quinary hash, whose dense table holds the value. */
static inline unsigned ph_plain_value(uint64_t key) {
    uint32_t g3 = (uint32_t)key & PH_FIELD_G3;
    uint32_t g2 = (uint32_t)(key >> PH_G2_SHIFT) & PH_FIELD_G12;
    uint32_t g1 = (uint32_t)(key >> PH_G1_SHIFT) & PH_FIELD_G12;
    return ph_quinary_values[ph_qhash_g1[g1 - 5 * PH_G_SPAN] + ph_qhash_g2[g2] + ph_qhash_g3[g3]];
}

/* Value of the flush among suit-major card bits, given the suit counters' flush bits (non-zero).
 * At most one suit can hold five of at most nine cards. */
static inline unsigned ph_flush_value(uint64_t flush_bits, uint64_t card_bits) {
    unsigned suit = (unsigned)__builtin_ctzll(flush_bits >> PH_SUIT_SHIFT) >> 2;
    return ph_flush_values[(card_bits >> (16 * suit)) & 0x1fffu];
}

unsigned ph_large_hand_value(uint64_t key, uint64_t card_bits, size_t k);

/* Value of k valid cards (5..9) from their key sum (with PH_SUIT_BIAS) and suit-major bits. With at most
 * seven cards a flush leaves too few cards for quads or a full house, so it is final; with eight or nine
 * both branches count. */
static inline unsigned ph_value_of(uint64_t key, uint64_t card_bits, size_t k) {
    if (k > 7)
        return ph_large_hand_value(key, card_bits, k);
    uint64_t flush = key & PH_SUIT_FLUSH_BITS;
    if (flush)
        return ph_flush_value(flush, card_bits);
    return ph_plain_value(key);
}

#endif
