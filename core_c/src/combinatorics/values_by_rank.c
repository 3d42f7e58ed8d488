/* The values of consecutive k-card hands in colex or lex rank order (seed 001's array when run over every
 * rank): an incremental walk, so a hand costs one key addition and its lookup instead of a row written,
 * read back and evaluated from scratch. */
#include <stddef.h>

#include "pokerhash.h"
#include "combinatorics_internal.h"
#include "../eval/eval_internal.h"

/* Lex ranks [start, start + count) are the colex ranks [total - start - count, total - start) of the
 * mirrored items (x -> 51 - x), last first. So one colex walk serves both orders: mirrored, it reads item x
 * as card 51 - x and writes from the end of out backwards. Written once, specialised by the switch below. */
static inline void walk(size_t k, int mirrored, uint64_t start, size_t count, uint16_t *out) {
    uint8_t items[PH_MAX_HAND];
    ph_colex_unrank_unchecked(start, k, PH_DECK_SIZE, items);
    ptrdiff_t step = mirrored ? -1 : 1;
    if (mirrored)
        out += count - 1;
    /* *_above[i]: sums over the cards of items[i..k-1]; a step that changes items[0..j] redoes those levels */
    uint64_t key_above[PH_MAX_HAND + 1], quinary_above[PH_MAX_HAND + 1], bits_above[PH_MAX_HAND + 1];
    key_above[k] = PH_SUIT_BIAS;
    quinary_above[k] = 0;
    bits_above[k] = 0;
    size_t dirty = k;
    for (;;) {
        for (size_t i = dirty; i-- > 1;) {
            unsigned card = mirrored ? PH_DECK_SIZE - 1u - items[i] : items[i];
            key_above[i] = key_above[i + 1] + ph_card_keys[card];
            bits_above[i] = bits_above[i + 1] | ph_card_bits[card];
            if (k >= 8)
                quinary_above[i] = quinary_above[i + 1] + ph_card_quinary_keys[card];
        }
        const uint64_t key1 = key_above[1], quinary1 = quinary_above[1], bits1 = bits_above[1];
        size_t run = (size_t)(items[1] - items[0]);
        if (run > count)
            run = count;
        for (unsigned item = items[0], stop = items[0] + (unsigned)run; item < stop; item++) {
            unsigned card = mirrored ? PH_DECK_SIZE - 1u - item : item;
            uint64_t quinary = k >= 8 ? quinary1 + ph_card_quinary_keys[card] : 0;
            *out = (uint16_t)ph_value_with(key1 + ph_card_keys[card], quinary, bits1 | ph_card_bits[card], k);
            out += step;
        }
        count -= run;
        if (count == 0)
            return;
        /* The lowest item has reached the one above it: bump the lowest of the others that has room. */
        size_t j = 1;
        while (j < k && items[j] + 1u >= ((j + 1 < k) ? items[j + 1] : PH_DECK_SIZE))
            j++;
        if (j == k)
            return; /* unreachable: the range was checked */
        items[j]++;
        for (size_t i = 0; i < j; i++)
            items[i] = (uint8_t)i;
        dirty = j + 1;
    }
}

int ph_values_by_rank(size_t k, ph_order order, uint64_t start, size_t count, uint16_t *out) {
    if (k < PH_MIN_HAND || k > PH_MAX_HAND)
        return PH_E_COUNT;
    if (order != PH_COLEX && order != PH_LEX)
        return PH_E_ARGUMENT;
    int status = ph_check_range(PH_DECK_SIZE, k, start, count);
    if (status == PH_OK && !ph_fits_buffer(count, sizeof *out))
        status = PH_E_BUFFER; /* only reachable where size_t is 32 bits: C(52, 9) > 2^31 */
    if (status != PH_OK || count == 0)
        return status;
    if (order == PH_LEX)
        start = ph_binomial_table[PH_DECK_SIZE][k] - start - count;
    switch (k * 2 + (order == PH_LEX)) {
    case 10: walk(5, 0, start, count, out); break;
    case 11: walk(5, 1, start, count, out); break;
    case 12: walk(6, 0, start, count, out); break;
    case 13: walk(6, 1, start, count, out); break;
    case 14: walk(7, 0, start, count, out); break;
    case 15: walk(7, 1, start, count, out); break;
    case 16: walk(8, 0, start, count, out); break;
    case 17: walk(8, 1, start, count, out); break;
    case 18: walk(9, 0, start, count, out); break;
    default: walk(9, 1, start, count, out); break;
    }
    return PH_OK;
}
