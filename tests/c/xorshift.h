/* xorshift64*: the C tests' small deterministic generator, so runs are repeatable. A test may pick its own
 * seed by defining PH_TEST_SEED before including this. */
#ifndef PH_TEST_XORSHIFT_H
#define PH_TEST_XORSHIFT_H

#include <stdint.h>

#ifndef PH_TEST_SEED
#define PH_TEST_SEED 0x2545F4914F6CDD1Du
#endif

static uint64_t rng_state = PH_TEST_SEED;

static uint64_t next_random(void) {
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1Du;
}

#endif
