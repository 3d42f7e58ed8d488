/* Shared by the libFuzzer harnesses of tests/fuzz (one per family of public C entry points; run.sh builds
 * and runs them under ASan + UBSan). Each harness reads its input as a stream of choices and asserts the
 * invariants of what it calls: a failed invariant aborts with a message, which libFuzzer reports as a crash
 * and saves the input that caused it. */
#ifndef PH_FUZZ_H
#define PH_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pokerhash.h"

#define REQUIRE(cond, ...)                                                          \
    do {                                                                            \
        if (!(cond)) {                                                              \
            fprintf(stderr, "%s:%d: invariant failed: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                           \
            fputc('\n', stderr);                                                    \
            abort();                                                                \
        }                                                                           \
    } while (0)

/* The fuzzer's bytes as a stream of choices; past the end every choice is 0. */
typedef struct input {
    const uint8_t *data;
    size_t size, at;
} input;

static inline uint8_t take_byte(input *in) {
    return in->at < in->size ? in->data[in->at++] : 0;
}

static inline uint64_t take_u64(input *in) {
    uint64_t value = 0;
    for (int i = 0; i < 8; i++)
        value = value << 8 | take_byte(in);
    return value;
}

/* A choice in 0..n-1 (n >= 1). */
static inline unsigned take_below(input *in, unsigned n) {
    return n > 256 ? (unsigned)(take_u64(in) % n) : take_byte(in) % n;
}

/* n distinct cards of the deck mask `deck` not in *used (added to it); 0 when the deck runs out. */
static inline int take_cards(input *in, uint8_t *out, size_t n, uint64_t deck, uint64_t *used) {
    for (size_t i = 0; i < n; i++) {
        uint64_t left = deck & ~*used;
        int count = __builtin_popcountll(left);
        if (count == 0)
            return 0;
        unsigned pick = take_below(in, (unsigned)count);
        while (pick--)
            left &= left - 1;
        out[i] = (uint8_t)__builtin_ctzll(left);
        *used |= UINT64_C(1) << out[i];
    }
    return 1;
}

#define FULL_DECK ((UINT64_C(1) << 52) - 1)

#endif
