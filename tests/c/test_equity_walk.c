/* The exact engines' walk over holding combinations (ph_eq_walk, equity_exact.c) against the plain loop it
 * replaced, on ranges over a few ranks where most combinations share a card: every range [start, start +
 * count) of the units yields exactly the clash-free units, in order, with their digits, masks and holdings,
 * in at most one visit per unit. And the cost model's count of the walk's visits (ph_eq_cost_parts) is the
 * walk's own when it walks the spot whole, and near it when it samples. Run by tests/test_equity_walk_c.py:
 *
 *   cc -O2 -std=c11 (all core sources) test_equity_walk.c -lm && ./a.out
 *
 * Prints its counts and exits 1 if anything differs. */
#include <stdio.h>
#include <string.h>

#include "pokerhash.h"
#include "../../core_c/src/equity/equity_internal.h"
#include "check.h"

#define MAX_HOLDINGS 200

static uint64_t rng_state = UINT64_C(0x2545F4914F6CDD1D);
static uint64_t rnd(void) { /* xorshift64* */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * UINT64_C(2685821657736338717);
}

typedef struct spot {
    ph_equity_game game;
    uint8_t holdings[MAX_HOLDINGS * 4], board[5];
    size_t offset[PH_EQUITY_MAX_PLAYERS + 1];
} spot;

/* Players with 1..`most` random holdings of `hole` cards drawn from the top `ranks` ranks (heavy overlap),
 * a board of board_len cards from anywhere (some of them clash too). */
static void random_spot(spot *s, size_t players, size_t hole, size_t most, unsigned ranks, size_t board_len) {
    memset(s, 0, sizeof *s);
    uint64_t used = 0;
    for (size_t i = 0; i < board_len; i++) {
        unsigned c;
        do
            c = (unsigned)(rnd() % 52);
        while (used >> c & 1);
        used |= UINT64_C(1) << c;
        s->board[i] = (uint8_t)c;
    }
    size_t at = 0;
    for (size_t p = 0; p < players; p++) {
        s->offset[p] = at;
        for (size_t j = 1 + rnd() % most; j > 0; j--, at++) {
            uint64_t mine = 0;
            for (size_t i = 0; i < hole; i++) {
                unsigned c;
                do
                    c = (unsigned)(12 - rnd() % ranks) * 4 + (unsigned)(rnd() % 4);
                while (mine >> c & 1);
                mine |= UINT64_C(1) << c;
                s->holdings[at * hole + i] = (uint8_t)c;
            }
        }
    }
    s->offset[players] = at;
    s->game = (ph_equity_game){players, hole, s->holdings, s->offset, NULL, s->board, board_len, NULL, 0};
}

static uint64_t fixed_cards(const ph_equity_game *g) {
    return ph_card_mask(g->board, g->board_len);
}

/* Unit u the plain way: its digits, each player's holding, and whether any two (or board cards) clash. */
static int plain_unit(const ph_equity_game *g, uint64_t u, size_t *digit, uint64_t *taken) {
    int clash = 0;
    *taken = fixed_cards(g);
    for (size_t p = 0; p < g->players; p++) {
        size_t size = g->holding_offset[p + 1] - g->holding_offset[p];
        digit[p] = (size_t)(u % size);
        u /= size;
        uint64_t mask = ph_card_mask(g->holdings + (g->holding_offset[p] + digit[p]) * g->hole_size, g->hole_size);
        clash |= (mask & *taken) != 0;
        *taken |= mask;
    }
    return clash;
}

/* The walk over [start, start + count) against the plain loop; returns the walk's visits. */
static uint64_t check_range(const ph_equity_game *g, uint64_t start, uint64_t count, const char *what) {
    ph_eq_walk walk;
    ph_eq_walk_init(&walk, g, fixed_cards(g), start, count);
    uint64_t clear = 0;
    int walking = ph_eq_walk_next(&walk);
    for (uint64_t u = start; u < start + count; u++) {
        size_t digit[PH_EQUITY_MAX_PLAYERS];
        uint64_t taken;
        if (plain_unit(g, u, digit, &taken))
            continue;
        clear++;
        CHECK(walking && walk.unit == u, "%s: clash-free unit %llu, the walk is at %llu", what,
              (unsigned long long)u, walking ? (unsigned long long)walk.unit : 0ULL);
        if (!walking || walk.unit != u)
            return walk.visits;
        CHECK(memcmp(walk.digit, digit, g->players * sizeof *digit) == 0, "%s: digits of unit %llu", what,
              (unsigned long long)u);
        CHECK((walk.above[0] | walk.mask[0]) == taken, "%s: cards of unit %llu", what, (unsigned long long)u);
        for (size_t p = 0; p < g->players; p++)
            CHECK(walk.holes[p] == g->holdings + (g->holding_offset[p] + digit[p]) * g->hole_size &&
                      walk.mask[p] == ph_card_mask(walk.holes[p], g->hole_size),
                  "%s: player %zu of unit %llu", what, p, (unsigned long long)u);
        walking = ph_eq_walk_next(&walk);
    }
    CHECK(!walking, "%s: the walk goes past the range, to %llu", what, (unsigned long long)walk.unit);
    CHECK(!ph_eq_walk_next(&walk), "%s: the walk starts again after its end", what);
    CHECK(walk.visits >= clear && walk.visits <= count, "%s: %llu visits for %llu clash-free of %llu units", what,
          (unsigned long long)walk.visits, (unsigned long long)clear, (unsigned long long)count);
    return walk.visits;
}

static void test_walk(void) {
    static spot s;
    uint64_t ranges = 0, units_seen = 0, visits_seen = 0;
    for (int i = 0; i < 400; i++) {
        size_t players = 2 + (size_t)(i % 5), hole = i % 4 == 3 ? 4 : 2;
        random_spot(&s, players, hole, players > 4 ? 5 : 8, 2 + (unsigned)(i % 3), (size_t[]){0, 3, 4, 5}[i % 4]);
        uint64_t units;
        if (ph_equity_exact_units(&s.game, &units) != PH_OK)
            continue; /* a player left without a holding */
        char what[64];
        snprintf(what, sizeof what, "spot %d (%zu players, %llu units)", i, players, (unsigned long long)units);
        units_seen += units;
        visits_seen += check_range(&s.game, 0, units, what);
        ranges++;
        for (int k = 0; k < 8; k++, ranges++) {
            uint64_t start = rnd() % units, count = k % 2 ? 1 + rnd() % (units - start) : (units - start) / (1 + k);
            check_range(&s.game, start, count, what);
        }
        check_range(&s.game, units, 0, what);
    }
    printf("walk vs plain loop: %llu ranges; whole spots %llu units in %llu visits\n", (unsigned long long)ranges,
           (unsigned long long)units_seen, (unsigned long long)visits_seen);
}

/* Players 0..players-1 each with every pair of the ranks top, top - 1, .. (`ranks` of them): "AA,KK,..". */
static void pairs_spot(spot *s, size_t players, unsigned ranks, const char *board) {
    memset(s, 0, sizeof *s);
    size_t at = 0;
    for (size_t p = 0; p < players; p++) {
        s->offset[p] = at;
        for (unsigned r = 0; r < ranks; r++)
            for (unsigned a = 0; a < 4; a++)
                for (unsigned b = a + 1; b < 4; b++, at++) {
                    s->holdings[2 * at] = (uint8_t)((12 - r) * 4 + a);
                    s->holdings[2 * at + 1] = (uint8_t)((12 - r) * 4 + b);
                }
    }
    s->offset[players] = at;
    size_t board_len = strlen(board) / 2;
    for (size_t i = 0; i < board_len; i++)
        s->board[i] = (uint8_t)ph_card_parse(board + 2 * i, 2);
    s->game = (ph_equity_game){players, 2, s->holdings, s->offset, NULL, s->board, board_len, NULL, 0};
}

static void test_cost_visits(void) {
    static spot s;
    static const struct {
        size_t players;
        unsigned ranks;
        const char *board;
    } spots[] = {{4, 2, "2c7d9h"}, {5, 3, ""}, {6, 3, ""}, {7, 3, ""}, {6, 4, "2c7d9h"}, {7, 4, ""}, {9, 4, ""},
                 {10, 4, ""}};
    for (size_t i = 0; i < sizeof spots / sizeof spots[0]; i++) {
        pairs_spot(&s, spots[i].players, spots[i].ranks, spots[i].board);
        uint64_t units;
        CHECK(ph_equity_exact_units(&s.game, &units) == PH_OK, "pairs spot %zu", i);
        ph_eq_walk walk;
        ph_eq_walk_init(&walk, &s.game, fixed_cards(&s.game), 0, units);
        uint64_t clear = 0;
        while (ph_eq_walk_next(&walk))
            clear++;
        double parts[PH_EQ_COST_PARTS];
        CHECK(ph_eq_cost_parts(&s.game, parts) == PH_OK, "pairs spot %zu: cost parts", i);
        double visits = (double)walk.visits, ratio = parts[PH_EQ_COST_UNITS] / visits;
        if (walk.visits <= 2048) /* walked whole: the count is exact */
            CHECK(parts[PH_EQ_COST_UNITS] == visits, "pairs spot %zu: %g visits counted, %g walked", i,
                  parts[PH_EQ_COST_UNITS], visits);
        CHECK(ratio > 1 / 1.5 && ratio < 1.5, "pairs spot %zu: %g visits estimated, %g walked", i,
              parts[PH_EQ_COST_UNITS], visits);
        printf("%zu x %u pairs%s%s: %llu units, %llu clash-free, %llu visits, %.4g estimated\n", spots[i].players,
               spots[i].ranks, *spots[i].board ? " on " : "", spots[i].board, (unsigned long long)units,
               (unsigned long long)clear, (unsigned long long)walk.visits, parts[PH_EQ_COST_UNITS]);
    }
}

int main(void) {
    test_walk();
    test_cost_visits();
    printf("%s: %d failure(s) of %d checks\n", failures ? "FAILED" : "OK", failures, checks);
    return failures ? 1 : 0;
}
