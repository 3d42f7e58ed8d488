/* Value counts over all hands of a game's deck, in colex ranges so that callers can split the work. */
#include "pokerhash.h"
#include "game_tables.h"

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
    if (!count)
        return PH_OK;
    uint8_t pick[PH_MAX_HAND];
    ph_combination_unrank(start, k, size, PH_COLEX, pick);
    const ph_game_def *g = ph_game_def_of(game);
    for (uint64_t done = 0;;) {
        uint8_t hand[PH_MAX_HAND];
        uint64_t key = PH_GAME_SUIT_BIAS, bits = 0;
        for (size_t i = 0; i < k; i++) {
            hand[i] = cards[pick[i]];
            if (g) {
                key += g->keys[hand[i]];
                bits |= g->bits[hand[i]];
            }
        }
        histogram[g ? ph_game_value(g, key, bits, k) : (unsigned)ph_evaluate(hand, k)]++;
        if (++done == count)
            return PH_OK;
        size_t i = 0; /* colex successor: raise the first item that can rise, reset the ones below it */
        while (i + 1 < k && pick[i] + 1 == pick[i + 1])
            i++;
        pick[i]++;
        for (size_t j = 0; j < i; j++)
            pick[j] = (uint8_t)j;
    }
}
