/* The article's 16-bit-block DP hash of a 52-bit card mask; equal to the hand's colex rank. */
#include <stdlib.h>

#include "../common/tables.h"

#include "pokerhash.h"

#define BLOCKS 4
#define MAX_CARDS 7
#define PATTERNS 65536u

/* share[block][pattern][below]: the colex-rank share of a block's set bits when `below` cards lie in
 * lower blocks: the t-th set bit (t from 1) at card c adds C(c, below + t). The top block holds only
 * cards 48..51. Too large to check in (6 MiB), so it is built on first use. */
static _Atomic(void *) block_shares;

static void *build_shares(void) {
    size_t entries = (size_t)(3 * PATTERNS + 16) * (MAX_CARDS + 1);
    uint32_t *share = malloc(entries * sizeof *share);
    if (!share)
        return NULL;
    for (unsigned block = 0; block < BLOCKS; block++) {
        unsigned patterns = (block == 3) ? 16 : PATTERNS;
        for (unsigned pattern = 0; pattern < patterns; pattern++) {
            uint32_t *row = share + ((size_t)block * PATTERNS + pattern) * (MAX_CARDS + 1);
            for (unsigned below = 0; below <= MAX_CARDS; below++) {
                uint64_t sum = 0;
                unsigned t = below;
                for (unsigned bit = 0; bit < 16 && t < MAX_CARDS; bit++) {
                    if (pattern >> bit & 1)
                        sum += ph_binomial_table[16 * block + bit][++t];
                }
                row[below] = (uint32_t)sum;
            }
        }
    }
    return share;
}

static const uint32_t *shares(void) {
    return ph_lazy_table(&block_shares, build_shares, free);
}

int64_t ph_hand_index(uint64_t card_mask) {
    if (card_mask >> PH_DECK_SIZE)
        return PH_E_CARD;
    int cards = __builtin_popcountll(card_mask);
    if (cards < 1 || cards > MAX_CARDS)
        return PH_E_COUNT;
    const uint32_t *share = shares();
    if (!share)
        return PH_E_NOMEM;
    uint64_t index = 0;
    unsigned below = 0;
    for (unsigned block = 0; block < BLOCKS; block++) {
        unsigned pattern = (unsigned)(card_mask >> (16 * block)) & 0xffffu;
        index += share[((size_t)block * PATTERNS + pattern) * (MAX_CARDS + 1) + below];
        below += (unsigned)__builtin_popcount(pattern);
    }
    return (int64_t)index;
}
