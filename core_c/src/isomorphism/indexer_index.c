/* Hands to indexes: each suit's tuple and sequence index round by round, then the sorted suits' configuration
 * and the multiset ranks of its groups. */
#include "isomorphism_internal.h"

/* A hand being indexed, one 16-bit lane per suit (suit s in bits 16s..16s+15): the ranks dealt so far, the
 * tuple so far, and each round's colex rank of the suit's new ranks among those it had left. */
typedef struct iso_hand {
    uint64_t used, tuple;
    uint64_t colex[PH_INDEXER_MAX_ROUNDS];
} iso_hand;

#define LANE(word, s) ((uint32_t)((word) >> (16 * (s))) & 0xffffu)

static inline void start_hand(iso_hand *hand) {
    hand->used = 0;
    hand->tuple = 0;
    hand->colex[0] = 0;
}

static inline void deal_cards(const ph_indexer *indexer, iso_hand *hand, const uint8_t *cards, unsigned n,
                              size_t round_index) {
    uint64_t set = 0, count = 0;
    for (unsigned i = 0; i < n; i++) {
        unsigned lane = (cards[i] & 3u) * 16;
        set |= UINT64_C(1) << (lane + (cards[i] >> 2));
        count += UINT64_C(1) << lane;
    }
    /* each card's term of the round's colex rank among the ranks its suit has left: C(place, order) */
    uint64_t colex = 0;
    for (unsigned i = 0; i < n; i++) {
        unsigned lane = (cards[i] & 3u) * 16, rank = cards[i] >> 2;
        uint32_t below = (1u << rank) - 1;
        unsigned place = rank - ph_iso_bits(LANE(hand->used, lane / 16) & below);
        unsigned order = ph_iso_bits(LANE(set, lane / 16) & below) + 1;
        colex += (uint64_t)indexer->binom[place][order] << lane;
    }
    hand->colex[round_index] = colex;
    hand->tuple = hand->tuple * (n + 1) + count; /* no lane carries: tuples stay below 2^16 */
    hand->used |= set;
}

#define ORDER_DOWN(a, b)                                                                                              \
    do {                                                                                                              \
        uint64_t high_ = key[a] > key[b] ? key[a] : key[b], low_ = key[a] > key[b] ? key[b] : key[a];                 \
        key[a] = high_;                                                                                               \
        key[b] = low_;                                                                                                \
    } while (0)

/* Suit s's sort key t << 40 | x after rounds 0..round_index. */
static inline uint64_t suit_key(const ph_indexer *indexer, const iso_hand *hand, size_t round_index, unsigned s) {
    uint32_t tuple = LANE(hand->tuple, s);
    const uint64_t *place_value = indexer->round[round_index].place_value + (size_t)tuple * (round_index + 1);
    uint64_t x = LANE(hand->colex[0], s);
    for (size_t r = 1; r <= round_index; r++)
        x += place_value[r] * LANE(hand->colex[r], s);
    return (uint64_t)tuple << PH_ISO_X_BITS | x;
}

static inline uint64_t finish(const ph_indexer *indexer, const iso_hand *hand, size_t round_index) {
    uint64_t key[PH_ISO_SUITS];
    for (unsigned s = 0; s < PH_ISO_SUITS; s++)
        key[s] = suit_key(indexer, hand, round_index, s);
    ORDER_DOWN(0, 1);
    ORDER_DOWN(2, 3);
    ORDER_DOWN(0, 2);
    ORDER_DOWN(1, 3);
    ORDER_DOWN(1, 2);
    const ph_iso_round *round = &indexer->round[round_index];
    const ph_iso_config *config = &round->config[ph_iso_find(round, ph_iso_key(key[0], key[1], key[2]))];
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
        deal_cards(indexer, &hand, cards + indexer->start[r], indexer->cards[r], r);
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
        deal_cards(indexer, &hand, cards + indexer->start[r], indexer->cards[r], r);
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
        deal_cards(indexer, &hand, cards + indexer->start[r], indexer->cards[r], r);
    /* unindex gives suit p the p-th largest sort key */
    uint64_t previous = UINT64_MAX;
    for (unsigned s = 0; s < PH_ISO_SUITS; s++) {
        uint64_t key = suit_key(indexer, &hand, rounds_to_index - 1, s);
        if (key > previous)
            return 0;
        previous = key;
    }
    return 1;
}
