/* The lazily built tables raced from threads, for ThreadSanitizer (run.sh builds it with -fsanitize=thread):
 * ph_hand_index's block table, the 8/9-card blocks behind ph_evaluate, the state machine and Omaha's rank
 * table are each first touched by THREADS threads released at once. Every thread must see a whole table
 * (equal checksums, equal to a later single-threaded pass) and TSan must see no data race. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "pokerhash.h"

#define THREADS 4
#define HANDS 3000

static pthread_barrier_t gate;

static uint64_t next_random(uint64_t *state) {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 0x2545F4914F6CDD1Du;
}

static void deal(uint64_t *state, uint8_t *cards, size_t n) {
    uint64_t used = 0;
    for (size_t i = 0; i < n;) {
        unsigned c = (unsigned)(next_random(state) % 52);
        if (!(used >> c & 1)) {
            used |= UINT64_C(1) << c;
            cards[i++] = (uint8_t)c;
        }
    }
}

/* The same hands in every thread (same seed), through every lazily built table; a checksum of the answers. */
static uint64_t touch_tables(void) {
    uint64_t state = 0x9E3779B97F4A7C15u, sum = 0;
    for (int i = 0; i < HANDS; i++) {
        uint8_t cards[9];
        deal(&state, cards, 9);
        uint64_t mask = 0;
        for (int c = 0; c < 7; c++)
            mask |= UINT64_C(1) << cards[c];
        sum = sum * 31 + (uint64_t)ph_hand_index(mask);
        sum = sum * 31 + (uint64_t)ph_evaluate(cards, 8 + (size_t)(i & 1));
        sum = sum * 31 + (uint64_t)ph_omaha_evaluate(cards, 4, cards + 4, 5);
        if (i % 64 == 0 && ph_sm_init() == PH_OK) {
            uint32_t s = ph_sm_start();
            for (int c = 0; c < 7; c++)
                s = ph_sm_next(s, cards[c]);
            sum = sum * 31 + (uint64_t)ph_sm_value(s);
        }
    }
    return sum;
}

static void *racer(void *result) {
    pthread_barrier_wait(&gate);
    *(uint64_t *)result = touch_tables();
    return NULL;
}

int main(void) {
    pthread_t threads[THREADS];
    uint64_t sums[THREADS];
    pthread_barrier_init(&gate, NULL, THREADS);
    for (int i = 0; i < THREADS; i++)
        pthread_create(&threads[i], NULL, racer, &sums[i]);
    for (int i = 0; i < THREADS; i++)
        pthread_join(threads[i], NULL);
    uint64_t again = touch_tables();
    int failures = 0;
    for (int i = 0; i < THREADS; i++)
        failures += sums[i] != again;
    printf("race_tables: %d threads raced the lazy tables (hand index, 8/9-card blocks, state machine, Omaha): %s\n",
           THREADS, failures ? "DIFFERENT answers" : "same answers");
    return failures != 0;
}
