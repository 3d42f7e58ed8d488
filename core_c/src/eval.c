/* Hand evaluation: single hands, batches, and the 8/9-card reduction. */
#include "pokerhash.h"
#include "eval_core.h"


/* Best plain value over the ways to drop `to_drop` cards (ranks ascending, from `first`) down to `dense`
 * cards: a best five always lies within any larger set that holds it. */
static unsigned best_after_dropping(uint64_t key, uint8_t counts[13], unsigned to_drop, unsigned first,
                                    size_t dense) {
    if (to_drop == 0)
        return ph_plain_value(key, dense);
    unsigned best = PH_NO_VALUE;
    for (unsigned rank = first; rank < 13; rank++) {
        if (!counts[rank])
            continue;
        counts[rank]--;
        unsigned value = best_after_dropping(key - ph_rank_key(rank), counts, to_drop - 1, rank, dense);
        counts[rank]++;
        if (value < best)
            best = value;
    }
    return best;
}

unsigned ph_plain_value_any(uint64_t key, const uint8_t counts[13], size_t cards) {
    if (cards == 5)
        return ph_plain_value(key, 5);
    if (cards == 7)
        return ph_plain_value(key, 7);
    if (cards == 6 && PH_SIX_CARD_TABLE)
        return ph_plain_value(key, 6);
    size_t dense = cards < 7 ? 5 : 7;
    uint8_t scratch[13];
    for (unsigned rank = 0; rank < 13; rank++)
        scratch[rank] = counts[rank];
    return best_after_dropping(key, scratch, (unsigned)(cards - dense), 0, dense);
}

unsigned ph_suited_value_any(unsigned rank_mask) {
    size_t cards = (size_t)__builtin_popcount(rank_mask);
    if (cards <= 7)
        return ph_suited_value(rank_mask);
    uint8_t counts[13];
    for (unsigned rank = 0; rank < 13; rank++)
        counts[rank] = (uint8_t)((rank_mask >> rank) & 1);
    return ph_as_suited(ph_plain_value_any(ph_suited_key(rank_mask), counts, cards));
}

unsigned ph_large_hand_value(uint64_t key, uint64_t card_bits, size_t k) {
    uint64_t flush = key & PH_SUIT_FLUSH_BITS;
    unsigned best = PH_NO_VALUE;
    if (flush) {
        best = ph_suited_value_any(ph_flush_ranks(flush, card_bits));
        if (k <= 7)
            return best;
    }
    uint8_t counts[13];
    ph_rank_counts(card_bits, counts);
    unsigned plain = ph_plain_value_any(key, counts, k);
    return plain < best ? plain : best;
}

/* Kept out of line so the hot loop need not keep the row's ids alive for this rare path. */
static __attribute__((noinline)) int bad_row_status(const uint8_t *row, size_t k) {
    for (size_t j = 0; j < k; j++)
        if (row[j] >= PH_DECK_SIZE)
            return PH_E_CARD;
    return PH_E_DUPLICATE;
}

/* Sums one row's keys and bits; returns PH_OK or the row's error. */
static inline int sum_row(const uint8_t *row, size_t k, uint64_t *key_out, uint64_t *bits_out) {
    uint64_t key = PH_SUIT_BIAS, bit_sum = 0, bit_or = 0;
    for (size_t j = 0; j < k; j++) {
        uint8_t card = row[j];
        uint64_t bit = ph_card_bits[card];
        key += ph_card_keys[card];
        bit_sum += bit;
        bit_or |= bit;
    }
    *key_out = key;
    *bits_out = bit_or;
    /* A repeated card carries in the sum; an id >= 52 sets the poison bit. Testing it on the key too keeps
     * the compiler from sinking the key's additions below this branch, which costs a load per card. */
    if (__builtin_expect(bit_sum != bit_or || ((bit_or | key) & PH_POISON_BIT), 0))
        return bad_row_status(row, k);
    return PH_OK;
}

int ph_evaluate(const uint8_t *cards, size_t k) {
    if (k < PH_MIN_HAND || k > PH_MAX_HAND)
        return PH_E_COUNT;
    uint64_t key, bits;
    int status = sum_row(cards, k, &key, &bits);
    if (status != PH_OK)
        return status;
    return (int)ph_value_of(key, bits, k);
}

/* Written once, specialised per k by the switch below so the compiler unrolls the card loop. */
static inline int batch_rows(const uint8_t *cards, size_t n, size_t k, uint16_t *out, size_t *bad_row) {
    for (size_t i = 0; i < n; i++) {
        uint64_t key, bits;
        int status = sum_row(cards + i * k, k, &key, &bits);
        if (__builtin_expect(status != PH_OK, 0)) {
            if (bad_row)
                *bad_row = i;
            return status;
        }
        out[i] = (uint16_t)ph_value_of(key, bits, k);
    }
    return PH_OK;
}

int ph_evaluate_batch(const uint8_t *cards, size_t n, size_t k, uint16_t *out, size_t *bad_row) {
    switch (k) {
    case 5: return batch_rows(cards, n, 5, out, bad_row);
    case 6: return batch_rows(cards, n, 6, out, bad_row);
    case 7: return batch_rows(cards, n, 7, out, bad_row);
    case 8: return batch_rows(cards, n, 8, out, bad_row);
    case 9: return batch_rows(cards, n, 9, out, bad_row);
    default: return PH_E_COUNT;
    }
}
