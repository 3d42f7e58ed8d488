/* The suit-isomorphic hand indexer's tables and the arithmetic its index and unindex share. Private.
 *
 * Waugh's scheme ("A Fast and Optimal Hand Isomorphism Algorithm", 2013), in this library's own layout:
 * - a suit's *tuple* is how many of its cards each round dealt, read as a mixed-radix number t with round 0
 *   the most significant digit (digit r in base cards[r] + 1);
 * - a suit's *sequence index* x numbers its rank sets round by round: round r's set is ranked in colex order
 *   among the ranks the suit has left, and those ranks are mixed-radix digits with round 0 the least
 *   significant (base C(13 - earlier cards, cards this round));
 * - the four suits sorted by (t, x), largest first, give the hand's *configuration*: the sorted tuples. Suits
 *   with equal tuples form a group whose x values are a multiset, ranked in colex order of multisets;
 * - index = offset of the configuration (configurations in increasing order of their sorted tuples) + the
 *   groups' multiset ranks as mixed-radix digits, the first group the least significant.
 * The canonical hand gives suit p the p-th largest (t, x): its sort keys never increase from suit to suit. */
#ifndef PH_ISOMORPHISM_INTERNAL_H
#define PH_ISOMORPHISM_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "pokerhash.h"

#define PH_ISO_SUITS 4
#define PH_ISO_RANKS 13
#define PH_ISO_X_BITS 40 /* sort key = t << 40 | x: x < 13! < 2^33, t < 2^16 */
#define PH_ISO_X_MASK ((UINT64_C(1) << PH_ISO_X_BITS) - 1)
#define PH_ISO_SETS 8192 /* subsets of 13 ranks */
/* n / d = (n * ceil(2^35 / d)) >> 35 for n < 2^24 and d < 2^11 (C(13, k) <= 1716): the error term stays
 * below 2^-11 < 1/d */
#define PH_ISO_RECIPROCAL_SHIFT 35
#define PH_ISO_SMALL_SEQUENCE (UINT64_C(1) << 24)

/* One configuration of a round: the part index reads first, then what unindex needs. */
typedef struct ph_iso_config {
    uint64_t offset;                  /* the first index of the configuration */
    uint64_t weight[PH_ISO_SUITS];    /* multiplier of the multiset rank of the group position p belongs to */
    uint8_t order[PH_ISO_SUITS];      /* p's place in its group counted from the group's end, 1..4: the term
                                       * of p in the multiset rank is C(x_p + order - 1, order) */
    uint8_t plain;                    /* 1 when every group of two or more suits is of empty suits (x = 0) */
    uint8_t group_len[PH_ISO_SUITS];  /* at a group's first position its number of suits, else 0 */
    uint64_t radix[PH_ISO_SUITS];     /* at a group's first position its number of multisets, else 0 */
    uint64_t suit_size[PH_ISO_SUITS]; /* number of sequence indexes of position p's tuple */
    uint8_t count[PH_ISO_SUITS][PH_INDEXER_MAX_ROUNDS]; /* position p's cards round by round */
    uint8_t rounds_dealt[PH_ISO_SUITS]; /* bit r: position p has cards of round r */
    uint8_t suits;                      /* positions with cards (they come first) */
    uint8_t small;                      /* every suit_size below 2^24: divisions by reciprocals are exact */
} ph_iso_config;

/* The configurations of one round (rounds 0..r dealt) and the hash from sorted tuples to them. */
typedef struct ph_iso_round {
    uint32_t configs;
    uint32_t tuple_space;     /* T: tuples are 0..T-1 (product of cards[r'] + 1 for r' <= r), T < 2^16 */
    uint64_t *place_value;    /* [t * (r + 1) + j]: the place value in x of round j's colex rank */
    uint64_t size;            /* canonical hands */
    ph_iso_config *config;    /* in increasing offset */
    uint64_t *offset;         /* config[i].offset, contiguous for unindex's search */
    uint32_t *bucket_first;   /* [index >> bucket_shift]: the configuration holding that bucket's first index */
    unsigned bucket_shift;
    uint64_t *hash_key;       /* open addressing, empty slots hold UINT64_MAX */
    uint32_t *hash_config;
    uint32_t hash_mask;
    unsigned hash_shift;
} ph_iso_round;

struct ph_indexer {
    size_t rounds;
    uint8_t cards[PH_INDEXER_MAX_ROUNDS];
    uint8_t start[PH_INDEXER_MAX_ROUNDS]; /* position of a round's first card */
    uint32_t binom[PH_ISO_RANKS + 1][PH_ISO_RANKS + 1];
    uint64_t binom_reciprocal[PH_ISO_RANKS + 1][PH_ISO_RANKS + 1]; /* ceil(2^35 / binom), 0 for binom 0 */
    uint32_t binom_next[PH_ISO_RANKS + 1][PH_ISO_RANKS + 1];     /* C(n, k + 1) */
    uint64_t card_bit[PH_DECK_SIZE];   /* card 4r + s as bit 16s + r, the index's lane layout */
    uint64_t card_below[PH_DECK_SIZE]; /* the lower ranks of the card's suit, in that layout */
    uint8_t card_shift[PH_DECK_SIZE];  /* 16s: the card's lane */
    uint8_t rank_count[PH_ISO_SETS];   /* ranks in each 13-bit set */
    uint16_t set_first[PH_ISO_RANKS + 2]; /* where the sets of c ranks start in set_by_rank */
    uint16_t set_by_rank[PH_ISO_SETS];    /* c-subsets of 13 ranks in colex order, c = 0..13 */
    ph_iso_round round[PH_INDEXER_MAX_ROUNDS];
};

#define PH_ISO_HASH_MULTIPLIER UINT64_C(0x9E3779B97F4A7C15)

/* Number of ranks in a set of up to 16 ranks. */
static inline unsigned ph_iso_bits(uint32_t set) {
#if defined(__x86_64__) && !defined(__POPCNT__)
    /* without the instruction GCC calls a library routine; sixteen bits take four steps */
    set = set - ((set >> 1) & 0x5555u);
    set = (set & 0x3333u) + ((set >> 2) & 0x3333u);
    set = (set + (set >> 4)) & 0x0f0fu;
    return (set + (set >> 8)) & 0x1fu;
#else
    return (unsigned)__builtin_popcount(set);
#endif
}

/* Number of ranks in a lane-layout set that lies inside the lane starting at bit `shift`: without a popcount
 * instruction (x86-64 before -mpopcnt), a lookup in the indexer's table of 13-bit counts. */
#if defined(__x86_64__) && !defined(__POPCNT__)
#define PH_ISO_LANE_BITS(indexer, set, shift) ((unsigned)(indexer)->rank_count[(set) >> (shift)])
#else
#define PH_ISO_LANE_BITS(indexer, set, shift) ((unsigned)__builtin_popcountll(set))
#endif

/* The configuration's hash key from the sort keys of the three largest suits (the fourth tuple follows from
 * the round's card counts): their tuples side by side. */
static inline uint64_t ph_iso_key(uint64_t key0, uint64_t key1, uint64_t key2) {
    return key0 >> PH_ISO_X_BITS | (key1 >> PH_ISO_X_BITS) << 16 | (key2 >> PH_ISO_X_BITS) << 32;
}

static inline uint32_t ph_iso_find(const ph_iso_round *round, uint64_t key) {
    uint32_t slot = (uint32_t)((key * PH_ISO_HASH_MULTIPLIER) >> round->hash_shift);
    while (round->hash_key[slot] != key)
        slot = (slot + 1) & round->hash_mask;
    return round->hash_config[slot];
}

/* C(a + order - 1, order), the multiset term, exact whenever it fits 64 bits (the indexer refuses games
 * whose ranks would not): the products are taken whole while they cannot wrap. */
static inline uint64_t ph_iso_multiset_term(uint64_t a, unsigned order) {
    switch (order) {
    case 1:
        return a;
    case 2:
        if (a < (UINT64_C(1) << 31))
            return a * (a + 1) / 2;
        break;
    case 3:
        if (a < (UINT64_C(1) << 20))
            return a * (a + 1) / 2 * (a + 2) / 3;
        break;
    default:
        if (a < (UINT64_C(1) << 15))
            return a * (a + 1) / 2 * (a + 2) / 3 * (a + 3) / 4;
        break;
    }
    uint64_t term = 0;
    ph_binomial(a + order - 1, order, &term);
    return term;
}

#endif
