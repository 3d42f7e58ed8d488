/* The hold'em tables rebuilt from the rules: the value slots of the rank hash (ph_quinary_values, from its row
 * bases) and the ranks behind each value (ph_value_rank_table). The wasm builds compile the tables with
 * PH_DERIVED_TABLES=1: they ship neither and fill them in when the module starts (a few milliseconds), which
 * takes 150 KB of tables that barely compress off every download. Each non-flush five-card rank multiset gets
 * its place from its category and ranks; a flush has a high card's ranks, a straight flush a straight's; a
 * seven-card multiset is worth its best five (ph_best_after_dropping, as for eight and nine cards). The native
 * build keeps the generated tables; tests/c/test_derive_tables.c derives them again and compares, byte for
 * byte. */
#include <stdlib.h>
#include <string.h>

#include "eval_internal.h"

#define FIVE_MULTISETS 6175u /* non-flush five-card rank multisets: 7,462 classes less 1,277 flushes and 10 straight flushes */
#define FIRST_QUADS 11u      /* after the ten straight flushes */
#define FIRST_STRAIGHT 1600u /* after quads, full houses (11..322) and the flushes (323..1599) */
#define FLUSH_BELOW_HIGH_CARD 5863u     /* a flush's value is the high card's of the same ranks less this */
#define STRAIGHT_FLUSH_BELOW_STRAIGHT 1599u

enum { QUADS, FULL_HOUSE, STRAIGHT, TRIPS, TWO_PAIR, PAIR, HIGH_CARD }; /* best first */

typedef struct {
    uint32_t strength; /* category << 20 | the ranks that decide, most important first, 4 bits each: lower is better */
    uint32_t hash;     /* the multiset's rank hash (24 bits) */
    uint32_t ranks;    /* its five ranks by importance, 4 bits each, the first lowest (ph_value_rank_table) */
} five_class;

/* The rank-hash share of one card of `rank`: the card key's top 24 bits, where sums wrap mod 2^24. */
static uint32_t rank_share(unsigned rank) {
    return (uint32_t)(ph_rank_key(rank) >> PH_HASH_SHIFT) & PH_HASH_MASK;
}

/* The strength of five ranks with these counts (no flush): the category, then its ranks by count, then by rank,
 * each as 12 - rank so that lower is better; a straight by its top card (the wheel's is the five). */
static uint32_t five_strength(const uint8_t counts[13]) {
    unsigned mask = 0, most = 0, groups = 0;
    for (unsigned rank = 0; rank < 13; rank++) {
        if (counts[rank]) {
            mask |= 1u << rank;
            groups++;
        }
        if (counts[rank] > most)
            most = counts[rank];
    }
    if (groups == 5) {
        unsigned low = (mask << 1) | (mask >> 12); /* bit r + 1 = rank r; bit 0 = the ace, low */
        unsigned runs = low & (low >> 1) & (low >> 2) & (low >> 3) & (low >> 4);
        if (runs) /* bit b: ranks b - 1 .. b + 3, so the top card is rank b + 3 */
            return (uint32_t)STRAIGHT << 20 | (12u - (31u - (unsigned)__builtin_clz(runs) + 3u)) << 16;
    }
    unsigned category = most == 4 ? QUADS : most == 3 ? (groups == 2 ? FULL_HOUSE : TRIPS)
                        : most == 2 ? (groups == 3 ? TWO_PAIR : PAIR) : HIGH_CARD;
    uint32_t strength = (uint32_t)category << 20;
    unsigned shift = 20;
    for (unsigned count = 4; count >= 1; count--) {
        for (int rank = 12; rank >= 0; rank--) {
            if (counts[rank] == count) {
                shift -= 4;
                strength |= (12u - (unsigned)rank) << shift;
            }
        }
    }
    return strength;
}

/* The five ranks of these counts in order of importance (by count, then rank), 4 bits each, the first lowest;
 * a straight from its top card down, the wheel's ace last. */
static uint32_t five_ranks(const uint8_t counts[13], uint32_t strength) {
    uint32_t packed = 0;
    unsigned at = 0;
    if (strength >> 20 == STRAIGHT) {
        int top = 12 - (int)(strength >> 16 & 15u);
        for (int rank = top; rank > top - 5; rank--, at += 4)
            packed |= (uint32_t)(rank < 0 ? 12 : rank) << at;
        return packed;
    }
    for (unsigned count = 4; count >= 1; count--) {
        for (int rank = 12; rank >= 0; rank--) {
            for (unsigned i = counts[rank] == count ? count : 0; i > 0; i--, at += 4)
                packed |= (uint32_t)rank << at;
        }
    }
    return packed;
}

static int by_strength(const void *a, const void *b) {
    uint32_t x = ((const five_class *)a)->strength, y = ((const five_class *)b)->strength;
    return (x > y) - (x < y);
}

/* The slot of the multiset with rank hash h in the block whose bases start at `rows`. */
static uint16_t *slot(uint16_t *table, uint32_t h, unsigned rows, unsigned values, unsigned shift) {
    return &table[values + table[rows + (h >> shift)] + (h & ((1u << shift) - 1))];
}

typedef struct {
    uint16_t *table;
    five_class *five; /* NULL: the seven-card pass */
    unsigned found;
    uint8_t counts[13];
} walk;

/* Every multiset of `left` more cards over ranks rank..12 (at most four each), with rank hash h so far. */
static void each_multiset(walk *w, unsigned rank, unsigned left, uint32_t h) {
    if (rank == 13) {
        if (left)
            return;
        h &= PH_HASH_MASK;
        if (w->five) {
            five_class *c = &w->five[w->found++];
            c->strength = five_strength(w->counts);
            c->hash = h;
            c->ranks = five_ranks(w->counts, c->strength);
            return;
        }
        /* a seven: its best five, read from the five-card block that the first pass filled */
        uint64_t key = 0;
        for (unsigned rank = 0; rank < 13; rank++)
            key += w->counts[rank] * ph_rank_key(rank);
        unsigned best = ph_best_after_dropping(key, w->counts, 2, 0, 5);
        *slot(w->table, h, PH_RH_ROWS_7, PH_RH_VALUES_7, PH_RH_SHIFT_7) = (uint16_t)best;
        return;
    }
    for (unsigned count = 0; count <= 4 && count <= left; count++) {
        w->counts[rank] = (uint8_t)count;
        each_multiset(w, rank + 1, left - count, h + count * rank_share(rank));
    }
    w->counts[rank] = 0;
}

void ph_derive_hand_tables(uint16_t *rank_hash, uint32_t *value_ranks) {
    static five_class five[FIVE_MULTISETS]; /* 48 KB of zeros: no download, no allocation that could fail */
    walk w = {rank_hash, five, 0, {0}};
    each_multiset(&w, 0, 5, 0);
    qsort(five, FIVE_MULTISETS, sizeof *five, by_strength);
    unsigned value = FIRST_QUADS;
    value_ranks[0] = 0;
    for (unsigned i = 0; i < FIVE_MULTISETS; i++) {
        unsigned category = five[i].strength >> 20;
        if (value < FIRST_STRAIGHT && category >= STRAIGHT)
            value = FIRST_STRAIGHT;
        *slot(rank_hash, five[i].hash, PH_RH_ROWS_5, PH_RH_VALUES_5, PH_RH_SHIFT_5) = (uint16_t)value;
        value_ranks[value] = five[i].ranks;
        if (category == STRAIGHT)
            value_ranks[value - STRAIGHT_FLUSH_BELOW_STRAIGHT] = five[i].ranks;
        if (category == HIGH_CARD)
            value_ranks[value - FLUSH_BELOW_HIGH_CARD] = five[i].ranks;
        value++;
    }
    w.five = NULL;
    each_multiset(&w, 0, 7, 0);
}

#if PH_DERIVED_TABLES
#if PH_SIX_CARD_TABLE
#error "PH_DERIVED_TABLES derives the 5- and 7-card blocks only: build it with PH_SIX_CARD_TABLE=0"
#endif
/* Runs when the module is instantiated (the JS library) or loaded (the Pyodide side module), before any call. */
__attribute__((constructor)) static void derive_at_load(void) {
    ph_derive_hand_tables(ph_quinary_values, ph_value_rank_table);
}
#endif
