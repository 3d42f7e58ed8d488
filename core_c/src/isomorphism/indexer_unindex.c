/* Indexes to canonical hands: the configuration by binary search over the offsets, the groups' multisets by
 * peeling the largest term first, then each suit's rank sets round by round. */
#include "isomorphism_internal.h"

/* The largest a <= high with C(a + order - 1, order) <= part (a = 0 always qualifies), bit by bit. */
static uint64_t largest_term_at_most(uint64_t part, unsigned order, uint64_t high) {
    if (high == 0)
        return 0;
    uint64_t a = 0;
    for (uint64_t step = UINT64_C(1) << (63 - __builtin_clzll(high)); step; step >>= 1)
        if (a + step <= high && ph_iso_multiset_term(a + step, order) <= part)
            a += step;
    return a;
}

/* The multiset of `len` sequence indexes below `size` at colex rank `part`, largest first into x. */
static void unrank_multiset(uint64_t part, unsigned len, uint64_t size, uint64_t *x) {
    uint64_t high = size - 1;
    for (unsigned order = len; order > 1; order--) {
        uint64_t a = largest_term_at_most(part, order, high);
        x[len - order] = a;
        part -= ph_iso_multiset_term(a, order);
        high = a;
    }
    x[len - 1] = part;
}

/* The ranks of `set` moved up past every rank of `used`: set numbers the ranks left, in order. */
static inline uint32_t skip_used(uint32_t set, uint32_t used) {
    for (; used; used &= used - 1) {
        uint32_t low = (used & (0u - used)) - 1;
        set = (set & low) | ((set & ~low) << 1);
    }
    return set;
}

/* Rank r of a 13-bit set to bit 4r: the cards of suit 0. */
static inline uint64_t spread_ranks(uint32_t set) {
    uint64_t v = set;
    v = (v | (v << 24)) & UINT64_C(0x000000FF000000FF);
    v = (v | (v << 12)) & UINT64_C(0x000F000F000F000F);
    v = (v | (v << 6)) & UINT64_C(0x0303030303030303);
    return (v | (v << 3)) & UINT64_C(0x1111111111111111);
}

int ph_indexer_unindex(const ph_indexer *indexer, size_t round_index, uint64_t index, uint8_t *cards) {
    if (!indexer || !cards || round_index >= indexer->rounds)
        return PH_E_ARGUMENT;
    const ph_iso_round *round = &indexer->round[round_index];
    if (index >= round->size)
        return PH_E_RANK;
    uint32_t low = 0, high = round->configs; /* offset[low] <= index < offset[high] (or the size) */
    while (high - low > 1) {
        uint32_t mid = low + (high - low) / 2;
        if (round->offset[mid] <= index)
            low = mid;
        else
            high = mid;
    }
    const ph_iso_config *config = &round->config[low];
    uint64_t rest = index - config->offset, x[PH_ISO_SUITS];
    for (unsigned p = 0; p < PH_ISO_SUITS;) {
        unsigned len = config->group_len[p];
        uint64_t part = rest;
        if (p + len < PH_ISO_SUITS) {
            part = rest % config->radix[p];
            rest /= config->radix[p];
        }
        unrank_multiset(part, len, config->suit_size[p], &x[p]);
        p += len;
    }
    uint64_t dealt[PH_INDEXER_MAX_ROUNDS] = {0};
    for (unsigned p = 0; p < PH_ISO_SUITS; p++) {
        uint32_t used = 0;
        unsigned before = 0;
        uint64_t sequence = x[p];
        for (size_t r = 0; r <= round_index; r++) {
            unsigned now = config->count[p][r];
            if (!now)
                continue;
            uint32_t choices = indexer->binom[PH_ISO_RANKS - before][now];
            uint32_t colex = (uint32_t)(sequence % choices);
            sequence /= choices;
            uint32_t set = skip_used(indexer->set_by_rank[indexer->set_first[now] + colex], used);
            used |= set;
            before += now;
            dealt[r] |= spread_ranks(set) << p;
        }
    }
    for (size_t r = 0, at = 0; r <= round_index; r++)
        for (uint64_t mask = dealt[r]; mask; mask &= mask - 1)
            cards[at++] = (uint8_t)__builtin_ctzll(mask);
    return PH_OK;
}
