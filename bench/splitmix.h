/* The benches' random numbers: splitmix64 from a fixed seed, so every run (and every build) times the very same
 * hands. A bench keeps its own seed by defining BENCH_SEED before including this. */
#ifndef BENCH_SPLITMIX_H
#define BENCH_SPLITMIX_H

#include <stdint.h>

#ifndef BENCH_SEED
#define BENCH_SEED 0x5eedu
#endif

static uint64_t rng_state = BENCH_SEED;

static uint64_t next_random(void) {
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

#endif
