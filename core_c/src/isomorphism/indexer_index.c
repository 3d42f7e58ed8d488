/* Hands to indexes: each suit's tuple and sequence index round by round, then the sorted suits' configuration
 * and the multiset ranks of its groups. */
#include "isomorphism_internal.h"

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-tree-vectorize")
#endif

/* A hand being indexed, one 16-bit lane per suit (suit s in bits 16s..16s+15): the ranks dealt so far, the
 * tuple so far, and each round's colex rank of the suit's new ranks among those it had left; then the suits'
 * sequence indexes with the first `folded` rounds' digits added. */
typedef struct iso_hand {
    uint64_t used, tuple;
    uint64_t colex[PH_INDEXER_MAX_ROUNDS];
    uint64_t x[PH_ISO_SUITS];
    size_t folded;
} iso_hand;

#define LANE(word, s) ((uint32_t)((word) >> (16 * (s))) & 0xffffu)

static inline void start_hand(iso_hand *hand) {
    hand->used = 0;
    hand->tuple = 0;
    hand->colex[0] = 0;
    for (unsigned s = 0; s < PH_ISO_SUITS; s++)
        hand->x[s] = 0;
    hand->folded = 0;
}

/* Per-lane counts of a lane-layout set: four popcounts of 16 bits at once. */
static inline uint64_t lane_counts(uint64_t set) {
    set = set - ((set >> 1) & UINT64_C(0x5555555555555555));
    set = (set & UINT64_C(0x3333333333333333)) + ((set >> 2) & UINT64_C(0x3333333333333333));
    set = (set + (set >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
    return (set + (set >> 8)) & UINT64_C(0x00ff00ff00ff00ff);
}

static inline void deal_cards(const ph_indexer *indexer, iso_hand *hand, const uint8_t *cards, unsigned n,
                              size_t round_index) {
    uint64_t set = 0, colex = 0;
    for (unsigned i = 0; i < n; i++)
        set |= indexer->card_bit[cards[i]];
    /* each card's term of the round's colex rank among the ranks its suit has left: C(place, order) */
    if (n == 1) {
        unsigned c = cards[0], shift = indexer->card_shift[c];
        colex = (uint64_t)((c >> 2) - PH_ISO_LANE_BITS(indexer, hand->used & indexer->card_below[c], shift)) << shift;
    } else if (round_index == 0) {
        for (unsigned i = 0; i < n; i++) {
            unsigned c = cards[i], shift = indexer->card_shift[c];
            unsigned order = PH_ISO_LANE_BITS(indexer, set & indexer->card_below[c], shift);
            colex += (uint64_t)indexer->binom_next[c >> 2][order] << shift;
        }
    } else {
        for (unsigned i = 0; i < n; i++) {
            unsigned c = cards[i], shift = indexer->card_shift[c];
            uint64_t below = indexer->card_below[c];
            unsigned place = (c >> 2) - PH_ISO_LANE_BITS(indexer, hand->used & below, shift);
            unsigned order = PH_ISO_LANE_BITS(indexer, set & below, shift);
            colex += (uint64_t)indexer->binom_next[place][order] << shift;
        }
    }
    hand->colex[round_index] = colex;
    hand->tuple = hand->tuple * (n + 1) + lane_counts(set); /* no lane carries: tuples stay below 2^16 */
    hand->used |= set;
}

/* The usual round sizes with a constant count, so the compiler unrolls their loops. */
static inline void deal_round(const ph_indexer *indexer, iso_hand *hand, const uint8_t *cards, size_t round_index) {
    const uint8_t *round_cards = cards + indexer->start[round_index];
    switch (indexer->cards[round_index]) {
    case 1:
        deal_cards(indexer, hand, round_cards, 1, round_index);
        break;
    case 2:
        deal_cards(indexer, hand, round_cards, 2, round_index);
        break;
    case 3:
        deal_cards(indexer, hand, round_cards, 3, round_index);
        break;
    case 4:
        deal_cards(indexer, hand, round_cards, 4, round_index);
        break;
    case 5:
        deal_cards(indexer, hand, round_cards, 5, round_index);
        break;
    default:
        deal_cards(indexer, hand, round_cards, indexer->cards[round_index], round_index);
    }
}

#define ORDER_DOWN(a, b)                                                                                              \
    do {                                                                                                              \
        uint64_t high_ = key[a] > key[b] ? key[a] : key[b], low_ = key[a] > key[b] ? key[b] : key[a];                 \
        key[a] = high_;                                                                                               \
        key[b] = low_;                                                                                                \
    } while (0)

/* The suits' sort keys t << 40 | x after rounds 0..round_index, the rounds not yet folded into x added first
 * (a digit's place value depends on the earlier rounds only, so any later round's table has it too). */
static inline void suit_keys(const ph_indexer *indexer, iso_hand *hand, size_t round_index, uint64_t *key) {
    const uint64_t *place_value[PH_ISO_SUITS];
    size_t width = round_index + 1;
    for (unsigned s = 0; s < PH_ISO_SUITS; s++)
        place_value[s] = indexer->round[round_index].place_value + LANE(hand->tuple, s) * width;
    for (size_t r = hand->folded; r < width; r++)
        for (unsigned s = 0; s < PH_ISO_SUITS; s++)
            hand->x[s] += place_value[s][r] * LANE(hand->colex[r], s);
    hand->folded = width;
    for (unsigned s = 0; s < PH_ISO_SUITS; s++)
        key[s] = (uint64_t)LANE(hand->tuple, s) << PH_ISO_X_BITS | hand->x[s];
}

static inline uint64_t finish(const ph_indexer *indexer, iso_hand *hand, size_t round_index) {
    uint64_t key[PH_ISO_SUITS];
    switch (round_index) { /* constant widths unroll */
    case 0:
        suit_keys(indexer, hand, 0, key);
        break;
    case 1:
        suit_keys(indexer, hand, 1, key);
        break;
    case 2:
        suit_keys(indexer, hand, 2, key);
        break;
    case 3:
        suit_keys(indexer, hand, 3, key);
        break;
    default:
        suit_keys(indexer, hand, round_index, key);
    }
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
        deal_round(indexer, &hand, cards, r);
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
        deal_round(indexer, &hand, cards, r);
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
        deal_round(indexer, &hand, cards, r);
    /* unindex gives suit p the p-th largest sort key */
    uint64_t key[PH_ISO_SUITS];
    suit_keys(indexer, &hand, rounds_to_index - 1, key);
    return key[0] >= key[1] && key[1] >= key[2] && key[2] >= key[3];
}
