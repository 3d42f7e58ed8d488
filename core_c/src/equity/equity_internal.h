/* Pieces shared by the equity files: scoring, the exact solver of one holding combination, suit symmetry
 * of the units, the cost model, safe range weights, and the other games' engine (game_equity_*.c). Private. */
#ifndef PH_EQUITY_INTERNAL_H
#define PH_EQUITY_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "pokerhash.h"
#include "../games/games_internal.h"
#include "../combinatorics/combinatorics_internal.h"

#define PH_EQ_MAX_HOLE 6

/* Integer tally of one computation. Arithmetic is modulo 2^64 so that corrections may subtract. */
typedef struct ph_eq_counts {
    uint64_t deals;
    uint64_t win[PH_EQUITY_MAX_PLAYERS], tie[PH_EQUITY_MAX_PLAYERS], lose[PH_EQUITY_MAX_PLAYERS];
    uint64_t share[PH_EQUITY_MAX_PLAYERS];
} ph_eq_counts;

/* Bits set in x. Written out because __builtin_popcount is a library call on x86-64 without -mpopcnt,
 * the flags the core ships with. */
static inline unsigned ph_eq_bits(uint64_t x) {
    x = x - ((x >> 1) & UINT64_C(0x5555555555555555));
    x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
    x = (x + (x >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    return (unsigned)((x * UINT64_C(0x0101010101010101)) >> 56);
}

/* Scores one deal (or `weight` identical deals) from the players' values: lowest value wins, m-way ties
 * split 2520 units. Used by the sampler, one deal at a time. */
static inline void ph_eq_score(ph_eq_counts *t, const unsigned *values, size_t players, uint64_t weight) {
    unsigned best = values[0];
    for (size_t p = 1; p < players; p++)
        if (values[p] < best)
            best = values[p];
    unsigned winners = 0;
    for (size_t p = 0; p < players; p++)
        winners += values[p] == best;
    uint64_t part = (uint64_t)(PH_EQUITY_UNIT / winners) * weight;
    for (size_t p = 0; p < players; p++) {
        if (values[p] != best) {
            t->lose[p] += weight;
        } else {
            if (winners == 1)
                t->win[p] += weight;
            else
                t->tie[p] += weight;
            t->share[p] += part;
        }
    }
}

static inline double ph_eq_weight(const ph_equity_game *game, size_t holding) {
    return game->holding_weight ? game->holding_weight[holding] : 1.0;
}

/* A holding combination's weight, the product of one weight a player (digit[p]: player p's holding within its
 * list); 0 takes the combination out of the ranges, in both exact engines and the cost model. */
static inline double ph_eq_combination_weight(const ph_equity_game *game, const size_t *digit) {
    double weight = 1.0;
    for (size_t p = 0; p < game->players; p++)
        weight *= ph_eq_weight(game, game->holding_offset[p] + digit[p]);
    return weight;
}

/* splitmix64's finaliser: a bijection of 64-bit words that looks random. */
static inline uint64_t ph_eq_mix(uint64_t z) {
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* ---- the walk over the units (equity_exact.c) ---- */

/* The clash-free units of [start, end) in increasing order, for both exact engines and the cost model.
 * Player 0's digit is fastest, so when player p clashes with the players after it (or the board and dead
 * cards), so does every unit until digit p changes: that whole block of radix[p] units is passed over in
 * one step. A walk then costs one visit per clash-free unit and one per block it passes, however many
 * units the blocks hold: heavily overlapping ranges no longer cost one step per unit. */
typedef struct ph_eq_walk {
    const ph_equity_game *game;
    size_t players, hole;
    uint64_t unit, end;                          /* the current unit; one past the last */
    uint64_t visits;                             /* units looked at: clash-free ones and one per block */
    uint64_t most_visits;                        /* the walk stops here (init: no limit) */
    size_t digit[PH_EQUITY_MAX_PLAYERS], size[PH_EQUITY_MAX_PLAYERS];
    uint64_t radix[PH_EQUITY_MAX_PLAYERS];       /* units per step of digit p */
    uint64_t mask[PH_EQUITY_MAX_PLAYERS];        /* each player's cards */
    uint64_t above[PH_EQUITY_MAX_PLAYERS];       /* board, dead and the cards of players p + 1 .. */
    const uint8_t *holes[PH_EQUITY_MAX_PLAYERS]; /* each player's holding */
    size_t level;                                /* highest digit changed since the last look (players: none) */
} ph_eq_walk;

/* Starts a walk over [start, start + count) (a range inside the game's units) with `fixed` cards out. */
void ph_eq_walk_init(ph_eq_walk *walk, const ph_equity_game *game, uint64_t fixed, uint64_t start,
                     uint64_t count);

/* Moves to the next clash-free unit (the first call: the first one from start); 0 when none is left or
 * most_visits were made. Then walk->unit, digit, mask and holes describe it; the cards taken are
 * above[0] | mask[0]. */
int ph_eq_walk_next(ph_eq_walk *walk);

/* ---- the exact solver of one holding combination (equity_solve.c) ---- */

/* What the deals of one combination add up to. Losses and shares follow at the end: lose = deals - win - tie,
 * share = 2520 * win + tie_share; so a deal costs one addition for its winner. Modulo 2^64 (corrections). */
typedef struct ph_eq_acc {
    uint64_t deals;
    uint64_t win[PH_EQUITY_MAX_PLAYERS], tie[PH_EQUITY_MAX_PLAYERS], tie_share[PH_EQUITY_MAX_PLAYERS];
} ph_eq_acc;

/* The parts of a game every combination shares, prepared once per call. */
typedef struct ph_eq_spot {
    size_t players, hole_size;
    int omaha;
    const uint16_t *omaha_best;  /* Omaha's rank table (NULL for hold'em) */
    unsigned to_come;            /* board cards still to deal */
    unsigned board_len;
    uint8_t board_ranks[5];      /* sorted ascending */
    unsigned board_suit[4];      /* known board ranks per suit */
    uint64_t board_key;          /* sum of the known board's rank keys */
    uint64_t fixed;              /* board and dead cards */
} ph_eq_spot;

/* Fills *spot; PH_OK or PH_E_NOMEM (Omaha's table, built only when `solving`). The game must have passed
 * ph_equity_check. */
int ph_eq_spot_init(ph_eq_spot *spot, const ph_equity_game *game, int solving);

/* Adds every board completion of one combination (holes[p]: player p's cards; taken: all cards out of the
 * deck) to *acc. */
void ph_eq_solve(const ph_eq_spot *spot, const uint8_t *const *holes, uint64_t taken, ph_eq_acc *acc);

/* How much work ph_eq_solve does for a combination: the leaves it scores, the flush subsets it values. */
typedef struct ph_eq_work {
    double plain_leaves;
    double flush_leaves, flush_far_leaves; /* flush-pass leaves; those with two or more other new cards */
    double flush_sets;
    unsigned omaha_rows;       /* Omaha: table rows scanned per plain leaf, all players together */
} ph_eq_work;

void ph_eq_solve_work(const ph_eq_spot *spot, const uint8_t *const *holes, uint64_t taken, ph_eq_work *work);

/* Hold'em: at least ph_eq_solve_work's count, field by field, for every combination of the spot's holdings. */
void ph_eq_solve_work_bound(const ph_eq_spot *spot, ph_eq_work *work);

/* ---- suit symmetry of the units (equity_symmetry.c) ---- */

/* Permuting the suits maps a deal to one with the same outcome. The permutations that keep the board and the
 * dead cards in place map each holding combination to another (its orbit); equity_exact.c solves one
 * representative per orbit and counts it once per member found in the ranges. */
typedef struct ph_eq_symmetry {
    const ph_equity_game *game;
    unsigned perms;                            /* group elements besides the identity (0: no sharing) */
    uint8_t perm[23][4];                       /* suit s -> perm[i][s] */
    uint64_t radix[PH_EQUITY_MAX_PLAYERS];     /* unit index = sum of digit[p] * radix[p] */
    uint64_t *keys;                            /* open addressing: (player, holding mask) -> holding index */
    uint32_t *values;
    unsigned shift;                            /* 64 - log2(table size) */
} ph_eq_symmetry;

/* Sets up the group and the holding lookup. PH_OK or PH_E_NOMEM. Free with ph_eq_symmetry_free. */
int ph_eq_symmetry_init(ph_eq_symmetry *sym, const ph_equity_game *game);
void ph_eq_symmetry_free(ph_eq_symmetry *sym);

/* The orbit of a valid combination of positive weight (digit[p]: player p's holding index within its list;
 * mask[p]: its cards): the number of distinct member combinations present in the ranges with positive weight
 * (the combination itself included) and the sum of their weights. With `canonical_only` it stops and returns
 * 0 when the unit is not its orbit's representative: the member whose unit index has the smallest
 * ph_eq_mix(index), a choice spread evenly over [0, units) so any split of the units shares the work fairly. */
unsigned ph_eq_orbit(const ph_eq_symmetry *sym, uint64_t unit, const size_t *digit, const uint64_t *mask,
                     double weight, int canonical_only, double *weight_sum);

/* ---- the cost model (equity_cost.c) ---- */

/* What the exact enumeration of a game costs, in the model's terms (summed over all units, estimated from a
 * sample of them when there are many): index PH_EQ_COST_... Seconds = the dot product with the calibrated
 * nanoseconds per part, times 1e-9. */
enum {
    PH_EQ_COST_CALLS,          /* 1: checks and set-up of a call */
    PH_EQ_COST_UNITS,          /* units the walk visits: clash-free ones, and one per run of clashing ones */
    PH_EQ_COST_ORBIT_TRIES,    /* suit permutations tried on valid combinations, to find representatives */
    PH_EQ_COST_SOLVES,         /* combinations solved (one per orbit) */
    PH_EQ_COST_PLAIN,          /* hold'em plain leaves */
    PH_EQ_COST_PLAIN_PLAYERS,  /* hold'em plain leaves times players */
    PH_EQ_COST_FLUSH_LEAVES,   /* flush-pass leaves */
    PH_EQ_COST_FLUSH_FAR,      /* flush-pass leaves with two or more other new cards (their index is merged) */
    PH_EQ_COST_FLUSH_SETS,     /* hold'em flush-pass suit sets times players */
    PH_EQ_COST_OMAHA_PLAIN,    /* Omaha plain leaves */
    PH_EQ_COST_OMAHA_ROWS,     /* Omaha plain leaves times the players' table rows */
    PH_EQ_COST_OMAHA_FLUSH,    /* Omaha flush-pass suit sets times players */
    PH_EQ_COST_PARTS
};

int ph_eq_cost_parts(const ph_equity_game *game, double parts[PH_EQ_COST_PARTS]);

/* For the other games' cost model, which walks the units as the hold'em engine does: the visits of that walk
 * with `fixed` cards out of the deck, and its clash-free combinations of positive weight, counted or estimated
 * as ph_eq_cost_parts counts them. The game has passed its checks. */
int ph_eq_clash_census(const ph_equity_game *game, uint64_t fixed, double *visits, double *combinations);

/* ---- range weights made safe to multiply and sum (equity_weights.c), for both engines ---- */

/* *safe = *game, with holding_weight replaced by a scaled copy (*owned, for the caller to free; NULL when the
 * weights are used as given) when a player's weights lie far from 1: ratios kept exactly, no overflow or
 * underflow in the tallies. For a checked game (weights finite, >= 0); PH_OK or PH_E_NOMEM. */
int ph_eq_safe_weights(const ph_equity_game *game, ph_equity_game *safe, double **owned);

/* The power of two by which ph_eq_safe_weights multiplies the weights of a player whose largest weight is
 * `largest` (0 inside the band where weights are used as given). */
int ph_eq_weight_shift(double largest);

/* ---- the other games' equity engine: what game_equity_*.c share ----
 *
 * One engine for every game pair: a deal is scored from each player's high value and, when the pair has a
 * low, low value; the per-game part is only how a player's value is looked up (ph_ge_value below). */

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

#endif
