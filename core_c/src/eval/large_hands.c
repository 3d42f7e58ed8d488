/* Rank multisets without a rank-hash block of their own: 8 and 9 cards (and 6 in the wasm build).
 *
 * Eight and nine cards use dense value blocks in the article's quinary order (the lexicographic position
 * among rank-count vectors with the same digit sum, ph_quinary_hash), hashed at run time by three
 * independent group lookups on the quinary key. The blocks (240 KB + 540 KB) are built on first use from
 * the 7-card values and published race-free; where they cannot be allocated, or in a build with
 * PH_LARGE_HAND_TABLES=0 (the wasm library), the value is the best over dropping cards down to a size that
 * has a block. */
#include <stdlib.h>

#include "eval_internal.h"
#include "../common/tables.h"

#ifndef PH_LARGE_HAND_TABLES
#define PH_LARGE_HAND_TABLES 1
#endif

#define EIGHT_CARD_MULTISETS 120055u
#define NINE_CARD_MULTISETS 270270u

static inline uint64_t rank_quinary_key(unsigned rank) {
    return ph_card_quinary_keys[4 * rank];
}

uint64_t ph_quinary_key_of_bits(uint64_t card_bits) {
    uint64_t key = 0;
    for (; card_bits; card_bits &= card_bits - 1)
        key += rank_quinary_key((unsigned)__builtin_ctzll(card_bits) & 15u);
    return key;
}

unsigned ph_best_after_dropping(uint64_t key, uint8_t counts[13], unsigned to_drop, unsigned first, size_t dense) {
    if (to_drop == 0)
        return ph_plain_value(key, dense);
    unsigned best = PH_NO_VALUE;
    for (unsigned rank = first; rank < 13; rank++) {
        if (!counts[rank])
            continue;
        counts[rank]--;
        unsigned value = ph_best_after_dropping(key - ph_rank_key(rank), counts, to_drop - 1, rank, dense);
        counts[rank]++;
        if (value < best)
            best = value;
    }
    return best;
}

static unsigned dropped_value(uint64_t key, const uint8_t counts[13], size_t cards) {
    size_t dense = cards < 7 ? 5 : 7;
    uint8_t scratch[13];
    for (unsigned rank = 0; rank < 13; rank++)
        scratch[rank] = counts[rank];
    return ph_best_after_dropping(key, scratch, (unsigned)(cards - dense), 0, dense);
}

#if PH_LARGE_HAND_TABLES
/* Position of a k-card rank multiset (k in 5..9) in quinary order, from its quinary key. */
static inline uint32_t quinary_position(uint64_t quinary_key) {
    uint32_t g3 = (uint32_t)quinary_key & PH_FIELD_G3;
    uint32_t g2 = (uint32_t)(quinary_key >> PH_G2_SHIFT) & PH_FIELD_G12;
    uint32_t g1 = (uint32_t)(quinary_key >> PH_G1_SHIFT) & PH_FIELD_G12;
    return ph_qhash_g1[g1 - 5 * PH_G_SPAN] + ph_qhash_g2[g2] + ph_qhash_g3[g3];
}

/* One allocation: the 8-card block, then the 9-card block. */
static _Atomic(void *) large_blocks;

/* Calls visit(counts, key, quinary_key, ctx) for every rank multiset of `cards` cards. */
static void each_multiset(uint8_t counts[13], unsigned rank, unsigned left, uint64_t key, uint64_t quinary_key,
                          uint16_t *block, const uint16_t *smaller) {
    if (rank == 13) {
        if (left)
            return;
        /* The best hand of k cards is the best over dropping one card: k - 1 = 7 has a rank-hash block,
         * k - 1 = 8 the block built just before. */
        unsigned best = PH_NO_VALUE;
        for (unsigned r = 0; r < 13; r++) {
            if (!counts[r])
                continue;
            unsigned value = smaller ? smaller[quinary_position(quinary_key - rank_quinary_key(r))]
                                     : ph_plain_value(key - ph_rank_key(r), 7);
            best = value < best ? value : best;
        }
        block[quinary_position(quinary_key)] = (uint16_t)best;
        return;
    }
    for (unsigned c = 0; c <= 4 && c <= left; c++) {
        counts[rank] = (uint8_t)c;
        each_multiset(counts, rank + 1, left - c, key + c * ph_rank_key(rank),
                      quinary_key + c * rank_quinary_key(rank), block, smaller);
    }
    counts[rank] = 0;
}

static void *build_large_blocks(void) {
    uint16_t *blocks = malloc((EIGHT_CARD_MULTISETS + NINE_CARD_MULTISETS) * sizeof *blocks);
    if (!blocks)
        return NULL;
    uint8_t counts[13] = {0};
    each_multiset(counts, 0, 8, 0, 0, blocks, NULL);
    each_multiset(counts, 0, 9, 0, 0, blocks + EIGHT_CARD_MULTISETS, blocks);
    return blocks;
}

static const uint16_t *large_value_blocks(void) {
    return ph_lazy_table(&large_blocks, build_large_blocks, free);
}
#endif

unsigned ph_plain_value_any(uint64_t key, uint64_t quinary_key, const uint8_t counts[13], size_t cards) {
    if (PH_DENSE(cards))
        return ph_plain_value(key, cards);
#if PH_LARGE_HAND_TABLES
    if (cards >= 8) {
        const uint16_t *blocks = large_value_blocks();
        if (blocks)
            return blocks[(cards == 9 ? EIGHT_CARD_MULTISETS : 0) + quinary_position(quinary_key)];
    }
#else
    (void)quinary_key;
#endif
    return dropped_value(key, counts, cards);
}

unsigned ph_large_hand_value(uint64_t key, uint64_t quinary_key, uint64_t card_bits, size_t k) {
    uint64_t flush = key & PH_SUIT_FLUSH_BITS;
    unsigned best = PH_NO_VALUE;
    if (flush) {
        best = ph_suited_value(ph_flush_ranks(flush, card_bits));
        if (k <= 7)
            return best;
    }
    unsigned plain;
#if PH_LARGE_HAND_TABLES
    const uint16_t *blocks = k >= 8 ? large_value_blocks() : NULL;
    if (blocks) {
        plain = blocks[(k == 9 ? EIGHT_CARD_MULTISETS : 0) + quinary_position(quinary_key)];
    } else
#endif
    {
        uint8_t counts[13];
        ph_rank_counts(card_bits, counts);
        plain = ph_plain_value_any(key, quinary_key, counts, k);
    }
    return plain < best ? plain : best;
}
