/* Where the inline one-call row of the performance kit stands against the peers that build a hand from card
 * ids, split by flushes: the kit's own loops (drivers/ph_inline.c compiled with -DPH_INLINE_ALL as the kit
 * compiles it, and the peers' wrappers), raced on the same random rows and on the same rows with every flush
 * redrawn. Flushes are the one branch a random hand mispredicts, and the one place where the evaluators
 * differ in how late they know the answer. Built and run by bench/inline_split.sh, which builds the kit's
 * objects first. Built with INLINE_SPLIT_BEFORE, it races a second build of the kit's loops too, against the
 * header of an earlier revision (the script's BEFORE=rev), as "before".
 *
 *   inline_split [passes] [hands]      (defaults: 21 passes, 1,000,000 hands a size)
 *
 * Our values are checked against ph_evaluate_batch; a peer's values are checked to order the hands as ours do
 * (one of its values for each of ours and back), since each peer has its own scale. The kit checks the peers'
 * values themselves. Times: CPU time, the median of interleaved passes. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu_time.h"
#include "ph_inline.h"
#include "pokerhash.h"
#include "splitmix.h"

/* The kit's peer wrappers (its drivers/peers.h, whose name bench/peers.h takes here). */
double omp_init(void);
void omp_eval_rows(const uint8_t *cards, size_t n, size_t k, uint16_t *out);
void bhe_eval_rows(const uint8_t *cards, size_t n, size_t k, uint16_t *out);
void sk_eval_rows7(const uint8_t *cards, size_t n, uint16_t *out);
#ifdef INLINE_SPLIT_BEFORE
/* drivers/ph_inline.c's phi_eval_rows, built against the earlier header and renamed by the script. */
void phi_eval_rows_before(const uint8_t *cards, size_t n, size_t k, uint16_t *out);
#endif

typedef void rows_function(const uint8_t *cards, size_t n, size_t k, uint16_t *out);

static void sk_rows(const uint8_t *cards, size_t n, size_t k, uint16_t *out) {
    (void)k;
    sk_eval_rows7(cards, n, out); /* given SK's ids (51 - ours) */
}

struct contender {
    const char *name;
    rows_function *rows;
    int ours;   /* 1: pokerhash, its values checked exactly; 0: a peer */
    int sk_ids; /* 1: the rows are passed in SKPokerEval's ids */
    int sizes;  /* bit k: evaluates k cards */
};

/* ours first: the ratios are against contenders[0]. */
static const struct contender contenders[] = {
    {"ours", phi_eval_rows, 1, 0, 0xe0},
#ifdef INLINE_SPLIT_BEFORE
    {"before", phi_eval_rows_before, 1, 0, 0xe0},
#endif
    {"OMPEval", omp_eval_rows, 0, 0, 0xe0},
    {"holdem-hand-evaluator", bhe_eval_rows, 0, 0, 0xe0},
    {"SKPokerEval", sk_rows, 0, 1, 0x80},
};
#define CONTENDERS (sizeof contenders / sizeof contenders[0])

/* 1 when the k cards hold five or more of one suit. */
static int has_flush(const uint8_t *row, size_t k) {
    int suits[4] = {0, 0, 0, 0};
    for (size_t j = 0; j < k; j++)
        if (++suits[row[j] & 3] >= 5)
            return 1;
    return 0;
}

/* n rows of k distinct cards from the fixed seed; with no_flush, a row with a flush is drawn again. */
static void deal(uint8_t *rows, size_t n, size_t k, int no_flush) {
    rng_state = BENCH_SEED + k;
    for (size_t i = 0; i < n; i++) {
        uint8_t *row = rows + i * k;
        do {
            uint64_t used = 0;
            for (size_t j = 0; j < k;) {
                unsigned card = (unsigned)(next_random() % PH_DECK_SIZE);
                if (!(used >> card & 1)) {
                    used |= UINT64_C(1) << card;
                    row[j++] = (uint8_t)card;
                }
            }
        } while (no_flush && has_flush(row, k));
    }
}

/* 1 when peer[i] and ours[i] pair off one to one across all rows. */
static int same_order(const uint16_t *ours, const uint16_t *peer, size_t n) {
    static uint32_t seen_ours[65536], seen_peer[PH_WORST_VALUE + 1];
    memset(seen_ours, 0, sizeof seen_ours);
    memset(seen_peer, 0, sizeof seen_peer);
    for (size_t i = 0; i < n; i++) {
        uint32_t a = (uint32_t)peer[i] + 1, b = (uint32_t)ours[i] + 1;
        if (ours[i] > PH_WORST_VALUE || (seen_peer[ours[i]] && seen_peer[ours[i]] != a) ||
            (seen_ours[peer[i]] && seen_ours[peer[i]] != b))
            return 0;
        seen_peer[ours[i]] = a;
        seen_ours[peer[i]] = b;
    }
    return 1;
}

/* Races every contender for k cards on the rows; prints one line and leaves each median (ms) in ms[];
 * returns 0, or 1 when a check failed. */
static int race(const char *label, size_t k, const uint8_t *rows, const uint8_t *sk_rows_ids, size_t n,
                int passes, double ms[CONTENDERS]) {
    uint16_t *want = malloc(2 * n), *got = malloc(2 * n);
    double *times = malloc(sizeof(double) * (size_t)passes * CONTENDERS);
    size_t bad_row;
    if (!want || !got || !times || ph_evaluate_batch(rows, n, k, want, &bad_row) != PH_OK)
        return fprintf(stderr, "inline_split: out of memory or a bad row\n"), 1;
    int failed = 0, reported[CONTENDERS] = {0};
    /* Odd passes run the contenders in reverse: whoever runs right after another pokerhash build finds its
     * tables warm, so one order (or a rotation of it) would favour the one that follows. */
    for (int p = 0; p < passes; p++)
        for (size_t turn = 0; turn < CONTENDERS; turn++) {
            size_t c = p % 2 ? CONTENDERS - 1 - turn : turn;
            if (!(contenders[c].sizes >> k & 1))
                continue;
            const uint8_t *input = contenders[c].sk_ids ? sk_rows_ids : rows;
            double t = cpu_seconds();
            contenders[c].rows(input, n, k, got);
            times[c * (size_t)passes + (size_t)p] = cpu_seconds() - t;
            int ok = contenders[c].ours ? memcmp(got, want, 2 * n) == 0 : same_order(want, got, n);
            if (!ok && !reported[c]) {
                fprintf(stderr, "inline_split: %s disagrees on %zu-card rows (%s)\n", contenders[c].name, k, label);
                failed = reported[c] = 1;
            }
        }
    double best_peer = 1e30;
    printf("%zu cards, %-9s", k, label);
    for (size_t c = 0; c < CONTENDERS; c++) {
        ms[c] = 0;
        if (!(contenders[c].sizes >> k & 1))
            continue;
        double *mine = times + c * (size_t)passes;
        qsort(mine, (size_t)passes, sizeof(double), ascending_seconds);
        ms[c] = 1e3 * mine[passes / 2];
        if (!contenders[c].ours && ms[c] < best_peer)
            best_peer = ms[c];
        printf("  %s %.3f", contenders[c].name, ms[c]);
    }
    printf("  -> ours %.3fx the best peer", best_peer / ms[0]);
    for (size_t c = 1; c < CONTENDERS; c++)
        if (contenders[c].ours)
            printf(", %.3fx %s", ms[c] / ms[0], contenders[c].name);
    printf("\n");
    free(want), free(got), free(times);
    return failed;
}

int main(int argc, char **argv) {
    int passes = argc > 1 ? atoi(argv[1]) : 21;
    size_t n = argc > 2 ? strtoull(argv[2], NULL, 10) : 1000000;
    if (passes < 1 || n == 0)
        return fprintf(stderr, "usage: inline_split [passes >= 1] [hands >= 1]\n"), 2;
    if (!phi_inlined())
        return fprintf(stderr, "inline_split: this pokerhash.h has no PH_INLINE_ALL form\n"), 2;
    omp_init();
    printf("%zu random hands a size, %d interleaved passes, median CPU time in ms\n", n, passes);
    int failed = 0;
    for (size_t k = 5; k <= 7; k++) {
        uint8_t *rows = malloc(n * k), *sk_ids = malloc(n * k);
        if (!rows || !sk_ids)
            return fprintf(stderr, "inline_split: out of memory\n"), 2;
        double ms[2][CONTENDERS];
        for (int no_flush = 0; no_flush <= 1; no_flush++) {
            deal(rows, n, k, no_flush);
            for (size_t i = 0; i < n * k; i++)
                sk_ids[i] = (uint8_t)(51 - rows[i]);
            failed |= race(no_flush ? "no flush:" : "all:", k, rows, sk_ids, n, passes, ms[no_flush]);
        }
        /* What the flush rows cost each contender: the time that drawing them again took off. */
        printf("%zu cards, the flush rows' cost:", k);
        for (size_t c = 0; c < CONTENDERS; c++)
            if (contenders[c].sizes >> k & 1)
                printf("  %s %.3f", contenders[c].name, ms[0][c] - ms[1][c]);
        printf(" ms\n");
        free(rows), free(sk_ids);
    }
    return failed;
}
