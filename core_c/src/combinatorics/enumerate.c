/* Iterative enumeration of k-subsets in colex order, as id rows, as masks, and as evaluated hands. */
#include <string.h>

#include "pokerhash.h"
#include "combinatorics_internal.h"
#include "../eval/eval_internal.h"

/* Colex successor of ascending items below n: bump the lowest item that has room, reset those under it.
 * Returns 0 past the last subset. */
static int next_colex(uint8_t *items, size_t k, unsigned n) {
    for (size_t i = 0; i < k; i++) {
        unsigned limit = (i + 1 < k) ? items[i + 1] : n;
        if (items[i] + 1u < limit) {
            items[i]++;
            for (size_t j = 0; j < i; j++)
                items[j] = (uint8_t)j;
            return 1;
        }
    }
    return 0;
}

/* Rows that differ from the previous one only in their first item: with k <= 8 a row is one 8-byte word
 * whose first byte is bumped, stored whole while the next row's start still lies inside the buffer. */
static inline uint8_t *fill_first_item_run(uint8_t *row, uint8_t *end, uint8_t *items, size_t k,
                                           unsigned limit) {
    if (k <= 8) {
        uint8_t bytes[8] = {0}, one_bytes[8] = {1};
        uint64_t word, one;
        memcpy(bytes, items, k);
        memcpy(&word, bytes, 8);
        memcpy(&one, one_bytes, 8);
        unsigned first = items[0];
        while (first + 1u < limit && row + 8 <= end) {
            word += one;
            first++;
            memcpy(row, &word, 8);
            row += k;
        }
        items[0] = (uint8_t)first;
    }
    while (row < end && items[0] + 1u < limit) {
        items[0]++;
        memcpy(row, items, k);
        row += k;
    }
    return row;
}

/* Written once, specialised per small k by ph_combinations' switch so every copy has a constant size. */
static inline void fill_rows(unsigned n, size_t k, uint64_t start, size_t count, uint8_t *out) {
    uint8_t items[PH_MAX_COMBINATION_N];
    ph_colex_unrank_unchecked(start, k, n, items);
    uint8_t *row = out, *end = out + count * k;
    for (;;) {
        memcpy(row, items, k);
        row += k;
        row = fill_first_item_run(row, end, items, k, (k > 1) ? items[1] : n);
        if (row >= end)
            return;
        next_colex(items, k, n);
    }
}

int ph_combinations(unsigned n, size_t k, uint64_t start, size_t count, uint8_t *out) {
    int status = ph_check_range(n, k, start, count);
    if (status == PH_OK && !ph_fits_buffer(count, k))
        status = PH_E_BUFFER;
    if (status != PH_OK || count == 0 || k == 0)
        return status;
    switch (k) {
    case 2: fill_rows(n, 2, start, count, out); break;
    case 3: fill_rows(n, 3, start, count, out); break;
    case 4: fill_rows(n, 4, start, count, out); break;
    case 5: fill_rows(n, 5, start, count, out); break;
    case 6: fill_rows(n, 6, start, count, out); break;
    case 7: fill_rows(n, 7, start, count, out); break;
    default: fill_rows(n, k, start, count, out); break;
    }
    return PH_OK;
}

int ph_combination_masks(unsigned n, size_t k, uint64_t start, size_t count, uint64_t *out) {
    int status = ph_check_range(n, k, start, count);
    if (status == PH_OK && !ph_fits_buffer(count, sizeof *out))
        status = PH_E_BUFFER;
    if (status != PH_OK || count == 0) /* out may be NULL when count is 0 */
        return status;
    if (k == 0)
        return PH_E_ARGUMENT;
    uint8_t items[PH_MAX_COMBINATION_N];
    ph_colex_unrank_unchecked(start, k, n, items);
    uint64_t mask = 0;
    for (size_t i = 0; i < k; i++)
        mask |= UINT64_C(1) << items[i];
    uint64_t *end = out + count;
    while (out < end) {
        /* The lowest item climbs to just below the next one: independent stores, no carried chain. */
        uint64_t rest = mask & (mask - 1);
        unsigned lowest = (unsigned)__builtin_ctzll(mask);
        unsigned limit = rest ? (unsigned)__builtin_ctzll(rest) : n;
        for (unsigned item = lowest; item < limit && out < end; item++)
            *out++ = rest | (UINT64_C(1) << item);
        mask = rest | (UINT64_C(1) << (limit - 1));
        if (out == end)
            break;
        /* Gosper's hack: the next larger integer with as many set bits is the colex successor; the
         * divisor is a power of two, so it is a shift. */
        uint64_t low = mask & (0 - mask);
        uint64_t ripple = mask + low;
        mask = ripple | (((mask ^ ripple) >> 2) >> __builtin_ctzll(mask));
    }
    return PH_OK;
}

#define ONE_PER_SUIT (UINT64_C(0x1111) << PH_SUIT_SHIFT)

/* Histogram increments alternate between the caller's counts and a 32-bit spare by the lowest card's
 * rank, so that a run of one value (common: the lowest card often does not play) does not chain every
 * increment through one memory slot. */
typedef struct tallies {
    uint64_t *main;
    uint32_t spare[PH_WORST_VALUE + 1];
    uint64_t spare_hands; /* hands in spare since it was last emptied */
} tallies;

static void empty_spare(tallies *t) {
    for (unsigned v = 1; v <= PH_WORST_VALUE; v++)
        t->main[v] += t->spare[v], t->spare[v] = 0;
    t->spare_hands = 0;
}

static inline void tally(tallies *t, unsigned value, unsigned hands, unsigned rank) {
    if (rank & 1)
        t->spare[value] += hands;
    else
        t->main[value] += hands;
}

/* Every pair of cards below card c2 added to the upper cards (k - 2 of them, all above c2; key sum `upper`,
 * suit-major bits `upper_bits`), counted by ranks: a pair's value depends only on its two ranks unless it
 * completes a flush, which needs five of the suit s holding the most upper cards (m of them): both low cards
 * of suit s when m = 3, one when m = 4, none when m = 5. So each pair of ranks gives one plain value counted
 * for all the pairs of cards it stands for that make no flush, and the flushes depend only on the low cards
 * of suit s. With at most seven cards a flush is the hand's value. */
static inline void pair_block(tallies *t, uint64_t upper, uint64_t upper_bits, unsigned c2, size_t k) {
    unsigned suit = 0, most = 0;
    for (unsigned s = 0; s < 4; s++) {
        unsigned held = (unsigned)((upper >> (PH_SUIT_SHIFT + 4 * s)) & 15u) - 3u; /* counters are biased by 3 */
        if (held > most)
            most = held, suit = s;
    }
    const unsigned full = c2 >> 2, partial = c2 & 3; /* ranks below `full` have all four cards below c2 */
    for (unsigned r1 = 0; r1 <= full; r1++) {
        unsigned all1 = r1 < full ? 4 : partial;
        if (!all1)
            break;
        unsigned plain1 = all1 - (4 * r1 + suit < c2); /* low cards of rank r1 outside the flush suit */
        uint64_t key1 = upper + ph_rank_key(r1);
        unsigned same = most <= 3 ? all1 * (all1 - 1) / 2 : most == 4 ? plain1 * (plain1 - 1) / 2 : 0;
        if (same)
            tally(t, ph_plain_value(key1 + ph_rank_key(r1), k), same, r1);
        /* Each lower rank has all four cards, one of them in the flush suit. */
        unsigned pairs = most <= 2 ? 4 * all1 : most == 3 ? 4 * all1 - (plain1 < all1) : most == 4 ? 3 * plain1 : 0;
        if (pairs)
            for (unsigned r0 = 0; r0 < r1; r0++)
                tally(t, ph_plain_value(key1 + ph_rank_key(r0), k), pairs, r0);
    }
    if (most < 3)
        return;
    const unsigned held = (unsigned)(upper_bits >> (16 * suit)) & 0x1fffu;
    const unsigned suited_ranks = full + (suit < partial); /* low cards of the flush suit: ranks 0..suited_ranks-1 */
    const unsigned others = c2 - suited_ranks;
    if (most >= 5)
        tally(t, ph_suited_value(held), others * (others - 1) / 2, 0);
    for (unsigned r1 = 0; r1 < suited_ranks; r1++) {
        if (most >= 4)
            tally(t, ph_suited_value(held | 1u << r1), others, r1);
        for (unsigned r0 = 0; r0 < r1; r0++)
            tally(t, ph_suited_value(held | 1u << r1 | 1u << r0), 1, r0);
    }
}

/* Written once, specialised per k by ph_value_histogram's switch. */
static inline void sweep(size_t k, uint64_t start, uint64_t count, uint64_t *histogram) {
    uint8_t cards[PH_MAX_HAND];
    ph_colex_unrank_unchecked(start, k, PH_DECK_SIZE, cards);
    /* *_above[i]: sums over cards[i..k-1], so a step that changes cards[0..j] redoes only those levels. */
    uint64_t key_above[PH_MAX_HAND + 1], quinary_above[PH_MAX_HAND + 1], bits_above[PH_MAX_HAND + 1];
    key_above[k] = PH_SUIT_BIAS;
    quinary_above[k] = 0;
    bits_above[k] = 0;
    tallies t;
    t.main = histogram;
    memset(t.spare, 0, sizeof t.spare);
    t.spare_hands = 0;
    size_t dirty = k;
    for (;;) {
        for (size_t i = dirty; i-- > 2;) {
            key_above[i] = key_above[i + 1] + ph_card_keys[cards[i]];
            bits_above[i] = bits_above[i + 1] | ph_card_bits[cards[i]];
            if (k >= 8)
                quinary_above[i] = quinary_above[i + 1] + ph_card_quinary_keys[cards[i]];
        }
        /* The two lowest cards as plain loops: the general odometer step below then runs about once per
         * twenty hands instead of once per handful. */
        const uint64_t key2 = key_above[2], quinary2 = quinary_above[2], bits2 = bits_above[2];
        const unsigned c2 = cards[2];
        const uint64_t pairs = (uint64_t)c2 * (c2 - 1) / 2; /* the hands a block of these upper cards holds */
        /* A whole block of these upper cards, by pairs of ranks. */
        const int whole_block = PH_DENSE(k) && cards[0] == 0 && cards[1] == 1 && count >= pairs;
        if (whole_block) {
            pair_block(&t, key2, bits2, c2, k);
            t.spare_hands += pairs;
            count -= pairs;
            if (count == 0) {
                empty_spare(&t);
                return;
            }
        }
        unsigned first = cards[0];
        for (unsigned c1 = whole_block ? c2 : cards[1]; c1 < c2; c1++, first = 0) {
            const uint64_t key1 = key2 + ph_card_keys[c1], bits1 = bits2 | ph_card_bits[c1];
            const uint64_t quinary1 = k >= 8 ? quinary2 + ph_card_quinary_keys[c1] : 0;
            uint64_t run = c1 - first;
            if (run > count)
                run = count;
            const unsigned stop = first + (unsigned)run;
            /* Suits holding four of the other cards: only the lowest card's cards of those suits can complete a
             * flush. Every other card of one rank gives the same plain value, evaluated once per rank. */
            uint64_t flush_suits = ((key1 + ONE_PER_SUIT) & PH_SUIT_FLUSH_BITS) >> (PH_SUIT_SHIFT + 3);
            if (key1 & PH_SUIT_FLUSH_BITS)
                flush_suits = 0x1111; /* five of a suit among the other cards: every card counts alone */
            for (unsigned c0 = first; c0 < stop;) {
                unsigned next = (c0 | 3u) + 1u;
                if (next > stop)
                    next = stop;
                unsigned plain_cards = next - c0;
                if (__builtin_expect(flush_suits != 0, 0)) {
                    for (unsigned c = c0; c < next; c++) {
                        if ((flush_suits >> (4 * (c & 3))) & 1) {
                            tally(&t, ph_value_with(key1 + ph_card_keys[c], quinary1 + ph_card_quinary_keys[c],
                                                    bits1 | ph_card_bits[c], k), 1, c >> 2);
                            plain_cards--;
                        }
                    }
                }
                if (plain_cards) {
                    /* The rank key alone: no suit counter, so the large-hand path sees no flush either. */
                    uint64_t key = key1 + ph_rank_key(c0 >> 2);
                    unsigned value = PH_DENSE(k) ? ph_plain_value(key, k)
                                                 : ph_large_hand_value(key, quinary1 + ph_card_quinary_keys[c0],
                                                                       bits1 | ph_card_bits[c0], k);
                    tally(&t, value, plain_cards, c0 >> 2);
                }
                c0 = next;
            }
            t.spare_hands += run;
            count -= run;
            if (count == 0) {
                empty_spare(&t);
                return;
            }
        }
        if (t.spare_hands >= (UINT64_C(1) << 31))
            empty_spare(&t);
        size_t j = 2;
        while (j < k && cards[j] + 1u >= ((j + 1 < k) ? cards[j + 1] : PH_DECK_SIZE))
            j++;
        if (j == k)
            break; /* unreachable: the range was checked */
        cards[j]++;
        for (size_t i = 0; i < j; i++)
            cards[i] = (uint8_t)i;
        dirty = j + 1;
    }
    empty_spare(&t);
}

int ph_value_histogram(size_t k, uint64_t start, uint64_t count, uint64_t histogram[PH_WORST_VALUE + 1]) {
    if (k < PH_MIN_HAND || k > PH_MAX_HAND)
        return PH_E_COUNT;
    int status = ph_check_range(PH_DECK_SIZE, k, start, count);
    if (status != PH_OK || count == 0)
        return status;
    switch (k) {
    case 5: sweep(5, start, count, histogram); break;
    case 6: sweep(6, start, count, histogram); break;
    case 7: sweep(7, start, count, histogram); break;
    case 8: sweep(8, start, count, histogram); break;
    default: sweep(9, start, count, histogram); break;
    }
    return PH_OK;
}
