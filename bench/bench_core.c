/* C-level benchmark: pokerhash's core against a peer evaluator (peers.h), in one process, so the printed
 * ratios hold even on a noisy machine. Every contender of a section runs once per round, rounds are
 * interleaved, and the best (least disturbed) time of each is kept.
 *
 *   bench_core [rounds] [random_hands]      (defaults: 5 rounds, 10,000,000 hands)
 *
 * Each section prints a checksum per contender (so the compiler cannot drop the work) and verifies that
 * ours and the peer agree value for value. The exit status is 1 when they do not. The peer here is phevaluator
 * (its C sources come from PyPI); the race against the strongest peers is bench/peers.sh. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pokerhash.h"
#include "peers.h"
#define BENCH_SEED 0x5eed5eed12345678u
#include "splitmix.h"

#ifndef BENCH_FLAGS
#define BENCH_FLAGS "(unknown flags)"
#endif

#define ALL7 UINT64_C(133784560)
#define ALL5 UINT64_C(2598960)
#define SLOTS (PH_WORST_VALUE + 1)

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void *alloc_or_die(size_t bytes) {
    void *p = malloc(bytes);
    if (!p) {
        fprintf(stderr, "out of memory (%zu bytes)\n", bytes);
        exit(2);
    }
    memset(p, 0, bytes); /* fault the pages in now, not inside the first timed round */
    return p;
}

/* ---- shared data: every contender of a section reads the same input ----------------------------- */

static size_t n_hands;
static uint8_t *hands;                         /* n_hands rows of 7 distinct card ids */
static uint16_t *out_batch, *out_single, *out_peer;
static uint64_t hist_a[SLOTS], hist_b[SLOTS], hist_c[SLOTS];
static uint8_t *rows_ours, *rows_ref;          /* ALL5 rows of 5 ids */
static uint64_t *masks_ours, *masks_ref;       /* ALL5 masks */


static void make_rows(uint8_t *rows, size_t n, int k) {
    for (size_t i = 0; i < n; i++) {
        uint64_t used = 0;
        for (int j = 0; j < k;) {
            unsigned card = (unsigned)(((next_random() >> 32) * 52) >> 32); /* unbiased enough: 2^-26 */
            if (used >> card & 1)
                continue;
            used |= UINT64_C(1) << card;
            rows[(size_t)k * i + j++] = (uint8_t)card;
        }
    }
}

static void make_hands(void) { make_rows(hands, n_hands, 7); }

/* 8- and 9-card rows: fewer of them (a quarter), the same seed sequence for every run */
static size_t n_big;
static uint8_t *hands8, *hands9;
static uint16_t *out8_batch, *out8_single, *out9_batch, *out9_single;

/* ---- contenders --------------------------------------------------------------------------------- */

static void ours_batch(void) {
    if (ph_evaluate_batch(hands, n_hands, 7, out_batch, NULL) != PH_OK)
        abort();
}

static void ours_single(void) {
    for (size_t i = 0; i < n_hands; i++)
        out_single[i] = (uint16_t)ph_evaluate(hands + 7 * i, 7);
}

static void peer_random(void) { peer_eval7_rows(hands, n_hands, out_peer); }

static void ours_batch8(void) {
    if (ph_evaluate_batch(hands8, n_big, 8, out8_batch, NULL) != PH_OK)
        abort();
}

static void ours_single8(void) {
    for (size_t i = 0; i < n_big; i++)
        out8_single[i] = (uint16_t)ph_evaluate(hands8 + 8 * i, 8);
}

static void ours_batch9(void) {
    if (ph_evaluate_batch(hands9, n_big, 9, out9_batch, NULL) != PH_OK)
        abort();
}

static void ours_single9(void) {
    for (size_t i = 0; i < n_big; i++)
        out9_single[i] = (uint16_t)ph_evaluate(hands9 + 9 * i, 9);
}

/* phevaluator 0.6.0's C sources stop at 7 cards: its 7-card call on the same number of rows is the
 * figure an 8- or 9-card evaluator of the same design cannot beat (it hashes more cards). */
static void peer_random_big(void) { peer_eval7_rows(hands, n_big, out_peer); }

/* Independent check of the 8/9-card values: the best of the peer's values over every 7-card subset. */
static int best_of_subsets_equal(const uint8_t *rows, int k, const uint16_t *values, size_t n) {
    uint8_t sub[36 * 7];
    uint16_t sub_values[36];
    for (size_t i = 0; i < n; i++) {
        const uint8_t *r = rows + (size_t)k * i;
        int m = 0;
        for (unsigned keep = 0; keep < 1u << k; keep++) {
            if (__builtin_popcount(keep) != 7)
                continue;
            int w = 0;
            for (int j = 0; j < k; j++)
                if (keep >> j & 1)
                    sub[7 * m + w++] = r[j];
            m++;
        }
        peer_eval7_rows(sub, (size_t)m, sub_values);
        uint16_t best = PH_WORST_VALUE;
        for (int j = 0; j < m; j++)
            best = sub_values[j] < best ? sub_values[j] : best;
        if (best != values[i])
            return 0;
    }
    return 1;
}

static void ours_all7(void) {
    memset(hist_a, 0, sizeof hist_a);
    ph_value_histogram(7, 0, ALL7, hist_a);
}

/* Ours the peer's way (one full ph_evaluate per hand): separates the evaluator from the sweep. */
static void ours_nested7(void) {
    memset(hist_c, 0, sizeof hist_c);
    uint8_t h[7];
    for (h[6] = 6; h[6] < 52; h[6]++)
        for (h[5] = 5; h[5] < h[6]; h[5]++)
            for (h[4] = 4; h[4] < h[5]; h[4]++)
                for (h[3] = 3; h[3] < h[4]; h[3]++)
                    for (h[2] = 2; h[2] < h[3]; h[2]++)
                        for (h[1] = 1; h[1] < h[2]; h[1]++)
                            for (h[0] = 0; h[0] < h[1]; h[0]++)
                                hist_c[ph_evaluate(h, 7)]++;
}

static void peer_all7_job(void) {
    memset(hist_b, 0, sizeof hist_b);
    peer_all7(hist_b);
}

static void ours_all5(void) {
    memset(hist_a, 0, sizeof hist_a);
    ph_value_histogram(5, 0, ALL5, hist_a);
}

static void peer_all5_job(void) {
    memset(hist_b, 0, sizeof hist_b);
    peer_all5(hist_b);
}

static void ours_combinations(void) {
    if (ph_combinations(52, 5, 0, ALL5, rows_ours) != PH_OK)
        abort();
}

static void ours_masks(void) {
    if (ph_combination_masks(52, 5, 0, ALL5, masks_ours) != PH_OK)
        abort();
}

/* The obvious code anyone would write: the reference the library calls are measured against. */
static void ref_combinations(void) {
    uint8_t *row = rows_ref;
    for (uint8_t e = 4; e < 52; e++)
        for (uint8_t d = 3; d < e; d++)
            for (uint8_t c = 2; c < d; c++)
                for (uint8_t b = 1; b < c; b++)
                    for (uint8_t a = 0; a < b; a++, row += 5) {
                        row[0] = a, row[1] = b, row[2] = c, row[3] = d, row[4] = e;
                    }
}

static void ref_masks(void) {
    uint64_t *out = masks_ref;
    for (unsigned e = 4; e < 52; e++)
        for (unsigned d = 3; d < e; d++)
            for (unsigned c = 2; c < d; c++)
                for (unsigned b = 1; b < c; b++) {
                    uint64_t high = (UINT64_C(1) << e) | (UINT64_C(1) << d) | (UINT64_C(1) << c) | (UINT64_C(1) << b);
                    for (unsigned a = 0; a < b; a++)
                        *out++ = high | (UINT64_C(1) << a);
                }
}

/* ---- timing and report -------------------------------------------------------------------------- */

typedef struct {
    const char *name;
    void (*run)(void);
    double best;
} job;

/* Round-robin: a burst of noise then hurts one round of everybody instead of all rounds of one. */
static void race(job *jobs, int n, int rounds) {
    for (int j = 0; j < n; j++)
        jobs[j].best = 1e30;
    for (int r = 0; r < rounds; r++)
        for (int j = 0; j < n; j++) {
            double t0 = now();
            jobs[j].run();
            double t = now() - t0;
            if (t < jobs[j].best)
                jobs[j].best = t;
        }
}

static uint64_t sum16(const uint16_t *v, size_t n) {
    uint64_t s = 0;
    for (size_t i = 0; i < n; i++)
        s += v[i] * (uint64_t)(i % 1021 + 1); /* position-weighted: a shuffled result would differ */
    return s;
}

static uint64_t sum_hist(const uint64_t *h) {
    uint64_t s = 0;
    for (int v = 1; v < SLOTS; v++)
        s += h[v] * (uint64_t)v;
    return s;
}

static uint64_t sum_bytes(const uint8_t *b, size_t n) {
    uint64_t s = 0;
    for (size_t i = 0; i < n; i++)
        s = s * 31 + b[i];
    return s;
}

static uint64_t sum_masks(const uint64_t *m, size_t n) {
    uint64_t s = 0;
    for (size_t i = 0; i < n; i++)
        s = s * 31 + m[i];
    return s;
}

static int failures;

static void check(const char *what, int equal) {
    printf("  check: %-58s %s\n", what, equal ? "equal" : "DIFFERENT");
    if (!equal)
        failures++;
}

static void header(const char *title) {
    printf("\n== %s\n", title);
    printf("  %-44s %11s %13s %9s  %s\n", "contender", "best time", "rate", "vs ours", "checksum");
}

/* `units` items per run; the ratio column is this contender's rate over the first (ours) row's. */
static void rows(const job *jobs, int n, double units, const char *unit, const uint64_t *checksums) {
    for (int j = 0; j < n; j++) {
        double rate = units / jobs[j].best / 1e6;
        printf("  %-44s %8.2f ms %8.1f %-4s %8.2fx  %016llx\n", jobs[j].name, 1e3 * jobs[j].best, rate, unit,
               jobs[0].best / jobs[j].best, (unsigned long long)checksums[j]);
    }
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 5;
    n_hands = argc > 2 ? (size_t)strtoull(argv[2], NULL, 10) : 10000000u;
    if (rounds < 1 || n_hands < 1) {
        fprintf(stderr, "usage: %s [rounds>=1] [random_hands>=1]\n", argv[0]);
        return 2;
    }
    printf("pokerhash %s vs %s; built with: %s; best of %d interleaved rounds\n", ph_version(), peer_name,
           BENCH_FLAGS, rounds);

    hands = alloc_or_die(7 * n_hands);
    out_batch = alloc_or_die(2 * n_hands);
    out_single = alloc_or_die(2 * n_hands);
    out_peer = alloc_or_die(2 * n_hands);
    make_hands();

    /* (a) random hands */
    job random_jobs[] = {{"pokerhash ph_evaluate_batch(k=7)", ours_batch, 0},
                         {"pokerhash ph_evaluate, one call per hand", ours_single, 0},
                         {"phevaluator evaluate_7cards, one per hand", peer_random, 0}};
    race(random_jobs, 3, rounds);
    char title[160];
    snprintf(title, sizeof title, "(a) random 7-card hands: %zu pre-generated rows, the same for everyone", n_hands);
    header(title);
    uint64_t random_sums[3] = {sum16(out_batch, n_hands), sum16(out_single, n_hands), sum16(out_peer, n_hands)};
    rows(random_jobs, 3, (double)n_hands, "M/s", random_sums);
    check("ph_evaluate_batch == ph_evaluate, every row", !memcmp(out_batch, out_single, 2 * n_hands));
    check("pokerhash == phevaluator, every row", !memcmp(out_batch, out_peer, 2 * n_hands));

    /* (b) every 7-card hand; the nested-loop contenders are slow, so they get fewer rounds */
    int slow_rounds = rounds < 2 ? rounds : 2;
    job all7_jobs[] = {{"pokerhash ph_value_histogram(7, all)", ours_all7, 0},
                       {"pokerhash nested loops + ph_evaluate", ours_nested7, 0},
                       {"phevaluator nested loops + evaluate_7cards", peer_all7_job, 0}};
    race(all7_jobs, 1, rounds);
    race(all7_jobs + 1, 2, slow_rounds);
    header("(b) all 133,784,560 7-card hands, one thread");
    uint64_t all7_sums[3] = {sum_hist(hist_a), sum_hist(hist_c), sum_hist(hist_b)};
    rows(all7_jobs, 3, (double)ALL7, "M/s", all7_sums);
    check("histogram: ph_value_histogram == phevaluator", !memcmp(hist_a, hist_b, sizeof hist_a));
    check("histogram: ph_value_histogram == nested ph_evaluate", !memcmp(hist_a, hist_c, sizeof hist_a));

    /* (c) every 5-card hand */
    job all5_jobs[] = {{"pokerhash ph_value_histogram(5, all)", ours_all5, 0},
                       {"phevaluator nested loops + evaluate_5cards", peer_all5_job, 0}};
    race(all5_jobs, 2, rounds * 4);
    header("(c) all 2,598,960 5-card hands, one thread");
    uint64_t all5_sums[2] = {sum_hist(hist_a), sum_hist(hist_b)};
    rows(all5_jobs, 2, (double)ALL5, "M/s", all5_sums);
    check("histogram: ph_value_histogram == phevaluator", !memcmp(hist_a, hist_b, sizeof hist_a));

    /* (d) enumeration of every 5-card combination into a caller buffer */
    rows_ours = alloc_or_die(5 * ALL5);
    rows_ref = alloc_or_die(5 * ALL5);
    masks_ours = alloc_or_die(8 * ALL5);
    masks_ref = alloc_or_die(8 * ALL5);
    job comb_jobs[] = {{"pokerhash ph_combinations(52, 5) rows", ours_combinations, 0},
                       {"reference: 5 nested loops writing rows", ref_combinations, 0}};
    job mask_jobs[] = {{"pokerhash ph_combination_masks(52, 5)", ours_masks, 0},
                       {"reference: 5 nested loops writing masks", ref_masks, 0}};
    race(comb_jobs, 2, rounds * 4);
    race(mask_jobs, 2, rounds * 4);
    header("(d) enumerate all 2,598,960 5-card combinations (colex) into a buffer");
    uint64_t comb_sums[2] = {sum_bytes(rows_ours, 5 * ALL5), sum_bytes(rows_ref, 5 * ALL5)};
    uint64_t mask_sums[2] = {sum_masks(masks_ours, ALL5), sum_masks(masks_ref, ALL5)};
    rows(comb_jobs, 2, (double)ALL5, "M/s", comb_sums);
    rows(mask_jobs, 2, (double)ALL5, "M/s", mask_sums);
    check("rows: ph_combinations == nested loops", !memcmp(rows_ours, rows_ref, 5 * ALL5));
    check("masks: ph_combination_masks == nested loops", !memcmp(masks_ours, masks_ref, 8 * ALL5));

    /* (e) 8- and 9-card hands: the dense tables are built lazily, on the first round, which is not the best */
    n_big = n_hands / 4 ? n_hands / 4 : 1;
    hands8 = alloc_or_die(8 * n_big);
    hands9 = alloc_or_die(9 * n_big);
    out8_batch = alloc_or_die(2 * n_big);
    out8_single = alloc_or_die(2 * n_big);
    out9_batch = alloc_or_die(2 * n_big);
    out9_single = alloc_or_die(2 * n_big);
    make_rows(hands8, n_big, 8);
    make_rows(hands9, n_big, 9);
    job big_jobs[] = {{"pokerhash ph_evaluate_batch(k=8)", ours_batch8, 0},
                      {"pokerhash ph_evaluate(8 cards), one per hand", ours_single8, 0},
                      {"pokerhash ph_evaluate_batch(k=9)", ours_batch9, 0},
                      {"pokerhash ph_evaluate(9 cards), one per hand", ours_single9, 0},
                      {"phevaluator evaluate_7cards (its C has no 8/9)", peer_random_big, 0}};
    race(big_jobs, 5, rounds);
    snprintf(title, sizeof title, "(e) random 8- and 9-card hands: %zu rows each (ns per hand)", n_big);
    header(title);
    uint64_t big_sums[5] = {sum16(out8_batch, n_big), sum16(out8_single, n_big), sum16(out9_batch, n_big),
                            sum16(out9_single, n_big), sum16(out_peer, n_big)};
    rows(big_jobs, 5, (double)n_big, "M/s", big_sums);
    for (int j = 0; j < 5; j++)
        printf("  %-44s %8.1f ns per hand\n", big_jobs[j].name, 1e9 * big_jobs[j].best / (double)n_big);
    size_t checked = n_big < 200000 ? n_big : 200000;
    check("8 cards: ph_evaluate_batch == ph_evaluate, every row", !memcmp(out8_batch, out8_single, 2 * n_big));
    check("9 cards: ph_evaluate_batch == ph_evaluate, every row", !memcmp(out9_batch, out9_single, 2 * n_big));
    check("8 cards == best phevaluator 7-card subset, 200,000 rows", best_of_subsets_equal(hands8, 8, out8_batch, checked));
    check("9 cards == best phevaluator 7-card subset, 200,000 rows", best_of_subsets_equal(hands9, 9, out9_batch, checked));

    printf("\n%s\n", failures ? "RESULT: MISMATCH between evaluators (see checks above)" : "RESULT: all checks equal");
    return failures ? 1 : 0;
}
