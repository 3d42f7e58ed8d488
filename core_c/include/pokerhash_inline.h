/*
 * pokerhash's hot path as header code: the card key, the tables it indexes and the rules that read them.
 * The library builds its ph_evaluate, ph_evaluate_batch and ph_hand_* from this code. A C user who defines
 * PH_INLINE_ALL before including pokerhash.h gets ph_evaluate and ph_hand_* from here as static inline
 * functions (the tables stay one extern const copy, in the library); pokerhash.h declares what is API.
 * The names below are the library's internals: they may change in any release.
 *
 * The tables are built in one configuration: a caller inlining against a library built with
 * -DPH_SIX_CARD_TABLE=0 or -DPH_FLUSH_TABLE=0 (the wasm library) must define the same. Needs GCC or clang,
 * and core_c/tables beside this folder (the generated layout of the tables, eval_layout.h).
 */
#ifndef POKERHASH_INLINE_H
#define POKERHASH_INLINE_H

#include <stddef.h>
#include <stdint.h>

#include "pokerhash.h"
#include "../tables/eval_layout.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <emmintrin.h>
#define PH_CARD_KEY_BITS 1 /* a card's key and suit-major bit summed by one 16-byte add (ph_card_key_bits) */
#else
#define PH_CARD_KEY_BITS 0
#endif

/* 1 where __builtin_popcountll is one instruction (wasm, ARM, x86 built with POPCNT). Plain x86-64 builds
 * both duplicate tests, the bit count (the POPCNT instruction, written as asm) and a comparison of the sum
 * of the cards' bits with their OR, and the CPU picks one at run time: the library through an indirect
 * function, a PH_INLINE_ALL caller through ph_cpu_popcnt. */
#if defined(__x86_64__) && !defined(__POPCNT__) && (defined(__GNUC__) || defined(__clang__))
#define PH_POPCNT_NATIVE 0
#else
#define PH_POPCNT_NATIVE 1
#endif
/* 1 where the library defines ph_cpu_popcnt: every x86-64 build, whatever its own flags. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define PH_CPU_POPCNT_FLAG 1
#else
#define PH_CPU_POPCNT_FLAG 0
#endif

/* Inlined even where the compiler would not: a loop specialised per hand size must stay whole. */
#define PH_ALWAYS_INLINE static inline __attribute__((always_inline))

#ifdef __cplusplus
extern "C" {
#endif

/* The wasm library is built with PH_SIX_CARD_TABLE=0: it leaves out the 6-card block of the rank hash,
 * and six cards then drop one card to five. */
#ifndef PH_SIX_CARD_TABLE
#define PH_SIX_CARD_TABLE 1
#endif
#define PH_QUINARY_ENTRIES (PH_SIX_CARD_TABLE ? PH_RH_ENTRIES_567 : PH_RH_ENTRIES_57)
/* Flush values by rank mask (16 KB); the wasm library leaves them out and derives them (ph_suited_value). */
/* The wasm builds set PH_DERIVED_TABLES=1: the rank hash's 5- and 7-card values, the value ranks and the
 * binomials are not shipped but derived when the module loads (eval/derive_tables.c,
 * combinatorics/binomial_derive.c), so those arrays are writable there. */
#ifndef PH_DERIVED_TABLES
#define PH_DERIVED_TABLES 0
#endif
#if PH_DERIVED_TABLES
#define PH_DERIVED_CONST
#else
#define PH_DERIVED_CONST const
#endif
#ifndef PH_FLUSH_TABLE
#define PH_FLUSH_TABLE 1
#endif
/* The rank hash's row bases as 32-bit offsets with each row's start taken off (56 KB beside the 16-bit bases):
 * a lookup is then shift, load, add, load, with no mask and no block constant; it took 9-12 % off the
 * incremental hand (bench/RESULTS.md). The wasm library, built for size with PH_FLUSH_TABLE=0, leaves them
 * out. */
#ifndef PH_ROW_OFFSET_TABLE
#define PH_ROW_OFFSET_TABLE PH_FLUSH_TABLE
#endif
#define PH_ROW_OFFSET_ENTRIES (PH_SIX_CARD_TABLE ? PH_RO_ENTRIES_567 : PH_RO_ENTRIES_57)
/* ph_hand's walk over rank multisets (1.7 MB, core_c/tables/hand_walk_tables.c): adding a card is one load and
 * the hand then holds its value. Left out where PH_FLUSH_TABLE=0 (wasm), whose ph_hand sums the card keys
 * and looks the value up in the blocks above. ph_hand_value reads flushes from the flush table. */
#ifndef PH_HAND_TABLE
#define PH_HAND_TABLE PH_FLUSH_TABLE
#endif
#if PH_HAND_TABLE && !PH_FLUSH_TABLE
#error "PH_HAND_TABLE needs PH_FLUSH_TABLE"
#endif
/* ph_card_key_bits_first (4 KB): ph_card_key_bits with PH_SUIT_BIAS in each key, for a row's first card, so
 * that the one-call evaluator's sums start with a load instead of a load and an add of the bias (1-3 %,
 * bench/RESULTS.md). Left out where PH_FLUSH_TABLE=0 (wasm, whose evaluator does not read it). */
#ifndef PH_FIRST_CARD_TABLE
#define PH_FIRST_CARD_TABLE PH_FLUSH_TABLE
#endif

/* The card key: four suit counters of 4 bits from bit 0, biased by 3 so that a fifth card of a suit sets the
 * counter's bit 3; a count of ids >= 52 in bits 16..19; the rank hash in bits 40..63, where a sum's carries
 * leave the word, so it is the sum mod 2^24 with no mask. */
#define PH_SUIT_SHIFT 0
#define PH_SUIT_BIAS UINT64_C(0x3333)
#define PH_SUIT_FLUSH_BITS UINT64_C(0x8888)
#define PH_POISON_BITS (UINT64_C(0xf) << 16)
#define PH_HASH_SHIFT 40
#define PH_HASH_MASK 0xffffffu
#define PH_SUITED_COUNT_MASK 0xffu /* a suited key's count of ranks (ph_suited_keys_low/high) */

/* The generated tables (core_c/tables) the hot path reads. */
extern PH_DERIVED_CONST uint16_t ph_quinary_values[PH_QUINARY_ENTRIES]; /* rank-hash blocks for 5, 7, 6 cards */
extern const uint64_t ph_card_keys[256];
extern const uint64_t ph_card_quinary_keys[256];
extern const uint64_t ph_card_bits[256];
extern const uint64_t ph_card_key_bits[256][2]; /* 16-byte aligned where defined */
#if PH_FIRST_CARD_TABLE
extern const uint64_t ph_card_key_bits_first[256][2]; /* the same, biased, 16-byte aligned */
#endif
extern const uint64_t ph_suited_keys_low[128];
extern const uint64_t ph_suited_keys_high[64];
#if PH_FLUSH_TABLE
extern const uint16_t ph_flush_values[8192];
#endif
#if PH_ROW_OFFSET_TABLE
extern const uint32_t ph_rank_offsets[PH_ROW_OFFSET_ENTRIES];
#endif
#if PH_HAND_TABLE
extern const uint32_t ph_hand_walk[PH_WALK_ENTRIES];
#endif

/* The library functions the rare paths below call (core_c/src/eval). They write nothing ("pure"), so that a
 * caller's loop around the inline evaluator may read ph_cpu_popcnt once, ahead of the loop. */
/* The status of an invalid row: PH_E_CARD for an id above 51, else PH_E_DUPLICATE. */
__attribute__((pure)) int ph_bad_row_status(const uint8_t *row, size_t k);
/* Value of 6 (wasm), 8 or 9 valid cards: both the flush and the plain branch count. */
__attribute__((pure)) unsigned ph_large_hand_value(uint64_t key, uint64_t quinary_key, uint64_t card_bits, size_t k);
#if !PH_CARD_KEY_BITS
/* ph_evaluate's answer for 5..7 cards whose key shows a flush or an id above 51. */
__attribute__((pure)) int ph_flush_or_bad_id(const uint8_t *cards, size_t k);
#endif
#if PH_CPU_POPCNT_FLAG
/* 1 once the library has found POPCNT on this CPU (a constructor sets it when the library loads; 0 before,
 * which takes the OR test, right on any CPU); 1 from the start in a library built with -mpopcnt. */
extern int ph_cpu_popcnt;
#endif

/* Bits set in x, by the POPCNT instruction: only called where the build or the CPU has it. Written as asm on
 * plain x86-64, where __builtin_popcountll would be a library call. */
static inline unsigned ph_bit_count(uint64_t x) {
#if PH_POPCNT_NATIVE
    return (unsigned)__builtin_popcountll(x);
#else
    uint64_t count;
    __asm__("popcntq %1, %0" : "=r"(count) : "r"(x) : "cc");
    return (unsigned)count;
#endif
}

/* A value past the worst: "none yet" for a running minimum. */
#define PH_NO_VALUE 7463u

/* 1 when k cards have a rank-hash block. */
#define PH_DENSE(k) ((k) == 5 || (k) == 7 || ((k) == 6 && PH_SIX_CARD_TABLE))

/* Row displacement: the row's base in the value block, plus the column. Two dependent loads. */
static inline unsigned ph_rank_hash_lookup(uint32_t h, unsigned rows, unsigned values, unsigned shift) {
    unsigned base = ph_quinary_values[rows + (h >> shift)];
    return ph_quinary_values[values + base + (h & ((1u << shift) - 1))];
}

/* The same lookup of a key's hash through a block of ph_rank_offsets (PH_RO_ROWS_k, PH_RH_SHIFT_k), or of the
 * 16-bit bases where the build has no offsets. The row is shifted out of the key itself rather than out of the
 * 24-bit hash: GCC then needs no register copy for it (1-2 % on the one-call evaluator, bench/RESULTS.md). */
#if PH_ROW_OFFSET_TABLE
#define PH_RANK_LOOKUP(key, k)                                                                                   \
    ph_quinary_values[(uint32_t)((key) >> PH_HASH_SHIFT) +                                                    \
                      ph_rank_offsets[PH_RO_ROWS_##k + ((key) >> (PH_HASH_SHIFT + PH_RH_SHIFT_##k))]]
#else
#define PH_RANK_LOOKUP(key, k)                                                                                   \
    ph_rank_hash_lookup((uint32_t)((key) >> PH_HASH_SHIFT), PH_RH_ROWS_##k, PH_RH_VALUES_##k, PH_RH_SHIFT_##k)
#endif

/* Value of a k-card rank multiset (no flush, PH_DENSE(k)) from the sum of its card keys (suit counters,
 * bias and counts are ignored). */
static inline unsigned ph_plain_value(uint64_t key, size_t k) {
    if (k == 5)
        return PH_RANK_LOOKUP(key, 5);
    if (k == 7)
        return PH_RANK_LOOKUP(key, 7);
#if PH_SIX_CARD_TABLE
    return PH_RANK_LOOKUP(key, 6);
#else
    return PH_NO_VALUE; /* unreachable: callers check PH_DENSE(k) */
#endif
}

/* Rank key of the distinct ranks in a 13-bit mask, with their number in the low byte. */
static inline uint64_t ph_suited_key(unsigned rank_mask) {
    return ph_suited_keys_low[rank_mask & 0x7f] + ph_suited_keys_high[rank_mask >> 7];
}

/* Straight flush or flush value of five or more ranks of one suit (a 13-bit mask). A straight flush is a
 * run of five (the ace also plays below the deuce): 1 (royal) .. 10 (five-high). Otherwise the flush is the
 * top five ranks, and flushes list their 1,277 rank sets in the same order as high-card hands do, so the
 * 5-card rank hash gives it: 6186..7462 become 323..1599. The native library looks the answer up instead. */
static inline unsigned ph_suited_value(unsigned rank_mask) {
#if PH_FLUSH_TABLE
    return ph_flush_values[rank_mask];
#else
    unsigned low = (rank_mask << 1) | ((rank_mask >> 12) & 1u); /* bit r+1 = rank r; bit 0 = the ace, low */
    unsigned runs = low & (low >> 1) & (low >> 2) & (low >> 3) & (low >> 4);
    if (runs)
        return 10u - (31u - (unsigned)__builtin_clz(runs));
    for (unsigned ranks = (unsigned)ph_suited_key(rank_mask) & PH_SUITED_COUNT_MASK; ranks > 5; ranks--)
        rank_mask &= rank_mask - 1; /* the lowest ranks cannot play */
    return ph_plain_value(ph_suited_key(rank_mask), 5) - 5863u;
#endif
}

/* The flush suit's ranks, given the suit counters' flush bits (non-zero); one suit at most can hold five
 * of nine cards. */
static inline unsigned ph_flush_ranks(uint64_t flush_bits, uint64_t card_bits) {
    unsigned suit = (unsigned)__builtin_ctzll(flush_bits >> PH_SUIT_SHIFT) >> 2;
    return (unsigned)(card_bits >> (16 * suit)) & 0x1fffu;
}

/* Value of k valid cards (5..9) from their key sum (with PH_SUIT_BIAS), quinary-key sum (8 and 9 cards) and
 * suit-major bits. With at most seven cards a flush leaves too few cards for quads or a full house, so it
 * is final; with eight or nine both branches count. */
static inline unsigned ph_value_with(uint64_t key, uint64_t quinary_key, uint64_t card_bits, size_t k) {
    if (!PH_DENSE(k))
        return ph_large_hand_value(key, quinary_key, card_bits, k);
    uint64_t flush = key & PH_SUIT_FLUSH_BITS;
    if (__builtin_expect(flush != 0, 0))
        return ph_suited_value(ph_flush_ranks(flush, card_bits));
    return ph_plain_value(key, k);
}

/* Sums one row's keys (and quinary keys for eight or nine cards) and bits; returns 1 when the row is invalid
 * (ph_bad_row_status says how: the caller calls it, so that it can be a tail call). popcount: the duplicate
 * test counts the bits (else it compares their sum with their OR). */
PH_ALWAYS_INLINE int ph_sum_row(const uint8_t *row, size_t k, uint64_t *key_out, uint64_t *quinary_out,
                                uint64_t *bits_out, int popcount) {
    uint64_t key = PH_SUIT_BIAS, quinary = 0, bit_sum = 0, bit_or = 0;
    for (size_t j = 0; j < k; j++) {
        uint8_t card = row[j];
        uint64_t bit = ph_card_bits[card];
        key += ph_card_keys[card];
        if (k >= 8)
            quinary += ph_card_quinary_keys[card];
        bit_sum += bit;
        if (!popcount)
            bit_or |= bit;
    }
    *key_out = key;
    *quinary_out = quinary;
    *bits_out = bit_sum;
    /* An id >= 52 has no card bit, so with a bit count it shows as a missing card; the sum-versus-OR test
     * cannot see that, and tests the key's count of such ids instead. */
    return popcount ? (size_t)ph_bit_count(bit_sum) != k
                    : (bit_sum != bit_or) | ((key & PH_POISON_BITS) != 0);
}

/* ph_evaluate of k cards in general (8 and 9 cards, and 6 without a rank-hash block); the rare outcomes leave
 * by tail calls, so the common path needs no stack frame. */
PH_ALWAYS_INLINE int ph_evaluate_summed(const uint8_t *cards, size_t k, int popcount) {
    uint64_t key, quinary, bits;
    if (__builtin_expect(ph_sum_row(cards, k, &key, &quinary, &bits, popcount), 0))
        return ph_bad_row_status(cards, k);
    return (int)ph_value_with(key, quinary, bits, k);
}

/* ph_evaluate of k cards with a rank-hash block, with fewer loads: fewer distinct card bits than cards means
 * a repeated card or an id past the deck (which has no bit). Ids 52 up also count in the key, tested together
 * with the flush bits, so the one rare branch sorts out both (also on wasm, where id 64 up aliases a card's
 * bit). */
PH_ALWAYS_INLINE int ph_evaluate_dense(const uint8_t *cards, size_t k, int popcount) {
#if PH_CARD_KEY_BITS
    /* One 16-byte add a card sums its key and its bit together (ph_card_key_bits). It took 13 % off a
     * 7-card call against a BTS a card, which AMD splits in two (bench/RESULTS.md). The bits are summed:
     * distinct bits never carry, and a repeated card's carry loses a bit, which the bit count sees or the
     * OR of the bits (one more vector instruction a card) differs from. */
#if PH_FIRST_CARD_TABLE
    /* The OR's low lane is never read, so the first card's biased entry starts both. */
    __m128i sums = _mm_load_si128((const __m128i *)ph_card_key_bits_first[cards[0]]), ors = sums;
    for (size_t j = 1; j < k; j++) {
#else
    __m128i sums = _mm_cvtsi64_si128((long long)PH_SUIT_BIAS), ors = _mm_setzero_si128();
    for (size_t j = 0; j < k; j++) {
#endif
        __m128i card = _mm_load_si128((const __m128i *)ph_card_key_bits[cards[j]]);
        sums = _mm_add_epi64(sums, card);
        if (!popcount)
            ors = _mm_or_si128(ors, card);
        /* One add and one OR into the running sums a card: left free, the compiler pairs the cards into a
         * tree, whose two-operand SSE2 form costs a register copy a card; the rows are independent, so the
         * longer chain costs nothing, and the copies cost 1-2 % on 5 and 6 cards (bench/RESULTS.md). */
        __asm__("" : "+x"(sums), "+x"(ors));
    }
    uint64_t key = (uint64_t)_mm_cvtsi128_si64(sums);
    uint64_t seen = (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums));
    /* The OR of the bits never exceeds their sum, and is below it when a carry lost a bit: the sign of
     * OR - sum (the sum stays below 2^63) is the test, read by one movmskpd where extracting the lane and
     * testing it took two more instructions (5 % on 5 cards, bench/RESULTS.md). */
    int bad = popcount ? (size_t)ph_bit_count(seen) != k
                       : (_mm_movemask_pd(_mm_castsi128_pd(_mm_sub_epi64(ors, sums))) & 2) != 0;
#else
    /* each card's bit (1 << id) set in a register rather than loaded: one load a card (PH_POPCNT_NATIVE
     * holds here) */
    (void)popcount;
    uint64_t key = PH_SUIT_BIAS, seen = 0;
    for (size_t j = 0; j < k; j++) {
        key += ph_card_keys[cards[j]];
        seen |= UINT64_C(1) << (cards[j] & 63);
    }
    int bad = (size_t)__builtin_popcountll(seen) != k;
#endif
    if (__builtin_expect(bad, 0))
        return ph_bad_row_status(cards, k);
    if (__builtin_expect((key & (PH_SUIT_FLUSH_BITS | PH_POISON_BITS)) != 0, 0)) {
#if PH_CARD_KEY_BITS
        /* seen is the cards' suit-major bits: no bit was lost */
        if (key & PH_POISON_BITS)
            return PH_E_CARD;
        return (int)ph_suited_value(ph_flush_ranks(key & PH_SUIT_FLUSH_BITS, seen));
#else
        return ph_flush_or_bad_id(cards, k);
#endif
    }
    return (int)ph_plain_value(key, k);
}

/* ph_evaluate's contract, specialised per hand size where k is a constant. */
PH_ALWAYS_INLINE int ph_evaluate_sized(const uint8_t *cards, size_t k, int popcount) {
    if (k == 7) /* the common case first, ahead of the jump table */
        return ph_evaluate_dense(cards, 7, popcount);
    switch (k) {
    case 5: return ph_evaluate_dense(cards, 5, popcount);
    case 6: return PH_DENSE(6) ? ph_evaluate_dense(cards, 6, popcount) : ph_evaluate_summed(cards, 6, popcount);
    case 8: return ph_evaluate_summed(cards, 8, popcount);
    case 9: return ph_evaluate_summed(cards, 9, popcount);
    default: return PH_E_COUNT;
    }
}

#ifdef __cplusplus
}
#endif

#endif /* POKERHASH_INLINE_H */

/* The public functions, outside the include guard: pokerhash.h includes this file at its end under
 * PH_INLINE_ALL, and the library's eval/hand.c defines PH_HAND_DEFINITIONS to export the same bodies. */
#if (defined(PH_INLINE_ALL) || defined(PH_HAND_DEFINITIONS)) && !defined(PH_HAND_DEFINED)
#define PH_HAND_DEFINED 1
#ifdef __cplusplus
extern "C" {
#endif

#ifdef PH_INLINE_ALL
PH_HOT_API int ph_evaluate(const uint8_t *cards, size_t k) {
#if PH_POPCNT_NATIVE
    return ph_evaluate_sized(cards, k, 1);
#else
    /* The bit count takes one fused load-and-add a card where the OR test needs a load, an add and an OR:
     * 7 cards in 36 instructions instead of 47, 1-6 % faster on a quiet core and up to 17 % in a shared
     * host's slow phases (bench/RESULTS.md). The empty asm gives each branch its own copy of `cards`, so
     * that the compiler cannot merge the two branches' loads into the OR test's form. */
    if (ph_cpu_popcnt) {
        __asm__("" : "+r"(cards));
        return ph_evaluate_sized(cards, k, 1);
    }
    __asm__("" : "+r"(cards));
    return ph_evaluate_sized(cards, k, 0);
#endif
}
#endif

/* A hand: its cards' suit-major bits summed (a flush suit's ranks, and the duplicate test), four suit
 * counters, and `state`. With the walk table, state is the rank multiset's entry in ph_hand_walk, whose low
 * 16 bits are its value, and `before` keeps the suit counters (from 4, so that a fourth card sets bit 3) as
 * they were before the last card: a flush needs four of its suit before its last card, so while no suit had
 * four, the value is read with no test of the cards themselves (in a loop over the last card, that test is
 * the same every time and the compiler takes it out of the loop); else the flush table, 0 below five ranks,
 * says whether that suit made one. Without the table, the counters start at PH_SUIT_BIAS (a fifth card sets
 * bit 3), state sums the cards' rank hashes (bits 8..31, as bits 40..63 of a card key) and `before` counts
 * the cards, up to 65,535. */
/* The walk's shifts (PH_WALK_ROW_SHIFT: an entry is row << it | value, the value in the low 16 bits;
 * PH_WALK_FIRST_SHIFT: entry >> it is the row's first entry) come from the generator, in eval_layout.h. A
 * card's column in a row is its rank, taken from the id (rank_walk.py says what other ids do). */
#define PH_HAND_SUIT_BIAS UINT16_C(0x4444) /* a counter reaches bit 3 at its suit's fourth card */

PH_HOT_API ph_hand ph_hand_empty(void) {
    ph_hand hand;
    hand.bits = 0;
#if PH_HAND_TABLE
    hand.suits = hand.before = PH_HAND_SUIT_BIAS;
    hand.state = (uint32_t)PH_WALK_EMPTY << PH_WALK_ROW_SHIFT;
#else
    hand.suits = (uint16_t)PH_SUIT_BIAS;
    hand.before = 0;
    hand.state = 0;
#endif
    return hand;
}

PH_HOT_API ph_hand ph_hand_add(ph_hand hand, uint8_t card) {
#if PH_HAND_TABLE
    hand.before = hand.suits;
    hand.suits = (uint16_t)(hand.suits + ph_card_keys[card]);
    /* The row in a register of its own and the column from the id, not from a table: a loop over the last
     * card then makes one load a hand for the walk, and took 7-10 % off the kit's nested loops
     * (bench/RESULTS.md); the empty asm keeps GCC from folding the row back into the index (about 2 % of it). */
    const uint32_t *row = ph_hand_walk + (hand.state >> PH_WALK_FIRST_SHIFT);
    __asm__("" : "+r"(row));
    hand.state = row[(unsigned)(card & 0x3cu) >> 2];
#else
    hand.before = (uint16_t)(hand.before + (hand.before != UINT16_MAX));
    hand.suits = (uint16_t)(hand.suits + ph_card_keys[card]);
    hand.state += (uint32_t)(ph_card_keys[card] >> 32);
#endif
    hand.bits += ph_card_bits[card];
    return hand;
}

PH_HOT_API int ph_hand_value(ph_hand hand) {
#if PH_HAND_TABLE
    unsigned plain = (uint16_t)hand.state;
    unsigned draw = hand.before & (unsigned)PH_SUIT_FLUSH_BITS;
    if (__builtin_expect(draw == 0, 1))
        return (int)plain;
    unsigned flush = ph_flush_values[ph_flush_ranks(draw, hand.bits)]; /* 0 below five cards of the suit */
    return (int)(flush ? flush : plain);
#else
    uint64_t key = (uint64_t)hand.state << 32 | hand.suits;
    if (key & PH_SUIT_FLUSH_BITS)
        return (int)ph_suited_value(ph_flush_ranks(key & PH_SUIT_FLUSH_BITS, hand.bits));
    if (hand.before == 6)
        return PH_SIX_CARD_TABLE ? (int)ph_plain_value(key, 6) : (int)ph_large_hand_value(key, 0, hand.bits, 6);
    return (int)ph_plain_value(key, hand.before);
#endif
}

/* The bits of distinct cards never carry, and every other card loses a bit to a carry or has none (an id
 * past 51), so the bits count the cards exactly when the hand holds distinct valid cards. The walk's rows
 * run by size (rank_walk.py): a row tells five or six cards; seven have row 0 and a value, and the dead end
 * (a fifth card of a rank, an eighth card) row 0 and none. */
PH_HOT_API int ph_hand_check(ph_hand hand) {
#if PH_HAND_TABLE
    uint32_t row = hand.state >> PH_WALK_ROW_SHIFT;
    unsigned cards = row >= PH_WALK_SIX ? 6u
                     : row >= PH_WALK_FIVE ? 5u
                     : row == 0 && (uint16_t)hand.state ? 7u
                     : 0u;
#else
    unsigned cards = hand.before >= 5 && hand.before <= 7 ? hand.before : 0u;
#endif
    return cards != 0 && (unsigned)__builtin_popcountll(hand.bits) == cards;
}

#ifdef __cplusplus
}
#endif
#endif
