/* What one ph_evaluate call costs beyond the evaluation: the same hands timed through the library call (as
 * perfkit's "ph_evaluate, one call per hand" row calls it) and through the inline evaluator compiled into
 * the calling loop (bench_call_inline.c, PH_INLINE_ALL), as the peers' header-only evaluators are. Interleaved rounds,
 * best time of each; every value checked against ph_evaluate_batch.
 *
 *   cc -std=c11 -O3 -Icore_c/include -Icore_c/src/common -o /tmp/bench_call bench/bench_call.c \
 *      bench/bench_call_inline.c $(find core_c/src core_c/tables -name '*.c') && /tmp/bench_call
 *
 *   bench_call [rounds] [hands]      (defaults: 15 rounds, 1,000,000 random 7-card hands) */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "pokerhash.h"
#include "cpu_time.h"

void bench_inlined_rows(const uint8_t *cards, size_t n, size_t k, uint16_t *out);

/* The loop perfkit's driver runs: out-of-line, one library call per hand. */
__attribute__((noinline)) static void called_rows(const uint8_t *cards, size_t n, size_t k, uint16_t *out) {
    for (size_t i = 0; i < n; i++)
        out[i] = (uint16_t)ph_evaluate(cards + i * k, k);
}

static uint64_t xorshift(uint64_t *s) {
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 15;
    size_t n = argc > 2 ? strtoull(argv[2], NULL, 10) : 1000000, k = 7;
    uint8_t *cards = malloc(n * k);
    uint16_t *want = malloc(2 * n), *got = malloc(2 * n);
    if (!cards || !want || !got || rounds < 1 || !n)
        return 2;
    uint64_t state = 0x9E3779B97F4A7C15u;
    for (size_t i = 0; i < n; i++)
        for (uint64_t used = 0, j = 0; j < k;) {
            unsigned card = (unsigned)(xorshift(&state) % PH_DECK_SIZE);
            if (!(used >> card & 1)) {
                used |= UINT64_C(1) << card;
                cards[i * k + j++] = (uint8_t)card;
            }
        }
    size_t bad_row;
    if (ph_evaluate_batch(cards, n, k, want, &bad_row) != PH_OK)
        return 2;
    double best_call = 1e30, best_inline = 1e30;
    for (int r = 0; r < rounds; r++) {
        double t = cpu_seconds();
        called_rows(cards, n, k, got);
        t = cpu_seconds() - t;
        best_call = t < best_call ? t : best_call;
        for (size_t i = 0; i < n; i++)
            if (got[i] != want[i])
                return fprintf(stderr, "library call: hand %zu differs\n", i), 1;
        t = cpu_seconds();
        bench_inlined_rows(cards, n, k, got);
        t = cpu_seconds() - t;
        best_inline = t < best_inline ? t : best_inline;
        for (size_t i = 0; i < n; i++)
            if (got[i] != want[i])
                return fprintf(stderr, "inlined: hand %zu differs\n", i), 1;
    }
    printf("%zu random 7-card hands, best of %d rounds (CPU time)\n", n, rounds);
    printf("  ph_evaluate, one library call per hand:      %.2f ns a hand\n", 1e9 * best_call / (double)n);
    printf("  ph_evaluate inlined (PH_INLINE_ALL):         %.2f ns a hand\n", 1e9 * best_inline / (double)n);
    printf("  the call costs %.0f %% on top\n", 100.0 * (best_call / best_inline - 1));
    return 0;
}
