/* The other games' table sets (core_c/tables/games_*.c, made by `PYTHONPATH=pywasm python3 -m tablegen`,
 * which includes this header by name) and their dense-block lookup; games/games_internal.h holds the one
 * evaluator that reads them. Private.
 *
 * A game's value depends on its rank multiset (a perfect hash into dense blocks for 5, 7 and 6 cards)
 * and, where suits count, on the best suited five of a suit with five or more cards. Every rule of a
 * ranking lives in its tables; the evaluator knows only how a flush counts (helps, hurts or not at all),
 * whether values past a qualifier mean "no low", and how a ranking reads the tables it shares with another
 * (remap, unmap). */
#ifndef PH_GAME_TABLES_H
#define PH_GAME_TABLES_H

#include <stddef.h>
#include <stdint.h>

#include "pokerhash.h"

/* The wasm builds leave out the 6-card blocks (as the hold'em evaluator's): six cards then drop to five. */
#ifndef PH_GAME_SIX_CARD_BLOCKS
#ifdef PH_SIX_CARD_TABLE
#define PH_GAME_SIX_CARD_BLOCKS PH_SIX_CARD_TABLE
#else
#define PH_GAME_SIX_CARD_BLOCKS 1
#endif
#endif

#define PH_GAME_NO_FLUSH 0     /* suits never matter (ace-to-five) */
#define PH_GAME_FLUSH_HELPS 1  /* a flush beats the same ranks unsuited (high games) */
#define PH_GAME_FLUSH_HURTS 2  /* a flush is worse than the same ranks unsuited (deuce-to-seven) */
#define PH_GAME_POISON (UINT64_C(1) << 63)
#define PH_GAME_LANE 0xffffu   /* a key holds three 16-bit lanes of base-5 digits, then four suit counters */
#define PH_GAME_SUIT_SHIFT 48
#define PH_GAME_SUIT_BIAS (UINT64_C(0x3333) << PH_GAME_SUIT_SHIFT) /* a counter reaching five sets its bit 3 */
#define PH_GAME_FLUSH_BITS (UINT64_C(0x8888) << PH_GAME_SUIT_SHIFT)
#define PH_GAME_LOW_DIGITS 8   /* eight-or-better: digits A..8 */
#define PH_GAME_LOW_SPLIT 6    /* the Omaha low table's row is picked by the masks' digits below it */

/* Perfect hash of a digit-count vector of 5..7 cards: position = first + middle + last share. The middle
 * and last shares are hold'em's quinary ones (ph_qhash_g2, ph_qhash_g3) where the groups agree. */
typedef struct ph_game_hash {
    const uint32_t *first;   /* [(k - 5) * first_span + lane 0]: block base + share | (k - lane 0's cards) << 24 */
    const uint16_t *middle;  /* [remaining cards * middle_span + lane 1] */
    const uint16_t *last;    /* [lane 2] */
    const uint64_t *digit_keys; /* per digit: one card's key */
    uint32_t first_span, middle_span;
} ph_game_hash;

typedef struct ph_game_def {
    const char *name;           /* "shortdeck" */
    const char *deck_name;      /* "the short deck": how errors name the deck */
    uint64_t deck;              /* bit c set for every card id c of the deck */
    uint8_t flush_mode;         /* PH_GAME_NO_FLUSH / _HELPS / _HURTS */
    uint8_t digits;             /* ranks counted by the hash: 9 or 13 */
    uint16_t worst;             /* values are 1..worst, lower is better */
    uint16_t qualifier;         /* nonzero: values above it are "no low" and read as worst (= qualifier + 1) */
    const uint64_t *keys;       /* per card id 0..51: its digit in its lane, one in its suit counter */
    const uint64_t *bits;       /* per card id: 1 << (16 * suit + digit), PH_GAME_POISON outside the deck */
    const uint16_t *plain;      /* dense blocks 5, 7, 6 of codes, shared by the rankings of a table set */
    const uint16_t *flush;      /* per one-suit digit mask with 5+ bits: best suited value; NULL without */
    const ph_game_hash *hash;
    uint16_t direct;            /* codes up to it are this ranking's values, a larger one is remap[code - direct - 1] */
    const uint16_t *remap;      /* (short deck: Triton's order, and seven cards holding a straight and trips); NULL:
                                   codes past direct are "no low", direct + 1 (direct = qualifier) */
    const uint32_t *info;       /* per value of the table set's first ranking: category << 24 | five ranks, 4 bits
                                   each, in order of importance (read through ph_game_info) */
    const uint16_t *unmap;      /* a ranking with the first one's classes in another order: its value -> the first's */
    const uint8_t *category_of; /* with unmap: the first ranking's category index -> this one's */
    const char *const *categories;
    uint8_t category_count;
    const uint8_t *omaha_low;   /* qualifier games, Omaha: row of omaha_low_values by the low masks' low digits */
    const uint8_t *omaha_low_values; /* per row: best low by the masks' high digits (ph_game_omaha_low) */
} ph_game_def;

extern const ph_game_hash ph_game_hash9, ph_game_hash13;
extern const ph_game_def ph_game_shortdeck, ph_game_shortdeck_triton, ph_game_ace_five, ph_game_ace_five_8,
    ph_game_deuce_seven;

#define PH_GAME_DENSE(k) ((k) == 5 || (k) == 7 || ((k) == 6 && PH_GAME_SIX_CARD_BLOCKS))

/* Code of a rank multiset of k cards (PH_GAME_DENSE(k)) in its dense block, from its key: three lane lookups
 * sum to its position. */
static inline unsigned ph_game_code(const ph_game_def *g, uint64_t key, size_t k) {
    const ph_game_hash *h = g->hash;
    uint32_t first = h->first[(k - 5) * h->first_span + (key & PH_GAME_LANE)];
    uint32_t position = (first & 0xffffffu) + h->middle[(first >> 24) * h->middle_span + (key >> 16 & PH_GAME_LANE)] +
                        h->last[key >> 32 & PH_GAME_LANE];
    return g->plain[position];
}

/* A code as this ranking's value: up to direct as it stands, past it the remap's value, or without a remap
 * "no low" (a qualifier game's direct is its qualifier). */
static inline unsigned ph_game_read(const ph_game_def *g, unsigned code) {
    if (code <= g->direct)
        return code;
    return g->remap ? g->remap[code - g->direct - 1u] : g->direct + 1u;
}

/* Dense-block value of a rank multiset of k cards (PH_GAME_DENSE(k)) from its key. */
static inline unsigned ph_game_dense(const ph_game_def *g, uint64_t key, size_t k) {
    return ph_game_read(g, ph_game_code(g, key, k));
}

/* Category << 24 | the five ranks of a value 1..worst, as info holds them for this ranking. */
static inline uint32_t ph_game_info(const ph_game_def *g, unsigned value) {
    if (g->qualifier && value > g->qualifier) /* "no low": the last category, no ranks */
        return (uint32_t)(g->category_count - 1u) << 24;
    if (!g->unmap)
        return g->info[value];
    uint32_t info = g->info[g->unmap[value]];
    return (uint32_t)g->category_of[info >> 24] << 24 | (info & 0xffffffu);
}

#endif
