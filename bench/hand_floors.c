/* What bounds the incremental hand's two perfkit rows (issue 28 part 2): prebuilt ph_hand objects, and nested
 * loops over all 7-card hands with one ph_hand_add a level. Not a race (../shared/perfkit races the peers):
 * our own rows beside floors that change one thing each, compiled as a PH_INLINE_ALL caller compiles them.
 *
 *   cc -std=gnu11 -O3 -Icore_c/include -Icore_c/src/common core_c/src/\*\/\*.c core_c/tables/\*.c \
 *      bench/hand_floors.c -o bench/build/hand_floors -lm -lpthread && bench/build/hand_floors [HANDS]
 *
 * ph_hand walks a table of rank multisets as cards are added (pywasm/tablegen/rank_walk.py), so the work is
 * in ph_hand_add and the hand holds its value. The rows say where that moves the time:
 *   - prebuilt, HANDS (default 10^6) random hands of 5, 6 and 7 cards, 64 MB touched before every pass so
 *     that the hands come from memory, as they do in the kit between its contenders: ph_hand_value over the
 *     16-byte ph_hand array (the kit's row), and the array read alone (one add a hand: the stream);
 *   - the same hands from their card ids: ph_hand_empty, ph_hand_add a card, ph_hand_value, against one
 *     ph_evaluate call (the one-call path; a hand built from scratch walks its table once a card);
 *   - a fixed board and every hole pair of the other cards, as a solver or bot asks (BOARDS random boards):
 *     the board's hand plus two ph_hand_add and ph_hand_value a pair, against ph_evaluate of the 7 ids;
 *   - nested loops (the kit's phi_all7 loop): ph_hand_value; the walk's value moved to another bin wherever
 *     the hand can hold a flush, with no flush lookup (wrong for flushes: what the flush's pattern of values
 *     costs the histogram); the walk's value with no flush test (wrong for flushes: what the flush costs in
 *     all); and the histogram increments alone, replayed from the value sequence
 *     stored beforehand (the floor every nested-loop row shares: 71 % of consecutive 7-card hands in this
 *     order have the same value, so the increments chain through memory).
 * CPU times, median of 5 passes (nested: 3). */
#define _GNU_SOURCE
#define PH_INLINE_ALL
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

__attribute__((noinline)) static void values_of_hands(const ph_hand *h, size_t n, uint16_t *out) {
    for (size_t i = 0; i < n; i++)
        out[i] = (uint16_t)ph_hand_value(h[i]);
}

__attribute__((noinline)) static void stream_of_hands(const ph_hand *h, size_t n, uint16_t *out) {
    for (size_t i = 0; i < n; i++)
        out[i] = (uint16_t)(h[i].bits + h[i].state);
}

__attribute__((noinline)) static void hands_from_ids(const uint8_t *ids, size_t n, size_t k, uint16_t *out) {
    for (size_t i = 0; i < n; i++) {
        ph_hand hand = ph_hand_empty();
        for (size_t j = 0; j < k; j++)
            hand = ph_hand_add(hand, ids[i * k + j]);
        out[i] = (uint16_t)ph_hand_value(hand);
    }
}

__attribute__((noinline)) static void evaluate_ids(const uint8_t *ids, size_t n, size_t k, uint16_t *out) {
    for (size_t i = 0; i < n; i++)
        out[i] = (uint16_t)ph_evaluate(ids + i * k, k);
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

static inline int walk_value_of(ph_hand hand) { return (int)(uint16_t)hand.state; }

/* The walk's value, moved to another bin (wrong) wherever the hand can hold a flush: its last card is of the
 * suit that had four (ph_hand.before, a counter from 4 at bit 3), or that suit had five already. No flush
 * lookup: this floor keeps the flush's pattern of changed values, which the histogram's chain feels. */
static inline int flush_pattern_of(ph_hand hand) {
    unsigned plain = (uint16_t)hand.state;
    unsigned draw = hand.before & 0x8888u;
    if (__builtin_expect(draw == 0, 1))
        return (int)plain;
    unsigned counter_low = draw >> 3;
    unsigned five_before = (hand.before | hand.before >> 1 | hand.before >> 2) & counter_low;
    unsigned last_of_suit = (unsigned)(hand.suits ^ hand.before) & counter_low;
    return (int)((five_before | last_of_suit) ? plain ^ 0x2000u : plain);
}

__attribute__((noinline)) static void nested_values(uint64_t *hist) { ALL_SEVEN(ph_hand_value, hist[value]++); }
__attribute__((noinline)) static void nested_no_flush_test(uint64_t *hist) { ALL_SEVEN(walk_value_of, hist[value]++); }
__attribute__((noinline)) static void nested_flush_pattern(uint64_t *hist) { ALL_SEVEN(flush_pattern_of, hist[value]++); }
__attribute__((noinline)) static void stored_values(uint16_t *out) {
    size_t i = 0;
    ALL_SEVEN(ph_hand_value, out[i++] = value);
}
__attribute__((noinline)) static void histogram_alone(const uint16_t *values, uint64_t *hist) {
    for (size_t i = 0; i < ALL7; i++)
        hist[values[i]]++;
}

static void random_ids(uint8_t *ids, size_t n, size_t k) {
    for (size_t i = 0; i < n; i++) {
        uint64_t used = 0;
        for (size_t j = 0; j < k;) {
            unsigned card = (unsigned)(next_random() % 52);
            if (used >> card & 1)
                continue;
            used |= UINT64_C(1) << card;
            ids[i * k + j++] = (uint8_t)card;
        }
    }
}

static void same_values(const uint16_t *a, const uint16_t *b, size_t n, const char *what) {
    if (memcmp(a, b, 2 * n) != 0) {
        fprintf(stderr, "%s: values differ from ph_evaluate's\n", what);
        exit(1);
    }
}

static void prebuilt_rows(size_t n, size_t k) {
    ph_hand *hands = malloc(n * sizeof *hands);
    uint8_t *ids = malloc(n * k);
    uint16_t *out = malloc(2 * n), *check = malloc(2 * n);
    if (!hands || !ids || !out || !check)
        exit(2);
    random_ids(ids, n, k);
    for (size_t i = 0; i < n; i++) {
        ph_hand hand = ph_hand_empty();
        for (size_t j = 0; j < k; j++)
            hand = ph_hand_add(hand, ids[i * k + j]);
        hands[i] = hand;
    }
    double t[4][PASSES];
    for (int p = 0; p < PASSES; p++) {
        evict_caches();
        TIMED(t[0][p], values_of_hands(hands, n, out));
        evict_caches();
        TIMED(t[1][p], stream_of_hands(hands, n, check));
        evict_caches();
        TIMED(t[2][p], hands_from_ids(ids, n, k, check));
        same_values(out, check, n, "ph_hand from ids");
        evict_caches();
        TIMED(t[3][p], evaluate_ids(ids, n, k, check));
        same_values(out, check, n, "ph_hand_value");
    }
    double ns = 1e9 / (double)n;
    printf("| %zu cards | %.2f | %.2f | %.2f | %.2f |\n", k, median(t[0], PASSES) * ns, median(t[1], PASSES) * ns,
           median(t[2], PASSES) * ns, median(t[3], PASSES) * ns);
    free(hands);
    free(ids);
    free(out);
    free(check);
}

/* Every hole pair of the cards off a board: the board's hand, then two cards. */
__attribute__((noinline)) static uint64_t board_pairs_hand(const uint8_t board[5]) {
    ph_hand hand = ph_hand_empty();
    uint64_t used = 0, sum = 0;
    for (int j = 0; j < 5; j++) {
        hand = ph_hand_add(hand, board[j]);
        used |= UINT64_C(1) << board[j];
    }
    for (int a = 0; a < 52; a++) {
        if (used >> a & 1)
            continue;
        const ph_hand with_a = ph_hand_add(hand, (uint8_t)a);
        for (int b = a + 1; b < 52; b++)
            if (!(used >> b & 1))
                sum += (uint64_t)ph_hand_value(ph_hand_add(with_a, (uint8_t)b));
    }
    return sum;
}

__attribute__((noinline)) static uint64_t board_pairs_evaluate(const uint8_t board[5]) {
    uint8_t row[7];
    uint64_t used = 0, sum = 0;
    for (int j = 0; j < 5; j++) {
        row[j + 2] = board[j];
        used |= UINT64_C(1) << board[j];
    }
    for (int a = 0; a < 52; a++) {
        if (used >> a & 1)
            continue;
        row[0] = (uint8_t)a;
        for (int b = a + 1; b < 52; b++)
            if (!(used >> b & 1)) {
                row[1] = (uint8_t)b;
                sum += (uint64_t)ph_evaluate(row, 7);
            }
    }
    return sum;
}

enum { BOARDS = 20000, PAIRS = 1081 };

static void board_rows(void) {
    uint8_t *boards = malloc(5 * BOARDS);
    if (!boards)
        exit(2);
    random_ids(boards, BOARDS, 5);
    double t[2][PASSES];
    for (int p = 0; p < PASSES; p++) {
        uint64_t sums[2] = {0, 0};
        TIMED(t[0][p], for (size_t i = 0; i < BOARDS; i++) sums[0] += board_pairs_hand(boards + 5 * i));
        TIMED(t[1][p], for (size_t i = 0; i < BOARDS; i++) sums[1] += board_pairs_evaluate(boards + 5 * i));
        if (sums[0] != sums[1]) {
            fprintf(stderr, "board pairs: ph_hand's sum differs from ph_evaluate's\n");
            exit(1);
        }
    }
    double ns = 1e9 / ((double)BOARDS * PAIRS);
    printf("\na board and each of its %d hole pairs, ns a pair (%d random boards, median of %d passes)\n\n", PAIRS,
           BOARDS, PASSES);
    printf("| board's ph_hand + 2 ph_hand_add + ph_hand_value | ph_evaluate of the 7 ids |\n|---:|---:|\n");
    printf("| %.2f | %.2f |\n", median(t[0], PASSES) * ns, median(t[1], PASSES) * ns);
    free(boards);
}

int main(int argc, char **argv) {
    size_t n = argc > 1 ? strtoull(argv[1], NULL, 10) : 1000000u;
    evict_buffer = calloc(EVICT_BYTES, 1);
    if (!n || !evict_buffer)
        return 2;
    printf("random hands, ns a hand (CPU time, median of %d passes, %zu hands, caches evicted before each)\n\n",
           PASSES, n);
    printf("| hand size | ph_hand_value, prebuilt 16-byte ph_hand | the ph_hand array read alone | ph_hand built from "
           "the ids + ph_hand_value | ph_evaluate of the ids |\n");
    printf("|---|---:|---:|---:|---:|\n");
    for (size_t k = 5; k <= 7; k++)
        prebuilt_rows(n, k);
    board_rows();

    uint64_t *hist = calloc(65536, sizeof *hist), *replayed = calloc(65536, sizeof *replayed);
    uint64_t *floor_hist = calloc(65536, sizeof *floor_hist); /* the floors' wrong values land here */
    uint16_t *values = malloc(2 * (size_t)ALL7);
    if (!hist || !replayed || !floor_hist || !values)
        return 2;
    stored_values(values);
    size_t same = 0;
    for (size_t i = 1; i < ALL7; i++)
        same += values[i] == values[i - 1];
    double t[4][NESTED_PASSES];
    for (int p = 0; p < NESTED_PASSES; p++) {
        memset(hist, 0, 65536 * sizeof *hist);
        memset(replayed, 0, 65536 * sizeof *replayed);
        TIMED(t[0][p], nested_values(hist));
        TIMED(t[1][p], nested_flush_pattern(floor_hist));
        TIMED(t[2][p], nested_no_flush_test(floor_hist));
        TIMED(t[3][p], histogram_alone(values, replayed));
    }
    if (memcmp(hist, replayed, 65536 * sizeof *hist) != 0) {
        fprintf(stderr, "the replayed histogram differs\n");
        return 1;
    }
    printf("\nall 133,784,560 7-card hands in the kit's nested loops, ms (median of %d passes); %.1f %% of consecutive "
           "hands have the same value\n\n",
           NESTED_PASSES, 100.0 * (double)same / ALL7);
    printf("| ph_hand_add + ph_hand_value | the flush's pattern, no flush lookup | the walk's value, no flush test | "
           "histogram increments alone |\n");
    printf("|---:|---:|---:|---:|\n");
    printf("| %.1f | %.1f | %.1f | %.1f |\n", median(t[0], NESTED_PASSES) * 1e3, median(t[1], NESTED_PASSES) * 1e3,
           median(t[2], NESTED_PASSES) * 1e3, median(t[3], NESTED_PASSES) * 1e3);
    uint64_t floor_sum = 0; /* read, so that no floor's stores can be dropped */
    for (size_t v = 0; v < 65536; v++)
        floor_sum += floor_hist[v];
    if (floor_sum != 2 * (uint64_t)NESTED_PASSES * ALL7) {
        fprintf(stderr, "the floors counted %llu hands\n", (unsigned long long)floor_sum);
        return 1;
    }
    free(floor_hist);
    free(hist);
    free(replayed);
    free(values);
    return 0;
}
