/* Where the time of a random 7-card batch goes, and what the CPU's vector units cost: the figures behind
 * issue 8's closing notes. Not a race (bench/peers.sh races the peers); a split of our own time.
 *
 *   cc -std=gnu11 -O3 -Icore_c/include -Icore_c/src/common $(find core_c/src core_c/tables -name '*.c') \
 *      bench/batch_split.c -o bench/build/batch_split -lm -lpthread && bench/build/batch_split
 *
 * Rows: ph_evaluate_batch (and each batch kernel this CPU runs, the portable loop included: the native
 * figures the WebAssembly kernel is set beside) and ph_evaluate on 10^7 random hands from card ids; the same
 * hands' two rank-hash lookups alone, from keys summed beforehand (the part a prebuilt hand object saves is everything else).
 * Then eight independent 256-bit and 128-bit operations per loop step, in cycles at the clock measured by
 * a chain of dependent adds: where 256-bit operations cost twice the 128-bit ones, the CPU (or the VM's view
 * of it) splits them, and AVX2 kernels gain little over SSE there. CPU times, median of 7 passes. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "../core_c/src/eval/eval_internal.h"
#include "pokerhash.h"

#define HANDS 10000000u
#define PASSES 7

static double cpu_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static unsigned next_card(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state % PH_DECK_SIZE);
}

typedef void job_fn(const uint8_t *rows, const uint32_t *hashes, uint16_t *out);

static void batch(const uint8_t *rows, const uint32_t *hashes, uint16_t *out) {
    (void)hashes;
    ph_evaluate_batch(rows, HANDS, 7, out, NULL);
}

static unsigned kernel_to_time;

static void batch_with_kernel(const uint8_t *rows, const uint32_t *hashes, uint16_t *out) {
    (void)hashes;
    ph_batch_with(kernel_to_time, rows, HANDS, 7, out, NULL);
}

static void one_call_each(const uint8_t *rows, const uint32_t *hashes, uint16_t *out) {
    (void)hashes;
    for (size_t i = 0; i < HANDS; i++)
        out[i] = (uint16_t)ph_evaluate(rows + 7 * i, 7);
}

static void lookups_only(const uint8_t *rows, const uint32_t *hashes, uint16_t *out) {
    (void)rows;
    for (size_t i = 0; i < HANDS; i++)
        out[i] = (uint16_t)ph_rank_hash_lookup(hashes[i], PH_RH_ROWS_7, PH_RH_VALUES_7, PH_RH_SHIFT_7);
}

static double median_ns_per_hand(job_fn *job, const uint8_t *rows, const uint32_t *hashes, uint16_t *out) {
    double t[PASSES];
    for (int p = 0; p < PASSES; p++) {
        double start = cpu_seconds();
        job(rows, hashes, out);
        t[p] = cpu_seconds() - start;
    }
    qsort(t, PASSES, sizeof t[0], by_value);
    return 1e9 * t[PASSES / 2] / HANDS;
}

#if defined(__x86_64__)
#define STEPS 100000000L
#define EIGHT(op, reg) \
    op " %%" reg "8,%%" reg "9,%%" reg "0\n" op " %%" reg "8,%%" reg "9,%%" reg "1\n" \
    op " %%" reg "8,%%" reg "9,%%" reg "2\n" op " %%" reg "8,%%" reg "9,%%" reg "3\n" \
    op " %%" reg "8,%%" reg "9,%%" reg "4\n" op " %%" reg "8,%%" reg "9,%%" reg "5\n" \
    op " %%" reg "8,%%" reg "9,%%" reg "6\n" op " %%" reg "8,%%" reg "9,%%" reg "7\n"
#define CLOBBERS "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7"
/* Seconds of STEPS loop steps running `body` (eight independent operations). */
#define TIME_STEPS(body)                                            \
    ({                                                              \
        double start_ = cpu_seconds();                              \
        for (long i_ = 0; i_ < STEPS; i_++)                         \
            __asm__ volatile(body ::: CLOBBERS);                    \
        cpu_seconds() - start_;                                     \
    })

__attribute__((target("avx2"))) static void vector_costs(void) {
    uint64_t chain = 0;
    double start = cpu_seconds();
    for (long i = 0; i < STEPS; i++)
        __asm__ volatile("add $1,%0\n add $1,%0\n add $1,%0\n add $1,%0\n"
                         "add $1,%0\n add $1,%0\n add $1,%0\n add $1,%0\n" : "+r"(chain));
    double seconds_per_cycle = (cpu_seconds() - start) / (8.0 * STEPS);
    printf("clock (8 dependent adds a step): %.2f GHz\n", 1e-9 / seconds_per_cycle);
    struct { const char *name; double ymm, xmm; } costs[] = {
        {"vpaddq", TIME_STEPS(EIGHT("vpaddq", "ymm")), TIME_STEPS(EIGHT("vpaddq", "xmm"))},
        {"vpshufb", TIME_STEPS(EIGHT("vpshufb", "ymm")), TIME_STEPS(EIGHT("vpshufb", "xmm"))},
        {"vpsadbw", TIME_STEPS(EIGHT("vpsadbw", "ymm")), TIME_STEPS(EIGHT("vpsadbw", "xmm"))},
        {"vpsllvq", TIME_STEPS(EIGHT("vpsllvq", "ymm")), TIME_STEPS(EIGHT("vpsllvq", "xmm"))},
        {"vpermd", TIME_STEPS(EIGHT("vpermd", "ymm")), 0}, /* no 128-bit form */
    };
    printf("| operation | cycles per op, 256-bit | 128-bit |\n|---|---:|---:|\n");
    for (size_t i = 0; i < sizeof costs / sizeof costs[0]; i++) {
        double per_op = seconds_per_cycle * 8.0 * STEPS;
        if (costs[i].xmm > 0)
            printf("| %s | %.2f | %.2f |\n", costs[i].name, costs[i].ymm / per_op, costs[i].xmm / per_op);
        else
            printf("| %s | %.2f | - |\n", costs[i].name, costs[i].ymm / per_op);
    }
}
#endif

int main(void) {
    uint8_t *rows = malloc(7 * (size_t)HANDS);
    uint32_t *hashes = malloc(sizeof *hashes * HANDS);
    uint16_t *out = malloc(sizeof *out * HANDS);
    if (!rows || !hashes || !out)
        return 1;
    for (size_t i = 0; i < HANDS; i++) {
        uint64_t used = 0, key = PH_SUIT_BIAS;
        for (int j = 0; j < 7;) {
            unsigned card = next_card();
            if (used >> card & 1)
                continue;
            used |= UINT64_C(1) << card;
            key += ph_card_keys[card];
            rows[7 * i + j++] = (uint8_t)card;
        }
        hashes[i] = (uint32_t)(key >> PH_HASH_SHIFT); /* flush hands too: their rank hash is as random */
    }
    printf("| 10^7 random 7-card hands | ns per hand |\n|---|---:|\n");
    printf("| ph_evaluate_batch | %.2f |\n", median_ns_per_hand(batch, rows, hashes, out));
    static const struct { unsigned kernel; const char *name; } kernels[] = {
        {PH_BATCH_PORTABLE, "portable loop"}, {PH_BATCH_AVX2, "AVX2 kernel"}, {PH_BATCH_AVX512, "AVX-512 kernel"}};
    for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++) {
        if (!(ph_batch_kernels() & kernels[i].kernel))
            continue;
        kernel_to_time = kernels[i].kernel;
        printf("| ph_evaluate_batch, %s only | %.2f |\n", kernels[i].name,
               median_ns_per_hand(batch_with_kernel, rows, hashes, out));
    }
    printf("| ph_evaluate, one call per hand | %.2f |\n", median_ns_per_hand(one_call_each, rows, hashes, out));
    printf("| the two rank-hash lookups alone, keys summed beforehand | %.2f |\n\n",
           median_ns_per_hand(lookups_only, rows, hashes, out));
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx2"))
        vector_costs();
#endif
    free(rows);
    free(hashes);
    free(out);
    return 0;
}
