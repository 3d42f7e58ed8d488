/* Work sharing in the exact equity engine: holding combinations that a suit renaming maps onto each other
 * (with the board and dead cards kept in place) are solved once and counted once per member present in the
 * ranges. The sharing engine must give exactly what solving every valid combination on its own gives (each
 * as a game of single hands, where there is nothing to share), on symmetric and asymmetric ranges, weighted
 * or not, preflop, on monotone, two-tone and paired boards, with dead cards, for hold'em and Omaha; and any
 * split of the units must add up to the same integer tally. Run by tests/test_equity_c.py:
 *
 *   cc -O2 -std=c11 (all core sources) test_equity_symmetry.c -lm && ./a.out
 *
 * Prints one line per spot and exits 1 if anything differs. */
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

static uint64_t rng_state = UINT64_C(0x853C49E6748FEA9B);
static uint64_t rnd(void) { /* xorshift64* */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * UINT64_C(2685821657736338717);
}

#define MAX_HOLDINGS 400

typedef struct spot {
    ph_equity_game game;
    uint8_t holdings[MAX_HOLDINGS * 6], board[5], dead[8];
    size_t offset[11];
    double weight[MAX_HOLDINGS];
    size_t players, count;
    int weighted;
} spot;

static void start(spot *s, size_t hole, const char *board, const char *dead) {
    memset(s, 0, sizeof *s);
    s->game.hole_size = hole;
    s->game.board_len = (size_t)ph_cards_parse(board, strlen(board), s->board, 5, NULL);
    s->game.dead_len = dead ? (size_t)ph_cards_parse(dead, strlen(dead), s->dead, 8, NULL) : 0;
}

static void next_player(spot *s) {
    s->offset[++s->players] = s->count;
}

static void holding(spot *s, const uint8_t *cards, double weight) {
    memcpy(s->holdings + s->count * s->game.hole_size, cards, s->game.hole_size);
    s->weight[s->count] = weight;
    s->weighted |= weight != 1.0;
    s->count++;
    s->offset[s->players + 1] = s->count;
}

/* All combos of a pair (r1 == r2), suited (kind 's'), offsuit ('o') or both ('a') hand class. */
static void hand_class(spot *s, unsigned r1, unsigned r2, char kind, double weight) {
    for (unsigned a = 0; a < 4; a++)
        for (unsigned b = 0; b < 4; b++) {
            if ((r1 == r2 && b <= a) || (kind == 's' && a != b) || (kind == 'o' && a == b))
                continue;
            uint8_t cards[2] = {(uint8_t)(4 * r1 + a), (uint8_t)(4 * r2 + b)};
            holding(s, cards, weight);
        }
}

static void finish(spot *s) {
    s->game.players = s->players + 1;
    s->game.holdings = s->holdings;
    s->game.holding_offset = s->offset;
    s->game.holding_weight = s->weighted ? s->weight : NULL;
    s->game.board = s->board;
    s->game.dead = s->dead;
}

/* Every valid combination solved on its own, as a game of single hands, and added up. */
static void unshared(const ph_equity_game *g, ph_equity_tally *t) {
    memset(t, 0, sizeof *t);
    size_t n = g->players, hole = g->hole_size, digit[10] = {0};
    for (;;) {
        uint8_t cards[60];
        size_t offsets[11];
        double w = 1;
        for (size_t p = 0; p < n; p++) {
            size_t j = g->holding_offset[p] + digit[p];
            memcpy(cards + p * hole, g->holdings + j * hole, hole);
            offsets[p] = p;
            w *= g->holding_weight ? g->holding_weight[j] : 1.0;
        }
        offsets[n] = n;
        ph_equity_game single = {n, hole, cards, offsets, NULL, g->board, g->board_len, g->dead, g->dead_len};
        ph_equity_tally one = {0};
        if (w > 0 && ph_equity_check(&single, NULL, 0) == PH_OK && ph_equity_exact(&single, 0, 1, &one) == PH_OK) {
            t->deals += one.deals;
            t->weight += w * one.weight;
            for (size_t p = 0; p < n; p++) {
                t->win[p] += one.win[p];
                t->tie[p] += one.tie[p];
                t->lose[p] += one.lose[p];
                t->share[p] += one.share[p];
                t->weighted_share[p] += w * one.weighted_share[p];
                t->weighted_win[p] += w * one.weighted_win[p];
                t->weighted_tie[p] += w * one.weighted_tie[p];
            }
        }
        size_t p = 0;
        for (; p < n && ++digit[p] == g->holding_offset[p + 1] - g->holding_offset[p]; p++)
            digit[p] = 0;
        if (p == n)
            return;
    }
}

static int close_to(double a, double b) {
    return fabs(a - b) <= 1e-9 * (1 + fabs(b));
}

static int same(const ph_equity_tally *a, const ph_equity_tally *b, size_t players) {
    int ok = a->deals == b->deals && close_to(a->weight, b->weight);
    for (size_t p = 0; p < players; p++)
        ok &= a->win[p] == b->win[p] && a->tie[p] == b->tie[p] && a->lose[p] == b->lose[p] &&
              a->share[p] == b->share[p] && close_to(a->weighted_share[p], b->weighted_share[p]) &&
              close_to(a->weighted_win[p], b->weighted_win[p]) && close_to(a->weighted_tie[p], b->weighted_tie[p]);
    return ok;
}

static int same_integers(const ph_equity_tally *a, const ph_equity_tally *b, size_t players) {
    int ok = a->deals == b->deals;
    for (size_t p = 0; p < players; p++)
        ok &= a->win[p] == b->win[p] && a->tie[p] == b->tie[p] && a->lose[p] == b->lose[p] && a->share[p] == b->share[p];
    return ok;
}

static void check(spot *s, const char *what) {
    finish(s);
    char problem[160];
    if (ph_equity_check(&s->game, problem, sizeof problem) != PH_OK) {
        CHECK(0, "%s: %s", what, problem);
        return;
    }
    uint64_t units;
    ph_equity_exact_units(&s->game, &units);
    ph_equity_tally shared = {0}, alone;
    CHECK(ph_equity_exact(&s->game, 0, units, &shared) == PH_OK, "%s: exact", what);
    unshared(&s->game, &alone);
    CHECK(same(&shared, &alone, s->game.players), "%s: shared %llu deals, win0 %llu, equity0 %.9f; alone %llu, %llu, %.9f",
          what, (unsigned long long)shared.deals, (unsigned long long)shared.win[0],
          shared.weighted_share[0] / shared.weight, (unsigned long long)alone.deals,
          (unsigned long long)alone.win[0], alone.weighted_share[0] / alone.weight);
    /* Random splits, and the perfkit's: units / (threads * 16) per piece. */
    int split_ok = 1;
    for (int round = 0; round < 6; round++) {
        ph_equity_tally sum = {0};
        uint64_t at = 0, piece = round == 0 ? units / 32 + 1 : 0;
        while (at < units) {
            uint64_t step = piece ? piece : 1 + rnd() % (units / 3 + 1);
            step = step > units - at ? units - at : step;
            split_ok &= ph_equity_exact(&s->game, at, step, &sum) == PH_OK;
            at += step;
        }
        split_ok &= same_integers(&sum, &shared, s->game.players);
    }
    CHECK(split_ok, "%s: a split of the units differs", what);
    double estimate = 0;
    CHECK(ph_equity_exact_seconds(&s->game, &estimate) == PH_OK && estimate > 0 && estimate < 1e3,
          "%s: estimate %g s", what, estimate);
    printf("%s: %llu units, %llu deals, equity %.6f: %s\n", what, (unsigned long long)units,
           (unsigned long long)shared.deals, shared.weighted_share[0] / shared.weight,
           same(&shared, &alone, s->game.players) && split_ok ? "shared = alone, splits agree" : "DIFFERENT");
}

/* Single hands (one holding per player, hold'em) by brute force: every board dealt and evaluated. */
static void brute(const ph_equity_game *g, ph_equity_tally *t) {
    memset(t, 0, sizeof *t);
    uint64_t used = 0;
    for (size_t i = 0; i < 2 * g->players; i++)
        used |= UINT64_C(1) << g->holdings[i];
    for (size_t i = 0; i < g->board_len; i++)
        used |= UINT64_C(1) << g->board[i];
    for (size_t i = 0; i < g->dead_len; i++)
        used |= UINT64_C(1) << g->dead[i];
    uint8_t deck[52], board[5];
    size_t left = 0, need = 5 - g->board_len, pick[5];
    for (unsigned c = 0; c < 52; c++)
        if (!(used >> c & 1))
            deck[left++] = (uint8_t)c;
    memcpy(board, g->board, g->board_len);
    for (size_t i = 0; i < need; i++)
        pick[i] = i;
    for (;;) {
        for (size_t i = 0; i < need; i++)
            board[g->board_len + i] = deck[pick[i]];
        int v[10], best = 99999, winners = 0;
        for (size_t p = 0; p < g->players; p++) {
            uint8_t seven[7] = {g->holdings[2 * p], g->holdings[2 * p + 1], board[0], board[1], board[2], board[3], board[4]};
            v[p] = ph_evaluate(seven, 7);
            best = v[p] < best ? v[p] : best;
        }
        for (size_t p = 0; p < g->players; p++)
            winners += v[p] == best;
        t->deals++;
        for (size_t p = 0; p < g->players; p++) {
            if (v[p] != best)
                t->lose[p]++;
            else {
                (winners == 1 ? t->win : t->tie)[p]++;
                t->share[p] += 2520 / (unsigned)winners;
            }
        }
        size_t i = 0; /* next combination, colex */
        while (i < need && pick[i] + 1 == (i + 1 < need ? pick[i + 1] : left))
            i++;
        if (i == need)
            break;
        pick[i]++;
        for (size_t k = 0; k < i; k++)
            pick[k] = k;
    }
}

/* Suits nobody can tell apart share one flush pass: checked against brute force where that happens. */
static void check_brute(const char *hands, const char *board, const char *what) {
    spot s;
    size_t n = strlen(hands) / 4;
    start(&s, 2, board, NULL);
    ph_cards_parse(hands, strlen(hands), s.holdings, 20, NULL);
    for (size_t p = 0; p <= n; p++)
        s.offset[p] = p;
    s.players = n - 1;
    s.count = n;
    finish(&s);
    ph_equity_tally got = {0}, want;
    CHECK(ph_equity_exact(&s.game, 0, 1, &got) == PH_OK, "%s: exact", what);
    brute(&s.game, &want);
    CHECK(same_integers(&got, &want, n), "%s: engine %llu deals, win0 %llu, tie0 %llu; brute force %llu, %llu, %llu",
          what, (unsigned long long)got.deals, (unsigned long long)got.win[0], (unsigned long long)got.tie[0],
          (unsigned long long)want.deals, (unsigned long long)want.win[0], (unsigned long long)want.tie[0]);
    printf("%s: %llu deals, %s brute force\n", what, (unsigned long long)got.deals,
           same_integers(&got, &want, n) ? "equal to" : "DIFFERENT from");
}

static void permuted(spot *s, const uint8_t *cards, const unsigned perm[4], double weight) {
    uint8_t image[6];
    for (size_t i = 0; i < s->game.hole_size; i++)
        image[i] = (uint8_t)(cards[i] / 4 * 4 + perm[cards[i] % 4]);
    holding(s, image, weight);
}

int main(void) {
    static spot s;
    enum { TWO = 0, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE };

    start(&s, 2, "", NULL); /* the perfkit's range spot: QQ+,AKs vs JJ-99,AQs+ */
    for (unsigned r = QUEEN; r <= ACE; r++)
        hand_class(&s, r, r, 'a', 1);
    hand_class(&s, ACE, KING, 's', 1);
    next_player(&s);
    for (unsigned r = NINE; r <= JACK; r++)
        hand_class(&s, r, r, 'a', 1);
    hand_class(&s, ACE, QUEEN, 's', 1);
    hand_class(&s, ACE, KING, 's', 1);
    check(&s, "preflop QQ+,AKs vs JJ-99,AQs+");

    start(&s, 2, "", NULL);
    hand_class(&s, ACE, ACE, 'a', 1);
    next_player(&s);
    hand_class(&s, KING, KING, 'a', 1);
    next_player(&s);
    hand_class(&s, ACE, KING, 's', 1);
    check(&s, "preflop 3-way AA vs KK vs AKs");

    start(&s, 2, "", "2c 2d"); /* dead cards that leave two suits' swap, not all permutations */
    hand_class(&s, ACE, KING, 'a', 1);
    next_player(&s);
    hand_class(&s, SEVEN, SIX, 's', 1);
    hand_class(&s, TWO, TWO, 'a', 1);
    check(&s, "preflop AK vs 76s,22 with 2c 2d dead");

    start(&s, 2, "9s 6s 2s", NULL); /* monotone: the other three suits are interchangeable */
    hand_class(&s, ACE, KING, 'a', 1);
    hand_class(&s, QUEEN, QUEEN, 'a', 1);
    next_player(&s);
    hand_class(&s, JACK, TEN, 'a', 1);
    hand_class(&s, SIX, SIX, 'a', 1);
    check(&s, "monotone flop AK,QQ vs JT,66");

    start(&s, 2, "Qh Th 4c", NULL); /* two-tone: diamonds and spades swap */
    hand_class(&s, ACE, KING, 'a', 1);
    hand_class(&s, JACK, NINE, 's', 1);
    next_player(&s);
    hand_class(&s, QUEEN, TEN, 'a', 1);
    hand_class(&s, FOUR, FOUR, 'a', 1);
    check(&s, "two-tone flop AK,J9s vs QT,44");

    start(&s, 2, "Ks Kd 7h", "2s 2d"); /* paired board, dead cards kept by the swap of spades and diamonds */
    hand_class(&s, ACE, ACE, 'a', 1);
    hand_class(&s, SEVEN, SIX, 'a', 1);
    next_player(&s);
    hand_class(&s, KING, QUEEN, 'a', 1);
    check(&s, "paired flop AA,76 vs KQ, dead 2s 2d");

    start(&s, 2, "Ah Kh Qh 3h 2h", NULL); /* river: one leaf per combination */
    hand_class(&s, JACK, TEN, 'a', 1);
    hand_class(&s, FIVE, FOUR, 'a', 1);
    next_player(&s);
    hand_class(&s, NINE, NINE, 'a', 1);
    hand_class(&s, ACE, JACK, 'a', 1);
    check(&s, "monotone river JT,54 vs 99,AJ");

    start(&s, 2, "Js 8s 3d 2c", NULL); /* turn, 3-way */
    hand_class(&s, ACE, KING, 's', 1);
    next_player(&s);
    hand_class(&s, QUEEN, QUEEN, 'a', 1);
    next_player(&s);
    hand_class(&s, NINE, TEN, 'a', 1);
    check(&s, "turn 3-way AKs vs QQ vs T9");

    /* Asymmetric weights: every holding its own weight (some 0), so members of an orbit weigh differently. */
    start(&s, 2, "", NULL);
    for (unsigned r = TEN; r <= ACE; r++)
        hand_class(&s, r, r, 'a', 1);
    for (size_t j = 0; j < s.count; j++)
        s.weight[j] = (double)(rnd() % 5) / 4, s.weighted = 1;
    next_player(&s);
    hand_class(&s, ACE, KING, 'a', 0.5);
    for (size_t j = s.offset[1]; j < s.count; j++)
        s.weight[j] = 0.25 + (double)(rnd() % 7) / 4;
    check(&s, "preflop weighted TT+ vs AK, every weight its own");

    start(&s, 2, "9s 6s 2s", NULL); /* ranges that are not closed under renaming: half an orbit missing */
    hand_class(&s, ACE, KING, 'o', 1);
    s.count -= 5;
    s.offset[1] = s.count;
    next_player(&s);
    hand_class(&s, QUEEN, JACK, 's', 1);
    hand_class(&s, TEN, TEN, 'a', 1);
    s.count -= 2;
    s.offset[2] = s.count;
    check(&s, "monotone flop, ranges missing parts of orbits");

    start(&s, 2, "", NULL); /* a holding listed twice counts twice: no sharing may hide that */
    hand_class(&s, ACE, ACE, 'a', 1);
    uint8_t again[2] = {(uint8_t)(4 * ACE), (uint8_t)(4 * ACE + 1)};
    holding(&s, again, 1);
    next_player(&s);
    hand_class(&s, KING, KING, 'a', 1);
    check(&s, "preflop AA (one listed twice) vs KK");

    /* Omaha on a monotone flop: a hand and its images under the renamings of clubs, diamonds and hearts. */
    start(&s, 4, "9s 6s 2s", NULL);
    static const unsigned perms[6][4] = {{0, 1, 2, 3}, {1, 0, 2, 3}, {2, 1, 0, 3}, {0, 2, 1, 3}, {1, 2, 0, 3}, {2, 0, 1, 3}};
    uint8_t hand[4], other[4];
    ph_cards_parse("AsKcKdQh", 8, hand, 4, NULL);
    for (int i = 0; i < 6; i++)
        permuted(&s, hand, perms[i], 1);
    next_player(&s);
    ph_cards_parse("JsTsJcTd", 8, other, 4, NULL);
    for (int i = 0; i < 3; i++)
        permuted(&s, other, perms[i], 1 + i);
    check(&s, "omaha-4 monotone flop, orbits of hands");

    check_brute("AsAdKsKdQsQd", "", "preflop 3-way AsAd KsKd QsQd (suits alike in pairs)");
    check_brute("AhKhQhJh9h8h", "", "preflop 3-way all hearts (three suits alike)");
    check_brute("AcKcQdJd", "", "preflop AcKc vs QdJd (hearts and spades alike)");
    check_brute("7s2s7c2c", "", "preflop 7s2s vs 7c2c (suits alike in pairs)");
    check_brute("AhKhQhJh9d8d", "Th 2c 3s 4d", "turn 3-way, one suit held by all");

    printf("%s: %d failure(s)\n", failures ? "FAILED" : "OK", failures);
    return failures ? 1 : 0;
}
