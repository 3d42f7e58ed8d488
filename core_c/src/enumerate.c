/* Iterative enumeration of k-subsets in colex order, as id rows, as masks, and as evaluated hands. */
#include <string.h>

#include "pokerhash.h"
#include "combinatorics.h"
#include "eval_core.h"

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
static uint8_t *fill_first_item_run(uint8_t *row, uint8_t *end, uint8_t *items, size_t k, unsigned limit) {
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

int ph_combinations(unsigned n, size_t k, uint64_t start, size_t count, uint8_t *out) {
    int status = ph_check_range(n, k, start, count);
    if (status != PH_OK || count == 0 || k == 0)
        return status;
    uint8_t items[PH_MAX_COMBINATION_N];
    ph_colex_unrank_unchecked(start, k, n, items);
    uint8_t *row = out, *end = out + count * k;
    for (;;) {
        memcpy(row, items, k);
        row += k;
        row = fill_first_item_run(row, end, items, k, (k > 1) ? items[1] : n);
        if (row >= end)
            return PH_OK;
        next_colex(items, k, n);
    }
}

int ph_combination_masks(unsigned n, size_t k, uint64_t start, size_t count, uint64_t *out) {
    int status = ph_check_range(n, k, start, count);
    if (status != PH_OK)
        return status;
    if (k == 0)
        return count ? PH_E_ARGUMENT : PH_OK;
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

/* Written once, specialised per k by ph_value_histogram's switch. */
static inline void sweep(size_t k, uint64_t start, uint64_t count, uint64_t *histogram) {
    uint8_t cards[PH_MAX_HAND];
    ph_colex_unrank_unchecked(start, k, PH_DECK_SIZE, cards);
    /* key_above[i], bits_above[i]: sums over cards[i..k-1], so a step that changes cards[0..j] redoes
     * only those levels. */
    uint64_t key_above[PH_MAX_HAND + 1], bits_above[PH_MAX_HAND + 1];
    key_above[k] = PH_SUIT_BIAS;
    bits_above[k] = 0;
    size_t dirty = k;
    unsigned run_value = 0; /* slot 0 is unused, so the first flush of an empty run is harmless */
    uint64_t run_length = 0;
    for (;;) {
        for (size_t i = dirty; i-- > 2;) {
            key_above[i] = key_above[i + 1] + ph_card_keys[cards[i]];
            bits_above[i] = bits_above[i + 1] | ph_card_bits[cards[i]];
        }
        /* The two lowest cards as plain loops: the general odometer step below then runs about once per
         * twenty hands instead of once per handful. */
        const uint64_t key2 = key_above[2], bits2 = bits_above[2];
        unsigned first = cards[0];
        for (unsigned c1 = cards[1]; c1 < cards[2]; c1++, first = 0) {
            const uint64_t key1 = key2 + ph_card_keys[c1], bits1 = bits2 | ph_card_bits[c1];
            uint64_t run = c1 - first;
            if (run > count)
                run = count;
            const unsigned stop = first + (unsigned)run;
            /* Hands one suit apart often share a value; counting such runs in a register keeps the
             * increments off one memory slot's store-to-load chain. */
            if (PH_DENSE(k) && !((key1 + ONE_PER_SUIT) & PH_SUIT_FLUSH_BITS)) {
                /* No suit holds four of the other cards, so no flush: the lowest card's suits all give one
                 * plain value, evaluated once per rank. */
                for (unsigned c0 = first; c0 < stop;) {
                    unsigned next = (c0 | 3u) + 1u;
                    if (next > stop)
                        next = stop;
                    unsigned value = ph_plain_value(key1 + ph_card_keys[c0], k);
                    if (value != run_value) {
                        histogram[run_value] += run_length;
                        run_value = value;
                        run_length = 0;
                    }
                    run_length += next - c0;
                    c0 = next;
                }
            } else {
                for (unsigned c0 = first; c0 < stop; c0++) {
                    unsigned value = ph_value_of(key1 + ph_card_keys[c0], bits1 | ph_card_bits[c0], k);
                    if (value != run_value) {
                        histogram[run_value] += run_length;
                        run_value = value;
                        run_length = 0;
                    }
                    run_length++;
                }
            }
            count -= run;
            if (count == 0) {
                histogram[run_value] += run_length;
                return;
            }
        }
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
    histogram[run_value] += run_length;
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
