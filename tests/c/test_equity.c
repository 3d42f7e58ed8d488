/* Tests of the state machine, Omaha evaluation and the equity engine against brute force built only on
 * ph_evaluate. Run by tests/test_equity_c.py:  cc -O2 -std=c11 (all core sources) test_equity.c -lm
 *
 *   test_equity [section]    sections: sm, omaha, exact, mc, split, bad (default: all)
 *
 * Prints one line per check group and exits 1 if anything failed. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pokerhash.h"

static int failures;

#define CHECK(cond, ...)                                                                                    \
    do {                                                                                                    \
        if (!(cond)) {                                                                                      \
            failures++;                                                                                     \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                                     \
            printf(__VA_ARGS__);                                                                            \
            printf("\n");                                                                                   \
        }                                                                                                   \
    } while (0)

/* xorshift64*: the tests' own generator, unrelated to the sampler's. */
static uint64_t rng_state = UINT64_C(0x2545F4914F6CDD1D);
static uint64_t rnd(void) {
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * UINT64_C(2685821657736338717);
}

static int card(const char *text) {
    return ph_card_parse(text, strlen(text));
}

/* Fills out[0..n-1] with distinct cards outside `used` (updated); suits limited to the first `suits`. */
static void random_cards(uint8_t *out, size_t n, uint64_t *used, unsigned suits) {
    for (size_t i = 0; i < n; i++) {
        unsigned c;
        do
            c = (unsigned)(rnd() % 13) * 4 + (unsigned)(rnd() % suits);
        while (*used >> c & 1);
        *used |= UINT64_C(1) << c;
        out[i] = (uint8_t)c;
    }
}

/* ---- state machine ------------------------------------------------------------------------------ */

static void test_state_machine(void) {
    CHECK(ph_sm_init() == PH_OK, "ph_sm_init");
    printf("state machine table: %zu bytes\n", ph_sm_table_bytes());
    CHECK(ph_sm_table_bytes() <= 64u << 20, "table larger than 64 MB");
    static uint64_t ours[PH_WORST_VALUE + 1], core[PH_WORST_VALUE + 1];
    for (size_t k = 5; k <= 7; k++) {
        memset(ours, 0, sizeof ours);
        memset(core, 0, sizeof core);
        uint64_t all;
        ph_binomial(PH_DECK_SIZE, (unsigned)k, &all);
        CHECK(ph_sm_value_histogram(k, ours) == PH_OK, "histogram k=%zu", k);
        ph_value_histogram(k, 0, all, core);
        uint64_t total = 0;
        for (int v = 0; v <= PH_WORST_VALUE; v++)
            total += ours[v];
        CHECK(memcmp(ours, core, sizeof ours) == 0, "histogram k=%zu differs from ph_value_histogram", k);
        CHECK(total == all, "histogram k=%zu counts %llu hands", k, (unsigned long long)total);
        printf("sm histogram k=%zu: %llu hands, equal to the core's\n", k, (unsigned long long)total);
    }
    /* Every 7-card hand, stepped card by card, against ph_evaluate; 5- and 6-card prefixes too. */
    uint64_t checked = 0, wrong = 0, prefix_wrong = 0;
    uint8_t h[7];
    uint32_t s[8];
    s[0] = ph_sm_start();
    for (h[0] = 0; h[0] < 46; h[0]++) {
        s[1] = ph_sm_next(s[0], h[0]);
        for (h[1] = h[0] + 1; h[1] < 47; h[1]++) {
            s[2] = ph_sm_next(s[1], h[1]);
            for (h[2] = h[1] + 1; h[2] < 48; h[2]++) {
                s[3] = ph_sm_next(s[2], h[2]);
                for (h[3] = h[2] + 1; h[3] < 49; h[3]++) {
                    s[4] = ph_sm_next(s[3], h[3]);
                    for (h[4] = h[3] + 1; h[4] < 50; h[4]++) {
                        s[5] = ph_sm_next(s[4], h[4]);
                        prefix_wrong += ph_sm_value(s[5]) != ph_evaluate(h, 5);
                        for (h[5] = h[4] + 1; h[5] < 51; h[5]++) {
                            s[6] = ph_sm_next(s[5], h[5]);
                            prefix_wrong += ph_sm_value(s[6]) != ph_evaluate(h, 6);
                            for (h[6] = h[5] + 1; h[6] < 52; h[6]++) {
                                s[7] = ph_sm_next(s[6], h[6]);
                                wrong += ph_sm_value(s[7]) != ph_evaluate(h, 7);
                                checked++;
                            }
                        }
                    }
                }
            }
        }
    }
    CHECK(checked == UINT64_C(133784560), "checked %llu hands", (unsigned long long)checked);
    CHECK(wrong == 0 && prefix_wrong == 0, "%llu 7-card and %llu 5/6-card values differ", (unsigned long long)wrong,
          (unsigned long long)prefix_wrong);
    printf("sm every value: %llu 7-card hands stepped, %llu wrong; 5/6-card prefixes %llu wrong\n",
           (unsigned long long)checked, (unsigned long long)wrong, (unsigned long long)prefix_wrong);
    /* Any card order reaches the same value; detectable repeats give 0. */
    uint64_t order_wrong = 0;
    for (int n = 0; n < 200000; n++) {
        uint64_t used = 0;
        random_cards(h, 7, &used, 4);
        uint32_t st = ph_sm_start();
        for (int i = 0; i < 7; i++)
            st = ph_sm_next(st, h[i]);
        order_wrong += ph_sm_value(st) != ph_evaluate(h, 7);
    }
    CHECK(order_wrong == 0, "%llu random-order hands differ", (unsigned long long)order_wrong);
    uint32_t st = ph_sm_next(ph_sm_start(), (unsigned)card("As"));
    CHECK(ph_sm_next(st, (unsigned)card("As")) == 0, "As twice not rejected");
    CHECK(ph_sm_value(st) == 0, "1-card state has a value");
    uint64_t dummy[PH_WORST_VALUE + 1];
    CHECK(ph_sm_value_histogram(4, dummy) == PH_E_COUNT && ph_sm_value_histogram(8, dummy) == PH_E_COUNT, "bad k");
}

/* ---- Omaha ---------------------------------------------------------------------------------------- */

static int omaha_oracle(const uint8_t *hole, size_t hl, const uint8_t *board, size_t bl) {
    int best = 99999;
    uint8_t five[5];
    for (size_t i = 0; i < hl; i++)
        for (size_t j = i + 1; j < hl; j++)
            for (size_t x = 0; x < bl; x++)
                for (size_t y = x + 1; y < bl; y++)
                    for (size_t z = y + 1; z < bl; z++) {
                        five[0] = hole[i], five[1] = hole[j], five[2] = board[x], five[3] = board[y], five[4] = board[z];
                        int v = ph_evaluate(five, 5);
                        if (v < best)
                            best = v;
                    }
    return best;
}

static void test_omaha(long per_size) {
    for (size_t hl = 4; hl <= 6; hl++) {
        long bad = 0, n = 0;
        for (size_t bl = 3; bl <= 5; bl++) {
            long rounds = bl == 5 ? per_size : per_size / 4;
            for (long i = 0; i < rounds; i++, n++) {
                uint8_t hole[6], board[5];
                uint64_t used = 0;
                unsigned suits = (i & 1) ? 4 : 2; /* half the hands from two suits: many flushes */
                random_cards(hole, hl, &used, suits);
                random_cards(board, bl, &used, suits);
                int got = ph_omaha_evaluate(hole, hl, board, bl), want = omaha_oracle(hole, hl, board, bl);
                if (got != want && bad++ < 5)
                    printf("omaha mismatch hole %zu board %zu: %d vs oracle %d\n", hl, bl, got, want);
            }
        }
        CHECK(bad == 0, "omaha hole %zu: %ld of %ld wrong", hl, bad, n);
        printf("omaha hole %zu: %ld hands (boards 3..5, half two-suited) vs the 2+3 oracle, %ld wrong\n", hl, n, bad);
    }
    uint8_t hole[6] = {0, 1, 2, 3, 4, 5}, board[5] = {8, 9, 10, 11, 12};
    CHECK(ph_omaha_evaluate(hole, 3, board, 5) == PH_E_COUNT, "hole 3");
    CHECK(ph_omaha_evaluate(hole, 7, board, 5) == PH_E_COUNT, "hole 7");
    CHECK(ph_omaha_evaluate(hole, 4, board, 2) == PH_E_COUNT, "board 2");
    CHECK(ph_omaha_evaluate(hole, 4, board, 6) == PH_E_COUNT, "board 6");
    board[0] = 52;
    CHECK(ph_omaha_evaluate(hole, 4, board, 5) == PH_E_CARD, "card 52");
    board[0] = 3;
    CHECK(ph_omaha_evaluate(hole, 4, board, 5) == PH_E_DUPLICATE, "hole/board duplicate");
}

/* ---- brute-force equity ------------------------------------------------------------------------- */

typedef struct brute_tally {
    uint64_t deals, win[10], tie[10], lose[10], share[10];
    double weight, weighted_share[10];
} brute_tally;

static int hand_value(const uint8_t *hole, size_t hole_size, const uint8_t *board) {
    if (hole_size != 2)
        return omaha_oracle(hole, hole_size, board, 5);
    uint8_t seven[7] = {hole[0], hole[1], board[0], board[1], board[2], board[3], board[4]};
    return ph_evaluate(seven, 7);
}

/* Every board completion of every holding combination, dealt and evaluated one by one. */
static void brute_equity(const ph_equity_game *g, brute_tally *t) {
    memset(t, 0, sizeof *t);
    size_t n = g->players, hs = g->hole_size, idx[10] = {0};
    uint64_t fixed = 0;
    for (size_t i = 0; i < g->board_len; i++)
        fixed |= UINT64_C(1) << g->board[i];
    for (size_t i = 0; i < g->dead_len; i++)
        fixed |= UINT64_C(1) << g->dead[i];
    for (;;) {
        uint64_t used = fixed;
        int clash = 0;
        double w = 1;
        const uint8_t *holes[10];
        for (size_t p = 0; p < n; p++) {
            size_t j = g->holding_offset[p] + idx[p];
            holes[p] = g->holdings + j * hs;
            w *= g->holding_weight ? g->holding_weight[j] : 1.0;
            for (size_t i = 0; i < hs; i++) {
                clash |= (int)(used >> holes[p][i] & 1);
                used |= UINT64_C(1) << holes[p][i];
            }
        }
        if (!clash) {
            uint8_t deck[52], board[5];
            size_t left = 0, need = 5 - g->board_len;
            for (unsigned c = 0; c < 52; c++)
                if (!(used >> c & 1))
                    deck[left++] = (uint8_t)c;
            if (g->board_len) /* a preflop spot's board is NULL, which memcpy may not be given even for 0 bytes */
                memcpy(board, g->board, g->board_len);
            size_t pick[5] = {0, 1, 2, 3, 4};
            for (;;) {
                for (size_t i = 0; i < need; i++)
                    board[g->board_len + i] = deck[pick[i]];
                int v[10], best = 99999, winners = 0;
                for (size_t p = 0; p < n; p++) {
                    v[p] = hand_value(holes[p], hs, board);
                    best = v[p] < best ? v[p] : best;
                }
                for (size_t p = 0; p < n; p++)
                    winners += v[p] == best;
                t->deals++;
                t->weight += w;
                for (size_t p = 0; p < n; p++) {
                    if (v[p] != best) {
                        t->lose[p]++;
                        continue;
                    }
                    if (winners == 1)
                        t->win[p]++;
                    else
                        t->tie[p]++;
                    t->share[p] += 2520 / winners;
                    t->weighted_share[p] += w * (2520 / winners) / 2520.0;
                }
                size_t i = 0; /* next lex combination of need indices from left */
                while (i < need && pick[need - 1 - i] == left - 1 - i)
                    i++;
                if (i == need)
                    break;
                pick[need - 1 - i]++;
                for (size_t j = need - i; j < need; j++)
                    pick[j] = pick[j - 1] + 1;
            }
        }
        size_t p = 0;
        for (; p < n; p++) {
            if (++idx[p] < g->holding_offset[p + 1] - g->holding_offset[p])
                break;
            idx[p] = 0;
        }
        if (p == n)
            break;
    }
}

static int same_counts(const ph_equity_tally *a, const brute_tally *b, size_t players, double tolerance) {
    if (a->deals != b->deals || fabs(a->weight - b->weight) > tolerance * (1 + b->weight))
        return 0;
    for (size_t p = 0; p < players; p++)
        if (a->win[p] != b->win[p] || a->tie[p] != b->tie[p] || a->lose[p] != b->lose[p] ||
            a->share[p] != b->share[p] ||
            fabs(a->weighted_share[p] - b->weighted_share[p]) > tolerance * (1 + b->weighted_share[p]))
            return 0;
    return 1;
}

static int same_tally(const ph_equity_tally *a, const ph_equity_tally *b, size_t players) {
    if (a->deals != b->deals || fabs(a->weight - b->weight) > 1e-9 * (1 + a->weight))
        return 0;
    for (size_t p = 0; p < players; p++)
        if (a->win[p] != b->win[p] || a->tie[p] != b->tie[p] || a->lose[p] != b->lose[p] ||
            a->share[p] != b->share[p] ||
            fabs(a->weighted_share[p] - b->weighted_share[p]) > 1e-9 * (1 + a->weighted_share[p]) ||
            fabs(a->sum_sq[p] - b->sum_sq[p]) > 1e-9 * (1 + a->sum_sq[p]))
            return 0;
    return 1;
}

/* A random spot: fixed hands (or small weighted ranges) for `players`, a board of board_len, dead cards. */
typedef struct spot {
    ph_equity_game game;
    uint8_t holdings[10 * 8 * 6], board[5], dead[4];
    size_t offset[11];
    double weight[80];
} spot;

static void random_spot(spot *s, size_t players, size_t hole, size_t board_len, size_t dead_len, size_t range,
                        unsigned suits, int weighted) {
    memset(s, 0, sizeof *s);
    uint64_t used = 0;
    random_cards(s->board, board_len, &used, suits);
    random_cards(s->dead, dead_len, &used, 4);
    size_t at = 0;
    for (size_t p = 0; p < players; p++) {
        s->offset[p] = at;
        for (size_t j = 0; j < range; j++, at++) {
            uint64_t mine = used; /* holdings of one range may overlap each other and other ranges */
            random_cards(s->holdings + at * hole, hole, &mine, suits);
            s->weight[at] = weighted ? 0.25 + (double)(rnd() % 8) / 4 : 1.0;
            if (j == 0 && range == 1)
                used = mine;
        }
    }
    s->offset[players] = at;
    s->game = (ph_equity_game){players, hole, s->holdings, s->offset, weighted ? s->weight : NULL,
                               s->board, board_len, s->dead, dead_len};
}

static long spots_checked;

static void check_exact_spot(spot *s, const char *what) {
    brute_tally want;
    ph_equity_tally got = {0};
    char problem[128];
    if (ph_equity_check(&s->game, problem, sizeof problem) != PH_OK)
        return; /* an unlucky random range: every holding collides */
    spots_checked++;
    uint64_t units;
    CHECK(ph_equity_exact_units(&s->game, &units) == PH_OK, "%s: units", what);
    CHECK(ph_equity_exact(&s->game, 0, units, &got) == PH_OK, "%s: exact", what);
    brute_equity(&s->game, &want);
    CHECK(same_counts(&got, &want, s->game.players, 1e-9), "%s: exact %llu deals, win0 %llu share0 %llu; brute %llu, "
          "%llu, %llu", what, (unsigned long long)got.deals, (unsigned long long)got.win[0],
          (unsigned long long)got.share[0], (unsigned long long)want.deals, (unsigned long long)want.win[0],
          (unsigned long long)want.share[0]);
}

static void test_exact(void) {
    /* The reference spot: AcAd vs KsKh preflop. */
    uint8_t aakk[4] = {(uint8_t)card("Ac"), (uint8_t)card("Ad"), (uint8_t)card("Ks"), (uint8_t)card("Kh")};
    size_t off2[3] = {0, 1, 2};
    ph_equity_game g = {2, 2, aakk, off2, NULL, NULL, 0, NULL, 0};
    ph_equity_tally t = {0};
    CHECK(ph_equity_exact(&g, 0, 1, &t) == PH_OK, "AA vs KK");
    CHECK(t.deals == 1712304 && t.win[0] == 1388072 && t.lose[0] == 317694 && t.tie[0] == 6538 &&
              t.win[1] == 317694 && t.lose[1] == 1388072 && t.tie[1] == 6538 &&
              t.share[0] + t.share[1] == 2520 * t.deals,
          "AA vs KK: %llu deals %llu/%llu/%llu", (unsigned long long)t.deals, (unsigned long long)t.win[0],
          (unsigned long long)t.lose[0], (unsigned long long)t.tie[0]);
    printf("AcAd vs KsKh: %llu wins, %llu losses, %llu ties of %llu boards\n", (unsigned long long)t.win[0],
           (unsigned long long)t.lose[0], (unsigned long long)t.tie[0], (unsigned long long)t.deals);

    /* Preflop brute force once each for hold'em (suited hands) and Omaha (4 cards). */
    static spot s;
    uint8_t suited[4] = {(uint8_t)card("Ah"), (uint8_t)card("Kh"), (uint8_t)card("7h"), (uint8_t)card("6h")};
    s.game = (ph_equity_game){2, 2, suited, off2, NULL, NULL, 0, NULL, 0};
    check_exact_spot(&s, "AhKh vs 7h6h preflop");
    int before = failures;
    random_spot(&s, 2, 4, 0, 0, 1, 4, 0);
    check_exact_spot(&s, "omaha preflop");
    printf("preflop brute force (hold'em suited, Omaha 4): %s\n", failures == before ? "equal" : "DIFFERENT");

    /* Random flop, turn and river spots: 2-3 players, fixed hands and small ranges, dead cards, two-suited
     * decks for flush-heavy boards. */
    static const size_t holes[4] = {2, 4, 5, 6};
    static const size_t boards[3] = {3, 4, 5};
    long spots = 0;
    before = failures;
    for (int h = 0; h < 4; h++)
        for (int b = 0; b < 3; b++)
            for (int i = 0; i < 12; i++) {
                size_t players = 2 + (size_t)(i % 2), range = (i % 3 == 2) ? 3 : 1;
                if (holes[h] == 6 && players == 3 && range == 3)
                    range = 2;
                random_spot(&s, players, holes[h], boards[b], (size_t)(i % 4 == 3) * 2, range, (i % 4 == 1) ? 2 : 4,
                            i % 3 == 2);
                char what[96];
                snprintf(what, sizeof what, "hole %zu board %zu players %zu range %zu #%d", holes[h], boards[b], players,
                         range, i);
                check_exact_spot(&s, what);
                spots++;
            }
    printf("exact vs brute force: %ld flop/turn/river spots (hold'em and Omaha 4-6, ranges, dead cards), %ld valid: %s\n",
           spots, spots_checked, failures == before ? "equal" : "DIFFERENT");
}

/* ---- Monte Carlo and splits --------------------------------------------------------------------- */

static void check_mc_spot(spot *s, const char *what, uint64_t samples) {
    uint64_t units;
    ph_equity_tally exact = {0}, mc = {0};
    if (ph_equity_exact_units(&s->game, &units) != PH_OK)
        return;
    CHECK(ph_equity_exact(&s->game, 0, units, &exact) == PH_OK, "%s exact", what);
    CHECK(ph_equity_sample(&s->game, 12345, 0, samples, &mc) == PH_OK, "%s sample", what);
    double n = mc.weight, worst = 0;
    for (size_t p = 0; p < s->game.players; p++) {
        double mean = mc.weighted_share[p] / n, se = sqrt((mc.sum_sq[p] / n - mean * mean) / n);
        double truth = exact.weighted_share[p] / exact.weight, z = se > 0 ? fabs(mean - truth) / se : 0;
        worst = z > worst ? z : worst;
        CHECK(fabs(mean - truth) <= 4 * se + 1e-12, "%s player %zu: MC %.5f +- %.5f, exact %.5f", what, p + 1, mean, se,
              truth);
    }
    printf("MC vs exact, %s: %llu samples, worst deviation %.2f standard errors\n", what, (unsigned long long)samples,
           worst);
}

static void test_mc(void) {
    static spot s;
    uint8_t aakk[4] = {(uint8_t)card("Ac"), (uint8_t)card("Ad"), (uint8_t)card("Ks"), (uint8_t)card("Kh")};
    size_t off2[3] = {0, 1, 2};
    s.game = (ph_equity_game){2, 2, aakk, off2, NULL, NULL, 0, NULL, 0};
    check_mc_spot(&s, "AcAd vs KsKh preflop", 2000000);
    rng_state = 99;
    random_spot(&s, 3, 2, 3, 0, 4, 4, 1);
    check_mc_spot(&s, "3-way weighted hold'em ranges on the flop", 1000000);
    random_spot(&s, 3, 4, 3, 2, 2, 4, 1);
    check_mc_spot(&s, "3-way weighted Omaha-4 ranges on the flop, dead cards", 1000000);
    random_spot(&s, 2, 5, 0, 0, 1, 4, 0);
    check_mc_spot(&s, "Omaha-5 preflop", 1000000);
    random_spot(&s, 3, 6, 4, 0, 1, 3, 0); /* three suits: flush-heavy */
    check_mc_spot(&s, "3-way Omaha-6 on the turn, three suits", 1000000);
}

static void test_split(void) {
    static spot s;
    rng_state = 7;
    random_spot(&s, 3, 2, 3, 1, 6, 4, 1);
    uint64_t units;
    CHECK(ph_equity_exact_units(&s.game, &units) == PH_OK && units == 216, "units %llu", (unsigned long long)units);
    ph_equity_tally whole = {0};
    ph_equity_exact(&s.game, 0, units, &whole);
    static const unsigned parts[3] = {1, 2, 7};
    for (int i = 0; i < 3; i++) {
        ph_equity_tally sum = {0};
        for (unsigned k = 0; k < parts[i]; k++) {
            uint64_t a = units * k / parts[i], b = units * (k + 1) / parts[i];
            CHECK(ph_equity_exact(&s.game, a, b - a, &sum) == PH_OK, "range %llu..%llu", (unsigned long long)a,
                  (unsigned long long)b);
        }
        CHECK(same_tally(&whole, &sum, 3), "exact split into %u ranges differs", parts[i]);
    }
    ph_equity_tally past = {0};
    CHECK(ph_equity_exact(&s.game, units, 1, &past) == PH_E_RANK, "range past the units");
    printf("exact split invariance (1, 2, 7 ranges of %llu units): %s\n", (unsigned long long)units,
           same_tally(&whole, &whole, 3) ? "checked" : "");
    ph_equity_tally mc_whole = {0};
    ph_equity_sample(&s.game, 77, 0, 100000, &mc_whole);
    for (int i = 0; i < 5; i++) {
        ph_equity_tally sum = {0};
        uint64_t at = 0;
        while (at < 100000) {
            uint64_t step = 1 + rnd() % 30000;
            if (at + step > 100000)
                step = 100000 - at;
            ph_equity_sample(&s.game, 77, at, step, &sum);
            at += step;
        }
        CHECK(same_tally(&mc_whole, &sum, 3), "MC random split %d differs", i);
    }
    ph_equity_tally other = {0};
    ph_equity_sample(&s.game, 78, 0, 100000, &other);
    CHECK(other.win[0] != mc_whole.win[0] || other.win[1] != mc_whole.win[1], "seed has no effect");
    printf("MC split invariance (5 random splits of 100,000 samples): checked\n");
}

/* ---- bad inputs ----------------------------------------------------------------------------------- */

static void expect_problem(const ph_equity_game *g, int status, const char *text) {
    char problem[128] = "x";
    int got = ph_equity_check(g, problem, sizeof problem);
    CHECK(got == status && strcmp(problem, text) == 0, "expected %d '%s', got %d '%s'", status, text, got, problem);
    ph_equity_tally t = {0};
    uint64_t units;
    CHECK(ph_equity_exact(g, 0, 1, &t) == status && ph_equity_sample(g, 1, 0, 1, &t) == status &&
              ph_equity_exact_units(g, &units) == status && t.deals == 0,
          "'%s' not rejected by every entry point", text);
}

static void test_bad(void) {
    uint8_t h[8] = {(uint8_t)card("Ac"), (uint8_t)card("Ad"), (uint8_t)card("Ks"), (uint8_t)card("Kh"),
                    (uint8_t)card("Qs"), (uint8_t)card("Qh"), (uint8_t)card("As"), (uint8_t)card("Ah")};
    uint8_t board[5] = {(uint8_t)card("Ks"), (uint8_t)card("2c"), (uint8_t)card("3c"), (uint8_t)card("4c"),
                        (uint8_t)card("5c")};
    size_t off[4] = {0, 1, 2, 3};
    ph_equity_game g = {2, 2, h, off, NULL, board, 3, NULL, 0};
    expect_problem(&g, PH_E_DUPLICATE, "player 2 and the board share Ks");
    g.board = board + 1;
    g.board_len = 2;
    expect_problem(&g, PH_E_ARGUMENT, "board must have 0, 3, 4 or 5 cards, got 2");
    g.board_len = 3;
    g.players = 1;
    expect_problem(&g, PH_E_ARGUMENT, "players must be 2 to 10, got 1");
    g.players = 11;
    expect_problem(&g, PH_E_ARGUMENT, "players must be 2 to 10, got 11");
    g.players = 2;
    g.hole_size = 3;
    expect_problem(&g, PH_E_ARGUMENT, "hole size must be 2 (hold'em) or 4 to 6 (Omaha), got 3");
    g.hole_size = 2;
    uint8_t dead[2] = {(uint8_t)card("Ad"), (uint8_t)card("9s")};
    g.dead = dead;
    g.dead_len = 2;
    expect_problem(&g, PH_E_DUPLICATE, "player 1 and the dead cards share Ad");
    dead[0] = (uint8_t)card("2c");
    expect_problem(&g, PH_E_DUPLICATE, "dead card 2c is also on the board");
    dead[0] = 60;
    expect_problem(&g, PH_E_CARD, "dead card id 60 outside 0..51");
    g.dead_len = 0;
    /* A range whose every holding meets a fixed player. */
    uint8_t r[6] = {(uint8_t)card("Ac"), (uint8_t)card("Kd"), (uint8_t)card("Ac"), (uint8_t)card("Qd"),
                    (uint8_t)card("Ac"), (uint8_t)card("Ad")};
    size_t roff[3] = {0, 2, 3};
    ph_equity_game rg = {2, 2, r, roff, NULL, NULL, 0, NULL, 0};
    expect_problem(&rg, PH_E_ARGUMENT, "player 1 has no holding left after card removal");
    uint8_t same[4] = {(uint8_t)card("Ac"), (uint8_t)card("Ac"), (uint8_t)card("Ks"), (uint8_t)card("Kh")};
    g.holdings = same;
    expect_problem(&g, PH_E_DUPLICATE, "player 1 holds Ac twice");
    uint8_t share[4] = {(uint8_t)card("Ac"), (uint8_t)card("Ad"), (uint8_t)card("Ks"), (uint8_t)card("Ad")};
    g.holdings = share;
    expect_problem(&g, PH_E_DUPLICATE, "players 1 and 2 share Ad");
    g.holdings = h;
    double weights[2] = {1.0, -1.0};
    g.holding_weight = weights;
    expect_problem(&g, PH_E_ARGUMENT, "player 2 has a negative or non-finite weight");
    g.holding_weight = NULL;
    size_t empty[3] = {0, 1, 1};
    g.holding_offset = empty;
    expect_problem(&g, PH_E_ARGUMENT, "player 2 has no holdings");
    /* Ten six-card Omaha hands cannot be dealt. */
    static uint8_t many[60];
    size_t moff[11];
    for (int i = 0; i < 60; i++)
        many[i] = (uint8_t)(i % 52);
    for (int i = 0; i <= 10; i++)
        moff[i] = (size_t)i;
    ph_equity_game mg = {10, 6, many, moff, NULL, NULL, 0, NULL, 0};
    expect_problem(&mg, PH_E_ARGUMENT,
                   "10 players with 6 cards each, the board and 0 dead cards need more than 52 cards");
    printf("bad inputs: checked\n");
}

int main(int argc, char **argv) {
    const char *only = argc > 1 ? argv[1] : "";
    long omaha_hands = argc > 2 ? atol(argv[2]) : 1000000;
    if (!*only || !strcmp(only, "bad"))
        test_bad();
    if (!*only || !strcmp(only, "exact"))
        test_exact();
    if (!*only || !strcmp(only, "split"))
        test_split();
    if (!*only || !strcmp(only, "mc"))
        test_mc();
    if (!*only || !strcmp(only, "omaha"))
        test_omaha(omaha_hands);
    if (!*only || !strcmp(only, "sm"))
        test_state_machine();
    printf("%s: %d failure(s)\n", failures ? "FAILED" : "OK", failures);
    return failures ? 1 : 0;
}
