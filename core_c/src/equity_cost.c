/* The cost model behind auto mode (and behind Python's and JS's refusals and chunk sizes): how long
 * ph_equity_exact over all units takes on one core, without doing it.
 *
 * The exact engine's work is countable in advance: per holding combination, the rank multisets of its plain
 * pass and the suit sets and leaves of its flush pass follow from the cards left in the deck (a small
 * dynamic program, ph_eq_solve_work), and one combination per suit orbit is solved. The parts are counted
 * over every combination when there are few, else over a fixed pseudo-random sample of them (so the estimate
 * is the same on every machine and build), each valid combination counted 1 / (its orbit's size) times.
 * Nanoseconds per part were fitted to measured single-core times (bench/bench_equity_cost.c prints the
 * estimate against the measurement for a table of spots). */
#include <stdlib.h>

#include "pokerhash.h"
#include "equity_internal.h"
#include "equity_weights.h"

#define SAMPLE_UNITS 2048
#define GOLDEN UINT64_C(0x9E3779B97F4A7C15)

/* Nanoseconds per part (PH_EQ_COST_...) on one core of the 2-core AMD development box (an EPYC reporting CPU
 * family 25), native -O3, fitted by `python bench/bench_equity_cost.py --runs 3 --fit`: worst
 * estimate/measured 1.17x over its 30 spots. Refitted when the solver stopped adding into the tally leaf by
 * leaf (15-20 % faster; the fit before then read up to 1.51x high). Refit when the evaluator or the solver
 * changes speed. */
static const double ns_per_part[PH_EQ_COST_PARTS] = {
    [PH_EQ_COST_CALLS] = 602.0,
    [PH_EQ_COST_UNITS] = 0.0,
    [PH_EQ_COST_ORBIT_TRIES] = 12.9,
    [PH_EQ_COST_SOLVES] = 74.4,
    [PH_EQ_COST_PLAIN] = 4.33,
    [PH_EQ_COST_PLAIN_PLAYERS] = 0.57,
    [PH_EQ_COST_FLUSH_LEAVES] = 2.39,
    [PH_EQ_COST_FLUSH_FAR] = 8.67,
    [PH_EQ_COST_FLUSH_SETS] = 3.41,
    [PH_EQ_COST_OMAHA_PLAIN] = 24.3,
    [PH_EQ_COST_OMAHA_ROWS] = 4.71,
    [PH_EQ_COST_OMAHA_FLUSH] = 10.5,
};

static uint64_t next_random(uint64_t *state) {
    *state += GOLDEN;
    return ph_eq_mix(*state);
}

int ph_eq_cost_parts(const ph_equity_game *given, double parts[PH_EQ_COST_PARTS]) {
    int status = ph_equity_check(given, NULL, 0);
    if (status != PH_OK)
        return status;
    for (int i = 0; i < PH_EQ_COST_PARTS; i++)
        parts[i] = 0;
    ph_equity_game safe; /* the combinations that ph_equity_exact counts: weight products that do not vanish */
    double *owned;
    if ((status = ph_eq_safe_weights(given, &safe, &owned)) != PH_OK)
        return status;
    const ph_equity_game *game = &safe;
    ph_eq_spot spot;
    ph_eq_symmetry sym;
    if ((status = ph_eq_spot_init(&spot, game, 0)) != PH_OK || (status = ph_eq_symmetry_init(&sym, game)) != PH_OK) {
        free(owned);
        return status;
    }
    size_t players = game->players, hole = game->hole_size;
    size_t digit[PH_EQUITY_MAX_PLAYERS] = {0}, size[PH_EQUITY_MAX_PLAYERS];
    double total = 1;
    for (size_t p = 0; p < players; p++) {
        size[p] = game->holding_offset[p + 1] - game->holding_offset[p];
        total *= (double)size[p];
    }
    int sampled = total > SAMPLE_UNITS;
    uint64_t visits = sampled ? SAMPLE_UNITS : (uint64_t)total, state = 0;
    for (uint64_t u = 0; u < visits; u++) {
        if (sampled) /* digit p uniform in 0..size[p]-1 from the top 32 bits */
            for (size_t p = 0; p < players; p++)
                digit[p] = (size_t)(((next_random(&state) >> 32) * (uint64_t)size[p]) >> 32);
        const uint8_t *holes[PH_EQUITY_MAX_PLAYERS];
        uint64_t mask[PH_EQUITY_MAX_PLAYERS], taken = spot.fixed;
        double weight = 1.0;
        int clash = 0;
        for (size_t p = 0; p < players; p++) {
            size_t holding = game->holding_offset[p] + digit[p];
            holes[p] = game->holdings + holding * hole;
            mask[p] = ph_eq_mask(holes[p], hole);
            clash |= (mask[p] & taken) != 0;
            taken |= mask[p];
            weight *= ph_eq_weight(game, holding);
        }
        parts[PH_EQ_COST_UNITS] += 1;
        if (!clash && weight > 0) {
            double weight_sum;
            unsigned members = sym.perms ? ph_eq_orbit(&sym, 0, digit, mask, weight, 0, &weight_sum) : 1;
            double share = 1.0 / members; /* the orbit is solved once, whichever member stands for it */
            ph_eq_work work;
            ph_eq_solve_work(&spot, holes, taken, &work);
            parts[PH_EQ_COST_ORBIT_TRIES] += sym.perms;
            parts[PH_EQ_COST_SOLVES] += share;
            parts[PH_EQ_COST_FLUSH_LEAVES] += share * work.flush_leaves;
            parts[PH_EQ_COST_FLUSH_FAR] += share * work.flush_far_leaves;
            if (spot.omaha) {
                parts[PH_EQ_COST_OMAHA_PLAIN] += share * work.plain_leaves;
                parts[PH_EQ_COST_OMAHA_ROWS] += share * work.plain_leaves * work.omaha_rows;
                parts[PH_EQ_COST_OMAHA_FLUSH] += share * work.flush_sets * (double)players;
            } else {
                parts[PH_EQ_COST_PLAIN] += share * work.plain_leaves;
                parts[PH_EQ_COST_PLAIN_PLAYERS] += share * work.plain_leaves * (double)players;
                parts[PH_EQ_COST_FLUSH_SETS] += share * work.flush_sets * (double)players;
            }
        }
        if (!sampled)
            for (size_t p = 0; p < players && ++digit[p] == size[p]; p++)
                digit[p] = 0;
    }
    ph_eq_symmetry_free(&sym);
    free(owned);
    for (int i = 0; i < PH_EQ_COST_PARTS; i++)
        parts[i] *= total / (double)visits;
    parts[PH_EQ_COST_CALLS] = 1;
    return PH_OK;
}

int ph_equity_exact_seconds(const ph_equity_game *game, double *seconds) {
    double parts[PH_EQ_COST_PARTS];
    int status = ph_eq_cost_parts(game, parts);
    if (status != PH_OK)
        return status;
    double ns = 0;
    for (int i = 0; i < PH_EQ_COST_PARTS; i++)
        ns += parts[i] * ns_per_part[i];
    *seconds = ns * 1e-9;
    return PH_OK;
}
