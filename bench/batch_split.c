/* Where a random 5-, 6- and 7-card batch's time goes, per batch kernel, and what the CPU's vector units
 * cost. Not a race (the peer kit, ../shared/perfkit, races the peers); a split of our own time.
 *
 *   cc -std=gnu11 -O3 -Icore_c/include -Icore_c/src/common core_c/src/\*\/\*.c core_c/tables/\*.c \
 *      bench/batch_split.c -o bench/build/batch_split -lm -lpthread && bench/build/batch_split [HANDS]
 *
 * Rows per hand size, on HANDS (default 10^7) random hands: every batch kernel this CPU runs, forced through
 * ph_batch_with (the portable loop too: the native figure the WebAssembly kernel is set beside; PH_SIMD caps
 * the dispatched row as it caps ph_evaluate_batch), ph_evaluate one call per hand, and two floors from keys
 * summed beforehand: the flush test and two rank-hash lookups (what an evaluator of prebuilt hand objects
 * does per hand, so a kernel's time above it is the cost of starting from card ids) and the lookups alone.
 * The last column is the prebuilt row's time over each row's. Then eight independent 256-bit and 128-bit
 * operations per loop step, in cycles at the clock measured by a chain of dependent adds: where 256-bit
 * operations cost twice the 128-bit ones, the CPU (or the VM's view of it) splits them, and AVX2 kernels
 * gain little over SSE there. CPU times, median of 7 round-robin passes. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "../core_c/src/eval/eval_internal.h"
#include "pokerhash.h"
#include "cpu_time.h"

#define PASSES 7

static size_t hands = 10000000u;

static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static unsigned next_card(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state % PH_DECK_SIZE);
}

/* One hand size's inputs: the rows, and each row's card-key sum and suit-major bits summed beforehand (what
 * a prebuilt hand object holds). */
typedef struct inputs {
    size_t k;
    uint8_t *rows;
    uint64_t *keys, *bits;
} inputs;

typedef void job_fn(const inputs *in, uint16_t *out);

static unsigned kernel_to_time;

static void batch(const inputs *in, uint16_t *out) {
    ph_evaluate_batch(in->rows, hands, in->k, out, NULL);
}

static void batch_with_kernel(const inputs *in, uint16_t *out) {
    ph_batch_with(kernel_to_time, in->rows, hands, in->k, out, NULL);
}

static void one_call_each(const inputs *in, uint16_t *out) {
    for (size_t i = 0; i < hands; i++)
        out[i] = (uint16_t)ph_evaluate(in->rows + in->k * i, in->k);
}

/* The floor of any path from card ids: a flush test and the two rank-hash lookups of a key summed beforehand,
 * as an evaluator of prebuilt hand objects does. */
static void prebuilt_keys(const inputs *in, uint16_t *out) {
    for (size_t i = 0; i < hands; i++)
        out[i] = (uint16_t)ph_value_with(in->keys[i], 0, in->bits[i], in->k);
}

static void lookups_only(const inputs *in, uint16_t *out) {
    for (size_t i = 0; i < hands; i++)
        out[i] = (uint16_t)ph_plain_value(in->keys[i], in->k);
}

typedef struct row {
    const char *name;
    job_fn *job;
    unsigned kernel;
    double seconds[PASSES];
} row;

/* Round-robin passes, so that every row sees the same drift of a shared machine; median CPU ns per hand. */
static void time_rows(const inputs *in, row *rows, size_t count, uint16_t *out) {
    for (int p = 0; p < PASSES; p++)
        for (size_t r = 0; r < count; r++) {
            kernel_to_time = rows[r].kernel;
            double start = cpu_seconds();
            rows[r].job(in, out);
            rows[r].seconds[p] = cpu_seconds() - start;
        }
    double floor_ns = 0;
    for (size_t r = 0; r < count; r++) {
        qsort(rows[r].seconds, PASSES, sizeof rows[r].seconds[0], ascending_seconds);
        double ns = 1e9 * rows[r].seconds[PASSES / 2] / (double)hands;
        if (rows[r].job == prebuilt_keys)
            floor_ns = ns;
        printf("| %zu | %s | %.2f | %.2f |\n", in->k, rows[r].name, ns, floor_ns > 0 ? floor_ns / ns : 0.0);
    }
}

static void make_inputs(inputs *in, size_t k) {
    in->k = k;
    in->rows = malloc(k * hands);
    in->keys = malloc(sizeof *in->keys * hands);
    in->bits = malloc(sizeof *in->bits * hands);
    if (!in->rows || !in->keys || !in->bits)
        exit(1);
    for (size_t i = 0; i < hands; i++) {
        uint64_t used = 0, key = PH_SUIT_BIAS, bits = 0;
        for (size_t j = 0; j < k;) {
            unsigned card = next_card();
            if (used >> card & 1)
                continue;
            used |= UINT64_C(1) << card;
            key += ph_card_keys[card];
            bits += ph_card_bits[card];
            in->rows[k * i + j++] = (uint8_t)card;
        }
        in->keys[i] = key;
        in->bits[i] = bits;
    }
}

static void free_inputs(inputs *in) {
    free(in->rows);
    free(in->keys);
    free(in->bits);
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

int main(int argc, char **argv) {
    if (argc > 1)
        hands = (size_t)strtoull(argv[1], NULL, 10);
    uint16_t *out = malloc(sizeof *out * hands);
    if (!out || hands < 1)
        return 1;
    printf("random hands: %zu a size; median CPU time of %d round-robin passes\n\n", hands, PASSES);
    printf("| k | row | ns per hand | prebuilt keys' time / this |\n|---|---|---:|---:|\n");
    static const struct { unsigned kernel; const char *name; } kernels[] = {
        {PH_BATCH_PORTABLE, "ph_batch_with, portable loop"}, {PH_BATCH_AVX2, "ph_batch_with, AVX2 kernel"},
        {PH_BATCH_AVX512, "ph_batch_with, AVX-512 kernel"}, {PH_BATCH_SIMD128, "ph_batch_with, SIMD128 kernel"}};
    for (size_t k = 5; k <= 7; k++) {
        inputs in;
        make_inputs(&in, k);
        row rows[8];
        size_t count = 0;
        rows[count++] = (row){"prebuilt keys: flush test + the two rank-hash lookups", prebuilt_keys, 0, {0}};
        rows[count++] = (row){"the two rank-hash lookups alone", lookups_only, 0, {0}};
        rows[count++] = (row){"ph_evaluate_batch (as dispatched)", batch, 0, {0}};
        for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++)
            if (ph_batch_kernels() & kernels[i].kernel)
                rows[count++] = (row){kernels[i].name, batch_with_kernel, kernels[i].kernel, {0}};
        rows[count++] = (row){"ph_evaluate, one call per hand", one_call_each, 0, {0}};
        time_rows(&in, rows, count, out);
        free_inputs(&in);
    }
    printf("\n");
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx2"))
        vector_costs();
#endif
    free(out);
    return 0;
}
