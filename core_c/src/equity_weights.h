/* Range weights made safe to multiply and sum (equity_weights.c), for the hold'em and the other games'
 * engines. Private. */
#ifndef PH_EQUITY_WEIGHTS_H
#define PH_EQUITY_WEIGHTS_H

#include "pokerhash.h"

/* *safe = *game, with holding_weight replaced by a scaled copy (*owned, for the caller to free; NULL when the
 * weights are used as given) when a player's weights lie far from 1: ratios kept exactly, no overflow or
 * underflow in the tallies. For a checked game (weights finite, >= 0); PH_OK or PH_E_NOMEM. */
int ph_eq_safe_weights(const ph_equity_game *game, ph_equity_game *safe, double **owned);

/* The power of two by which ph_eq_safe_weights multiplies the weights of a player whose largest weight is
 * `largest` (0 inside the band where weights are used as given). */
int ph_eq_weight_shift(double largest);

#endif
