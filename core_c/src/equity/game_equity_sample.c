/* The other games' Monte Carlo equity. Sample i draws from a generator seeded by (seed, i) alone, so any
 * split of a run into calls, chunks or threads deals the same samples. */
#include <stdlib.h>

#include "pokerhash.h"
#include "equity_internal.h"

#define MAX_REDRAWS 1000000u
#define STEP UINT64_C(0x9E3779B97F4A7C15) /* 2^64 / golden ratio: the stream's increment */

/* A bijective 64-bit mixer (the splitmix64 finaliser's shifts and multipliers). */
static uint64_t mix64(uint64_t z) {
    z ^= z >> 30;
    z *= UINT64_C(0xBF58476D1CE4E5B9);
    z ^= z >> 27;
    z *= UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

typedef struct rng {
    uint64_t state;
} rng;

static uint64_t next64(rng *r) {
    r->state += STEP;
    return mix64(r->state);
}

/* Uniform 0..n-1 for n < 2^32 (top 32 bits scaled: bias below n / 2^32). */
static uint32_t below(rng *r, uint32_t n) {
    return (uint32_t)(((next64(r) >> 32) * n) >> 32);
}

/* Uniform in [0, 1) with 53 random bits. */
static double unit(rng *r) {
    return (double)(next64(r) >> 11) * (1.0 / 9007199254740992.0);
}

typedef struct sampler {
    const ph_equity_game *spot;
    const ph_ge_games *games;
    const double *cumulative; /* running weight per holding within its player; NULL when unweighted */
} sampler;

static size_t pick_holding(const sampler *s, size_t p, rng *r) {
    size_t first = s->spot->holding_offset[p], n = s->spot->holding_offset[p + 1] - first;
    if (!s->cumulative)
        return first + below(r, (uint32_t)n);
    double target = unit(r) * s->cumulative[first + n - 1];
    size_t lo = 0, hi = n - 1; /* the first holding whose running weight passes the target */
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (s->cumulative[first + mid] > target)
            hi = mid;
        else
            lo = mid + 1;
    }
    return first + lo;
}

/* Deals sample i's holdings and board into holes/board. PH_OK or PH_E_ARGUMENT (no clash-free deal found). */
static int deal(const sampler *s, rng *r, uint64_t fixed, const uint8_t **holes, uint8_t *board) {
    const ph_equity_game *spot = s->spot;
    size_t players = spot->players, hole = spot->hole_size;
    uint64_t taken = fixed;
    for (unsigned attempt = 0;; attempt++) {
        if (attempt == MAX_REDRAWS)
            return PH_E_ARGUMENT;
        int clash = 0;
        taken = fixed;
        for (size_t p = 0; p < players && !clash; p++) {
            holes[p] = spot->holdings + pick_holding(s, p, r) * hole;
            uint64_t mask = ph_card_mask(holes[p], hole);
            clash = (mask & taken) != 0;
            taken |= mask;
        }
        if (!clash)
            break;
    }
    uint8_t left[PH_DECK_SIZE];
    uint32_t size = 0;
    uint64_t deck = s->games->deck & ~taken;
    for (unsigned c = 0; c < PH_DECK_SIZE; c++)
        if (deck >> c & 1)
            left[size++] = (uint8_t)c;
    size_t known = spot->board_len < 5 ? spot->board_len : 5; /* checked: 0, 3, 4 or 5 */
    for (size_t i = 0; i < known; i++)
        board[i] = spot->board[i];
    for (size_t i = known; i < 5; i++) { /* partial Fisher-Yates */
        uint32_t j = below(r, size);
        board[i] = left[j];
        left[j] = left[--size];
    }
    return PH_OK;
}

/* Running sums of the weights made safe (equity_weights.c): sums near DBL_MAX would be inf. NULL when out of
 * memory. */
static double *cumulative_weights(const ph_equity_game *spot) {
    ph_equity_game safe;
    double *owned;
    if (ph_eq_safe_weights(spot, &safe, &owned) != PH_OK)
        return NULL;
    size_t total = spot->holding_offset[spot->players];
    double *cumulative = malloc((total ? total : 1) * sizeof *cumulative);
    for (size_t p = 0; cumulative && p < spot->players; p++) {
        double sum = 0;
        for (size_t j = spot->holding_offset[p]; j < spot->holding_offset[p + 1]; j++)
            cumulative[j] = sum += safe.holding_weight[j];
    }
    free(owned);
    return cumulative;
}

int ph_game_equity_sample(int high, int low, const ph_equity_game *spot, uint64_t seed, uint64_t first,
                          uint64_t count, ph_game_tally *tally) {
    ph_ge_games games;
    int status = ph_ge_resolve(high, low, spot, &games, NULL, 0);
    if (status != PH_OK)
        return status;
    sampler s = {spot, &games, NULL};
    double *cumulative = NULL;
    if (spot->holding_weight && !(s.cumulative = cumulative = cumulative_weights(spot)))
        return PH_E_NOMEM;
    uint64_t fixed = ph_card_mask(spot->board, spot->board_len) | ph_card_mask(spot->dead, spot->dead_len);
    uint64_t seed_key = mix64(seed ^ UINT64_C(0x6a09e667f3bcc909)); /* distinct from the hold'em engine's streams */
    size_t players = spot->players;
    ph_ge_counts counts = {0};
    for (uint64_t i = first; i - first < count; i++) {
        rng r = {mix64(seed_key + mix64(i))};
        const uint8_t *holes[PH_GE_MAX_PLAYERS];
        uint8_t board[5];
        if ((status = deal(&s, &r, fixed, holes, board)) != PH_OK)
            break;
        unsigned high_values[PH_GE_MAX_PLAYERS] = {0}, low_values[PH_GE_MAX_PLAYERS] = {0};
        uint32_t shares[PH_GE_MAX_PLAYERS];
        for (size_t p = 0; p < players; p++) {
            high_values[p] = ph_ge_value(games.high_def, games.omaha, holes[p], spot->hole_size, board);
            if (low)
                low_values[p] = ph_ge_value(games.low_def, games.omaha, holes[p], spot->hole_size, board);
        }
        uint64_t high_before[PH_GE_MAX_PLAYERS];
        for (size_t p = 0; p < players; p++)
            high_before[p] = counts.high_share[p];
        ph_ge_score(&counts, &games, high_values, low ? low_values : NULL, players, shares);
        for (size_t p = 0; p < players; p++) {
            double share = (double)shares[p] / PH_GAME_POT;
            tally->weighted_share[p] += share;
            tally->weighted_high_share[p] += (double)(counts.high_share[p] - high_before[p]) / PH_GAME_POT;
            tally->sum_sq[p] += share * share;
        }
    }
    free(cumulative);
    tally->deals += counts.deals;
    tally->low_deals += counts.low_deals;
    tally->weight += (double)counts.deals;
    for (size_t p = 0; p < players; p++) {
        tally->win[p] += counts.win[p];
        tally->tie[p] += counts.tie[p];
        tally->lose[p] += counts.lose[p];
        tally->share[p] += counts.share[p];
        tally->high_share[p] += counts.high_share[p];
        tally->weighted_win[p] += (double)counts.win[p];
        tally->weighted_tie[p] += (double)counts.tie[p];
    }
    return status;
}
