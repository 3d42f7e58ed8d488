/* The other games' evaluator: one code path for every table set (see games_internal.h); the rare paths are in
 * game_value_slow.c. */
#include <string.h>

#include "pokerhash.h"
#include "games_internal.h"

#define NONE 0xffffu

const ph_game_def *ph_game_def_of(int game) {
    switch (game) {
    case PH_GAME_SHORTDECK: return &ph_game_shortdeck;
    case PH_GAME_SHORTDECK_TRITON: return &ph_game_shortdeck_triton;
    case PH_GAME_ACE_FIVE: return &ph_game_ace_five;
    case PH_GAME_ACE_FIVE_8: return &ph_game_ace_five_8;
    case PH_GAME_DEUCE_SEVEN: return &ph_game_deuce_seven;
    default: return NULL;
    }
}

int ph_game_evaluate(int game, const uint8_t *cards, size_t k) {
    if (game == PH_GAME_HOLDEM)
        return ph_evaluate(cards, k);
    const ph_game_def *g = ph_game_def_of(game);
    if (!g)
        return PH_E_ARGUMENT;
    if (k < PH_MIN_HAND || k > PH_MAX_HAND)
        return PH_E_COUNT;
    uint64_t key, bits;
    int status = ph_game_sum(g, cards, k, &key, &bits);
    return status == PH_OK ? (int)ph_game_value(g, key, bits, k) : status;
}

static inline int batch_rows(const ph_game_def *g, const uint8_t *cards, size_t n, size_t k, uint16_t *out,
                             size_t *bad_row) {
    for (size_t row = 0; row < n; row++) {
        uint64_t key, bits;
        int status = ph_game_sum(g, cards + row * k, k, &key, &bits);
        if (status != PH_OK) {
            if (bad_row)
                *bad_row = row;
            return status;
        }
        out[row] = (uint16_t)ph_game_value(g, key, bits, k);
    }
    return PH_OK;
}

int ph_game_evaluate_batch(int game, const uint8_t *cards, size_t n, size_t k, uint16_t *out, size_t *bad_row) {
    if (game == PH_GAME_HOLDEM)
        return ph_evaluate_batch(cards, n, k, out, bad_row);
    const ph_game_def *g = ph_game_def_of(game);
    if (!g)
        return PH_E_ARGUMENT;
    if (k < PH_MIN_HAND || k > PH_MAX_HAND)
        return PH_E_COUNT;
    switch (k) { /* a constant k per loop lets the compiler unroll the sums and drop the size tests */
    case 5: return batch_rows(g, cards, n, 5, out, bad_row);
    case 6: return batch_rows(g, cards, n, 6, out, bad_row);
    case 7: return batch_rows(g, cards, n, 7, out, bad_row);
    default: return batch_rows(g, cards, n, k, out, bad_row);
    }
}

unsigned ph_game_omaha_value(const ph_game_def *g, const uint8_t *hole, size_t hole_len, const uint8_t *board,
                             size_t board_len) {
    if (g->omaha_low)
        return ph_game_omaha_low(g, ph_game_low_mask(g, hole, hole_len), ph_game_low_mask(g, board, board_len));
    unsigned best = NONE;
    for (size_t a = 0; a < hole_len; a++)
        for (size_t b = a + 1; b < hole_len; b++)
            for (size_t x = 0; x < board_len; x++)
                for (size_t y = x + 1; y < board_len; y++)
                    for (size_t z = y + 1; z < board_len; z++) {
                        const uint8_t five[5] = {hole[a], hole[b], board[x], board[y], board[z]};
                        uint64_t key = PH_GAME_SUIT_BIAS, bits = 0;
                        for (unsigned i = 0; i < 5; i++) {
                            key += g->keys[five[i]];
                            bits |= g->bits[five[i]];
                        }
                        unsigned v = ph_game_value(g, key, bits, 5);
                        if (v < best)
                            best = v;
                    }
    return best;
}

int ph_game_omaha_evaluate(int game, const uint8_t *hole, size_t hole_len, const uint8_t *board, size_t board_len) {
    if (game == PH_GAME_HOLDEM)
        return ph_omaha_evaluate(hole, hole_len, board, board_len);
    const ph_game_def *g = ph_game_def_of(game);
    if (!g)
        return PH_E_ARGUMENT;
    if (hole_len < 4 || hole_len > 6 || board_len < 3 || board_len > 5)
        return PH_E_COUNT;
    uint8_t all[11];
    memcpy(all, hole, hole_len);
    memcpy(all + hole_len, board, board_len);
    uint64_t key, bits;
    int status = ph_game_sum(g, all, hole_len + board_len, &key, &bits);
    return status == PH_OK ? (int)ph_game_omaha_value(g, hole, hole_len, board, board_len) : status;
}

int ph_game_best_five(int game, const uint8_t *cards, size_t k, uint8_t out[5]) {
    if (game == PH_GAME_HOLDEM)
        return ph_best_five(cards, k, out);
    int value = ph_game_evaluate(game, cards, k);
    if (value < 0)
        return value;
    const ph_game_def *g = ph_game_def_of(game);
    if (g->qualifier && value > g->qualifier)
        return value;
    uint8_t sorted[PH_MAX_HAND];
    for (size_t i = 0; i < k; i++) { /* highest id first: the first best subset found has the highest cards */
        size_t j = i;
        for (; j > 0 && sorted[j - 1] < cards[i]; j--)
            sorted[j] = sorted[j - 1];
        sorted[j] = cards[i];
    }
    unsigned pick[5] = {0, 1, 2, 3, 4};
    for (;;) {
        uint8_t five[5];
        for (unsigned i = 0; i < 5; i++)
            five[i] = sorted[pick[i]];
        if (ph_game_evaluate(game, five, 5) == value) {
            /* in order of importance: for each rank of the value, the highest unused card of that rank */
            uint32_t ranks = ph_game_info(g, (unsigned)value);
            unsigned used = 0;
            for (unsigned i = 0; i < 5; i++) {
                unsigned rank = ranks >> (4 * i) & 15;
                for (unsigned j = 0; j < 5; j++)
                    if (!(used >> j & 1) && five[j] >> 2 == rank) {
                        out[i] = five[j];
                        used |= 1u << j;
                        break;
                    }
            }
            return value;
        }
        int i = 4;
        while (i >= 0 && pick[i] == k - 5 + (unsigned)i)
            i--;
        if (i < 0)
            return value; /* unreachable: some subset makes the value */
        pick[i]++;
        for (unsigned j = (unsigned)i + 1; j < 5; j++)
            pick[j] = pick[j - 1] + 1;
    }
}
