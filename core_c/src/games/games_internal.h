/* The other games' evaluator: one code path for every table set (common/game_tables.h). Private. */
#ifndef PH_GAMES_INTERNAL_H
#define PH_GAMES_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "pokerhash.h"
#include "../common/game_tables.h"

/* The table set of a game id (PH_GAME_SHORTDECK ..), or NULL (also for PH_GAME_HOLDEM: not a table set). */
const ph_game_def *ph_game_def_of(int game);

/* The rare paths, out of line: sizes without a dense block, and a suited five where a flush hurts. */
unsigned ph_game_value_slow(const ph_game_def *g, uint64_t key, uint64_t bits, size_t k);

/* Value of k = 5..9 valid, distinct cards of the deck from PH_GAME_SUIT_BIAS plus the sum of their keys, and
 * the OR of their bits. */
static inline unsigned ph_game_value(const ph_game_def *g, uint64_t key, uint64_t bits, size_t k) {
    uint64_t flush = key & PH_GAME_FLUSH_BITS;
    if (!PH_GAME_DENSE(k) || (flush && g->flush_mode == PH_GAME_FLUSH_HURTS))
        return ph_game_value_slow(g, key, bits, k);
    unsigned code = ph_game_code(g, key, k);
    if (flush && g->flush_mode == PH_GAME_FLUSH_HELPS) { /* nine cards hold at most one suit of five */
        unsigned suit = (unsigned)__builtin_ctzll(flush >> PH_GAME_SUIT_SHIFT) >> 2;
        unsigned suited = g->flush[(bits >> (16 * suit)) & 0x1fffu];
        code = suited < code ? suited : code; /* flush values read as they stand, better than any remapped code */
    }
    return ph_game_read(g, code);
}

/* Sums a hand's keys (with the bias) and bits: PH_OK, PH_E_CARD (an id outside 0..51 or the deck) or
 * PH_E_DUPLICATE (a repeated card carries into its neighbour bit, so the sum of the bits leaves their OR). */
static inline int ph_game_sum(const ph_game_def *g, const uint8_t *cards, size_t n, uint64_t *key, uint64_t *bits) {
    uint64_t sum = PH_GAME_SUIT_BIAS, any = 0, total = 0;
    unsigned bad_id = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned c = cards[i];
        bad_id |= c >= 52u;
        c = c < 52u ? c : 0u;
        sum += g->keys[c];
        any |= g->bits[c];
        total += g->bits[c];
    }
    if (bad_id || (any & PH_GAME_POISON))
        return PH_E_CARD;
    if (total != any)
        return PH_E_DUPLICATE;
    *key = sum;
    *bits = any;
    return PH_OK;
}

/* Distinct low digits (A..8 in ace-to-five order) among valid cards, as an 8-bit mask: the Omaha low table's index. */
static inline unsigned ph_game_low_mask(const ph_game_def *g, const uint8_t *cards, size_t n) {
    unsigned mask = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned digit = (unsigned)__builtin_ctzll(g->bits[cards[i]]) & 15;
        mask |= (digit < PH_GAME_LOW_DIGITS) << digit;
    }
    return mask & 0xffu;
}

/* Best qualifying low of two hole and three board cards from their low masks (ph_game_low_mask), g->omaha_low
 * set: 1..qualifier, or qualifier + 1 for none. */
static inline unsigned ph_game_omaha_low(const ph_game_def *g, unsigned hole_mask, unsigned board_mask) {
    const unsigned low = (1u << PH_GAME_LOW_SPLIT) - 1u, high = PH_GAME_LOW_DIGITS - PH_GAME_LOW_SPLIT;
    unsigned row = g->omaha_low[(hole_mask & low) << PH_GAME_LOW_SPLIT | (board_mask & low)];
    return g->omaha_low_values[row << 2 * high | (hole_mask >> PH_GAME_LOW_SPLIT) << high |
                               board_mask >> PH_GAME_LOW_SPLIT];
}

/* Value of the best two of the hole and three of the board (valid, distinct cards of the deck). */
unsigned ph_game_omaha_value(const ph_game_def *g, const uint8_t *hole, size_t hole_len, const uint8_t *board,
                             size_t board_len);

#endif
