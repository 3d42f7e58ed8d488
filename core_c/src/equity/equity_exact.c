/* Exact equity over a range of units: the holding combinations, walked past runs of clashing ones
 * (ph_eq_walk, shared with the other games' engine and the cost model), one orbit of suit-symmetric
 * combinations solved once (equity_symmetry.c), every board completion counted by equity_solve.c. */
#include <stdlib.h>

#include "pokerhash.h"
#include "equity_internal.h"

/* Adds one solved combination, standing for `members` combinations of total weight weight_sum. */
static void add_combination(ph_equity_tally *tally, const ph_eq_acc *acc, size_t players, unsigned members,
                            double weight_sum) {
    tally->deals += acc->deals * members;
    tally->weight += weight_sum * (double)acc->deals;
    for (size_t p = 0; p < players; p++) {
        uint64_t share = PH_EQUITY_UNIT * acc->win[p] + acc->tie_share[p];
        tally->win[p] += acc->win[p] * members;
        tally->tie[p] += acc->tie[p] * members;
        tally->lose[p] += (acc->deals - acc->win[p] - acc->tie[p]) * members;
        tally->share[p] += share * members;
        tally->weighted_share[p] += weight_sum * (double)share / PH_EQUITY_UNIT;
        tally->weighted_win[p] += weight_sum * (double)acc->win[p];
        tally->weighted_tie[p] += weight_sum * (double)acc->tie[p];
    }
}

/* Moves past the block of units that share digits p and up with the current one; 0 at the end of the range. */
static int advance(ph_eq_walk *walk, size_t p) {
    uint64_t into = 0; /* units of the block already behind: 0 once the walk is aligned to blocks */
    for (size_t q = 0; q < p; q++) {
        into += walk->digit[q] * walk->radix[q];
        walk->digit[q] = 0;
    }
    uint64_t skip = walk->radix[p] - into;
    if (skip >= walk->end - walk->unit) {
        walk->unit = walk->end;
        return 0;
    }
    walk->unit += skip;
    size_t q = p;
    while (++walk->digit[q] == walk->size[q]) /* stops below the top: the unit is inside the range */
        walk->digit[q++] = 0;
    walk->level = q;
    return 1;
}

/* The highest player, from walk->level down, whose holding clashes with the cards above it, in *at; 0 when
 * none does. Players above walk->level kept their holdings and were clear of each other. */
static int clash(ph_eq_walk *walk, size_t *at) {
    const ph_equity_game *game = walk->game;
    for (size_t p = walk->level + 1; p-- > 0;) {
        walk->holes[p] = game->holdings + (game->holding_offset[p] + walk->digit[p]) * walk->hole;
        walk->mask[p] = ph_card_mask(walk->holes[p], walk->hole);
        if (walk->mask[p] & walk->above[p]) {
            *at = p;
            return 1;
        }
        if (p)
            walk->above[p - 1] = walk->above[p] | walk->mask[p];
    }
    return 0;
}

void ph_eq_walk_init(ph_eq_walk *walk, const ph_equity_game *game, uint64_t fixed, uint64_t start,
                     uint64_t count) {
    walk->game = game;
    walk->players = game->players;
    walk->hole = game->hole_size;
    walk->unit = start;
    walk->end = start + count;
    walk->visits = 0;
    walk->most_visits = UINT64_MAX;
    uint64_t rest = start, radix = 1; /* the product of every size is the unit count: no wrap */
    for (size_t p = 0; p < walk->players; p++) {
        walk->size[p] = game->holding_offset[p + 1] - game->holding_offset[p];
        walk->digit[p] = (size_t)(rest % walk->size[p]);
        rest /= walk->size[p];
        walk->radix[p] = radix;
        radix *= walk->size[p];
    }
    walk->above[walk->players - 1] = fixed;
    walk->level = walk->players; /* nothing looked at yet */
}

int ph_eq_walk_next(ph_eq_walk *walk) {
    if (walk->unit >= walk->end)
        return 0;
    if (walk->level == walk->players) /* the first call: look at the start unit itself */
        walk->level = walk->players - 1;
    else if (!advance(walk, 0))
        return 0;
    for (;;) {
        size_t at;
        if (walk->visits == walk->most_visits)
            return 0;
        walk->visits++;
        if (!clash(walk, &at))
            return 1;
        if (!advance(walk, at))
            return 0;
    }
}

int ph_equity_exact(const ph_equity_game *given, uint64_t start, uint64_t count, ph_equity_tally *tally) {
    uint64_t units;
    int status = ph_equity_exact_units(given, &units);
    if (status != PH_OK)
        return status;
    if (start > units || count > units - start)
        return PH_E_RANK;
    ph_equity_game safe;
    double *owned;
    if ((status = ph_eq_safe_weights(given, &safe, &owned)) != PH_OK)
        return status;
    const ph_equity_game *game = &safe;
    ph_eq_spot spot;
    ph_eq_symmetry sym;
    if ((status = ph_eq_spot_init(&spot, game, 1)) != PH_OK || (status = ph_eq_symmetry_init(&sym, game)) != PH_OK) {
        free(owned);
        return status;
    }
    size_t players = game->players;
    ph_eq_walk walk;
    ph_eq_walk_init(&walk, game, spot.fixed, start, count);
    while (ph_eq_walk_next(&walk)) {
        double weight = ph_eq_combination_weight(game, walk.digit);
        if (!(weight > 0)) /* a zero weight takes the holding out of the range, as in sampling */
            continue;
        double weight_sum = weight;
        unsigned members = sym.perms ? ph_eq_orbit(&sym, walk.unit, walk.digit, walk.mask, weight, 1, &weight_sum) : 1;
        if (members) {
            ph_eq_acc acc = {0};
            ph_eq_solve(&spot, walk.holes, walk.above[0] | walk.mask[0], &acc);
            add_combination(tally, &acc, players, members, weight_sum);
        }
    }
    ph_eq_symmetry_free(&sym);
    free(owned);
    return PH_OK;
}
