/* Hand evaluation: single hands, and the portable batch loop that eval_simd.c's ph_evaluate_batch falls back
 * to. */
#include "pokerhash.h"
#include "eval_internal.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <emmintrin.h>
#define PH_CARD_KEY_BITS 1 /* a card's key and suit-major bit summed by one 16-byte add (ph_card_key_bits) */
#else
#define PH_CARD_KEY_BITS 0
#endif

/* Kept out of line so the hot loops need not keep the row's ids alive for this rare path. */
__attribute__((noinline)) int ph_bad_row_status(const uint8_t *row, size_t k) {
    for (size_t j = 0; j < k; j++)
        if (row[j] >= PH_DECK_SIZE)
            return PH_E_CARD;
    return PH_E_DUPLICATE;
}

/* A duplicate is cheapest found by counting the bits of the sum of the cards' bits (a repeated card
 * carries, which loses a bit) where the CPU counts bits in one instruction: wasm, x86 with POPCNT (a
 * run-time check on plain x86-64); elsewhere the sum is compared with the OR. */
#if defined(__x86_64__) && !defined(__POPCNT__) && (defined(__GNUC__) || defined(__clang__))
#define PH_POPCNT_DISPATCH 1
#define PH_POPCNT_NATIVE 0
#else
#define PH_POPCNT_DISPATCH 0
#define PH_POPCNT_NATIVE 1
#endif
/* The loops are instantiated once per k and duplicate test; forcing the inlining keeps each copy whole,
 * also inside the functions compiled for POPCNT. */
#define PH_INSTANTIATE static inline __attribute__((always_inline))

/* Sums one row's keys (and quinary keys for eight or nine cards) and bits; returns PH_OK or the row's
 * error. */
PH_INSTANTIATE int sum_row(const uint8_t *row, size_t k, uint64_t *key_out, uint64_t *quinary_out,
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
    int bad = popcount ? (size_t)__builtin_popcountll(bit_sum) != k
                       : (bit_sum != bit_or) | ((key & PH_POISON_BITS) != 0);
    if (__builtin_expect(bad, 0))
        return ph_bad_row_status(row, k);
    return PH_OK;
}

/* One hand; the rare outcomes leave by tail calls, so the common path needs no stack frame. */
PH_INSTANTIATE int evaluate_k(const uint8_t *cards, size_t k, int popcount) {
    uint64_t key = PH_SUIT_BIAS, quinary = 0, bit_sum = 0, bit_or = 0;
    for (size_t j = 0; j < k; j++) {
        uint8_t card = cards[j];
        key += ph_card_keys[card];
        if (k >= 8)
            quinary += ph_card_quinary_keys[card];
        bit_sum += ph_card_bits[card];
        if (!popcount)
            bit_or |= ph_card_bits[card];
    }
    int bad = popcount ? (size_t)__builtin_popcountll(bit_sum) != k : (bit_sum != bit_or) | ((key & PH_POISON_BITS) != 0);
    if (__builtin_expect(bad, 0))
        return ph_bad_row_status(cards, k);
    if (!PH_DENSE(k))
        return (int)ph_large_hand_value(key, quinary, bit_sum, k);
    uint64_t flush = key & PH_SUIT_FLUSH_BITS;
    if (__builtin_expect(flush != 0, 0))
        return (int)ph_suited_value(ph_flush_ranks(flush, bit_sum));
    return (int)ph_plain_value(key, k);
}

/* The rare end of evaluate_bits: an id above 51, or a flush. Out of line so the common path stays short. */
#if PH_CARD_KEY_BITS
/* x86-64 already holds the cards' suit-major bits (the second half of ph_card_key_bits): no second pass over
 * the cards. */
static __attribute__((noinline)) int flush_or_bad_key(uint64_t key, uint64_t card_bits) {
    if (key & PH_POISON_BITS)
        return PH_E_CARD;
    return (int)ph_suited_value(ph_flush_ranks(key & PH_SUIT_FLUSH_BITS, card_bits));
}
#else
static __attribute__((noinline)) int flush_or_bad_id(const uint8_t *cards, size_t k) {
    for (size_t j = 0; j < k; j++)
        if (cards[j] >= PH_DECK_SIZE)
            return PH_E_CARD;
    unsigned value = ph_flush_row_value(cards, k);
    return value ? (int)value : ph_bad_row_status(cards, k); /* the cards changed while being read */
}
#endif

/* evaluate_k for CPUs that count bits in one instruction and hand sizes with a rank-hash block, with fewer
 * loads: fewer distinct card bits than cards means a repeated card or an id past the deck (which has no bit).
 * Ids 52 up also count in the key, tested together with the flush bits, so the one rare branch sorts out
 * both where the bits cannot see them (on wasm, where id 64 up aliases a card's bit). */
PH_INSTANTIATE int evaluate_bits(const uint8_t *cards, size_t k) {
#if PH_CARD_KEY_BITS
    /* One 16-byte add a card sums its key and its bit together (ph_card_key_bits). It took 13 % off a
     * 7-card call against a BTS a card, which AMD splits in two (bench/RESULTS.md). The bits are summed, not
     * OR'd: distinct bits never carry, and a repeated card's carry loses a bit. */
    __m128i sums = _mm_cvtsi64_si128((long long)PH_SUIT_BIAS);
    for (size_t j = 0; j < k; j++)
        sums = _mm_add_epi64(sums, _mm_load_si128((const __m128i *)ph_card_key_bits[cards[j]]));
    uint64_t key = (uint64_t)_mm_cvtsi128_si64(sums), seen = (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums));
#else
    /* each card's bit (1 << id) set in a register rather than loaded: one load a card */
    uint64_t key = PH_SUIT_BIAS, seen = 0;
    for (size_t j = 0; j < k; j++) {
        key += ph_card_keys[cards[j]];
        seen |= UINT64_C(1) << (cards[j] & 63);
    }
#endif
    if (__builtin_expect((size_t)__builtin_popcountll(seen) != k, 0))
        return ph_bad_row_status(cards, k);
    if (__builtin_expect((key & (PH_SUIT_FLUSH_BITS | PH_POISON_BITS)) != 0, 0)) {
#if PH_CARD_KEY_BITS
        return flush_or_bad_key(key, seen); /* no bit lost: seen is the cards' suit-major bits */
#else
        return flush_or_bad_id(cards, k);
#endif
    }
    return (int)ph_plain_value(key, k);
}

PH_INSTANTIATE int evaluate_any_k(const uint8_t *cards, size_t k, int popcount) {
    if (k == 7) /* the common case first, ahead of the jump table */
        return popcount ? evaluate_bits(cards, 7) : evaluate_k(cards, 7, 0);
    switch (k) {
    case 5: return popcount ? evaluate_bits(cards, 5) : evaluate_k(cards, 5, 0);
    case 6: return popcount && PH_DENSE(6) ? evaluate_bits(cards, 6) : evaluate_k(cards, 6, popcount);
    case 8: return evaluate_k(cards, 8, popcount);
    case 9: return evaluate_k(cards, 9, popcount);
    default: return PH_E_COUNT;
    }
}

/* Written once, specialised per k (and duplicate test) by the switches below so the compiler unrolls the
 * card loop. */
PH_INSTANTIATE int batch_rows(const uint8_t *cards, size_t n, size_t k, uint16_t *out, size_t *bad_row,
                             int popcount) {
    for (size_t i = 0; i < n; i++) {
        uint64_t key, quinary, bits;
        int status = sum_row(cards + i * k, k, &key, &quinary, &bits, popcount);
        if (__builtin_expect(status != PH_OK, 0)) {
            if (bad_row)
                *bad_row = i;
            return status;
        }
        out[i] = (uint16_t)ph_value_with(key, quinary, bits, k);
    }
    return PH_OK;
}

PH_INSTANTIATE int batch_any_k(const uint8_t *cards, size_t n, size_t k, uint16_t *out, size_t *bad_row,
                              int popcount) {
    switch (k) {
    case 5: return batch_rows(cards, n, 5, out, bad_row, popcount);
    case 6: return batch_rows(cards, n, 6, out, bad_row, popcount);
    case 7: return batch_rows(cards, n, 7, out, bad_row, popcount);
    case 8: return batch_rows(cards, n, 8, out, bad_row, popcount);
    case 9: return batch_rows(cards, n, 9, out, bad_row, popcount);
    default: return PH_E_COUNT;
    }
}

#if PH_POPCNT_DISPATCH
__attribute__((target("popcnt"))) static int evaluate_with_popcnt(const uint8_t *cards, size_t k) {
    return evaluate_any_k(cards, k, 1);
}

__attribute__((target("popcnt"))) static int batch_with_popcnt(const uint8_t *cards, size_t n, size_t k,
                                                               uint16_t *out, size_t *bad_row) {
    return batch_any_k(cards, n, k, out, bad_row, 1);
}

/* Resolved once; __builtin_cpu_supports needs the CPU model read first in a static constructor, so the
 * answer is cached from the first call on. */
static int has_popcnt(void) {
    static int known = -1;
    if (known < 0)
        known = __builtin_cpu_supports("popcnt") ? 1 : 0;
    return known;
}
#endif

static int evaluate_portable(const uint8_t *cards, size_t k) {
    return evaluate_any_k(cards, k, PH_POPCNT_NATIVE);
}

#if PH_POPCNT_DISPATCH && defined(__ELF__) && defined(__linux__)
/* Where the loader supports it (glibc, ELF) the choice is made once, when the library is loaded, so a call
 * costs no test: an indirect function. */
typedef int evaluate_function(const uint8_t *, size_t);
/* "used": the ifunc names it only in a string, so clang would call it unused. The resolver runs while the
 * loader relocates, before a sanitizer's run-time is set up, so it must not be instrumented. */
__attribute__((used, no_sanitize("address", "undefined"))) static evaluate_function *resolve_evaluate(void) {
    __builtin_cpu_init(); /* resolvers run before constructors */
    return __builtin_cpu_supports("popcnt") ? evaluate_with_popcnt : evaluate_portable;
}
int ph_evaluate(const uint8_t *cards, size_t k) __attribute__((ifunc("resolve_evaluate")));
#else
int ph_evaluate(const uint8_t *cards, size_t k) {
#if PH_POPCNT_DISPATCH
    if (has_popcnt())
        return evaluate_with_popcnt(cards, k);
#endif
    return evaluate_portable(cards, k);
}
#endif

int ph_batch_scalar(const uint8_t *cards, size_t n, size_t k, uint16_t *out, size_t *bad_row) {
#if PH_POPCNT_DISPATCH
    if (has_popcnt())
        return batch_with_popcnt(cards, n, k, out, bad_row);
#endif
    return batch_any_k(cards, n, k, out, bad_row, PH_POPCNT_NATIVE);
}
