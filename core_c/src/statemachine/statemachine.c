/* Nested-table state machine (the TwoPlusTwo idea): one table lookup per added card.
 *
 * A state is a hand of 0..6 cards reduced to what can still matter: the rank counts, plus the exact cards
 * of every suit that can still reach five (a suit holding c of n cards is kept while c + (7 - n) >= 5);
 * the other suits are folded away (only their ranks count).
 *
 * To fit in far less than the classic 124 MB, states are also identified up to the suit permutations
 * card ^ x (x = 0..3, the XOR of the two suit bits; a group acting transitively on the four suits): a
 * table row belongs to the smallest of the four images, and a handle carries the x that maps the row's
 * canonical suits to the real ones. The lookup stays one memory access plus register arithmetic:
 *
 *     entry = table[(handle >> 2) + (card ^ (handle & 3))];   next = entry ? entry ^ (handle & 3) : 0;
 *
 * Rows have 53 entries: 52 transitions and, in slot 52, the state's own value (5- and 6-card states).
 * A 6-card state's transitions hold (value << 2), so after the 7th card the handle >> 2 is the value.
 * Row offsets start at FIRST_ROW, so every state handle is >= 4 * FIRST_ROW > any (value << 2 | 3).
 * Table: 173,174 rows, 36.7 MB. */
#include <stdlib.h>
#include <string.h>

#include "pokerhash.h"
#include "../eval/eval_internal.h"
#include "../common/tables.h"
#include "statemachine_internal.h"

#define SUIT_CLUBS UINT64_C(0x1111111111111) /* bits 4r: all cards of suit 0 */
#define XOR1_LOW UINT64_C(0x5555555555555)   /* suits 0 and 2 */
#define XOR2_LOW UINT64_C(0x3333333333333)   /* suits 0 and 1 */
#define LEVELS 7                             /* states hold 0..6 cards */

typedef struct sm_key {
    uint64_t cards;  /* tracked cards (suits that can still flush), canonical suits */
    uint64_t counts; /* 3 bits per rank: how many cards of the rank, all suits */
} sm_key;

/* One level's states in discovery order, with an open-addressing index over them. */
typedef struct sm_level {
    sm_key *keys;
    size_t count, cap;
    uint32_t *slots; /* 1 + state index, 0 = empty */
    size_t slot_mask;
} sm_level;

/* The image of a card mask under card -> card ^ x. */
static uint64_t xor_suits(uint64_t cards, unsigned x) {
    if (x & 1)
        cards = ((cards & XOR1_LOW) << 1) | ((cards >> 1) & XOR1_LOW);
    if (x & 2)
        cards = ((cards & XOR2_LOW) << 2) | ((cards >> 2) & XOR2_LOW);
    return cards;
}

static unsigned rank_count(uint64_t counts, unsigned rank) {
    return (unsigned)(counts >> (3 * rank)) & 7u;
}

/* The 13-bit rank mask of one suit within a card mask. */
static unsigned suit_ranks(uint64_t cards, unsigned suit) {
    unsigned ranks = 0;
    for (unsigned r = 0; r < 13; r++)
        ranks |= (unsigned)((cards >> (4 * r + suit)) & 1) << r;
    return ranks;
}

/* Value of a 5..7 card state: a tracked suit of five or more is the flush (final at seven cards or
 * fewer); otherwise the rank counts' plain value. */
static unsigned state_value(const sm_key *key) {
    for (unsigned suit = 0; suit < 4; suit++) {
        if (__builtin_popcountll(key->cards & (SUIT_CLUBS << suit)) >= 5)
            return ph_suited_value(suit_ranks(key->cards, suit));
    }
    uint64_t plain = 0;
    uint8_t counts[13];
    size_t cards = 0;
    for (unsigned r = 0; r < 13; r++) {
        counts[r] = (uint8_t)rank_count(key->counts, r);
        cards += counts[r];
        plain += counts[r] * (ph_card_keys[4 * r] - (UINT64_C(1) << PH_SUIT_SHIFT));
    }
    return ph_plain_value_any(plain, 0, counts, cards);
}

/* Adds `card` to an n-card state; 0 when the state can tell the card is already there. The child's
 * untracked suits are dropped and it is brought to its canonical suits (*x: canonical -> child). */
static int child_of(const sm_key *parent, unsigned n, unsigned card, sm_key *child, unsigned *x) {
    unsigned rank = card >> 2, suit = card & 3;
    if (rank_count(parent->counts, rank) == 4)
        return 0;
    uint64_t cards = parent->cards;
    if (cards & (SUIT_CLUBS << suit)) {
        /* tracked suit (an untracked suit has no bits left) */
        if (cards >> card & 1)
            return 0;
        cards |= UINT64_C(1) << card;
    } else if (n <= 2) {
        cards |= UINT64_C(1) << card; /* empty suits are still live with five or more cards to come */
    }
    unsigned keep = n + 1 > 2 ? n + 1 - 2 : 0; /* of n+1 cards a suit needs n-1 to reach 5 of 7 */
    for (unsigned s = 0; s < 4; s++)
        if ((unsigned)__builtin_popcountll(cards & (SUIT_CLUBS << s)) < keep)
            cards &= ~(SUIT_CLUBS << s);
    uint64_t best = cards;
    unsigned best_x = 0;
    for (unsigned t = 1; t < 4; t++) {
        uint64_t image = xor_suits(cards, t);
        if (image < best) {
            best = image;
            best_x = t;
        }
    }
    child->cards = best;
    child->counts = parent->counts + (UINT64_C(1) << (3 * rank));
    *x = best_x;
    return 1;
}

static int level_init(sm_level *level, size_t expected) {
    size_t slots = 1;
    while (slots < 2 * expected)
        slots <<= 1;
    level->keys = malloc(expected * sizeof *level->keys);
    level->slots = calloc(slots, sizeof *level->slots);
    level->count = 0;
    level->cap = expected;
    level->slot_mask = slots - 1;
    return level->keys && level->slots;
}

static void level_free(sm_level *level) {
    free(level->keys);
    free(level->slots);
    level->keys = NULL;
    level->slots = NULL;
}

static int level_grow(sm_level *level) {
    size_t slots = 2 * (level->slot_mask + 1);
    uint32_t *fresh = calloc(slots, sizeof *fresh);
    sm_key *keys = realloc(level->keys, 2 * level->cap * sizeof *keys);
    if (!fresh || !keys) {
        free(fresh);
        if (keys)
            level->keys = keys;
        return 0;
    }
    level->keys = keys;
    level->cap *= 2;
    for (size_t i = 0; i < level->count; i++) {
        const sm_key *k = &level->keys[i];
        uint64_t h = k->cards * UINT64_C(0x9E3779B97F4A7C15) ^ k->counts * UINT64_C(0xC2B2AE3D27D4EB4F);
        size_t at = (size_t)(h ^ h >> 29) & (slots - 1);
        while (fresh[at])
            at = (at + 1) & (slots - 1);
        fresh[at] = (uint32_t)(i + 1);
    }
    free(level->slots);
    level->slots = fresh;
    level->slot_mask = slots - 1;
    return 1;
}

/* Index of `key` in the level, adding it if new; -1 when out of memory. */
static long level_find(sm_level *level, const sm_key *key) {
    if (level->count == level->cap && !level_grow(level))
        return -1;
    uint64_t h = key->cards * UINT64_C(0x9E3779B97F4A7C15) ^ key->counts * UINT64_C(0xC2B2AE3D27D4EB4F);
    size_t at = (size_t)(h ^ h >> 29) & level->slot_mask;
    while (level->slots[at]) {
        const sm_key *old = &level->keys[level->slots[at] - 1];
        if (old->cards == key->cards && old->counts == key->counts)
            return (long)level->slots[at] - 1;
        at = (at + 1) & level->slot_mask;
    }
    level->keys[level->count] = *key;
    level->slots[at] = (uint32_t)(++level->count);
    return (long)level->count - 1;
}

static ph_sm_machine *build_machine(void) {
    /* Expected level sizes (measured); the levels grow if a change of the rules makes them larger. */
    static const size_t expected[LEVELS] = {1, 13, 351, 5525, 22594, 42783, 101907};
    sm_level levels[LEVELS];
    memset(levels, 0, sizeof levels);
    ph_sm_machine *machine = calloc(1, sizeof *machine);
    uint32_t *table = NULL;
    int ok = machine != NULL;
    for (unsigned n = 0; ok && n < LEVELS; n++)
        ok = level_init(&levels[n], expected[n]);
    if (ok) {
        sm_key empty = {0, 0};
        ok = level_find(&levels[0], &empty) == 0;
    }
    size_t capacity = PH_SM_FIRST_ROW, base = PH_SM_FIRST_ROW;
    for (unsigned n = 0; n < LEVELS; n++)
        capacity += expected[n] * PH_SM_ROW;
    if (ok)
        ok = (table = calloc(capacity, sizeof *table)) != NULL;
    /* Level n is complete when its rows are written, so level n+1's first row is known then. */
    for (unsigned n = 0; ok && n < LEVELS; n++) {
        sm_level *level = &levels[n];
        size_t next_base = base + level->count * PH_SM_ROW;
        if (n + 1 < LEVELS && next_base + expected[n + 1] * PH_SM_ROW > capacity) {
            size_t more = next_base + 2 * expected[n + 1] * PH_SM_ROW;
            uint32_t *grown = realloc(table, more * sizeof *table);
            if (!grown) {
                ok = 0;
                break;
            }
            memset(grown + capacity, 0, (more - capacity) * sizeof *grown);
            table = grown;
            capacity = more;
        }
        for (size_t i = 0; ok && i < level->count; i++) {
            sm_key state = level->keys[i];
            uint32_t *row = table + base + i * PH_SM_ROW;
            for (unsigned card = 0; card < PH_DECK_SIZE; card++) {
                sm_key child;
                unsigned x;
                if (!child_of(&state, n, card, &child, &x)) {
                    row[card] = 0;
                } else if (n + 1 == LEVELS) {
                    row[card] = state_value(&child) << 2;
                } else {
                    long index = level_find(&levels[n + 1], &child);
                    if (index < 0) {
                        ok = 0;
                        break;
                    }
                    size_t offset = next_base + (size_t)index * PH_SM_ROW;
                    row[card] = (uint32_t)(offset << 2) | x;
                }
            }
            row[PH_SM_DECK_SLOT] = n >= 5 ? state_value(&state) : 0;
        }
        machine->level_rows[n] = base;
        machine->level_count[n] = level->count;
        base = next_base;
        level_free(level); /* the rows of level n no longer need its keys */
    }
    for (unsigned n = 0; n < LEVELS; n++)
        level_free(&levels[n]);
    if (!ok) {
        free(table);
        free(machine);
        return NULL;
    }
    machine->table = table;
    machine->entries = base;
    machine->start = (uint32_t)(PH_SM_FIRST_ROW << 2);
    return machine;
}

static _Atomic(void *) published;

static void *build_machine_any(void) {
    return build_machine();
}

static void discard_machine(void *unpublished) {
    ph_sm_machine *machine = unpublished;
    free(machine->table);
    free(machine);
}

const ph_sm_machine *ph_sm_machine_get(void) {
    return ph_lazy_table(&published, build_machine_any, discard_machine);
}

int ph_sm_init(void) {
    return ph_sm_machine_get() ? PH_OK : PH_E_NOMEM;
}

static const ph_sm_machine *ready(void) {
    return atomic_load_explicit(&published, memory_order_acquire);
}

const uint32_t *ph_sm_table(void) {
    const ph_sm_machine *machine = ready();
    return machine ? machine->table : NULL;
}

size_t ph_sm_table_bytes(void) {
    const ph_sm_machine *machine = ready();
    return machine ? machine->entries * sizeof *machine->table : 0;
}

uint32_t ph_sm_start(void) {
    const ph_sm_machine *machine = ready();
    return machine ? machine->start : 0;
}

/* Whether `state` names the start of a row of the built table. The checked entry points take handles from
 * callers (wasm and JS included), and a made-up handle would otherwise index up to 16 GiB past the table;
 * a handle inside the table but between rows would read a neighbour's entries as transitions. The sweeps
 * and the equity engine step with ph_sm_step on handles the table itself produced, unchecked. */
static int is_row(const ph_sm_machine *machine, uint32_t state) {
    size_t row = state >> 2;
    return row >= PH_SM_FIRST_ROW && row + PH_SM_ROW <= machine->entries && (row - PH_SM_FIRST_ROW) % PH_SM_ROW == 0;
}

uint32_t ph_sm_next(uint32_t state, unsigned card) {
    const ph_sm_machine *machine = ready();
    if (!machine || card >= PH_DECK_SIZE || !is_row(machine, state))
        return 0;
    return ph_sm_step(machine->table, state, card);
}

int ph_sm_value(uint32_t state) {
    if (state < 4)
        return 0;
    if (state < PH_SM_MIN_HANDLE) /* a final state: the value itself, so only 1..7462 are states */
        return (state >> 2) <= PH_WORST_VALUE ? (int)(state >> 2) : 0;
    const ph_sm_machine *machine = ready();
    return machine && is_row(machine, state) ? (int)machine->table[(state >> 2) + PH_SM_DECK_SLOT] : 0;
}

/* ---- sweeping all hands ------------------------------------------------------------------------- */

/* Adds the 7th card's values over cards (after .. 51] of a 6-card state. Cards in whole aligned groups
 * of four (one rank) form the same set under card ^ x, so only the first, partial group needs the XOR;
 * the rest is a straight walk along the row. */
static inline void add_last_cards(const uint32_t *table, uint32_t state, unsigned after, uint64_t *histogram) {
    const uint32_t *row = table + (state >> 2);
    unsigned x = state & 3u, card = after + 1;
    for (; card & 3u; card++)
        histogram[row[card ^ x] >> 2]++;
    for (; card < PH_DECK_SIZE; card += 4) {
        /* A rank's four cards often share a value (no flush in reach): one add instead of four
         * increments of one slot, whose store-to-load chain would stall. */
        uint32_t a = row[card] >> 2, b = row[card + 1] >> 2, c = row[card + 2] >> 2, d = row[card + 3] >> 2;
        if (a == b && c == d && a == c) {
            histogram[a] += 4;
        } else {
            histogram[a]++;
            histogram[b]++;
            histogram[c]++;
            histogram[d]++;
        }
    }
}

static void sweep7(const uint32_t *table, uint32_t start, uint64_t *histogram) {
    for (unsigned c0 = 0; c0 < 46; c0++) {
        uint32_t s1 = ph_sm_step(table, start, c0);
        for (unsigned c1 = c0 + 1; c1 < 47; c1++) {
            uint32_t s2 = ph_sm_step(table, s1, c1);
            for (unsigned c2 = c1 + 1; c2 < 48; c2++) {
                uint32_t s3 = ph_sm_step(table, s2, c2);
                for (unsigned c3 = c2 + 1; c3 < 49; c3++) {
                    uint32_t s4 = ph_sm_step(table, s3, c3);
                    for (unsigned c4 = c3 + 1; c4 < 50; c4++) {
                        uint32_t s5 = ph_sm_step(table, s4, c4);
                        /* The next 6-card row is fetched while this one is summed: rows are scattered
                         * over 21 MB, so the walk would otherwise wait on memory once per row. */
                        uint32_t s6 = ph_sm_step(table, s5, c4 + 1);
                        for (unsigned c5 = c4 + 1; c5 < 51; c5++) {
                            uint32_t following = ph_sm_step(table, s5, c5 + 1);
                            __builtin_prefetch(table + (following >> 2) + 24);
                            __builtin_prefetch(table + (following >> 2) + 40);
                            add_last_cards(table, s6, c5, histogram);
                            s6 = following;
                        }
                    }
                }
            }
        }
    }
}

/* 5- and 6-card hands: the value sits in the last state's own slot. */
static inline void add_own_values(const uint32_t *table, uint32_t state, unsigned after, uint64_t *histogram) {
    for (unsigned card = after + 1; card < PH_DECK_SIZE; card++)
        histogram[table[(ph_sm_step(table, state, card) >> 2) + PH_SM_DECK_SLOT]]++;
}

static void sweep_short(const uint32_t *table, uint32_t start, size_t k, uint64_t *histogram) {
    unsigned last = (unsigned)(PH_DECK_SIZE - k); /* the first card's limit */
    for (unsigned c0 = 0; c0 <= last; c0++) {
        uint32_t s1 = ph_sm_step(table, start, c0);
        for (unsigned c1 = c0 + 1; c1 <= last + 1; c1++) {
            uint32_t s2 = ph_sm_step(table, s1, c1);
            for (unsigned c2 = c1 + 1; c2 <= last + 2; c2++) {
                uint32_t s3 = ph_sm_step(table, s2, c2);
                for (unsigned c3 = c2 + 1; c3 <= last + 3; c3++) {
                    uint32_t s4 = ph_sm_step(table, s3, c3);
                    if (k == 5) {
                        add_own_values(table, s4, c3, histogram);
                        continue;
                    }
                    for (unsigned c4 = c3 + 1; c4 <= last + 4; c4++)
                        add_own_values(table, ph_sm_step(table, s4, c4), c4, histogram);
                }
            }
        }
    }
}

int ph_sm_value_histogram(size_t k, uint64_t histogram[PH_WORST_VALUE + 1]) {
    if (k < 5 || k > 7)
        return PH_E_COUNT;
    const ph_sm_machine *machine = ph_sm_machine_get();
    if (!machine)
        return PH_E_NOMEM;
    if (k == 7)
        sweep7(machine->table, machine->start, histogram);
    else
        sweep_short(machine->table, machine->start, k, histogram);
    return PH_OK;
}
