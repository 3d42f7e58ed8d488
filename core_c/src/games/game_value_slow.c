/* The other games' rare paths, out of the inlined evaluator (ph_game_value): hand sizes without a dense block,
 * and a suited five where a flush hurts. They read the tables through ph_game_dense alone. */
#include "games_internal.h"

#define NONE 0xffffu

/* Sizes without a dense block (6 in the wasm build, 8 and 9) take the best over dropping one card of each
 * rank present, down to a size that has one. */
static unsigned plain_any(const ph_game_def *g, uint64_t key, uint8_t *count, size_t k) {
    if (PH_GAME_DENSE(k))
        return ph_game_dense(g, key, k);
    unsigned best = NONE;
    for (unsigned d = 0; d < g->digits; d++) {
        if (!count[d])
            continue;
        count[d]--;
        unsigned v = plain_any(g, key - g->hash->digit_keys[d], count, k - 1);
        count[d]++;
        if (v < best)
            best = v;
    }
    return best;
}

static unsigned plain_value(const ph_game_def *g, uint64_t key, uint64_t bits, size_t k) {
    if (PH_GAME_DENSE(k))
        return ph_game_dense(g, key, k);
    uint8_t count[13];
    for (unsigned d = 0; d < g->digits; d++)
        count[d] = (uint8_t)((bits >> d & 1) + (bits >> (16 + d) & 1) + (bits >> (32 + d) & 1) + (bits >> (48 + d) & 1));
    return plain_any(g, key, count, k);
}

/* Where a flush hurts, a hand with five or more cards of one suit may be forced into it or may avoid it:
 * the best over its five-card subsets, one suit's five valued by the flush table. Rare (about 3% of
 * seven-card hands), so plain enumeration. */
static unsigned best_subset(const ph_game_def *g, uint64_t bits) {
    unsigned digit[9], suit[9], n = 0;
    for (uint64_t b = bits; b; b &= b - 1) {
        unsigned at = (unsigned)__builtin_ctzll(b);
        digit[n] = at & 15;
        suit[n++] = at >> 4;
    }
    unsigned best = NONE, pick[5] = {0, 1, 2, 3, 4};
    for (;;) {
        uint64_t key = 0;
        unsigned mask = 0, same = 1;
        for (unsigned i = 0; i < 5; i++) {
            key += g->hash->digit_keys[digit[pick[i]]];
            mask |= 1u << digit[pick[i]];
            same &= suit[pick[i]] == suit[pick[0]];
        }
        unsigned v = same ? g->flush[mask] : ph_game_dense(g, key, 5);
        if (v < best)
            best = v;
        int i = 4; /* lexicographic successor of the index set */
        while (i >= 0 && pick[i] == n - 5 + (unsigned)i)
            i--;
        if (i < 0)
            break;
        pick[i]++;
        for (unsigned j = (unsigned)i + 1; j < 5; j++)
            pick[j] = pick[j - 1] + 1;
    }
    return best;
}

unsigned ph_game_value_slow(const ph_game_def *g, uint64_t key, uint64_t bits, size_t k) {
    unsigned value = plain_value(g, key, bits, k);
    uint64_t flush = key & PH_GAME_FLUSH_BITS;
    if (flush && g->flush_mode != PH_GAME_NO_FLUSH) {
        unsigned suit = (unsigned)__builtin_ctzll(flush >> PH_GAME_SUIT_SHIFT) >> 2;
        unsigned suited = (unsigned)(bits >> (16 * suit)) & 0x1fffu;
        if (g->flush_mode == PH_GAME_FLUSH_HELPS)
            value = g->flush[suited] < value ? g->flush[suited] : value;
        else
            value = best_subset(g, bits);
    }
    if (g->qualifier && value > g->qualifier)
        value = g->qualifier + 1u;
    return value;
}
