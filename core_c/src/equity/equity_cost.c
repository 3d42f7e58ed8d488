/* The cost model behind auto mode (and behind Python's and JS's refusals and chunk sizes): how long
 * ph_equity_exact over all units takes on one core, without doing it.
 *
 * The exact engine's work is countable in advance: the walk (ph_eq_walk) visits each clash-free unit and
 * each run of clashing units it passes over; per clash-free holding combination, the rank multisets of its
 * plain pass and the suit sets and leaves of its flush pass follow from the cards left in the deck (a small
 * dynamic program, ph_eq_solve_work), and one combination per suit orbit is solved. The parts are counted
 * over every unit when the walk is short, else over a fixed pseudo-random sample (so the estimate is the same
 * on every machine and build): uniform units while clash-free ones are common, else random descents of the
 * walk's tree, which find the clash-free units of heavily overlapping ranges however rare. Each clash-free
 * combination counts 1 / (its orbit's size) solves. Nanoseconds per part were fitted to measured single-core
 * times (bench/bench_equity_cost.c prints the estimate against the measurement for a table of spots). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "pokerhash.h"
#include "equity_internal.h"

#define SAMPLE_UNITS 2048
#define UNIFORM_VALID 32 /* a uniform sample serves when at least 1 in this many units is clash-free */
#define DESCENT_CHECKS (1 << 21) /* descents look at about this many holdings in all, at least MIN_DESCENTS */
#define MIN_DESCENTS 256
#define GOLDEN UINT64_C(0x9E3779B97F4A7C15)

/* Nanoseconds per part (PH_EQ_COST_...) on one core of the 2-core AMD development box (an EPYC reporting CPU
 * family 25), native -O3, fitted by `python bench/bench_equity_cost.py --runs 3 --fit`: worst
 * estimate/measured 1.17x over its 30 spots. Refitted when the solver stopped adding into the tally leaf by
 * leaf (15-20 % faster; the fit before then read up to 1.51x high). Refit when the evaluator or the solver
 * changes speed. The walk's visits were priced later, on their own (the fitted spots clash too rarely to
 * weigh them): the time of spots whose units nearly all clash, over their visits. The estimate stays in this
 * host's seconds, the same on every machine; Python reads it times a host factor that it measures
 * (pywasm/pokerhash/_equity_host.py), since other hosts run the same spots up to 2.6x slower. */
static const double ns_per_part[PH_EQ_COST_PARTS] = {
    [PH_EQ_COST_CALLS] = 602.0,
    [PH_EQ_COST_UNITS] = 3.3, /* measured apart: 10 players of "AA,KK,QQ,JJ" (no deal), 3.26 ns a visit */
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

/* Uniform in 0..n-1 from the top 32 bits. */
static size_t below(uint64_t *state, size_t n) {
    return (size_t)(((next_random(state) >> 32) * (uint64_t)n) >> 32);
}

/* What the counting passes share; `add` takes the work of one clash-free combination, standing for `units`
 * such combinations. */
typedef struct counter counter;
typedef void combination_adder(const counter *c, const size_t *digit, const uint8_t *const *holes,
                               const uint64_t *mask, uint64_t taken, double units);
struct counter {
    const ph_equity_game *game;
    uint64_t fixed; /* board and dead cards */
    combination_adder *add;
    const ph_eq_spot *spot; /* the hold'em solver's work (holdem_work): NULL for the census */
    const ph_eq_symmetry *sym;
    double *parts;
};

/* The hold'em engine's work on a combination: its orbit is solved once, whichever member stands for it. */
static void holdem_work(const counter *c, const size_t *digit, const uint8_t *const *holes, const uint64_t *mask,
                        uint64_t taken, double units) {
    const ph_equity_game *game = c->game;
    size_t players = game->players;
    double weight = ph_eq_combination_weight(game, digit);
    if (!(weight > 0))
        return;
    double weight_sum;
    unsigned members = c->sym->perms ? ph_eq_orbit(c->sym, 0, digit, mask, weight, 0, &weight_sum) : 1;
    double share = units / members;
    ph_eq_work work;
    ph_eq_solve_work(c->spot, holes, taken, &work);
    double *parts = c->parts;
    parts[PH_EQ_COST_ORBIT_TRIES] += units * c->sym->perms;
    parts[PH_EQ_COST_SOLVES] += share;
    parts[PH_EQ_COST_FLUSH_LEAVES] += share * work.flush_leaves;
    parts[PH_EQ_COST_FLUSH_FAR] += share * work.flush_far_leaves;
    if (c->spot->omaha) {
        parts[PH_EQ_COST_OMAHA_PLAIN] += share * work.plain_leaves;
        parts[PH_EQ_COST_OMAHA_ROWS] += share * work.plain_leaves * work.omaha_rows;
        parts[PH_EQ_COST_OMAHA_FLUSH] += share * work.flush_sets * (double)players;
    } else {
        parts[PH_EQ_COST_PLAIN] += share * work.plain_leaves;
        parts[PH_EQ_COST_PLAIN_PLAYERS] += share * work.plain_leaves * (double)players;
        parts[PH_EQ_COST_FLUSH_SETS] += share * work.flush_sets * (double)players;
    }
}

/* The census: clash-free combinations of positive weight, under PH_EQ_COST_SOLVES. */
static void census_work(const counter *c, const size_t *digit, const uint8_t *const *holes, const uint64_t *mask,
                        uint64_t taken, double units) {
    (void)holes, (void)mask, (void)taken;
    if (ph_eq_combination_weight(c->game, digit) > 0)
        c->parts[PH_EQ_COST_SOLVES] += units;
}

/* Counts every one of the `units` units as ph_equity_exact walks them, when that walk takes at most `most`
 * visits; else returns 0 having counted nothing. */
static int count_all(const counter *c, uint64_t units, uint64_t most) {
    ph_eq_walk walk;
    ph_eq_walk_init(&walk, c->game, c->fixed, 0, units);
    walk.most_visits = most + 1;
    while (ph_eq_walk_next(&walk)) {
    }
    if (walk.visits > most)
        return 0;
    c->parts[PH_EQ_COST_UNITS] = (double)walk.visits;
    ph_eq_walk_init(&walk, c->game, c->fixed, 0, units);
    while (ph_eq_walk_next(&walk))
        c->add(c, walk.digit, walk.holes, walk.mask, walk.above[0] | walk.mask[0], 1);
    return 1;
}

/* Counts a uniform sample of SAMPLE_UNITS units, scaled to all of them, when at least one in UNIFORM_VALID
 * of them is clash-free; else returns 0 having counted nothing. A sampled unit whose highest clashing player
 * is p lies in a block of radix[p] units the walk passes in one visit. */
static int count_uniform(const counter *c, const size_t *size, double total) {
    const ph_equity_game *game = c->game;
    size_t players = game->players, hole = game->hole_size, digit[PH_EQUITY_MAX_PLAYERS];
    double radix[PH_EQUITY_MAX_PLAYERS], visits = 0;
    radix[0] = 1;
    for (size_t p = 1; p < players; p++)
        radix[p] = radix[p - 1] * (double)size[p - 1];
    uint64_t state = 0, valid = 0;
    double parts[PH_EQ_COST_PARTS] = {0};
    counter sampled = *c;
    sampled.parts = parts;
    for (uint64_t u = 0; u < SAMPLE_UNITS; u++) {
        const uint8_t *holes[PH_EQUITY_MAX_PLAYERS];
        uint64_t mask[PH_EQUITY_MAX_PLAYERS], taken = c->fixed;
        for (size_t p = 0; p < players; p++) { /* digit p uniform in 0..size[p]-1 */
            digit[p] = below(&state, size[p]);
            holes[p] = game->holdings + (game->holding_offset[p] + digit[p]) * hole;
            mask[p] = ph_card_mask(holes[p], hole);
        }
        size_t p = players;
        while (p-- > 0 && !(mask[p] & taken))
            taken |= mask[p];
        if (p < players) {
            visits += 1 / radix[p];
            continue;
        }
        visits += 1;
        valid++;
        c->add(&sampled, digit, holes, mask, taken, 1);
    }
    if (valid * UNIFORM_VALID < SAMPLE_UNITS)
        return 0;
    parts[PH_EQ_COST_UNITS] = visits;
    for (int i = 0; i < PH_EQ_COST_PARTS; i++)
        c->parts[i] = parts[i] * (total / SAMPLE_UNITS);
    return 1;
}

/* Counts random descents of the walk's tree, for spots where clash-free units are too rare for a uniform
 * sample to meet. A descent goes from the last player to the first, taking one holding at random among those
 * clear of the cards above it; the product of those choices' counts is how many clash-free units (or, cut
 * short, clear prefixes) the path stands for, so the counts average to the true ones. Each descent looks at
 * every holding on its path: long ranges get fewer descents. */
static int count_descents(const counter *c, const size_t *size) {
    const ph_equity_game *game = c->game;
    size_t players = game->players, hole = game->hole_size, holdings = game->holding_offset[players];
    uint64_t *masks = malloc(holdings * sizeof *masks);
    if (!masks)
        return PH_E_NOMEM;
    for (size_t j = 0; j < holdings; j++)
        masks[j] = ph_card_mask(game->holdings + j * hole, hole);
    uint64_t probes = DESCENT_CHECKS / holdings;
    probes = probes < MIN_DESCENTS ? MIN_DESCENTS : probes > SAMPLE_UNITS ? SAMPLE_UNITS : probes;
    uint64_t state = 0;
    for (uint64_t probe = 0; probe < probes; probe++) {
        size_t digit[PH_EQUITY_MAX_PLAYERS];
        const uint8_t *holes[PH_EQUITY_MAX_PLAYERS];
        uint64_t mask[PH_EQUITY_MAX_PLAYERS], taken = c->fixed;
        double stands_for = 1;
        int reached = 1; /* a clash-free unit at the end of the path */
        for (size_t p = players; reached && p-- > 0;) {
            const uint64_t *mine = masks + game->holding_offset[p];
            size_t clear = 0;
            for (size_t j = 0; j < size[p]; j++)
                clear += !(mine[j] & taken);
            /* each clashing holding is one block the walk passes; for player 0 every clear one is a unit */
            c->parts[PH_EQ_COST_UNITS] += stands_for * (double)(p ? size[p] - clear : size[p]);
            if (!(reached = clear > 0))
                break;
            size_t pick = below(&state, clear), j = 0;
            while ((mine[j] & taken) || pick-- > 0)
                j++;
            digit[p] = j;
            holes[p] = game->holdings + (game->holding_offset[p] + j) * hole;
            mask[p] = mine[j];
            taken |= mine[j];
            stands_for *= (double)clear;
        }
        if (reached)
            c->add(c, digit, holes, mask, taken, stands_for);
    }
    free(masks);
    for (int i = 0; i < PH_EQ_COST_PARTS; i++)
        c->parts[i] /= (double)probes;
    return PH_OK;
}

/* Counts c's work over all the game's units, or over a sample of them: whole when the walk is short, else
 * uniform units, else descents (the file's opening comment). */
static int count_units(const counter *c) {
    const ph_equity_game *game = c->game;
    size_t size[PH_EQUITY_MAX_PLAYERS];
    double total = 1;
    uint64_t units = 1;
    int countable = 1; /* past 2^64 units the walk cannot be counted whole */
    for (size_t p = 0; p < game->players; p++) {
        size[p] = game->holding_offset[p + 1] - game->holding_offset[p];
        total *= (double)size[p];
        if (units > UINT64_MAX / size[p])
            countable = 0;
        else
            units *= size[p];
    }
    if ((countable && count_all(c, units, SAMPLE_UNITS)) || count_uniform(c, size, total))
        return PH_OK;
    return count_descents(c, size);
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
    counter c = {game, spot.fixed, holdem_work, &spot, &sym, parts};
    status = count_units(&c);
    ph_eq_symmetry_free(&sym);
    free(owned);
    parts[PH_EQ_COST_CALLS] = 1;
    return status;
}

int ph_eq_clash_census(const ph_equity_game *given, uint64_t fixed, double *visits, double *combinations) {
    ph_equity_game safe;
    double *owned, parts[PH_EQ_COST_PARTS] = {0};
    int status = ph_eq_safe_weights(given, &safe, &owned);
    if (status != PH_OK)
        return status;
    counter c = {&safe, fixed, census_work, NULL, NULL, parts};
    status = count_units(&c);
    free(owned);
    *visits = parts[PH_EQ_COST_UNITS];
    *combinations = parts[PH_EQ_COST_SOLVES];
    return status;
}

static double seconds_of(const double parts[PH_EQ_COST_PARTS]) {
    double ns = 0;
    for (int i = 0; i < PH_EQ_COST_PARTS; i++)
        ns += parts[i] * ns_per_part[i];
    return ns * 1e-9;
}

int ph_equity_exact_seconds(const ph_equity_game *game, double *seconds) {
    double parts[PH_EQ_COST_PARTS];
    int status = ph_eq_cost_parts(game, parts);
    if (status != PH_OK)
        return status;
    *seconds = seconds_of(parts);
    return PH_OK;
}

/* Each part as ph_eq_cost_parts counts it, at its most: every unit clash-free and its own orbit, with the
 * greatest suit group (23 permutations besides the identity) tried on it and the solver's work bounded as
 * ph_eq_solve_work_bound bounds it; every player's holdings visited in full (a descent of the walk counts a
 * player's holdings once per path through the players above it, so at most units visits per player). A
 * sampled count scales a sample's parts to all units, which these bounds also cover unit by unit. */
int ph_equity_exact_seconds_bound(const ph_equity_game *game, double *seconds) {
    int status = ph_equity_check(game, NULL, 0);
    if (status != PH_OK)
        return status;
    if (game->hole_size != 2) {
        *seconds = HUGE_VAL;
        return PH_OK;
    }
    ph_eq_spot spot;
    if ((status = ph_eq_spot_init(&spot, game, 0)) != PH_OK)
        return status;
    ph_eq_work work;
    ph_eq_solve_work_bound(&spot, &work);
    double units = 1, players = (double)game->players, parts[PH_EQ_COST_PARTS] = {0};
    for (size_t p = 0; p < game->players; p++)
        units *= (double)(game->holding_offset[p + 1] - game->holding_offset[p]);
    parts[PH_EQ_COST_CALLS] = 1;
    parts[PH_EQ_COST_UNITS] = units * players;
    parts[PH_EQ_COST_ORBIT_TRIES] = units * 23;
    parts[PH_EQ_COST_SOLVES] = units;
    parts[PH_EQ_COST_FLUSH_LEAVES] = units * work.flush_leaves;
    parts[PH_EQ_COST_FLUSH_FAR] = units * work.flush_far_leaves;
    parts[PH_EQ_COST_PLAIN] = units * work.plain_leaves;
    parts[PH_EQ_COST_PLAIN_PLAYERS] = units * work.plain_leaves * players;
    parts[PH_EQ_COST_FLUSH_SETS] = units * work.flush_sets * players;
    *seconds = seconds_of(parts);
    return PH_OK;
}
