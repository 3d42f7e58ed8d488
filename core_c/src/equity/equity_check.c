/* Validation of an equity game and the count of its exact work units. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>

#include "pokerhash.h"
#include "equity_internal.h"

/* Writes the problem text (if the caller gave room) and passes the status through. */
static int fail(char *problem, size_t cap, int status, const char *format, ...) {
    if (problem && cap) {
        va_list args;
        va_start(args, format);
        vsnprintf(problem, cap, format, args);
        va_end(args);
    }
    return status;
}

static void name(unsigned card, char out[3]) {
    ph_card_format((int)card, out);
}

/* Checks ids and repeats of a list of loose cards against `seen`, adding them; `what` names the list. */
static int check_cards(const uint8_t *cards, size_t n, uint64_t *seen, const char *what, uint64_t board,
                       char *problem, size_t cap) {
    for (size_t i = 0; i < n; i++) {
        if (cards[i] >= PH_DECK_SIZE)
            return fail(problem, cap, PH_E_CARD, "%s card id %u outside 0..51", what, cards[i]);
        uint64_t bit = UINT64_C(1) << cards[i];
        if (*seen & bit) {
            char text[3];
            name(cards[i], text);
            return fail(problem, cap, PH_E_DUPLICATE, (board & bit) ? "%s card %s is also on the board"
                                                                     : "%s card %s appears twice", what, text);
        }
        *seen |= bit;
    }
    return PH_OK;
}

int ph_equity_check(const ph_equity_game *game, char *problem, size_t cap) {
    if (problem && cap)
        problem[0] = '\0';
    if (!game || !game->holding_offset || !game->holdings)
        return fail(problem, cap, PH_E_ARGUMENT, "missing game or holdings");
    size_t players = game->players, hole = game->hole_size;
    if (players < 2 || players > PH_EQUITY_MAX_PLAYERS)
        return fail(problem, cap, PH_E_ARGUMENT, "players must be 2 to 10, got %zu", players);
    if (hole != 2 && (hole < 4 || hole > PH_EQ_MAX_HOLE))
        return fail(problem, cap, PH_E_ARGUMENT, "hole size must be 2 (hold'em) or 4 to 6 (Omaha), got %zu", hole);
    if (game->board_len > 5 || game->board_len == 1 || game->board_len == 2)
        return fail(problem, cap, PH_E_ARGUMENT, "board must have 0, 3, 4 or 5 cards, got %zu", game->board_len);
    if ((game->board_len && !game->board) || (game->dead_len && !game->dead))
        return fail(problem, cap, PH_E_ARGUMENT, "missing board or dead cards");
    if (game->holding_offset[0] != 0)
        return fail(problem, cap, PH_E_ARGUMENT, "holding offsets must start at 0");
    uint64_t board = 0, fixed = 0;
    int status = check_cards(game->board, game->board_len, &board, "board", 0, problem, cap);
    if (status != PH_OK)
        return status;
    fixed = board;
    status = check_cards(game->dead, game->dead_len, &fixed, "dead", board, problem, cap);
    if (status != PH_OK)
        return status;
    uint64_t dead = fixed & ~board;
    if (players * hole + 5 + game->dead_len > PH_DECK_SIZE)
        return fail(problem, cap, PH_E_ARGUMENT, "%zu players with %zu cards each, the board and %zu dead cards need "
                    "more than 52 cards", players, hole, game->dead_len);
    /* Holdings: ids, repeats inside one holding, weights; then the fixed players against the rest. */
    long smallest_product = 0; /* log2 of the product of the players' smallest positive weights, scaled, or less */
    for (size_t p = 0; p < players; p++) {
        size_t first = game->holding_offset[p], end = game->holding_offset[p + 1];
        if (end <= first)
            return fail(problem, cap, PH_E_ARGUMENT, "player %zu has no holdings", p + 1);
        double smallest = INFINITY, largest = 0;
        for (size_t j = first; j < end; j++) {
            const uint8_t *cards = game->holdings + j * hole;
            uint64_t seen = 0;
            for (size_t i = 0; i < hole; i++) {
                if (cards[i] >= PH_DECK_SIZE)
                    return fail(problem, cap, PH_E_CARD, "player %zu has card id %u outside 0..51", p + 1, cards[i]);
                if (seen >> cards[i] & 1) { /* named only here: a check runs before every exact or sampled chunk */
                    char text[3];
                    name(cards[i], text);
                    return fail(problem, cap, PH_E_DUPLICATE, "player %zu holds %s twice", p + 1, text);
                }
                seen |= UINT64_C(1) << cards[i];
            }
            double w = ph_eq_weight(game, j);
            if (!(w >= 0) || !isfinite(w))
                return fail(problem, cap, PH_E_ARGUMENT, "player %zu has a negative or non-finite weight", p + 1);
            if (w > 0) {
                smallest = w < smallest ? w : smallest;
                largest = w > largest ? w : largest;
            }
        }
        if (largest > 0) { /* smallest = m * 2^exponent, m in [0.5, 1): at least 2^(exponent - 1) */
            int exponent;
            frexp(smallest, &exponent);
            smallest_product += exponent - 1 + ph_eq_weight_shift(largest);
        }
    }
    /* The engines multiply one weight a player, scaled as equity_weights.c scales them: a combination of the
     * smallest ones would underflow to 0 and drop out of the counts it belongs to. */
    if (smallest_product < -960)
        return fail(problem, cap, PH_E_ARGUMENT, "range weights too far apart: a deal's weight (one weight a player, "
                    "multiplied) could be as small as about 1e%.0f, beyond double precision; raise the smallest "
                    "weights or drop those holdings", (double)smallest_product * 0.30102999566398120);
    uint64_t fixed_players[PH_EQUITY_MAX_PLAYERS] = {0};
    for (size_t p = 0; p < players; p++) {
        size_t first = game->holding_offset[p];
        if (game->holding_offset[p + 1] - first != 1)
            continue;
        uint64_t mask = ph_card_mask(game->holdings + first * hole, hole);
        char text[3];
        if (mask & board) {
            name((unsigned)__builtin_ctzll(mask & board), text);
            return fail(problem, cap, PH_E_DUPLICATE, "player %zu and the board share %s", p + 1, text);
        }
        if (mask & dead) {
            name((unsigned)__builtin_ctzll(mask & dead), text);
            return fail(problem, cap, PH_E_DUPLICATE, "player %zu and the dead cards share %s", p + 1, text);
        }
        for (size_t q = 0; q < p; q++)
            if (mask & fixed_players[q]) {
                name((unsigned)__builtin_ctzll(mask & fixed_players[q]), text);
                return fail(problem, cap, PH_E_DUPLICATE, "players %zu and %zu share %s", q + 1, p + 1, text);
            }
        fixed_players[p] = mask;
    }
    uint64_t taken = fixed;
    for (size_t p = 0; p < players; p++)
        taken |= fixed_players[p];
    /* Every player needs a holding of positive weight clear of the board, dead cards and fixed players. */
    for (size_t p = 0; p < players; p++) {
        size_t first = game->holding_offset[p], end = game->holding_offset[p + 1];
        uint64_t others = taken & ~fixed_players[p];
        int left = 0;
        for (size_t j = first; j < end && !left; j++)
            left = !(ph_card_mask(game->holdings + j * hole, hole) & others) && ph_eq_weight(game, j) > 0;
        if (!left)
            return fail(problem, cap, PH_E_ARGUMENT, "player %zu has no holding left after card removal", p + 1);
    }
    return PH_OK;
}

int ph_equity_exact_units(const ph_equity_game *game, uint64_t *units) {
    int status = ph_equity_check(game, NULL, 0);
    if (status != PH_OK)
        return status;
    uint64_t product = 1;
    for (size_t p = 0; p < game->players; p++) {
        uint64_t n = game->holding_offset[p + 1] - game->holding_offset[p];
        if (product > UINT64_MAX / n)
            return PH_E_OVERFLOW;
        product *= n;
    }
    *units = product;
    return PH_OK;
}
