/* Monte Carlo equity with a counter-based generator: sample i is a function of (seed, i) alone, so the
 * samples of any split of [first, first + count) across calls or threads are the same samples. */
#include <stdlib.h>

#include "pokerhash.h"
#include "../eval/eval_internal.h"
#include "equity_internal.h"
#include "../omaha/omaha_internal.h"

#define MAX_REDRAWS 1000000u
#define GOLDEN UINT64_C(0x9E3779B97F4A7C15)

/* splitmix64's finaliser: a bijective mix of all 64 bits. */
static uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

typedef struct stream {
    uint64_t state;
} stream;

static uint64_t draw(stream *s) {
    s->state += GOLDEN;
    return mix(s->state);
}

/* Uniform in 0..n-1 (n < 2^32) by multiplying the top 32 bits: bias below n / 2^32. */
static uint32_t below(stream *s, uint32_t n) {
    return (uint32_t)(((draw(s) >> 32) * (uint64_t)n) >> 32);
}

typedef struct sampler {
    const ph_equity_game *game;
    const double *cumulative; /* per holding: running weight sum within its player; NULL when unweighted */
    const uint16_t *omaha_best;
} sampler;

/* A holding of player p, by weight. */
static size_t pick_holding(const sampler *sm, size_t p, stream *s) {
    const ph_equity_game *game = sm->game;
    size_t first = game->holding_offset[p], n = game->holding_offset[p + 1] - first;
    if (!sm->cumulative)
        return first + below(s, (uint32_t)n);
    const double *cum = sm->cumulative + first;
    double u = (double)(draw(s) >> 11) * 0x1.0p-53 * cum[n - 1];
    size_t lo = 0, hi = n - 1; /* first index with cum > u: it exists since u < cum[n-1] */
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (cum[mid] > u)
            hi = mid;
        else
            lo = mid + 1;
    }
    return first + lo;
}

static unsigned omaha_value(const sampler *sm, const uint8_t *hole, size_t hole_len, const unsigned *triples,
                            const unsigned *board_suit) {
    uint8_t ranks[PH_EQ_MAX_HOLE];
    unsigned hole_suit[4] = {0};
    for (size_t i = 0; i < hole_len; i++) {
        ranks[i] = (uint8_t)(hole[i] >> 2);
        hole_suit[hole[i] & 3] |= 1u << (hole[i] >> 2);
    }
    uint32_t rows[PH_OMAHA_MAX_ROWS];
    unsigned row_count = ph_omaha_hole_rows(ranks, hole_len, rows);
    unsigned value = ph_omaha_plain(sm->omaha_best, rows, row_count, triples, 10);
    for (unsigned suit = 0; suit < 4; suit++) {
        unsigned flush = ph_omaha_flush(hole_suit[suit], board_suit[suit]);
        if (flush < value)
            value = flush;
    }
    return value;
}

/* One deal: holdings by weight (redrawn whole while they collide), then the board. 0 or PH_E_ARGUMENT. */
static int deal_and_value(const sampler *sm, stream *s, uint64_t fixed, unsigned *values) {
    const ph_equity_game *game = sm->game;
    size_t players = game->players, hole = game->hole_size;
    const uint8_t *holes[PH_EQUITY_MAX_PLAYERS];
    uint64_t taken = 0;
    for (unsigned attempt = 0;; attempt++) {
        if (attempt == MAX_REDRAWS)
            return PH_E_ARGUMENT;
        taken = fixed;
        int clash = 0;
        for (size_t p = 0; p < players && !clash; p++) {
            holes[p] = game->holdings + pick_holding(sm, p, s) * hole;
            uint64_t mask = ph_card_mask(holes[p], hole);
            clash = (mask & taken) != 0;
            taken |= mask;
        }
        if (!clash)
            break;
    }
    uint8_t board[5], deck[PH_DECK_SIZE];
    size_t left = 0;
    for (unsigned card = 0; card < PH_DECK_SIZE; card++)
        if (!(taken >> card & 1))
            deck[left++] = (uint8_t)card;
    for (size_t i = 0; i < game->board_len; i++)
        board[i] = game->board[i];
    for (size_t i = game->board_len; i < 5; i++) { /* partial Fisher-Yates */
        uint32_t j = below(s, (uint32_t)left);
        board[i] = deck[j];
        deck[j] = deck[--left];
    }
    if (hole == 2) {
        uint64_t key = PH_SUIT_BIAS, bits = 0;
        for (unsigned i = 0; i < 5; i++) {
            key += ph_card_keys[board[i]];
            bits |= ph_card_bits[board[i]];
        }
        for (size_t p = 0; p < players; p++)
            values[p] = ph_value_of(key + ph_card_keys[holes[p][0]] + ph_card_keys[holes[p][1]],
                                    bits | ph_card_bits[holes[p][0]] | ph_card_bits[holes[p][1]], 7);
        return PH_OK;
    }
    uint8_t ranks[5];
    unsigned board_suit[4] = {0}, triples[10];
    for (unsigned i = 0; i < 5; i++) {
        unsigned j = i;
        for (; j > 0 && ranks[j - 1] > (board[i] >> 2); j--)
            ranks[j] = ranks[j - 1];
        ranks[j] = (uint8_t)(board[i] >> 2);
        board_suit[board[i] & 3] |= 1u << (board[i] >> 2);
    }
    ph_omaha_board_triples(ranks, 5, triples);
    for (size_t p = 0; p < players; p++)
        values[p] = omaha_value(sm, holes[p], hole, triples, board_suit);
    return PH_OK;
}

int ph_equity_sample(const ph_equity_game *game, uint64_t seed, uint64_t first, uint64_t count,
                     ph_equity_tally *tally) {
    int status = ph_equity_check(game, NULL, 0);
    if (status != PH_OK)
        return status;
    sampler sm = {game, NULL, NULL};
    if (game->hole_size != 2 && !(sm.omaha_best = ph_omaha_rank_table()))
        return PH_E_NOMEM;
    double *cumulative = NULL;
    size_t players = game->players;
    if (game->holding_weight) {
        ph_equity_game safe; /* sums of weights near DBL_MAX would be inf, and every draw would go wrong */
        double *owned;
        if ((status = ph_eq_safe_weights(game, &safe, &owned)) != PH_OK)
            return status;
        size_t total = game->holding_offset[players];
        cumulative = malloc(total * sizeof *cumulative);
        if (!cumulative) {
            free(owned);
            return PH_E_NOMEM;
        }
        for (size_t p = 0; p < players; p++) {
            double sum = 0;
            for (size_t j = game->holding_offset[p]; j < game->holding_offset[p + 1]; j++)
                cumulative[j] = sum += safe.holding_weight[j];
        }
        free(owned);
        sm.cumulative = cumulative;
    }
    uint64_t fixed = ph_card_mask(game->board, game->board_len) | ph_card_mask(game->dead, game->dead_len);
    uint64_t seed_mix = mix(seed);
    ph_eq_counts counts = {0};
    for (uint64_t i = first; i - first < count; i++) {
        stream s = {mix(seed_mix ^ mix(i + GOLDEN))};
        unsigned values[PH_EQUITY_MAX_PLAYERS];
        status = deal_and_value(&sm, &s, fixed, values);
        if (status != PH_OK)
            break;
        counts.deals++;
        ph_eq_score(&counts, values, players, 1);
        unsigned best = values[0], winners = 0;
        for (size_t p = 1; p < players; p++)
            best = values[p] < best ? values[p] : best;
        for (size_t p = 0; p < players; p++)
            winners += values[p] == best;
        for (size_t p = 0; p < players; p++) {
            double share = values[p] == best ? 1.0 / winners : 0.0;
            tally->weighted_share[p] += share;
            tally->sum_sq[p] += share * share;
        }
    }
    free(cumulative);
    tally->deals += counts.deals;
    tally->weight += (double)counts.deals;
    for (size_t p = 0; p < players; p++) {
        tally->win[p] += counts.win[p];
        tally->tie[p] += counts.tie[p];
        tally->lose[p] += counts.lose[p];
        tally->share[p] += counts.share[p];
        tally->weighted_win[p] += (double)counts.win[p];
        tally->weighted_tie[p] += (double)counts.tie[p];
    }
    return status;
}
