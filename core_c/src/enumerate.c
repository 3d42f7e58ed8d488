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
        /* Most steps only raise the lowest item: emit those rows without the general successor. */
        unsigned limit = (k > 1) ? items[1] : n;
        while (row < end && items[0] + 1u < limit) {
            items[0]++;
            memcpy(row, items, k);
            row += k;
        }
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
    for (size_t i = 0; i < count; i++) {
        out[i] = mask;
        /* Gosper's hack: the next larger integer with as many set bits is the colex successor. */
        uint64_t low = mask & (0 - mask);
        uint64_t ripple = mask + low;
        mask = ripple | (((mask ^ ripple) >> 2) / low);
    }
    return PH_OK;
}

int ph_value_histogram(size_t k, uint64_t start, uint64_t count, uint64_t histogram[PH_WORST_VALUE + 1]) {
    if (k < PH_MIN_HAND || k > PH_MAX_HAND)
        return PH_E_COUNT;
    int status = ph_check_range(PH_DECK_SIZE, k, start, count);
    if (status != PH_OK || count == 0)
        return status;
    uint8_t cards[PH_MAX_HAND];
    ph_colex_unrank_unchecked(start, k, PH_DECK_SIZE, cards);
    /* key_above[i], bits_above[i]: sums over cards[i..k-1], so a step that changes cards[0..j] redoes
     * only those levels. */
    uint64_t key_above[PH_MAX_HAND + 1], bits_above[PH_MAX_HAND + 1];
    key_above[k] = PH_SUIT_BIAS;
    bits_above[k] = 0;
    size_t dirty = k;
    for (;;) {
        for (size_t i = dirty; i-- > 1;) {
            key_above[i] = key_above[i + 1] + ph_card_keys[cards[i]];
            bits_above[i] = bits_above[i + 1] | ph_card_bits[cards[i]];
        }
        unsigned limit = cards[1];
        uint64_t run = limit - cards[0];
        if (run > count)
            run = count;
        const uint64_t key1 = key_above[1], bits1 = bits_above[1];
        for (unsigned c = cards[0], stop = cards[0] + (unsigned)run; c < stop; c++)
            histogram[ph_value_of(key1 + ph_card_keys[c], bits1 | ph_card_bits[c], k)]++;
        count -= run;
        if (count == 0)
            return PH_OK;
        cards[0] = (uint8_t)(limit - 1);
        size_t j = 1;
        while (j < k && cards[j] + 1u >= ((j + 1 < k) ? cards[j + 1] : PH_DECK_SIZE))
            j++;
        cards[j]++;
        for (size_t i = 0; i < j; i++)
            cards[i] = (uint8_t)i;
        dirty = j + 1;
    }
}
