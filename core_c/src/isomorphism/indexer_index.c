/* Hands to indexes: each suit's tuple and sequence index round by round, then the sorted suits' configuration
 * and the multiset ranks of its groups. */
#include "isomorphism_internal.h"

/* A hand being indexed; suit s's ranks dealt so far lie in bits 16s..16s+12 of `used`. */
typedef struct iso_hand {
    uint64_t used;
    uint64_t x[PH_ISO_SUITS];
    uint64_t radix[PH_ISO_SUITS]; /* sequence indexes of the suit so far: the next round's place value */
    uint32_t tuple[PH_ISO_SUITS];
} iso_hand;

static inline void start_hand(iso_hand *hand) {
    hand->used = 0;
    for (unsigned s = 0; s < PH_ISO_SUITS; s++) {
        hand->x[s] = 0;
        hand->radix[s] = 1;
        hand->tuple[s] = 0;
    }
}

static inline void deal(const ph_indexer *indexer, iso_hand *hand, const uint8_t *cards, unsigned n) {
    uint64_t set = 0;
    for (unsigned i = 0; i < n; i++)
        set |= UINT64_C(1) << ((cards[i] & 3u) * 16 + (cards[i] >> 2));
    /* each card's term of its round's colex rank, among the ranks its suit has left: C(place, order) */
    uint64_t colex = 0;
    for (unsigned i = 0; i < n; i++) {
        unsigned lane = (cards[i] & 3u) * 16, rank = cards[i] >> 2;
        uint32_t below = (1u << rank) - 1;
        unsigned place = rank - ph_iso_bits((uint32_t)(hand->used >> lane) & below);
        unsigned order = ph_iso_bits((uint32_t)(set >> lane) & below) + 1;
        colex += (uint64_t)indexer->binom[place][order] << lane;
    }
    for (unsigned s = 0; s < PH_ISO_SUITS; s++) {
        unsigned lane = 16 * s;
        unsigned now = ph_iso_bits((uint32_t)(set >> lane) & 0x1fffu);
        unsigned before = ph_iso_bits((uint32_t)(hand->used >> lane) & 0x1fffu);
        hand->x[s] += hand->radix[s] * ((colex >> lane) & 0xffffu);
        hand->radix[s] *= indexer->binom[PH_ISO_RANKS - before][now];
        hand->tuple[s] = hand->tuple[s] * (n + 1) + now;
    }
    hand->used |= set;
}

#define ORDER_DOWN(a, b)                                                                                              \
    do {                                                                                                              \
        uint64_t high_ = key[a] > key[b] ? key[a] : key[b], low_ = key[a] > key[b] ? key[b] : key[a];                 \
        key[a] = high_;                                                                                               \
        key[b] = low_;                                                                                                \
    } while (0)

static inline uint64_t finish(const ph_indexer *indexer, const iso_hand *hand, size_t round_index) {
    uint64_t key[PH_ISO_SUITS];
    for (unsigned s = 0; s < PH_ISO_SUITS; s++)
        key[s] = (uint64_t)hand->tuple[s] << PH_ISO_X_BITS | hand->x[s];
    ORDER_DOWN(0, 1);
    ORDER_DOWN(2, 3);
    ORDER_DOWN(0, 2);
    ORDER_DOWN(1, 3);
    ORDER_DOWN(1, 2);
    const ph_iso_round *round = &indexer->round[round_index];
    uint64_t config_key = ph_iso_key(round, key[0] >> PH_ISO_X_BITS, key[1] >> PH_ISO_X_BITS, key[2] >> PH_ISO_X_BITS);
    const ph_iso_config *config = &round->config[ph_iso_find(round, config_key)];
    uint64_t index = config->offset;
    if (config->plain) {
        for (unsigned p = 0; p < PH_ISO_SUITS; p++)
            index += config->weight[p] * (key[p] & PH_ISO_X_MASK);
    } else {
        for (unsigned p = 0; p < PH_ISO_SUITS; p++)
            index += config->weight[p] * ph_iso_multiset_term(key[p] & PH_ISO_X_MASK, config->order[p]);
    }
    return index;
}

uint64_t ph_indexer_index_unchecked(const ph_indexer *indexer, const uint8_t *cards, size_t rounds_to_index) {
    iso_hand hand;
    start_hand(&hand);
    for (size_t r = 0; r < rounds_to_index; r++)
        deal(indexer, &hand, cards + indexer->start[r], indexer->cards[r]);
    return finish(indexer, &hand, rounds_to_index - 1);
}

/* PH_OK when the first `rounds_to_index` rounds' cards are distinct ids 0..51. */
static int check_hand(const ph_indexer *indexer, const uint8_t *cards, size_t rounds_to_index) {
    if (!indexer || !cards || rounds_to_index == 0 || rounds_to_index > indexer->rounds)
        return PH_E_ARGUMENT;
    size_t n = (size_t)indexer->start[rounds_to_index - 1] + indexer->cards[rounds_to_index - 1];
    uint64_t seen = 0;
    for (size_t i = 0; i < n; i++) {
        if (cards[i] >= PH_DECK_SIZE)
            return PH_E_CARD;
        uint64_t bit = UINT64_C(1) << cards[i];
        if (seen & bit)
            return PH_E_DUPLICATE;
        seen |= bit;
    }
    return PH_OK;
}

int ph_indexer_index(const ph_indexer *indexer, const uint8_t *cards, size_t rounds_to_index, uint64_t *indices) {
    int status = check_hand(indexer, cards, rounds_to_index);
    if (status != PH_OK)
        return status;
    if (!indices)
        return PH_E_ARGUMENT;
    iso_hand hand;
    start_hand(&hand);
    for (size_t r = 0; r < rounds_to_index; r++) {
        deal(indexer, &hand, cards + indexer->start[r], indexer->cards[r]);
        indices[r] = finish(indexer, &hand, r);
    }
    return PH_OK;
}

int ph_indexer_is_canonical(const ph_indexer *indexer, const uint8_t *cards, size_t rounds_to_index) {
    int status = check_hand(indexer, cards, rounds_to_index);
    if (status != PH_OK)
        return status;
    iso_hand hand;
    start_hand(&hand);
    for (size_t r = 0; r < rounds_to_index; r++)
        deal(indexer, &hand, cards + indexer->start[r], indexer->cards[r]);
    /* unindex gives suit p the p-th largest sort key */
    uint64_t previous = UINT64_MAX;
    for (unsigned s = 0; s < PH_ISO_SUITS; s++) {
        uint64_t key = (uint64_t)hand.tuple[s] << PH_ISO_X_BITS | hand.x[s];
        if (key > previous)
            return 0;
        previous = key;
    }
    return 1;
}
