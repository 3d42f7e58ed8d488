/* The other games' equity: validation, the unit count and the cost model. */
#include <stdio.h>

#include "pokerhash.h"
#include "equity_internal.h"

/* Nanoseconds of one exact deal per player by the kind of lookup, plus per deal and per holding combination:
 * CPU time measured on the 2-core x86-64 box (single thread, ph_game_equity_exact over whole spots), rounded.
 * Refitted on the box of the hold'em model's last fit (equity_cost.c), where the first fit read about 2.1-2.4x
 * high: all scaled by the measured ratios (`games.equity(..., exact=True, threads=1)` on short deck 2- and
 * 4-way, Triton 3-way and Omaha hi-lo heads-up preflop now within 1.1x). */
#define NS_TABLE_SEVEN 3.9      /* a table game, any five of seven cards */
#define NS_HOLDEM_SEVEN 8.2     /* hold'em high through ph_evaluate */
#define NS_TABLE_OMAHA_LOW 12.4 /* the eight-or-better Omaha low table */
#define NS_GENERIC_SUBSET 3.9   /* a table game's Omaha rule: per two-hole, three-board choice */
#define NS_HOLDEM_OMAHA4 50.0   /* hold'em high through ph_omaha_evaluate: four hole cards ... */
#define NS_HOLDEM_OMAHA6 83.0   /* ... five or six */
#define NS_DEAL 6.8
#define NS_COMBINATION 180.0
#define NS_VISIT 3.3 /* a step of the walk over the combinations: the hold'em model's price (equity_cost.c) */

static int fail(char *problem, size_t cap, int status, const char *what, unsigned card, const char *deck) {
    if (problem && cap) {
        char name[3];
        ph_card_format((int)card, name);
        snprintf(problem, cap, "%scard %s is not in %s", what, name, deck);
    }
    return status;
}

int ph_ge_resolve(int high, int low, const ph_equity_game *spot, ph_ge_games *games, char *problem, size_t cap) {
    if (problem && cap)
        problem[0] = '\0';
    if (!ph_game_deck(high) || (low && !ph_game_deck(low))) {
        if (problem && cap)
            snprintf(problem, cap, "unknown game id %d", ph_game_deck(high) ? low : high);
        return PH_E_ARGUMENT;
    }
    int status = ph_equity_check(spot, problem, cap);
    if (status != PH_OK)
        return status;
    games->high = high;
    games->low = low;
    games->high_def = ph_game_def_of(high);
    games->low_def = low ? ph_game_def_of(low) : NULL;
    games->deck = ph_game_deck(high) & (low ? ph_game_deck(low) : ~UINT64_C(0));
    games->omaha = spot->hole_size != 2;
    games->low_limit = 0;
    if (low)
        games->low_limit = games->low_def && games->low_def->qualifier ? games->low_def->qualifier
                                                                        : (unsigned)ph_game_worst(low);
    const ph_game_def *named = games->high_def ? games->high_def : games->low_def;
    const char *deck_name = named ? named->deck_name : "the deck";
    for (size_t i = 0; i < spot->board_len; i++)
        if (!(games->deck >> spot->board[i] & 1))
            return fail(problem, cap, PH_E_CARD, "board ", spot->board[i], deck_name);
    for (size_t i = 0; i < spot->dead_len; i++)
        if (!(games->deck >> spot->dead[i] & 1))
            return fail(problem, cap, PH_E_CARD, "dead ", spot->dead[i], deck_name);
    for (size_t p = 0; p < spot->players; p++)
        for (size_t j = spot->holding_offset[p]; j < spot->holding_offset[p + 1]; j++)
            for (size_t i = 0; i < spot->hole_size; i++) {
                unsigned card = spot->holdings[j * spot->hole_size + i];
                if (!(games->deck >> card & 1)) {
                    char what[32];
                    snprintf(what, sizeof what, "player %zu: ", p + 1);
                    return fail(problem, cap, PH_E_CARD, what, card, deck_name);
                }
            }
    size_t deck_size = (size_t)__builtin_popcountll(games->deck);
    if (spot->players * spot->hole_size + 5 + spot->dead_len > deck_size) {
        if (problem && cap)
            snprintf(problem, cap, "%zu players with %zu cards each, the board and %zu dead cards need more than "
                     "%zu cards", spot->players, spot->hole_size, spot->dead_len, deck_size);
        return PH_E_ARGUMENT;
    }
    return PH_OK;
}

int ph_game_equity_check(int high, int low, const ph_equity_game *spot, char *problem, size_t cap) {
    ph_ge_games games;
    return ph_ge_resolve(high, low, spot, &games, problem, cap);
}

/* Holding combinations and board completions; PH_E_OVERFLOW past 2^64 - 1 units. */
static int count_units(const ph_ge_games *games, const ph_equity_game *spot, uint64_t *combinations,
                       uint64_t *boards) {
    uint64_t product = 1;
    for (size_t p = 0; p < spot->players; p++) {
        uint64_t n = spot->holding_offset[p + 1] - spot->holding_offset[p];
        if (product > UINT64_MAX / n)
            return PH_E_OVERFLOW;
        product *= n;
    }
    size_t left = (size_t)__builtin_popcountll(games->deck) - spot->board_len - spot->dead_len -
                  spot->players * spot->hole_size;
    ph_binomial(left, 5 - spot->board_len, boards);
    *combinations = product;
    return PH_OK;
}

int ph_game_equity_units(int high, int low, const ph_equity_game *spot, uint64_t *units) {
    ph_ge_games games;
    int status = ph_ge_resolve(high, low, spot, &games, NULL, 0);
    uint64_t combinations, boards;
    if (status == PH_OK)
        status = count_units(&games, spot, &combinations, &boards);
    if (status != PH_OK)
        return status;
    if (boards && combinations > UINT64_MAX / boards)
        return PH_E_OVERFLOW;
    *units = combinations * boards;
    return PH_OK;
}

static double player_ns(const ph_game_def *def, int omaha, size_t hole) {
    if (!omaha)
        return def ? NS_TABLE_SEVEN : NS_HOLDEM_SEVEN;
    if (!def)
        return hole == 4 ? NS_HOLDEM_OMAHA4 : NS_HOLDEM_OMAHA6;
    return def->omaha_low ? NS_TABLE_OMAHA_LOW : NS_GENERIC_SUBSET * 10.0 * (double)(hole * (hole - 1) / 2);
}

int ph_game_equity_exact_seconds(int high, int low, const ph_equity_game *spot, double *seconds) {
    ph_ge_games games;
    int status = ph_ge_resolve(high, low, spot, &games, NULL, 0);
    uint64_t combinations, boards;
    if (status == PH_OK)
        status = count_units(&games, spot, &combinations, &boards);
    if (status == PH_E_OVERFLOW) {
        *seconds = 1e300;
        return PH_OK;
    }
    if (status != PH_OK)
        return status;
    /* Only the clash-free combinations are dealt; the walk passes each run of clashing ones in one visit. */
    double visits, dealt;
    if ((status = ph_eq_clash_census(spot, ph_card_mask(spot->board, spot->board_len) |
                                               ph_card_mask(spot->dead, spot->dead_len), &visits, &dealt)) != PH_OK)
        return status;
    double per_deal = NS_DEAL + (double)spot->players * player_ns(games.high_def, games.omaha, spot->hole_size);
    if (low)
        per_deal += (double)spot->players * player_ns(games.low_def, games.omaha, spot->hole_size);
    *seconds = (visits * NS_VISIT + dealt * NS_COMBINATION + dealt * (double)boards * per_deal) * 1e-9;
    return PH_OK;
}
