/* Range weights as the equity engines multiply and sum them. A holding combination's weight is the product
 * of one weight per player and the tallies sum those products over millions of deals, so weights near the
 * float limits overflow (1e308 + 1e308 = inf, then inf / inf = nan) or underflow (1e-170 * 1e-170 = 0: "no
 * deal is possible"). Every answer is a ratio of weighted sums, unchanged when one player's weights are all
 * multiplied by the same constant; so a player whose largest weight lies outside [2^-64, 2^64) gets all of
 * its weights multiplied by the power of two that brings the largest into [1, 2). A power of two changes no
 * significand, so the scaled weights keep their exact ratios; in the band, weights are used as given (raw
 * tallies unchanged) and ten players' products and their sums over every deal stay far from the limits. */
#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "equity_internal.h"

#define BAND_EXPONENT 64

#if PH_EQUITY_MAX_PLAYERS > 10
#error "the band assumes at most ten players: 2^640 times every deal stays below DBL_MAX"
#endif

int ph_eq_weight_shift(double largest) {
    int exponent; /* largest = m * 2^exponent, m in [0.5, 1) */
    frexp(largest, &exponent);
    if (largest > 0 && (exponent > BAND_EXPONENT || exponent - 1 < -BAND_EXPONENT))
        return 1 - exponent;
    return 0;
}

int ph_eq_safe_weights(const ph_equity_game *game, ph_equity_game *safe, double **owned) {
    *safe = *game;
    *owned = NULL;
    if (!game->holding_weight)
        return PH_OK;
    int shift[PH_EQUITY_MAX_PLAYERS] = {0}, scaled = 0;
    for (size_t p = 0; p < game->players; p++) {
        double largest = 0;
        for (size_t j = game->holding_offset[p]; j < game->holding_offset[p + 1]; j++)
            largest = game->holding_weight[j] > largest ? game->holding_weight[j] : largest;
        shift[p] = ph_eq_weight_shift(largest);
        scaled |= shift[p] != 0;
    }
    if (!scaled)
        return PH_OK;
    size_t total = game->holding_offset[game->players];
    double *weights = malloc((total ? total : 1) * sizeof *weights);
    if (!weights)
        return PH_E_NOMEM;
    for (size_t p = 0; p < game->players; p++)
        for (size_t j = game->holding_offset[p]; j < game->holding_offset[p + 1]; j++) {
            double raw = game->holding_weight[j];
            weights[j] = ldexp(raw, shift[p]);
            /* A weight 2^1075 times below its player's largest would vanish; it still takes part, as its
             * positive weight promised when the spot was checked. */
            if (raw > 0 && weights[j] == 0)
                weights[j] = DBL_TRUE_MIN;
        }
    safe->holding_weight = weights;
    *owned = weights;
    return PH_OK;
}
