/* The other games' exact equity: every board completion of every holding combination, one deal per unit.
 *
 * Units are (combination, board) pairs: combination-major, boards in colex order of the cards left in the
 * deck. The deck left has the same size for every combination, so a unit's board is found by unranking,
 * and any range of units can be counted on its own: chunks are as fine as one deal. The combinations are
 * walked as the hold'em engine walks them (ph_eq_walk): runs of clashing ones are passed over in one step. */
#include <stdlib.h>
#include <string.h>

#include "pokerhash.h"
#include "equity_internal.h"

typedef struct table {
    const ph_equity_game *spot;
    const ph_ge_games *games;
    const uint8_t *holes[PH_GE_MAX_PLAYERS];
    uint64_t hole_key[2][PH_GE_MAX_PLAYERS]; /* hold'em-style table games: each hole's key and bits sums */
    uint64_t hole_bits[2][PH_GE_MAX_PLAYERS];  /* (the Omaha low table: each hole's low-rank mask) */
} table;

/* Every player's value under one game of the pair (which: 0 high, 1 low) on a full board. */
static void values(const table *t, int which, const uint8_t *board, unsigned *out) {
    const ph_game_def *def = which ? t->games->low_def : t->games->high_def;
    size_t players = t->spot->players;
    if (def && !t->games->omaha) { /* the board's sums once, then one lookup per player */
        uint64_t key = 0, bits = 0;
        for (unsigned i = 0; i < 5; i++) {
            key += def->keys[board[i]];
            bits |= def->bits[board[i]];
        }
        for (size_t p = 0; p < players; p++)
            out[p] = ph_game_value(def, key + t->hole_key[which][p], bits | t->hole_bits[which][p], 7);
        return;
    }
    if (def && def->omaha_low) { /* the low table: one lookup per player from precomputed low-rank masks */
        unsigned board_mask = ph_game_low_mask(def, board, 5);
        for (size_t p = 0; p < players; p++)
            out[p] = ph_game_omaha_low(def, (unsigned)t->hole_bits[which][p], board_mask);
        return;
    }
    for (size_t p = 0; p < players; p++)
        out[p] = ph_ge_value(def, t->games->omaha, t->holes[p], t->spot->hole_size, board);
}

static void prepare(table *t) {
    for (int which = 0; which < 2; which++) {
        const ph_game_def *def = which ? t->games->low_def : t->games->high_def;
        for (size_t p = 0; def && p < t->spot->players; p++) {
            if (def->omaha_low && t->games->omaha) {
                t->hole_bits[which][p] = ph_game_low_mask(def, t->holes[p], t->spot->hole_size);
                continue;
            }
            t->hole_key[which][p] = PH_GAME_SUIT_BIAS;
            t->hole_bits[which][p] = 0;
            for (size_t i = 0; i < t->spot->hole_size; i++) {
                t->hole_key[which][p] += def->keys[t->holes[p][i]];
                t->hole_bits[which][p] |= def->bits[t->holes[p][i]];
            }
        }
    }
}

/* Boards [first, first + count) of one combination whose cards are `taken`, into *counts. */
static void count_boards(const table *t, uint64_t taken, uint64_t first, uint64_t count, ph_ge_counts *counts) {
    const ph_equity_game *spot = t->spot;
    uint8_t left[PH_DECK_SIZE], board[5];
    unsigned size = 0;
    uint64_t deck = t->games->deck & ~taken;
    for (unsigned c = 0; c < PH_DECK_SIZE; c++)
        if (deck >> c & 1)
            left[size++] = (uint8_t)c;
    size_t known = spot->board_len < 5 ? spot->board_len : 5, to_come = 5 - known; /* checked: 0, 3, 4, 5 */
    for (size_t i = 0; i < known; i++)
        board[i] = spot->board[i];
    uint8_t pick[5] = {0};
    if (to_come)
        ph_combination_unrank(first, to_come, size, PH_COLEX, pick);
    for (uint64_t done = 0; done < count; done++) {
        for (size_t i = 0; i < to_come; i++)
            board[known + i] = left[pick[i]];
        unsigned high[PH_GE_MAX_PLAYERS], low[PH_GE_MAX_PLAYERS];
        uint32_t shares[PH_GE_MAX_PLAYERS];
        values(t, 0, board, high);
        if (t->games->low)
            values(t, 1, board, low);
        ph_ge_score(counts, t->games, high, t->games->low ? low : NULL, spot->players, shares);
        size_t i = 0; /* colex successor */
        while (i + 1 < to_come && pick[i] + 1 == pick[i + 1])
            i++;
        if (to_come) {
            pick[i]++;
            for (size_t j = 0; j < i; j++)
                pick[j] = (uint8_t)j;
        }
    }
}

static void add_weighted(ph_game_tally *tally, const ph_ge_counts *c, size_t players, double weight) {
    tally->deals += c->deals;
    tally->low_deals += c->low_deals;
    tally->weight += weight * (double)c->deals;
    for (size_t p = 0; p < players; p++) {
        tally->win[p] += c->win[p];
        tally->tie[p] += c->tie[p];
        tally->lose[p] += c->lose[p];
        tally->share[p] += c->share[p];
        tally->high_share[p] += c->high_share[p];
        tally->weighted_share[p] += weight * (double)c->share[p] / PH_GAME_POT;
        tally->weighted_high_share[p] += weight * (double)c->high_share[p] / PH_GAME_POT;
        tally->weighted_win[p] += weight * (double)c->win[p];
        tally->weighted_tie[p] += weight * (double)c->tie[p];
    }
}

int ph_game_equity_exact(int high, int low, const ph_equity_game *given, uint64_t start, uint64_t count,
                         ph_game_tally *tally) {
    ph_ge_games games;
    int status = ph_ge_resolve(high, low, given, &games, NULL, 0);
    uint64_t units;
    if (status == PH_OK)
        status = ph_game_equity_units(high, low, given, &units);
    if (status != PH_OK)
        return status;
    if (start > units || count > units - start)
        return PH_E_RANK;
    if (!count)
        return PH_OK;
    ph_equity_game safe;
    double *owned;
    if ((status = ph_eq_safe_weights(given, &safe, &owned)) != PH_OK)
        return status;
    const ph_equity_game *spot = &safe;
    size_t players = spot->players, hole = spot->hole_size;
    size_t left = (size_t)__builtin_popcountll(games.deck) - spot->board_len - spot->dead_len - players * hole;
    uint64_t boards;
    ph_binomial(left, 5 - spot->board_len, &boards);
    uint64_t fixed = ph_card_mask(spot->board, spot->board_len) | ph_card_mask(spot->dead, spot->dead_len);
    /* The combinations the range touches, the first and last perhaps in part: boards [first_board, boards)
     * of the first, [0, end_board) of the last. */
    uint64_t last = start + (count - 1);
    uint64_t first = start / boards, first_board = start % boards, end_board = last % boards + 1;
    ph_eq_walk walk;
    ph_eq_walk_init(&walk, spot, fixed, first, last / boards - first + 1);
    table t = {.spot = spot, .games = &games};
    while (ph_eq_walk_next(&walk)) {
        double weight = ph_eq_combination_weight(spot, walk.digit);
        if (!(weight > 0)) /* a zero weight takes the holding out of the range, as in sampling */
            continue;
        uint64_t from = walk.unit == first ? first_board : 0, to = walk.unit == walk.end - 1 ? end_board : boards;
        ph_ge_counts counts = {0};
        memcpy(t.holes, walk.holes, players * sizeof *t.holes);
        prepare(&t);
        count_boards(&t, walk.above[0] | walk.mask[0], from, to - from, &counts);
        add_weighted(tally, &counts, players, weight);
    }
    free(owned);
    return PH_OK;
}
