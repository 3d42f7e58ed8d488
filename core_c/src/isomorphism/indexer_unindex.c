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

/* The configuration holding `index`: the last one whose offset is at most it, between the configurations of
 * its bucket and of the next. */
static const ph_iso_config *find_config(const ph_iso_round *round, uint64_t index) {
    size_t bucket = (size_t)(index >> round->bucket_shift);
    uint32_t low = round->bucket_first[bucket], high = round->bucket_first[bucket + 1];
    while (low < high) {
        uint32_t mid = low + (high - low + 1) / 2;
        if (round->offset[mid] <= index)
            low = mid;
        else
            high = mid - 1;
    }
    return &round->config[low];
}

/* Position p's rank sets round by round from its sequence index, added to the rounds' card masks. */
static inline void deal_suit(const ph_indexer *indexer, const ph_iso_config *config, unsigned p, uint64_t sequence,
                             uint64_t *dealt) {
    uint32_t used = 0;
    unsigned before = 0;
    for (unsigned rounds = config->rounds_dealt[p]; rounds; rounds &= rounds - 1) {
        unsigned r = (unsigned)__builtin_ctz(rounds), now = config->count[p][r];
        uint64_t colex = sequence;
        if (rounds & (rounds - 1)) { /* the last round's digit is what is left */
            uint32_t choices = indexer->binom[PH_ISO_RANKS - before][now];
            uint64_t quotient;
            if (config->small)
                quotient = (sequence * indexer->binom_reciprocal[PH_ISO_RANKS - before][now]) >> PH_ISO_RECIPROCAL_SHIFT;
            else
                quotient = sequence / choices;
            colex = sequence - quotient * choices;
            sequence = quotient;
        }
        uint32_t set = skip_used(indexer->set_by_rank[indexer->set_first[now] + colex], used);
        used |= set;
        before += now;
        dealt[r] |= spread_ranks(set) << p;
    }
}

int ph_indexer_unindex(const ph_indexer *indexer, size_t round_index, uint64_t index, uint8_t *cards) {
    if (!indexer || !cards || round_index >= indexer->rounds)
        return PH_E_ARGUMENT;
    const ph_iso_round *round = &indexer->round[round_index];
    if (index >= round->size)
        return PH_E_RANK;
    const ph_iso_config *config = find_config(round, index);
    uint64_t rest = index - config->offset, x[PH_ISO_SUITS];
    unsigned suits = config->suits;
    for (unsigned p = 0; p < suits;) {
        unsigned len = config->group_len[p];
        uint64_t part = rest;
        if (p + len < suits) {
            uint64_t radix = config->radix[p];
            if ((rest | radix) >> 32 == 0) {
                part = (uint32_t)rest % (uint32_t)radix;
                rest = (uint32_t)rest / (uint32_t)radix;
            } else {
                part = rest % radix;
                rest /= radix;
            }
        }
        if (len == 1)
            x[p] = part;
        else
            unrank_multiset(part, len, config->suit_size[p], &x[p]);
        p += len;
    }
    uint64_t dealt[PH_INDEXER_MAX_ROUNDS] = {0};
    for (unsigned p = 0; p < suits; p++)
        deal_suit(indexer, config, p, x[p], dealt);
    for (size_t r = 0, at = 0; r <= round_index; r++)
        for (uint64_t mask = dealt[r]; mask; mask &= mask - 1)
            cards[at++] = (uint8_t)__builtin_ctzll(mask);
    return PH_OK;
}
