/* C-level tests of the pokerhash core, run by tests/test_c_core.py (or by hand):
 *
 *   cc -std=c11 -O2 -Wall -Wextra -pthread -Icore_c/include -Icore_c/src/common tests/c/test_core.c \
 *      $(find core_c/src core_c/tables -name '*.c') -o /tmp/test_core
 *   /tmp/test_core tests/vectors/hands.txt
 *
 * Checks the shared vectors, the combinatorics seed vectors, the quinary hash against a brute-force
 * enumeration, error codes, binomial overflow and hand_index. Prints one line per failure and a summary;
 * exits non-zero on any failure. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pokerhash.h"
#include "../../core_c/src/eval/eval_internal.h"

#include "check.h"

/* xorshift64*: a tiny deterministic generator, so runs are repeatable. */
static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static uint64_t next_random(void) {
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1Du;
}

/* k distinct random cards. */
static void random_hand(uint8_t *cards, size_t k) {
    uint64_t used = 0;
    for (size_t i = 0; i < k;) {
        unsigned c = (unsigned)(next_random() % 52);
        if (!(used >> c & 1)) {
            used |= UINT64_C(1) << c;
            cards[i++] = (uint8_t)c;
        }
    }
}

/* Reference colex rank: the sum of C(c_i, i + 1) over the ascending items, with our own binomials. */
static uint64_t pascal[65][65];
static void build_pascal(void) {
    for (int n = 0; n <= 64; n++) {
        pascal[n][0] = 1;
        for (int k = 1; k <= n; k++)
            pascal[n][k] = pascal[n - 1][k - 1] + (k < n ? pascal[n - 1][k] : 0);
    }
}
static uint64_t ref_binomial(int n, int k) { return (k < 0 || k > n) ? 0 : pascal[n][k]; }

static uint64_t ref_colex_rank_of_mask(uint64_t mask) {
    uint64_t rank = 0;
    int i = 0;
    for (int c = 0; c < 64; c++)
        if (mask >> c & 1)
            rank += ref_binomial(c, ++i);
    return rank;
}

/* ---- hand_index first use from many threads (must run before any other hand_index call) ----------- */

static void *hand_index_worker(void *arg) {
    int *ok = arg;
    *ok = 1;
    for (int j = 0; j < 45; j++) {
        uint64_t mask = UINT64_C(0x7f) << j;
        if (ph_hand_index(mask) != (int64_t)ref_colex_rank_of_mask(mask))
            *ok = 0;
    }
    return NULL;
}

static void test_hand_index_threads(void) {
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
    /* The browser build has no threads (pthread_create fails there): one caller only. */
    int alone = 1;
    hand_index_worker(&alone);
    CHECK(alone, "the single thread got a wrong hand_index");
    return;
#endif
    pthread_t threads[8];
    int ok[8];
    for (int i = 0; i < 8; i++)
        pthread_create(&threads[i], NULL, hand_index_worker, &ok[i]);
    for (int i = 0; i < 8; i++) {
        pthread_join(threads[i], NULL);
        CHECK(ok[i], "thread %d got a wrong hand_index", i);
    }
}

/* ---- shared vectors -------------------------------------------------------------------------------- */

static void test_vectors(const char *path) {
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "cannot open %s", path);
    if (!f)
        return;
    char line[512];
    int count = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char *eq = strchr(line, '=');
        CHECK(eq != NULL, "no '=' in line: %s", line);
        if (!eq)
            continue;
        int value = atoi(eq + 1);
        /* the comment names the category: "# Royal Flush: ..." */
        char *hash = strchr(eq, '#');
        char category_name[40] = "";
        if (hash) {
            const char *start = hash + 2, *colon = strchr(start, ':');
            size_t len = colon ? (size_t)(colon - start) : 0;
            if (len < sizeof category_name) {
                memcpy(category_name, start, len);
                category_name[len] = 0;
            }
        }
        uint8_t cards[16], five[5], reversed[16];
        size_t error_offset = 0;
        int k = ph_cards_parse(line, (size_t)(eq - line), cards, 16, &error_offset);
        CHECK(k >= 5 && k <= 9, "parse gave %d (offset %zu) for: %s", k, error_offset, line);
        if (k < 5 || k > 9)
            continue;
        count++;
        CHECK(ph_evaluate(cards, (size_t)k) == value, "evaluate %d != %d: %s", ph_evaluate(cards, (size_t)k),
              value, line);
        for (int i = 0; i < k; i++)
            reversed[i] = cards[k - 1 - i];
        CHECK(ph_evaluate(reversed, (size_t)k) == value, "reversed order: %s", line);
        uint16_t out = 0;
        CHECK(ph_evaluate_batch(cards, 1, (size_t)k, &out, NULL) == PH_OK && out == value, "batch: %s", line);
        CHECK(ph_best_five(cards, (size_t)k, five) == value, "best_five value: %s", line);
        CHECK(ph_evaluate(five, 5) == value, "best_five cards do not make the value: %s", line);
        for (int i = 0; i < 5; i++) {
            int found = 0;
            for (int j = 0; j < k; j++)
                found |= cards[j] == five[i];
            CHECK(found, "best_five card %d not in hand: %s", five[i], line);
        }
        const char *name = ph_category_name(ph_category_of(value));
        CHECK(name && strcmp(name, category_name) == 0, "category %s, vectors say %s: %s", name ? name : "NULL",
              category_name, line);
    }
    fclose(f);
    CHECK(count >= 300, "only %d vectors read", count);
}

/* ---- combinatorics ------------------------------------------------------------------------------- */

static void test_seed_vectors(void) {
    uint64_t rank = 0;
    uint8_t items[7];
    const uint8_t broadway[5] = {12, 11, 10, 9, 8};
    CHECK(ph_combination_rank(broadway, 5, 13, PH_COLEX, &rank) == PH_OK && rank == 1286, "colex %llu",
          (unsigned long long)rank);
    const uint8_t fives[7] = {5, 10, 15, 20, 25, 30, 35};
    CHECK(ph_combination_rank(fives, 7, 52, PH_LEX, &rank) == PH_OK && rank == 75352208u, "lex %llu",
          (unsigned long long)rank);
    CHECK(ph_combination_unrank(75352208u, 7, 52, PH_LEX, items) == PH_OK && memcmp(items, fives, 7) == 0,
          "lex unrank");
    const uint8_t pair[2] = {1, 3}; /* binary 1010 */
    CHECK(ph_combination_rank(pair, 2, 4, PH_COLEX, &rank) == PH_OK && rank == 4, "4C2 %llu",
          (unsigned long long)rank);
    /* every rank of 52C5 near the ends, both orders, round trips */
    for (int order = 0; order < 2; order++) {
        for (uint64_t r = 0; r < 2000; r++) {
            uint64_t at = (r < 1000) ? r : 2598960 - (r - 999);
            uint64_t back = 0;
            CHECK(ph_combination_unrank(at, 5, 52, (ph_order)order, items) == PH_OK &&
                      ph_combination_rank(items, 5, 52, (ph_order)order, &back) == PH_OK && back == at,
                  "round trip %llu order %d", (unsigned long long)at, order);
        }
    }
}

static void test_binomial(void) {
    /* Our own Pascal's triangle with an overflow flag that, once set, spreads to every entry below. */
    static uint64_t c[141][141];
    static unsigned char over[141][141];
    for (int n = 0; n <= 140; n++) {
        c[n][0] = 1;
        for (int k = 1; k <= n; k++) {
            uint64_t a = c[n - 1][k - 1], b = (k < n) ? c[n - 1][k] : 0;
            over[n][k] = over[n - 1][k - 1] || (k < n && over[n - 1][k]) || a + b < a;
            c[n][k] = a + b;
        }
    }
    for (unsigned n = 0; n <= 140; n++) {
        for (unsigned k = 0; k <= n + 2; k++) {
            uint64_t got = 12345;
            int status = ph_binomial(n, k, &got);
            if (k > n)
                CHECK(status == PH_OK && got == 0, "C(%u,%u) k > n", n, k);
            else if (over[n][k])
                CHECK(status == PH_E_OVERFLOW, "C(%u,%u) should overflow, got %d", n, k, status);
            else
                CHECK(status == PH_OK && got == c[n][k], "C(%u,%u) = %llu, want %llu", n, k,
                      (unsigned long long)got, (unsigned long long)c[n][k]);
        }
    }
    uint64_t got = 0;
    CHECK(ph_binomial(67, 33, &got) == PH_OK && got == UINT64_C(14226520737620288370), "C(67,33)");
    CHECK(ph_binomial(68, 34, &got) == PH_E_OVERFLOW, "C(68,34) must overflow");
    CHECK(ph_binomial(100, 50, &got) == PH_E_OVERFLOW, "C(100,50) must overflow");
    CHECK(ph_binomial(4000000000u, 1, &got) == PH_OK && got == 4000000000u, "C(4e9,1)");
    CHECK(ph_binomial(4000000000u, 2, &got) == PH_OK && got == UINT64_C(7999999998000000000), "C(4e9,2)");
}

static void test_combination_errors(void) {
    uint8_t items[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    uint64_t rank;
    CHECK(ph_combination_rank(items, 2, 65, PH_COLEX, &rank) == PH_E_ARGUMENT, "n = 65");
    CHECK(ph_combination_rank(items, 8, 7, PH_COLEX, &rank) == PH_E_ARGUMENT, "k > n");
    CHECK(ph_combination_rank(items, 2, 2, PH_LEX, &rank) == PH_E_CARD, "item >= n");
    const uint8_t twice[3] = {3, 1, 3};
    CHECK(ph_combination_rank(twice, 3, 9, PH_COLEX, &rank) == PH_E_DUPLICATE, "duplicate item");
    CHECK(ph_combination_unrank(35, 3, 7, PH_COLEX, items) == PH_E_RANK, "unrank at C(n,k)");
    CHECK(ph_combination_unrank(35, 3, 7, PH_LEX, items) == PH_E_RANK, "lex unrank at C(n,k)");
    CHECK(ph_combination_unrank(0, 3, 65, PH_COLEX, items) == PH_E_ARGUMENT, "unrank n = 65");
    uint8_t rows[30];
    uint64_t masks[10];
    CHECK(ph_combinations(7, 3, 30, 10, rows) == PH_E_RANK, "combinations past the end");
    CHECK(ph_combinations(7, 3, 30, 5, rows) == PH_OK, "combinations to the end");
    CHECK(ph_combination_masks(7, 3, 34, 2, masks) == PH_E_RANK, "masks past the end");
    CHECK(ph_combination_masks(65, 3, 0, 1, masks) == PH_E_ARGUMENT, "masks n = 65");
    /* rows and masks agree with unrank */
    CHECK(ph_combinations(52, 7, 1000000, 4, rows) == PH_OK, "combinations 52C7");
    CHECK(ph_combination_masks(52, 7, 1000000, 4, masks) == PH_OK, "masks 52C7");
    for (int i = 0; i < 4; i++) {
        uint8_t want[7];
        ph_combination_unrank(1000000u + (uint64_t)i, 7, 52, PH_COLEX, want);
        CHECK(memcmp(rows + 7 * i, want, 7) == 0, "row %d", i);
        CHECK(ref_colex_rank_of_mask(masks[i]) == 1000000u + (uint64_t)i, "mask %d", i);
    }
}

static void test_hand_index(void) {
    for (int trial = 0; trial < 100000; trial++) {
        size_t k = 1 + (size_t)(next_random() % 7);
        uint8_t cards[7];
        random_hand(cards, k);
        uint64_t mask = 0, rank = 0;
        for (size_t i = 0; i < k; i++)
            mask |= UINT64_C(1) << cards[i];
        ph_combination_rank(cards, k, 52, PH_COLEX, &rank);
        int64_t index = ph_hand_index(mask);
        CHECK(index == (int64_t)rank && rank == ref_colex_rank_of_mask(mask), "hand_index %lld rank %llu",
              (long long)index, (unsigned long long)rank);
        if (index != (int64_t)rank)
            break;
    }
    CHECK(ph_hand_index(UINT64_C(1) << 52) == PH_E_CARD, "bit 52");
    CHECK(ph_hand_index(UINT64_C(1) << 63 | 1) == PH_E_CARD, "bit 63");
    CHECK(ph_hand_index(0) == PH_E_COUNT, "no cards");
    CHECK(ph_hand_index(0xff) == PH_E_COUNT, "8 cards");
    CHECK(ph_hand_index(UINT64_C(0x7f) << 45) == 133784559, "top seven cards");
}

/* ---- quinary hash ------------------------------------------------------------------------------- */

/* All quinaries of digit sum k, packed base 5 with q[0] most significant, in lexicographic order. */
static uint32_t *quinaries;
static size_t quinary_count;

static void enumerate_quinaries(uint8_t *q, int digit, unsigned left, uint32_t packed) {
    if (digit == 13) {
        if (left == 0)
            quinaries[quinary_count++] = packed;
        return;
    }
    for (unsigned d = 0; d <= 4 && d <= left; d++) {
        q[digit] = (uint8_t)d;
        enumerate_quinaries(q, digit + 1, left - d, packed * 5 + d);
    }
}

static uint32_t pack(const uint8_t q[13]) {
    uint32_t packed = 0;
    for (int i = 0; i < 13; i++)
        packed = packed * 5 + q[i];
    return packed;
}

static int compare_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static void test_quinary_hash(void) {
    quinaries = malloc(300000 * sizeof *quinaries);
    uint8_t q[13];
    for (unsigned k = 0; k <= 9; k++) {
        quinary_count = 0;
        enumerate_quinaries(q, 0, k, 0);
        /* Packed numbers sort like the digit strings, so "lexicographic position" = sorted position. */
        int sorted = 1;
        for (size_t i = 1; i < quinary_count; i++)
            sorted &= quinaries[i - 1] < quinaries[i];
        CHECK(sorted, "enumeration for k=%u not sorted", k);
        for (size_t i = 0; i < quinary_count; i++) {
            uint32_t packed = quinaries[i];
            for (int d = 12; d >= 0; d--) {
                q[d] = (uint8_t)(packed % 5);
                packed /= 5;
            }
            int32_t hash = ph_quinary_hash(q, k);
            CHECK(hash == (int32_t)i, "k=%u position %zu hashed to %d", k, i, hash);
            if (hash != (int32_t)i)
                break;
        }
        /* hands of this size: the rank counts' hash is the sorted position of their packing */
        if (k >= 5) {
            for (int trial = 0; trial < 2000; trial++) {
                uint8_t cards[9];
                random_hand(cards, k);
                memset(q, 0, sizeof q);
                for (unsigned i = 0; i < k; i++)
                    q[cards[i] / 4]++;
                uint32_t key = pack(q);
                uint32_t *at = bsearch(&key, quinaries, quinary_count, sizeof key, compare_u32);
                CHECK(at && ph_quinary_hash(q, k) == (int32_t)(at - quinaries), "hand quinary k=%u", k);
            }
        }
    }
    free(quinaries);
    memset(q, 0, sizeof q);
    CHECK(ph_quinary_hash(q, 10) == PH_E_ARGUMENT, "k = 10");
    CHECK(ph_quinary_hash(q, 1) == PH_E_ARGUMENT, "digit sum != k");
    q[0] = 5;
    CHECK(ph_quinary_hash(q, 5) == PH_E_ARGUMENT, "digit 5");
}

/* Without a flush the value depends only on the rank counts: a table indexed by quinary_hash, filled
 * from one flush-free hand per quinary, must predict ph_evaluate for every other flush-free hand. */
static void test_quinary_lookup_agrees_with_evaluate(void) {
    enum { K = 7 };
    static int table[60000];
    uint8_t q[13] = {0};
    quinaries = malloc(300000 * sizeof *quinaries);
    quinary_count = 0;
    enumerate_quinaries(q, 0, K, 0);
    for (size_t i = 0; i < quinary_count; i++) {
        uint32_t packed = quinaries[i];
        for (int d = 12; d >= 0; d--) {
            q[d] = (uint8_t)(packed % 5);
            packed /= 5;
        }
        uint8_t cards[K];
        int n = 0; /* ranks ascending, suit = position % 4: equal ranks get distinct suits, no flush */
        for (int r = 0; r < 13; r++)
            for (int j = 0; j < q[r]; j++, n++)
                cards[n] = (uint8_t)(4 * r + n % 4);
        table[ph_quinary_hash(q, K)] = ph_evaluate(cards, K);
    }
    free(quinaries);
    int compared = 0;
    for (int trial = 0; trial < 200000; trial++) {
        uint8_t cards[K];
        int suits[4] = {0};
        random_hand(cards, K);
        memset(q, 0, sizeof q);
        for (int i = 0; i < K; i++) {
            q[cards[i] / 4]++;
            suits[cards[i] % 4]++;
        }
        if (suits[0] >= 5 || suits[1] >= 5 || suits[2] >= 5 || suits[3] >= 5)
            continue;
        compared++;
        int v = ph_evaluate(cards, K);
        CHECK(table[ph_quinary_hash(q, K)] == v, "lookup %d evaluate %d", table[ph_quinary_hash(q, K)], v);
        if (table[ph_quinary_hash(q, K)] != v)
            break;
    }
    CHECK(compared > 100000, "only %d flush-free hands", compared);
}

/* ---- evaluator errors, cards, descriptions ------------------------------------------------------ */

static void test_evaluate_errors(void) {
    uint8_t hand[10] = {0, 4, 8, 12, 17, 21, 25, 29, 33, 37}, out5[5];
    CHECK(ph_evaluate(hand, 4) == PH_E_COUNT, "k = 4");
    CHECK(ph_evaluate(hand, 10) == PH_E_COUNT, "k = 10");
    CHECK(ph_evaluate(hand, 0) == PH_E_COUNT, "k = 0");
    CHECK(ph_best_five(hand, 4, out5) == PH_E_COUNT, "best_five k = 4");
    hand[2] = 52;
    CHECK(ph_evaluate(hand, 5) == PH_E_CARD, "card 52");
    hand[2] = 255;
    CHECK(ph_evaluate(hand, 9) == PH_E_CARD, "card 255");
    CHECK(ph_best_five(hand, 5, out5) == PH_E_CARD, "best_five card 255");
    hand[2] = 0;
    CHECK(ph_evaluate(hand, 5) == PH_E_DUPLICATE, "duplicate");
    CHECK(ph_best_five(hand, 7, out5) == PH_E_DUPLICATE, "best_five duplicate");
    hand[2] = 8;

    /* batch: rows before the bad one are written, the bad row's index reported */
    uint8_t rows[4 * 5] = {0, 4, 8, 12, 17, 51, 47, 43, 39, 35, 1, 2, 3, 1, 5, 0, 4, 8, 12, 16};
    uint16_t out[4] = {0, 0, 0, 0};
    size_t bad = 99;
    CHECK(ph_evaluate_batch(rows, 4, 5, out, &bad) == PH_E_DUPLICATE && bad == 2, "batch duplicate row %zu",
          bad);
    CHECK(out[0] == 1608, "row 0 written (six-high straight), got %u", out[0]);
    CHECK(out[1] == 1, "row 1 written (royal flush), got %u", out[1]);
    rows[13] = 60;
    CHECK(ph_evaluate_batch(rows, 4, 5, out, &bad) == PH_E_CARD && bad == 2, "batch card row %zu", bad);
    CHECK(ph_evaluate_batch(rows, 4, 4, out, &bad) == PH_E_COUNT, "batch k = 4");
    CHECK(ph_evaluate_batch(rows, 2, 10, out, NULL) == PH_E_COUNT, "batch k = 10");
    CHECK(ph_evaluate_batch(rows, 0, 5, out, NULL) == PH_OK, "batch n = 0");
    CHECK(ph_evaluate_batch(rows, 2, 5, out, NULL) == PH_OK, "batch 2 good rows, NULL bad_row");

    uint64_t histogram[PH_WORST_VALUE + 1] = {0};
    CHECK(ph_value_histogram(4, 0, 1, histogram) == PH_E_COUNT, "histogram k = 4");
    CHECK(ph_value_histogram(10, 0, 1, histogram) == PH_E_COUNT, "histogram k = 10");
    CHECK(ph_value_histogram(5, 2598960, 1, histogram) == PH_E_RANK, "histogram past the end");
}

/* ---- every batch kernel this CPU runs: values, flush rows, chunk ends, the first bad row ------------- */

/* k distinct cards, at least five of one suit, in random order. */
static void flush_hand(uint8_t *cards, size_t k) {
    unsigned suit = (unsigned)(next_random() % 4);
    uint64_t used = 0;
    for (size_t i = 0; i < k;) {
        unsigned c = i < 5 ? 4 * (unsigned)(next_random() % 13) + suit : (unsigned)(next_random() % 52);
        if (!(used >> c & 1)) {
            used |= UINT64_C(1) << c;
            cards[i++] = (uint8_t)c;
        }
    }
    for (size_t i = k - 1; i > 0; i--) { /* shuffle, so the flush cards are not always in front */
        size_t j = (size_t)(next_random() % (i + 1));
        uint8_t t = cards[i];
        cards[i] = cards[j];
        cards[j] = t;
    }
}

static const char *kernel_name(unsigned kernel) {
    return kernel == PH_BATCH_AVX512 ? "avx512" : kernel == PH_BATCH_AVX2 ? "avx2"
         : kernel == PH_BATCH_SIMD128 ? "simd128" : "portable";
}

static void test_batch_kernels(void) {
    /* Many of the AVX-512 kernel's 4,096-row chunks, with an odd tail; a run of 2,000 flush rows across a
     * chunk's end, and flush rows scattered elsewhere. */
    enum { ROWS = (1 << 20) + 77 };
    uint8_t *rows = malloc((size_t)ROWS * 9), *bad_rows = malloc((size_t)ROWS * 9);
    uint16_t *want = malloc(sizeof *want * ROWS), *got = malloc(sizeof *got * ROWS);
    if (!rows || !bad_rows || !want || !got) {
        CHECK(0, "out of memory");
        return;
    }
    printf("batch kernels tested:");
    for (unsigned kernel = 1; kernel <= PH_BATCH_SIMD128; kernel <<= 1)
        if (ph_batch_kernels() & kernel)
            printf(" %s", kernel_name(kernel));
    printf("\n");
    for (size_t k = 5; k <= 9; k++) {
        for (size_t i = 0; i < ROWS; i++) {
            if ((i >= 3000 && i < 5000) || next_random() % 10 == 0)
                flush_hand(rows + i * k, k);
            else
                random_hand(rows + i * k, k);
            want[i] = (uint16_t)ph_evaluate(rows + i * k, k);
        }
        for (unsigned kernel = 1; kernel <= PH_BATCH_SIMD128; kernel <<= 1) {
            if (!(ph_batch_kernels() & kernel))
                continue;
            size_t bad = 7;
            memset(got, 0, sizeof *got * ROWS);
            CHECK(ph_batch_with(kernel, rows, ROWS, k, got, &bad) == PH_OK && bad == 7, "%s k=%zu status",
                  kernel_name(kernel), k);
            size_t wrong = 0, first = 0;
            for (size_t i = 0; i < ROWS; i++)
                if (got[i] != want[i] && !wrong++)
                    first = i;
            CHECK(wrong == 0, "%s k=%zu: %zu rows differ from ph_evaluate, first row %zu", kernel_name(kernel), k,
                  wrong, first);

            /* one bad row (an id past the deck, or a repeated card): earlier rows written, its index reported */
            static const size_t at[] = {0, 5, 8, 63, 1500, 4096, 4099};
            for (size_t a = 0; a < sizeof at / sizeof at[0]; a++) {
                for (int kind = 0; kind < 3; kind++) {
                    size_t n = at[a] + 300;
                    memcpy(bad_rows, rows, n * k);
                    uint8_t *row = bad_rows + at[a] * k;
                    if (kind == 0)
                        row[k - 1] = 52;
                    else if (kind == 1)
                        row[0] = 255;
                    else
                        row[k - 1] = row[1];
                    memset(got, 0, sizeof *got * n);
                    bad = 0;
                    int status = ph_batch_with(kernel, bad_rows, n, k, got, &bad);
                    CHECK(status == (kind == 2 ? PH_E_DUPLICATE : PH_E_CARD) && bad == at[a],
                          "%s k=%zu bad row %zu (kind %d): status %d, row %zu", kernel_name(kernel), k, at[a], kind,
                          status, bad);
                    CHECK(memcmp(got, want, sizeof *got * at[a]) == 0, "%s k=%zu rows before %zu",
                          kernel_name(kernel), k, at[a]);
                }
            }
        }
    }
    free(rows);
    free(bad_rows);
    free(want);
    free(got);
}

static void test_histogram_slice(void) {
    /* a slice of 7-card hands counted by the sweep equals evaluating the same rows one by one */
    enum { COUNT = 5000 };
    static uint8_t rows[COUNT * 7];
    static uint64_t histogram[PH_WORST_VALUE + 1], expected[PH_WORST_VALUE + 1];
    uint64_t start = 77777777;
    CHECK(ph_combinations(52, 7, start, COUNT, rows) == PH_OK, "rows");
    for (int i = 0; i < COUNT; i++)
        expected[ph_evaluate(rows + 7 * i, 7)]++;
    CHECK(ph_value_histogram(7, start, COUNT, histogram) == PH_OK, "histogram");
    CHECK(memcmp(histogram, expected, sizeof histogram) == 0, "histogram slice differs");
}

static void test_values_by_rank(void) {
    /* Slices of every hand size in both orders (the first, a middle and the last ranks) equal their rows
     * evaluated one by one; the slices cross many changes of the upper cards. */
    enum { COUNT = 3000 };
    static uint8_t rows[COUNT * 9];
    static uint16_t values[COUNT];
    for (size_t k = 5; k <= 9; k++) {
        uint64_t total;
        ph_binomial(52, k, &total);
        for (int order = PH_COLEX; order <= PH_LEX; order++) {
            const uint64_t starts[3] = {0, total / 3 + 11, total - COUNT};
            for (int s = 0; s < 3; s++) {
                CHECK(ph_values_by_rank(k, (ph_order)order, starts[s], COUNT, values) == PH_OK, "values k %zu", k);
                CHECK(ph_combination_rows(52, k, (ph_order)order, starts[s], COUNT, rows) == PH_OK, "rows");
                int differ = 0;
                for (int i = 0; i < COUNT; i++)
                    differ += values[i] != ph_evaluate(rows + k * i, k);
                CHECK(differ == 0, "k = %zu order %d from %llu: %d values differ", k, order,
                      (unsigned long long)starts[s], differ);
            }
        }
    }
    CHECK(ph_values_by_rank(4, PH_COLEX, 0, 1, values) == PH_E_COUNT, "values k = 4");
    CHECK(ph_values_by_rank(7, (ph_order)2, 0, 1, values) == PH_E_ARGUMENT, "values order 2");
    CHECK(ph_values_by_rank(5, PH_LEX, 2598960, 1, values) == PH_E_RANK, "values past the end");
    CHECK(ph_values_by_rank(5, PH_LEX, 2598960, 0, values) == PH_OK, "no values at the end");
}

static void test_category_counts(void) {
    /* Every 5-, 6- and 7-card hand by category (royal flush counted with straight flushes), and the
     * number of distinct values: the published figures. Run with and without the dense 6-card block. */
    static const uint64_t expected[3][9] = {
        {40, 624, 3744, 5108, 10200, 54912, 123552, 1098240, 1302540},
        {1844, 14664, 165984, 205792, 361620, 732160, 2532816, 9730740, 6612900},
        {41584, 224848, 3473184, 4047644, 6180020, 6461620, 31433400, 58627800, 23294460},
    };
    static const int distinct_expected[3] = {7462, 6075, 4824};
    static uint64_t histogram[PH_WORST_VALUE + 1];
    for (size_t k = 5; k <= 7; k++) {
        uint64_t total, counts[9] = {0};
        int distinct = 0;
        memset(histogram, 0, sizeof histogram);
        ph_binomial(52, k, &total);
        CHECK(ph_value_histogram(k, 0, total, histogram) == PH_OK, "sweep k = %zu", k);
        for (int v = 1; v <= PH_WORST_VALUE; v++) {
            int category = ph_category_of(v);
            counts[category == PH_ROYAL_FLUSH ? 0 : category - 1] += histogram[v];
            distinct += histogram[v] != 0;
        }
        for (int c = 0; c < 9; c++)
            CHECK(counts[c] == expected[k - 5][c], "k = %zu category %d: %llu", k, c + 1,
                  (unsigned long long)counts[c]);
        CHECK(distinct == distinct_expected[k - 5], "k = %zu: %d distinct values", k, distinct);
    }
}

static void test_cards(void) {
    const char *ranks = "23456789TJQKA", *suits = "cdhs";
    for (int c = 0; c < 52; c++) {
        char name[3] = {ranks[c / 4], suits[c % 4], 0}, out[3] = {0};
        CHECK(ph_card_parse(name, 2) == c, "parse %s", name);
        CHECK(ph_card_format(c, out) == 2 && strcmp(out, name) == 0, "format %d -> %s", c, out);
    }
    char untouched[3] = {'x', 'y', 0};
    CHECK(ph_card_format(52, untouched) == PH_E_CARD && untouched[0] == 'x', "format 52");
    CHECK(ph_card_format(-1, untouched) == PH_E_CARD, "format -1");
    CHECK(ph_card_parse("10h", 3) == 34, "10h");
    CHECK(ph_card_parse("as", 2) == 51, "lower case");
    CHECK(ph_card_parse("A\xe2\x99\xa0", 4) == 51, "A + spade symbol");
    CHECK(ph_card_parse("Xx", 2) == PH_E_PARSE, "Xx");
    CHECK(ph_card_parse("A", 1) == PH_E_PARSE, "A alone");
    CHECK(ph_card_parse("Asx", 3) == PH_E_PARSE, "trailing junk");
    uint8_t out[8];
    size_t offset = 0;
    CHECK(ph_cards_parse("AsKs Qd,Jd", 10, out, 8, &offset) == 4 && out[3] == 37, "list");
    CHECK(ph_cards_parse("As Kx Qd", 8, out, 8, &offset) == PH_E_PARSE && offset == 3, "bad token offset %zu",
          offset);
    CHECK(ph_cards_parse("As Ks Qs", 8, out, 2, NULL) == PH_E_BUFFER, "too many for cap");
    CHECK(ph_cards_parse("", 0, out, 8, NULL) == 0, "empty");
}

static void test_describe_and_messages(void) {
    char text[40];
    CHECK(ph_describe(1, text, sizeof text) == 11 && strcmp(text, "Royal Flush") == 0, "royal: %s", text);
    CHECK(ph_describe(236, text, sizeof text) > 0 && strcmp(text, "Nines Full over Fours") == 0, "%s", text);
    CHECK(ph_describe(10, text, sizeof text) > 0 && strcmp(text, "Five-High Straight Flush") == 0,
          "steel wheel: %s", text);
    CHECK(ph_describe(1609, text, sizeof text) > 0 && strcmp(text, "Five-High Straight") == 0, "wheel: %s",
          text);
    CHECK(ph_describe(0, text, sizeof text) == PH_E_ARGUMENT, "value 0");
    CHECK(ph_describe(7463, text, sizeof text) == PH_E_ARGUMENT, "value 7463");
    CHECK(ph_describe(236, text, 5) == PH_E_BUFFER && strlen(text) == 4, "truncated: %s", text);
    uint8_t r[5];
    CHECK(ph_value_ranks(1609, r) == PH_OK && r[0] == 3 && r[4] == 12, "wheel ranks %d..%d (5-4-3-2-A)", r[0],
          r[4]);
    const int last[10] = {1, 10, 166, 322, 1599, 1609, 2467, 3325, 6185, 7462};
    for (int c = 0; c < 10; c++) {
        CHECK(ph_category_of(last[c]) == c, "last value of category %d", c);
        CHECK(ph_category_of(last[c] + 1) == (c < 9 ? c + 1 : PH_E_ARGUMENT), "after category %d", c);
    }
    CHECK(ph_category_of(0) == PH_E_ARGUMENT, "category of 0");
    CHECK(ph_category_name(10) == NULL && ph_category_name(-1) == NULL, "category name range");
    CHECK(strcmp(ph_category_name(0), "Royal Flush") == 0 && strcmp(ph_category_name(9), "High Card") == 0,
          "category names");
    for (int status = -9; status <= 0; status++)
        CHECK(ph_error_message(status) && strcmp(ph_error_message(status), "unknown status") != 0,
              "message for %d", status);
    CHECK(strcmp(ph_error_message(-10), "unknown status") == 0 && strcmp(ph_error_message(1), "unknown status") == 0,
          "unknown status");
    char version[32];
    snprintf(version, sizeof version, "%d.%d.%d", PH_VERSION_MAJOR, PH_VERSION_MINOR, PH_VERSION_PATCH);
    CHECK(strcmp(ph_version(), version) == 0, "version %s", ph_version());
}

int main(int argc, char **argv) {
    const char *vectors = argc > 1 ? argv[1] : "tests/vectors/hands.txt";
    build_pascal();
    test_hand_index_threads(); /* first: races the lazy table build */
    test_vectors(vectors);
    test_seed_vectors();
    test_binomial();
    test_combination_errors();
    test_hand_index();
    test_quinary_hash();
    test_quinary_lookup_agrees_with_evaluate();
    test_evaluate_errors();
    test_batch_kernels();
    test_histogram_slice();
    test_values_by_rank();
    test_category_counts();
    test_cards();
    test_describe_and_messages();
    printf("%d checks, %d failures\n", checks, failures);
    return failures ? 1 : 0;
}
