/* One 5-card board: every live hole pair valued, sorted by value (two radix passes) and swept from the worst
 * hand up. A pair beats the pairs already swept that share none of its cards: all of them, minus those holding
 * either of its cards, counted per card. So a board costs a sort, not a comparison of every two pairs. */
#include <stdlib.h>
#include <string.h>

#include "analysis_internal.h"
#include "../eval/eval_internal.h"


void ph_an_cards_key(const uint8_t *cards, size_t n, uint64_t *key, uint64_t *bits) {
    uint64_t k = PH_SUIT_BIAS, b = 0;
    for (size_t i = 0; i < n; i++) {
        k += ph_card_keys[cards[i]];
        b |= ph_card_bits[cards[i]];
    }
    *key = k;
    *bits = b;
}

void ph_an_board_live(ph_an_board *b, uint64_t excluded) {
    unsigned n = 0;
    for (unsigned card = 0; card < PH_DECK_SIZE; card++)
        if (!(excluded >> card & 1)) {
            b->live[n] = (uint8_t)card;
            b->key[n] = ph_card_keys[card];
            b->bits[n] = ph_card_bits[card];
            n++;
        }
    b->live_count = n;
}


void ph_an_board_sweep(ph_an_board *b, uint64_t board_key, uint64_t board_bits, unsigned aside_a, unsigned aside_b,
                       int all_categories) {
    unsigned n = b->live_count, m = 0, count = 0;
    uint8_t at[52]; /* the live positions in play */
    for (unsigned p = 0; p < n; p++)
        if (p != aside_a && p != aside_b)
            at[count++] = (uint8_t)p;
    /* value every pair, counting pairs per value and marking the values present */
    for (unsigned jj = 1; jj < count; jj++) {
        unsigned j = at[jj];
        uint64_t key_j = board_key + b->key[j], bits_j = board_bits | b->bits[j];
        for (unsigned ii = 0; ii < jj; ii++) {
            unsigned i = at[ii];
            unsigned value = ph_value_with(key_j + b->key[i], 0, bits_j | b->bits[i], 7);
            b->lo[m] = (uint8_t)i;
            b->hi[m] = (uint8_t)j;
            b->value[m] = (uint16_t)value;
            b->value_count[value]++;
            b->occupied[value >> 6] |= UINT64_C(1) << (value & 63);
            m++;
        }
    }
    b->pairs = m;
    b->opponents = ph_an_choose2(count >= 2 ? count - 2 : 0);
    /* the values present in ascending order, each a group of equal pairs: a counting sort whose counters are
     * left at zero again, so a board costs its pairs, not the 7,462 values */
    unsigned groups = 0, first = 0;
    for (unsigned w = 0; w < PH_AN_VALUE_WORDS; w++) {
        for (uint64_t word = b->occupied[w]; word; word &= word - 1) {
            unsigned value = 64 * w + (unsigned)__builtin_ctzll(word);
            b->group_value[groups] = (uint16_t)value;
            b->group_start[groups++] = (uint16_t)first;
            first += b->value_count[value];
            b->value_count[value] = b->group_start[groups - 1];
        }
        b->occupied[w] = 0;
    }
    b->group_start[groups] = (uint16_t)m;
    for (unsigned k = 0; k < m; k++)
        b->sorted[b->value_count[b->value[k]]++] = (uint16_t)k;
    for (unsigned g = 0; g < groups; g++)
        b->value_count[b->group_value[g]] = 0;

    memset(b->seen, 0, sizeof b->seen);
    memset(b->category_total, 0, sizeof b->category_total);
    memset(b->category_card, 0, sizeof b->category_card);
    unsigned swept = 0; /* pairs of a worse value than the group at hand */
    unsigned category = PH_AN_HIGH_CARD; /* values fall, so categories only fall */
    const uint16_t *sorted = b->sorted;
    for (unsigned g = groups; g-- > 0;) { /* the worst hands first */
        unsigned start = b->group_start[g], end = b->group_start[g + 1], size = end - start;
        while (b->group_value[g] < b->first_value[category])
            category--;
        int per_card = all_categories || category == PH_AN_HIGH_CARD;
        if (size == 1) {
            unsigned k = sorted[start], lo = b->lo[k], hi = b->hi[k];
            b->wins[k] = (uint16_t)(swept - b->seen[lo] - b->seen[hi]);
            b->ties[k] = 0;
            b->category[k] = (uint8_t)category;
            b->seen[lo]++;
            b->seen[hi]++;
            if (per_card) {
                b->category_card[lo][category]++;
                b->category_card[hi][category]++;
            }
        } else {
            /* a pair ties the group's pairs free of its cards: the group less those holding either card (the
             * rise of seen[] over the group), plus one for the pair itself, taken away twice */
            for (unsigned s = start; s < end; s++) {
                unsigned k = sorted[s];
                b->wins[k] = (uint16_t)(swept - b->seen[b->lo[k]] - b->seen[b->hi[k]]);
                b->category[k] = (uint8_t)category;
            }
            for (unsigned s = start; s < end; s++) {
                unsigned k = sorted[s], lo = b->lo[k], hi = b->hi[k];
                b->seen[lo]++;
                b->seen[hi]++;
                if (per_card) {
                    b->category_card[lo][category]++;
                    b->category_card[hi][category]++;
                }
            }
            for (unsigned s = start; s < end; s++) {
                unsigned k = sorted[s];
                b->ties[k] = (uint16_t)(size + 1 + swept - b->wins[k] - b->seen[b->lo[k]] - b->seen[b->hi[k]]);
            }
        }
        b->category_total[category] += (uint16_t)size;
        swept += size;
    }
}

unsigned ph_an_first_value(unsigned category) {
    unsigned low = 1, high = PH_WORST_VALUE; /* categories are value intervals, the best first */
    while (low < high) {
        unsigned middle = (low + high) / 2;
        if ((unsigned)ph_category_of((int)middle) < category)
            low = middle + 1;
        else
            high = middle;
    }
    return low;
}

ph_an_board *ph_an_board_new(void) {
    ph_an_board *b = calloc(1, sizeof(ph_an_board));
    if (b)
        for (unsigned category = 0; category < 10; category++)
            b->first_value[category] = (uint16_t)ph_an_first_value(category);
    return b;
}
