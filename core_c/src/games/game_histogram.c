/* Value counts over all hands of a game's deck, in colex ranges so that callers can split the work. */
#include "pokerhash.h"
#include "games_internal.h"

/* Colex order moves the lowest card fastest: it runs in a tight inner loop over the sums of the cards above
 * it (kept per position, recomputed only where a step changed them), and equal values in a row are counted
 * as one add (consecutive hands often share a value, and repeated adds to one slot would queue up). */
static inline void sweep(const ph_game_def *g, const uint8_t *cards, unsigned size, uint8_t *pick, size_t k,
                         uint64_t count, uint64_t *histogram) {
    uint64_t key[PH_MAX_HAND + 1], bits[PH_MAX_HAND + 1];
    key[k] = PH_GAME_SUIT_BIAS;
    bits[k] = 0;
    size_t changed = k - 1;
    unsigned last = 0;
    uint64_t run = 0, done = 0;
    for (;;) {
        for (size_t j = changed + 1; j-- > 1;) {
            key[j] = key[j + 1] + g->keys[cards[pick[j]]];
            bits[j] = bits[j + 1] | g->bits[cards[pick[j]]];
        }
        unsigned top = k > 1 ? pick[1] : size, low = pick[0];
        if (top - low > count - done)
            top = low + (unsigned)(count - done);
        for (unsigned c = low; c < top; c++) {
            unsigned v = ph_game_value(g, key[1] + g->keys[cards[c]], bits[1] | g->bits[cards[c]], k);
            if (v == last) {
                run++;
            } else {
                histogram[last] += run;
                last = v;
                run = 1;
            }
        }
        done += top - low;
        if (done == count)
            break;
        size_t i = 1; /* colex successor of the cards above the lowest, which restarts at 0 */
        while (i + 1 < k && pick[i] + 1 == pick[i + 1])
            i++;
        pick[i]++;
        for (size_t j = 1; j < i; j++)
            pick[j] = (uint8_t)j;
        pick[0] = 0;
        changed = i;
    }
    histogram[last] += run; /* slot 0 takes the empty first run */
}

int ph_game_value_histogram(int game, size_t k, uint64_t start, uint64_t count, uint64_t *histogram) {
    uint64_t deck = ph_game_deck(game);
    if (!deck)
        return PH_E_ARGUMENT;
    if (k < PH_MIN_HAND || k > PH_MAX_HAND)
        return PH_E_COUNT;
    uint8_t cards[PH_DECK_SIZE];
    unsigned size = 0;
    for (unsigned c = 0; c < PH_DECK_SIZE; c++)
        if (deck >> c & 1)
            cards[size++] = (uint8_t)c;
    uint64_t total;
    ph_binomial(size, k, &total);
    if (start > total || count > total - start)
        return PH_E_RANK;
    if (game == PH_GAME_HOLDEM)
        return ph_value_histogram(k, start, count, histogram);
    if (!count)
        return PH_OK;
    uint8_t pick[PH_MAX_HAND];
    ph_combination_unrank(start, k, size, PH_COLEX, pick);
    const ph_game_def *g = ph_game_def_of(game);
    switch (k) { /* a constant k lets the compiler resolve the dense-block test */
    case 5: sweep(g, cards, size, pick, 5, count, histogram); break;
    case 6: sweep(g, cards, size, pick, 6, count, histogram); break;
    case 7: sweep(g, cards, size, pick, 7, count, histogram); break;
    default: sweep(g, cards, size, pick, k, count, histogram); break;
    }
    return PH_OK;
}
