/* Categories, descriptions and best five cards of hand values. */
#include <stdio.h>
#include <string.h>

#include "pokerhash.h"
#include "../common/tables.h"

/* First value of each category after royal flush; the Cactus Kev scale's class sizes. */
static const int category_last_value[10] = {1, 10, 166, 322, 1599, 1609, 2467, 3325, 6185, 7462};

static const char *const category_names[10] = {
    "Royal Flush", "Straight Flush", "Four of a Kind", "Full House", "Flush",
    "Straight", "Three of a Kind", "Two Pair", "One Pair", "High Card",
};
static const char *const rank_names[13] = {"Two", "Three", "Four", "Five", "Six", "Seven", "Eight",
                                           "Nine", "Ten", "Jack", "Queen", "King", "Ace"};
static const char *const rank_plurals[13] = {"Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens",
                                             "Eights", "Nines", "Tens", "Jacks", "Queens", "Kings", "Aces"};

int ph_category_of(int value) {
    if (value < 1 || value > PH_WORST_VALUE)
        return PH_E_ARGUMENT;
    int category = 0;
    while (value > category_last_value[category])
        category++;
    return category;
}

const char *ph_category_name(int category) {
    return (category >= 0 && category < 10) ? category_names[category] : NULL;
}

int ph_value_ranks(int value, uint8_t ranks[5]) {
    if (value < 1 || value > PH_WORST_VALUE)
        return PH_E_ARGUMENT;
    uint32_t packed = ph_value_rank_table[value];
    for (int i = 0; i < 5; i++)
        ranks[i] = (uint8_t)((packed >> (4 * i)) & 0xf);
    return PH_OK;
}

int ph_describe(int value, char *out, size_t cap) {
    int category = ph_category_of(value);
    if (category < 0)
        return category;
    uint8_t r[5];
    ph_value_ranks(value, r);
    int length;
    switch (category) {
    case PH_ROYAL_FLUSH: length = snprintf(out, cap, "Royal Flush"); break;
    case PH_STRAIGHT_FLUSH: length = snprintf(out, cap, "%s-High Straight Flush", rank_names[r[0]]); break;
    case PH_FOUR_OF_A_KIND: length = snprintf(out, cap, "Four %s", rank_plurals[r[0]]); break;
    case PH_FULL_HOUSE:
        length = snprintf(out, cap, "%s Full over %s", rank_plurals[r[0]], rank_plurals[r[3]]);
        break;
    case PH_FLUSH: length = snprintf(out, cap, "%s-High Flush", rank_names[r[0]]); break;
    case PH_STRAIGHT: length = snprintf(out, cap, "%s-High Straight", rank_names[r[0]]); break;
    case PH_THREE_OF_A_KIND: length = snprintf(out, cap, "Three %s", rank_plurals[r[0]]); break;
    case PH_TWO_PAIR: length = snprintf(out, cap, "%s and %s", rank_plurals[r[0]], rank_plurals[r[2]]); break;
    case PH_ONE_PAIR: length = snprintf(out, cap, "Pair of %s", rank_plurals[r[0]]); break;
    default: length = snprintf(out, cap, "%s-High", rank_names[r[0]]); break;
    }
    return ((size_t)length >= cap) ? PH_E_BUFFER : length;
}

/* 1 when hand a's ids, compared from the highest down, beat hand b's. */
static int higher_cards(const uint8_t a[5], const uint8_t b[5]) {
    uint64_t mask_a = 0, mask_b = 0;
    for (int i = 0; i < 5; i++) {
        mask_a |= UINT64_C(1) << a[i];
        mask_b |= UINT64_C(1) << b[i];
    }
    return mask_a > mask_b;
}

int ph_best_five(const uint8_t *cards, size_t k, uint8_t out[5]) {
    int value = ph_evaluate(cards, k);
    if (value < 0)
        return value;
    uint8_t best[5] = {0}, pick[5];
    int best_value = PH_WORST_VALUE + 1;
    size_t idx[5] = {0, 1, 2, 3, 4};
    for (;;) {
        for (int i = 0; i < 5; i++)
            pick[i] = cards[idx[i]];
        int v = ph_evaluate(pick, 5);
        if (v < best_value || (v == best_value && higher_cards(pick, best))) {
            best_value = v;
            memcpy(best, pick, 5);
        }
        int i = 4;
        while (i >= 0 && idx[i] == k - 5 + (size_t)i)
            i--;
        if (i < 0)
            break;
        idx[i]++;
        for (int j = i + 1; j < 5; j++)
            idx[j] = idx[j - 1] + 1;
    }
    /* Order by importance: for each rank the value names, take a not yet used card of that rank. */
    uint8_t ranks[5];
    ph_value_ranks(best_value, ranks);
    uint8_t used = 0;
    for (int i = 0; i < 5; i++) {
        int chosen = -1;
        for (int j = 0; j < 5; j++) {
            if (!(used & (1u << j)) && best[j] / 4 == ranks[i] && (chosen < 0 || best[j] > best[chosen]))
                chosen = j;
        }
        used |= (uint8_t)(1u << chosen);
        out[i] = best[chosen];
    }
    return best_value;
}
