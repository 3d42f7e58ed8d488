/* One 5-card board: every live hole pair valued, sorted by value (two radix passes) and swept from the worst
 * hand up. A pair beats the pairs already swept that share none of its cards: all of them, minus those holding
 * either of its cards, counted per card. So a board costs a sort, not a comparison of every two pairs. */
#include <string.h>

#include "analysis_internal.h"
#include "../eval/eval_internal.h"

#define INDEX_BITS 11 /* pair indexes below 2048 > 1326 */
#define INDEX_MASK ((1u << INDEX_BITS) - 1)
#define LOW_DIGIT_BITS 7 /* values below 8192: a 7-bit and a 6-bit digit */

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

static unsigned category_of(unsigned value) {
    return (unsigned)ph_category_of((int)value);
}

/* One stable counting pass on the digit of the value at `shift` (above the index bits), from its histogram. */
static void radix_pass(const uint32_t *in, uint32_t *out, unsigned n, unsigned shift, unsigned digits,
                       uint16_t *start) {
    unsigned sum = 0;
    for (unsigned d = 0; d < digits; d++) {
        unsigned c = start[d];
        start[d] = (uint16_t)sum;
        sum += c;
    }
    for (unsigned i = 0; i < n; i++)
        out[start[(in[i] >> shift) & (digits - 1)]++] = in[i];
}

void ph_an_board_sweep(ph_an_board *b, uint64_t board_key, uint64_t board_bits, unsigned aside_a, unsigned aside_b) {
    unsigned n = b->live_count, m = 0, count = 0;
    uint8_t at[52]; /* the live positions in play */
    for (unsigned p = 0; p < n; p++)
        if (p != aside_a && p != aside_b)
            at[count++] = (uint8_t)p;
    /* both digits' histograms in the valuing pass: the sort then reads the keys twice, not four times */
    uint16_t low[1u << LOW_DIGIT_BITS] = {0}, high[1u << (13 - LOW_DIGIT_BITS)] = {0};
    for (unsigned jj = 1; jj < count; jj++) {
        unsigned j = at[jj];
        uint64_t key_j = board_key + b->key[j], bits_j = board_bits | b->bits[j];
        for (unsigned ii = 0; ii < jj; ii++) {
            unsigned i = at[ii];
            unsigned value = ph_value_with(key_j + b->key[i], 0, bits_j | b->bits[i], 7);
            b->lo[m] = (uint8_t)i;
            b->hi[m] = (uint8_t)j;
            b->sort_keys[0][m] = (uint32_t)value << INDEX_BITS | m;
            low[value & ((1u << LOW_DIGIT_BITS) - 1)]++;
            high[value >> LOW_DIGIT_BITS]++;
            m++;
        }
    }
    unsigned left = n - (aside_a < n) - (aside_b < n && aside_b != aside_a);
    b->pairs = m;
    b->opponents = ph_an_choose2(left >= 2 ? left - 2 : 0);
    radix_pass(b->sort_keys[0], b->sort_keys[1], m, INDEX_BITS, 1u << LOW_DIGIT_BITS, low);
    radix_pass(b->sort_keys[1], b->sort_keys[0], m, INDEX_BITS + LOW_DIGIT_BITS, 1u << (13 - LOW_DIGIT_BITS), high);
    const uint32_t *sorted = b->sort_keys[0];

    memset(b->seen, 0, sizeof b->seen);
    memset(b->group, 0, sizeof b->group); /* each group clears its own cards again */
    memset(b->category_total, 0, sizeof b->category_total);
    memset(b->category_card, 0, sizeof b->category_card);
    unsigned swept = 0; /* pairs of a worse value than the group at hand */
    unsigned end = m;   /* the group is sorted[start, end): one value */
    while (end > 0) {
        unsigned value = sorted[end - 1] >> INDEX_BITS, start = end - 1;
        while (start > 0 && sorted[start - 1] >> INDEX_BITS == value)
            start--;
        unsigned category = category_of(value), size = end - start;
        if (size == 1) {
            unsigned k = sorted[start] & INDEX_MASK, lo = b->lo[k], hi = b->hi[k];
            b->wins[k] = (uint16_t)(swept - b->seen[lo] - b->seen[hi]);
            b->ties[k] = 0;
            b->category[k] = (uint8_t)category;
            b->seen[lo]++;
            b->seen[hi]++;
            b->category_card[lo][category]++;
            b->category_card[hi][category]++;
        } else {
            for (unsigned s = start; s < end; s++) {
                unsigned k = sorted[s] & INDEX_MASK;
                b->group[b->lo[k]]++;
                b->group[b->hi[k]]++;
            }
            for (unsigned s = start; s < end; s++) {
                unsigned k = sorted[s] & INDEX_MASK, lo = b->lo[k], hi = b->hi[k];
                b->wins[k] = (uint16_t)(swept - b->seen[lo] - b->seen[hi]);
                /* the group's pairs free of both cards; the pair itself holds both, so it was taken twice */
                b->ties[k] = (uint16_t)(size - b->group[lo] - b->group[hi] + 1);
                b->category[k] = (uint8_t)category;
            }
            for (unsigned s = start; s < end; s++) {
                unsigned k = sorted[s] & INDEX_MASK, lo = b->lo[k], hi = b->hi[k];
                b->group[lo] = b->group[hi] = 0;
                b->seen[lo]++;
                b->seen[hi]++;
                b->category_card[lo][category]++;
                b->category_card[hi][category]++;
            }
        }
        b->category_total[category] += (uint16_t)size;
        swept += size;
        end = start;
    }
}
