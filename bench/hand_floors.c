/* What bounds the incremental hand's two perfkit rows (issue 28 part 2): prebuilt ph_hand objects, and nested
 * loops over all 7-card hands with one ph_hand_add a level. Not a race (../shared/perfkit races the peers):
 * our own rows beside floors that change one thing each, compiled as a PH_INLINE_ALL caller compiles them.
 *
 *   cc -std=gnu11 -O3 -Icore_c/include -Icore_c/src/common core_c/src/\*\/\*.c core_c/tables/\*.c \
 *      bench/hand_floors.c -o bench/build/hand_floors -lm -lpthread && bench/build/hand_floors [HANDS]
 *
 * Prebuilt rows, HANDS (default 10^6) random hands of 5, 6 and 7 cards, 64 MB touched before every pass so
 * that the hands come from memory, as they do in the kit between its contenders:
 *   - ph_hand_value over the 16-byte ph_hand array (the kit's row);
 *   - one table load a hand from the same array (ph_hand's value table at the key's sized hash, no flush test,
 *     no row load): the floor of any 16-byte hand whose value is a single lookup. 16 bytes is what every
 *     prebuilt-object peer holds (holdem-hand-evaluator's key + mask, OMPEval's __m128i) and what a hand needs:
 *     the additive key (24-bit rank hash, 16 bits of suit counters) and the cards' 52 suit-major bits, which
 *     give a flush suit's ranks and an exact ph_hand_check (a repeated card carries);
 *   - the same two lookups over an array of the hands' 8-byte keys alone, flush hands read as a constant:
 *     what the stream saves, for a hand that could not evaluate its flushes;
 *   - the 16-byte array read alone (one add a hand): the stream.
 * Nested rows (the kit's phi_all7 loop): ph_hand_value; the rank lookups with the flush test dropped (wrong
 * values for flushes: what the flush branch costs); one table load a hand (wrong values: the floor of a
 * single-lookup hand); no table at all, the value taken from the key's bits (the loop, the key adds and the
 * histogram); and the histogram increments alone, replayed from the value sequence stored beforehand (the
 * floor every nested-loop row shares: 71 % of consecutive 7-card hands in this order have the same value, so
 * the increments chain through memory).
 * CPU times, median of 5 passes (nested: 3). */
#define _GNU_SOURCE
#define PH_INLINE_ALL
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pokerhash.h"
#include "cpu_time.h"
#include "splitmix.h"

#define PASSES 5
#define NESTED_PASSES 3
#define ALL7 133784560u

static double median(double *t, int n) {
    qsort(t, (size_t)n, sizeof *t, ascending_seconds);
    return t[n / 2];
}

static volatile char *evict_buffer;
enum { EVICT_BYTES = 64 << 20 };
static void evict_caches(void) {
    for (size_t i = 0; i < EVICT_BYTES; i += 64)
        evict_buffer[i]++;
}

/* The CPU time of one statement, into `seconds`. */
#define TIMED(seconds, statement)                                                                                \
    do {                                                                                                         \
        double start_ = cpu_seconds();                                                                           \
        statement;                                                                                               \
        (seconds) = cpu_seconds() - start_;                                                                      \
    } while (0)

/* The plain lookup of ph_hand_value (PH_HAND_TABLE), without the flush test. */
static inline int rank_lookup(uint64_t key) {
    return ph_hand_values[(uint32_t)(key >> PH_HAND_SIZE_SHIFT) + ph_hand_offsets[key >> PH_HAND_ROW_SHIFT]];
}

__attribute__((noinline)) static void values_of_hands(const ph_hand *h, size_t n, uint16_t *out) {
    for (size_t i = 0; i < n; i++)
        out[i] = (uint16_t)ph_hand_value(h[i]);
}

/* One load from the first 128 KB of ph_hand's value table at the sized hash's low 16 bits: no rank rule. */
static inline int one_load(uint64_t key) {
    _Static_assert(PH_HAND_VALUE_ENTRIES >= 65536, "the one-load floor reads 65,536 entries");
    return ph_hand_values[(key >> PH_HAND_SIZE_SHIFT) & 0xffff];
}

__attribute__((noinline)) static void one_load_of_hands(const ph_hand *h, size_t n, uint16_t *out) {
    for (size_t i = 0; i < n; i++)
        out[i] = (uint16_t)one_load(h[i].key);
}

__attribute__((noinline)) static void values_of_keys(const uint64_t *keys, size_t n, uint16_t *out) {
    for (size_t i = 0; i < n; i++)
        out[i] = (uint16_t)((keys[i] & PH_SUIT_FLUSH_BITS) ? 1 : rank_lookup(keys[i]));
}

__attribute__((noinline)) static void stream_of_hands(const ph_hand *h, size_t n, uint16_t *out) {
    for (size_t i = 0; i < n; i++)
        out[i] = (uint16_t)(h[i].key + h[i].bits);
}

#define ALL_SEVEN(VALUE_OF, EACH)                                                                                \
    do {                                                                                                         \
        const ph_hand h0 = ph_hand_empty();                                                                      \
        for (int a = 0; a < 46; a++) {                                                                           \
            const ph_hand h1 = ph_hand_add(h0, (uint8_t)a);                                                      \
            for (int b = a + 1; b < 47; b++) {                                                                   \
                const ph_hand h2 = ph_hand_add(h1, (uint8_t)b);                                                  \
                for (int c = b + 1; c < 48; c++) {                                                               \
                    const ph_hand h3 = ph_hand_add(h2, (uint8_t)c);                                              \
                    for (int d = c + 1; d < 49; d++) {                                                           \
                        const ph_hand h4 = ph_hand_add(h3, (uint8_t)d);                                          \
                        for (int e = d + 1; e < 50; e++) {                                                       \
                            const ph_hand h5 = ph_hand_add(h4, (uint8_t)e);                                      \
                            for (int f = e + 1; f < 51; f++) {                                                   \
                                const ph_hand h6 = ph_hand_add(h5, (uint8_t)f);                                  \
                                for (int g = f + 1; g < 52; g++) {                                               \
                                    uint16_t value = (uint16_t)VALUE_OF(ph_hand_add(h6, (uint8_t)g));           \
                                    EACH;                                                                        \
                                }                                                                                \
                            }                                                                                    \
                        }                                                                                        \
                    }                                                                                            \
                }                                                                                                \
            }                                                                                                    \
        }                                                                                                        \
    } while (0)

static inline int plain_value_of(ph_hand hand) { return rank_lookup(hand.key); }
static inline int one_load_value_of(ph_hand hand) { return one_load(hand.key); }
static inline int no_table_value_of(ph_hand hand) { return (int)(hand.key >> PH_HAND_ROW_SHIFT); }

__attribute__((noinline)) static void nested_values(uint64_t *hist) { ALL_SEVEN(ph_hand_value, hist[value]++); }
__attribute__((noinline)) static void nested_no_flush_test(uint64_t *hist) { ALL_SEVEN(plain_value_of, hist[value]++); }
__attribute__((noinline)) static void nested_one_load(uint64_t *hist) { ALL_SEVEN(one_load_value_of, hist[value]++); }
__attribute__((noinline)) static void nested_no_table(uint64_t *hist) { ALL_SEVEN(no_table_value_of, hist[value]++); }
__attribute__((noinline)) static void stored_values(uint16_t *out) {
    size_t i = 0;
    ALL_SEVEN(ph_hand_value, out[i++] = value);
}
__attribute__((noinline)) static void histogram_alone(const uint16_t *values, uint64_t *hist) {
    for (size_t i = 0; i < ALL7; i++)
        hist[values[i]]++;
}

static void prebuilt_rows(size_t n, size_t k) {
    ph_hand *hands = malloc(n * sizeof *hands);
    uint64_t *keys = malloc(n * sizeof *keys);
    uint16_t *out = malloc(2 * n), *check = malloc(2 * n);
    if (!hands || !keys || !out || !check)
        exit(2);
    for (size_t i = 0; i < n; i++) {
        uint64_t used = 0;
        ph_hand hand = ph_hand_empty();
        for (size_t j = 0; j < k;) {
            unsigned card = (unsigned)(next_random() % 52);
            if (used >> card & 1)
                continue;
            used |= UINT64_C(1) << card;
            hand = ph_hand_add(hand, (uint8_t)card);
            j++;
        }
        hands[i] = hand;
        keys[i] = hand.key;
    }
    double t[4][PASSES];
    for (int p = 0; p < PASSES; p++) {
        evict_caches();
        TIMED(t[0][p], values_of_hands(hands, n, out));
        evict_caches();
        TIMED(t[1][p], one_load_of_hands(hands, n, check));
        evict_caches();
        TIMED(t[2][p], values_of_keys(keys, n, check));
        evict_caches();
        TIMED(t[3][p], stream_of_hands(hands, n, check));
    }
    values_of_keys(keys, n, check);
    for (size_t i = 0; i < n; i++)
        if (!(hands[i].key & PH_SUIT_FLUSH_BITS) && out[i] != check[i]) {
            fprintf(stderr, "the key lookup differs from ph_hand_value at hand %zu\n", i);
            exit(1);
        }
    double hands16 = median(t[0], PASSES), one16 = median(t[1], PASSES), keys8 = median(t[2], PASSES),
           stream = median(t[3], PASSES);
    printf("| %zu cards | %.2f | %.2f (%.2fx) | %.2f (%.2fx) | %.2f |\n", k, hands16 * 1e9 / (double)n,
           one16 * 1e9 / (double)n, hands16 / one16, keys8 * 1e9 / (double)n, hands16 / keys8, stream * 1e9 / (double)n);
    free(hands);
    free(keys);
    free(out);
    free(check);
}

int main(int argc, char **argv) {
    size_t n = argc > 1 ? strtoull(argv[1], NULL, 10) : 1000000u;
    evict_buffer = calloc(EVICT_BYTES, 1);
    if (!n || !evict_buffer)
        return 2;
    printf("prebuilt hands, ns a hand (CPU time, median of %d passes, %zu hands, caches evicted before each)\n\n",
           PASSES, n);
    printf("| hand size | ph_hand_value, 16-byte ph_hand | one table load, 16-byte hands | the two lookups, 8-byte keys "
           "(no flushes) | the 16-byte array read alone |\n");
    printf("|---|---:|---:|---:|---:|\n");
    for (size_t k = 5; k <= 7; k++)
        prebuilt_rows(n, k);

    uint64_t *hist = calloc(65536, sizeof *hist), *replayed = calloc(65536, sizeof *replayed);
    uint64_t *floor_hist = calloc(65536, sizeof *floor_hist); /* the floors' wrong values land here */
    uint16_t *values = malloc(2 * (size_t)ALL7);
    if (!hist || !replayed || !floor_hist || !values)
        return 2;
    stored_values(values);
    size_t same = 0;
    for (size_t i = 1; i < ALL7; i++)
        same += values[i] == values[i - 1];
    double t[5][NESTED_PASSES];
    for (int p = 0; p < NESTED_PASSES; p++) {
        memset(hist, 0, 65536 * sizeof *hist);
        memset(replayed, 0, 65536 * sizeof *replayed);
        TIMED(t[0][p], nested_values(hist));
        TIMED(t[1][p], nested_no_flush_test(floor_hist));
        TIMED(t[2][p], nested_one_load(floor_hist));
        TIMED(t[3][p], nested_no_table(floor_hist));
        TIMED(t[4][p], histogram_alone(values, replayed));
    }
    if (memcmp(hist, replayed, 65536 * sizeof *hist) != 0) {
        fprintf(stderr, "the replayed histogram differs\n");
        return 1;
    }
    printf("\nall 133,784,560 7-card hands in the kit's nested loops, ms (median of %d passes); %.1f %% of consecutive "
           "hands have the same value\n\n",
           NESTED_PASSES, 100.0 * (double)same / ALL7);
    printf("| ph_hand_add + ph_hand_value | rank lookups, no flush test | one table load | no table | histogram "
           "increments alone |\n");
    printf("|---:|---:|---:|---:|---:|\n");
    printf("| %.1f | %.1f | %.1f | %.1f | %.1f |\n", median(t[0], NESTED_PASSES) * 1e3, median(t[1], NESTED_PASSES) * 1e3,
           median(t[2], NESTED_PASSES) * 1e3, median(t[3], NESTED_PASSES) * 1e3, median(t[4], NESTED_PASSES) * 1e3);
    uint64_t floor_sum = 0; /* read, so that no floor's stores can be dropped */
    for (size_t v = 0; v < 65536; v++)
        floor_sum += floor_hist[v];
    if (floor_sum != 3 * (uint64_t)NESTED_PASSES * ALL7) {
        fprintf(stderr, "the floors counted %llu hands\n", (unsigned long long)floor_sum);
        return 1;
    }
    free(floor_hist);
    free(hist);
    free(replayed);
    free(values);
    return 0;
}
