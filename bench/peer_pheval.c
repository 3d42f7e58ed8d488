/* Driver for the peer: PokerHandEvaluator's C core (phevaluator 0.6.0, from its PyPI sdist; run.sh
 * fetches and compiles it with the same flags as ours). Its card ids are ours (4*rank+suit) and its
 * values are on the same 1..7462 scale, so results are compared value for value. */
#include <phevaluator/phevaluator.h>

#include "peers.h"

const char peer_name[] = "phevaluator 0.6.0";

void peer_eval7_rows(const uint8_t *cards, size_t n, uint16_t *out) {
    for (size_t i = 0; i < n; i++) {
        const uint8_t *r = cards + 7 * i;
        out[i] = (uint16_t)evaluate_7cards(r[0], r[1], r[2], r[3], r[4], r[5], r[6]);
    }
}

/* The way its own README sweeps every hand: nested loops, one full evaluation per hand. */
void peer_all7(uint64_t histogram[7463]) {
    for (int g = 6; g < 52; g++)
        for (int f = 5; f < g; f++)
            for (int e = 4; e < f; e++)
                for (int d = 3; d < e; d++)
                    for (int c = 2; c < d; c++)
                        for (int b = 1; b < c; b++)
                            for (int a = 0; a < b; a++)
                                histogram[evaluate_7cards(a, b, c, d, e, f, g)]++;
}

void peer_all5(uint64_t histogram[7463]) {
    for (int e = 4; e < 52; e++)
        for (int d = 3; d < e; d++)
            for (int c = 2; c < d; c++)
                for (int b = 1; b < c; b++)
                    for (int a = 0; a < b; a++)
                        histogram[evaluate_5cards(a, b, c, d, e)]++;
}
