/* Every batch path this CPU runs, forced one at a time (ph_batch_with), against ph_evaluate on every 5-, 6-
 * and 7-card hand (each row's cards in a random order) and on short batches, and against each other on bad rows:
 * the same status, the same bad row index and the same rows written before it. Run by tests/test_batch_paths_c.py:
 *
 *   cc -std=c11 -O2 -Wall -Wextra -pthread -Icore_c/include -Icore_c/src/common tests/c/test_batch_paths.c \
 *      core_c/src/\*\/\*.c core_c/tables/\*.c -o /tmp/test_batch_paths && /tmp/test_batch_paths
 *
 * `test_batch_paths kernels` prints the kernels ph_evaluate_batch may choose from, newest first (the test of
 * the PH_SIMD cap reads it). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pokerhash.h"
#include "../../core_c/src/eval/eval_internal.h"

#include "check.h"
#include "xorshift.h"

enum { SLICE = 1 << 20 };

static const struct { unsigned kernel; const char *name; } kernels[] = {
    {PH_BATCH_AVX512, "avx512"}, {PH_BATCH_AVX2, "avx2"}, {PH_BATCH_SIMD128, "simd128"}, {PH_BATCH_PORTABLE, "portable"}};
enum { KERNELS = sizeof kernels / sizeof kernels[0] };

/* ph_combinations writes ascending rows: shuffle each, so no path can lean on the order. */
static void shuffle_rows(uint8_t *rows, size_t count, size_t k) {
    for (size_t r = 0; r < count; r++) {
        uint8_t *row = rows + r * k;
        uint64_t bits = next_random();
        for (size_t i = k - 1; i > 0; i--, bits >>= 8) {
            size_t j = (size_t)((bits & 0xff) % (i + 1));
            uint8_t t = row[i];
            row[i] = row[j];
            row[j] = t;
        }
    }
}

/* All C(52, k) hands in slices: each path's values equal ph_evaluate's. */
static void test_every_hand(size_t k, uint8_t *rows, uint16_t *want, uint16_t *got) {
    uint64_t total;
    ph_binomial(52, k, &total);
    size_t differ[KERNELS] = {0};
    for (uint64_t start = 0; start < total; start += SLICE) {
        size_t count = total - start < SLICE ? (size_t)(total - start) : SLICE;
        CHECK(ph_combinations(52, k, start, count, rows) == PH_OK, "rows k=%zu", k);
        shuffle_rows(rows, count, k);
        for (size_t i = 0; i < count; i++)
            want[i] = (uint16_t)ph_evaluate(rows + i * k, k);
        for (size_t p = 0; p < KERNELS; p++) {
            if (!(ph_batch_kernels() & kernels[p].kernel))
                continue;
            size_t bad = 12345;
            CHECK(ph_batch_with(kernels[p].kernel, rows, count, k, got, &bad) == PH_OK && bad == 12345,
                  "%s k=%zu slice %llu status", kernels[p].name, k, (unsigned long long)start);
            for (size_t i = 0; i < count; i++)
                differ[p] += got[i] != want[i];
        }
    }
    for (size_t p = 0; p < KERNELS; p++)
        if (ph_batch_kernels() & kernels[p].kernel)
            CHECK(differ[p] == 0, "%s k=%zu: %zu of %llu hands differ from ph_evaluate", kernels[p].name, k,
                  differ[p], (unsigned long long)total);
}

/* Every row count from 1 to 8 * (PH_LOOKUP_DELAY + 3), at the start of the rows and at an offset: a chunk
 * whose loop stops before the kernels' delayed lookups begin, just after, and a few steps on, with the rows
 * after the batch left untouched. */
static void test_short_batches(size_t k, uint8_t *rows, uint16_t *want, uint16_t *got) {
    enum { MOST = 8 * (PH_LOOKUP_DELAY + 3), GUARD = 0xbeef };
    CHECK(ph_combinations(52, k, 2000003, 2 * MOST, rows) == PH_OK, "rows k=%zu", k);
    shuffle_rows(rows, 2 * MOST, k);
    for (size_t i = 0; i < 2 * MOST; i++)
        want[i] = (uint16_t)ph_evaluate(rows + i * k, k);
    for (size_t p = 0; p < KERNELS; p++) {
        if (!(ph_batch_kernels() & kernels[p].kernel))
            continue;
        for (size_t offset = 0; offset <= MOST; offset += MOST)
            for (size_t count = 1; count <= MOST; count++) {
                for (size_t i = 0; i <= count; i++)
                    got[i] = GUARD;
                CHECK(ph_batch_with(kernels[p].kernel, rows + offset * k, count, k, got, NULL) == PH_OK,
                      "%s k=%zu count %zu status", kernels[p].name, k, count);
                CHECK(memcmp(got, want + offset, sizeof *got * count) == 0 && got[count] == GUARD,
                      "%s k=%zu: %zu rows from row %zu", kernels[p].name, k, count, offset);
            }
    }
}

/* One bad row at many places (every offset in a step of eight, around the chunk ends, at random), of each
 * kind: every path gives the portable loop's status and row index and writes the same rows before it. */
static void test_bad_rows(size_t k, uint8_t *rows, uint16_t *got, uint16_t *portable_got) {
    enum { ROWS = 3 * PH_CHUNK_ROWS + 77 };
    CHECK(ph_combinations(52, k, 1000003, ROWS, rows) == PH_OK, "rows k=%zu", k);
    shuffle_rows(rows, ROWS, k);
    uint8_t *bad_rows = malloc((size_t)ROWS * k);
    if (!bad_rows) {
        CHECK(0, "out of memory");
        return;
    }
    for (int place = 0; place < 96; place++) {
        size_t at = place < 24 ? (size_t)place
                  : place < 48 ? PH_CHUNK_ROWS - 12 + (size_t)(place - 24)
                  : place < 56 ? (size_t)ROWS - 8 + (size_t)(place - 48)
                  : (size_t)(next_random() % ROWS);
        for (int kind = 0; kind < 4; kind++) {
            memcpy(bad_rows, rows, (size_t)ROWS * k);
            uint8_t *row = bad_rows + at * k;
            size_t j = (size_t)(next_random() % k), other = (j + 1 + (size_t)(next_random() % (k - 1))) % k;
            if (kind == 0)
                row[j] = 52;
            else if (kind == 1)
                row[j] = (uint8_t)(53 + next_random() % 203);
            else if (kind == 2)
                row[j] = row[other]; /* a repeated card, at any two places of the row */
            else
                row[j] = row[other] = 255; /* a repeated bad id: the id is reported, not the repeat */
            int want_status = kind == 2 ? PH_E_DUPLICATE : PH_E_CARD;
            size_t portable_bad = 0;
            memset(portable_got, 0, sizeof *portable_got * ROWS);
            int portable_status = ph_batch_with(PH_BATCH_PORTABLE, bad_rows, ROWS, k, portable_got, &portable_bad);
            CHECK(portable_status == want_status && portable_bad == at, "portable k=%zu row %zu kind %d: %d at %zu",
                  k, at, kind, portable_status, portable_bad);
            for (size_t p = 0; p < KERNELS; p++) {
                if (!(ph_batch_kernels() & kernels[p].kernel) || kernels[p].kernel == PH_BATCH_PORTABLE)
                    continue;
                size_t bad = 0;
                memset(got, 0, sizeof *got * ROWS);
                int status = ph_batch_with(kernels[p].kernel, bad_rows, ROWS, k, got, &bad);
                CHECK(status == portable_status && bad == portable_bad, "%s k=%zu row %zu kind %d: %d at %zu",
                      kernels[p].name, k, at, kind, status, bad);
                CHECK(memcmp(got, portable_got, sizeof *got * at) == 0, "%s k=%zu rows before %zu",
                      kernels[p].name, k, at);
            }
        }
    }
    free(bad_rows);
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "kernels") == 0) {
        for (size_t p = 0; p < KERNELS; p++)
            if (ph_batch_kernels() & kernels[p].kernel)
                printf("%s ", kernels[p].name);
        printf("\n");
        return 0;
    }
    uint8_t *rows = malloc((size_t)SLICE * 7);
    uint16_t *want = malloc(sizeof *want * SLICE), *got = malloc(sizeof *got * SLICE);
    if (!rows || !want || !got)
        return 2;
    printf("batch paths tested:");
    for (size_t p = 0; p < KERNELS; p++)
        if (ph_batch_kernels() & kernels[p].kernel)
            printf(" %s", kernels[p].name);
    printf("\n");
    for (size_t k = 5; k <= 7; k++) {
        test_every_hand(k, rows, want, got);
        test_short_batches(k, rows, want, got);
        test_bad_rows(k, rows, got, want);
    }
    free(rows);
    free(want);
    free(got);
    printf("%d checks, %d failures\n", checks, failures);
    return failures ? 1 : 0;
}
