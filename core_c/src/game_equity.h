/* The other games' equity engine: what the exact and Monte Carlo files share. Private.
 *
 * One engine for every game pair: a deal is scored from each player's high value and, when the pair has a
 * low, low value; the per-game part is only how a player's value is looked up (game_value below). */
#ifndef PH_GAME_EQUITY_H
#define PH_GAME_EQUITY_H

#include <stddef.h>
#include <stdint.h>

#include "pokerhash.h"
#include "game_tables.h"

#define PH_GE_MAX_PLAYERS 10
#define PH_GE_MAX_HOLE 6

/* A game pair resolved once per call. */
typedef struct ph_ge_games {
    int high, low;                 /* ids; low 0 = no low half */
    const ph_game_def *high_def;   /* NULL for PH_GAME_HOLDEM */
    const ph_game_def *low_def;
    unsigned low_limit;            /* values up to this qualify for the low half */
    uint64_t deck;                 /* cards of both games' decks */
    int omaha;                     /* hole size 4..6: exactly two hole and three board cards */
} ph_ge_games;

/* Integer tally of one computation (arithmetic modulo 2^64). */
typedef struct ph_ge_counts {
    uint64_t deals, low_deals;
    uint64_t win[PH_GE_MAX_PLAYERS], tie[PH_GE_MAX_PLAYERS], lose[PH_GE_MAX_PLAYERS];
    uint64_t share[PH_GE_MAX_PLAYERS], high_share[PH_GE_MAX_PLAYERS];
} ph_ge_counts;

/* Resolves and checks ids and the spot (ph_game_equity_check), filling *games. */
int ph_ge_resolve(int high, int low, const ph_equity_game *spot, ph_ge_games *games, char *problem, size_t cap);

/* One player's value under one game of the pair (def NULL: hold'em) for a hole and a full five-card board. */
static inline unsigned ph_ge_value(const ph_game_def *def, int omaha, const uint8_t *hole, size_t hole_len,
                                   const uint8_t *board) {
    if (omaha)
        return def ? ph_game_omaha_value(def, hole, hole_len, board, 5)
                   : (unsigned)ph_omaha_evaluate(hole, hole_len, board, 5);
    uint8_t seven[7] = {hole[0], hole[1], board[0], board[1], board[2], board[3], board[4]};
    if (!def)
        return (unsigned)ph_evaluate(seven, 7);
    uint64_t key = PH_GAME_SUIT_BIAS, bits = 0;
    for (unsigned i = 0; i < 7; i++) {
        key += def->keys[seven[i]];
        bits |= def->bits[seven[i]];
    }
    return ph_game_value(def, key, bits, 7);
}

/* Scores one deal from the players' values: the high half (the whole pot without a qualifying low) and the
 * low half each split evenly among their best hands. Returns each player's share in *shares (units). */
static inline void ph_ge_score(ph_ge_counts *t, const ph_ge_games *games, const unsigned *high,
                               const unsigned *low, size_t players, uint32_t *shares) {
    unsigned best_high = high[0], best_low = low ? low[0] : 0;
    for (size_t p = 1; p < players; p++) {
        best_high = high[p] < best_high ? high[p] : best_high;
        if (low)
            best_low = low[p] < best_low ? low[p] : best_low;
    }
    int split = low && best_low <= games->low_limit;
    unsigned high_winners = 0, low_winners = 0;
    for (size_t p = 0; p < players; p++) {
        high_winners += high[p] == best_high;
        low_winners += split && low[p] == best_low;
    }
    uint32_t pot = split ? PH_GAME_POT / 2 : PH_GAME_POT;
    uint32_t high_part = pot / high_winners, low_part = split ? pot / low_winners : 0;
    t->deals++;
    t->low_deals += (uint64_t)split;
    for (size_t p = 0; p < players; p++) {
        uint32_t from_high = high[p] == best_high ? high_part : 0;
        uint32_t share = from_high + (split && low[p] == best_low ? low_part : 0);
        shares[p] = share;
        t->share[p] += share;
        t->high_share[p] += from_high;
        if (share == PH_GAME_POT)
            t->win[p]++;
        else if (share)
            t->tie[p]++;
        else
            t->lose[p]++;
    }
}

/* Mask of a holding's cards. */
static inline uint64_t ph_ge_mask(const uint8_t *cards, size_t n) {
    uint64_t mask = 0;
    for (size_t i = 0; i < n; i++)
        mask |= UINT64_C(1) << cards[i];
    return mask;
}

#endif
