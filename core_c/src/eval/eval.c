/* Hand evaluation: single hands, and the portable batch loop that eval_simd.c's ph_evaluate_batch falls back
 * to. Both are built from pokerhash_inline.h's code, which PH_INLINE_ALL callers compile in. */
#include "pokerhash.h"
#include "eval_internal.h"

/* Plain x86-64 may lack POPCNT, which counts a hand's bits in one instruction: there ph_evaluate is built
 * both ways and the CPU picks one at run time. */
#define PH_POPCNT_DISPATCH (!PH_POPCNT_NATIVE)

#if PH_CPU_POPCNT_FLAG
/* Declared in pokerhash_inline.h, where an inline evaluator built without POPCNT reads it. Where this library
 * is built without it too, 0 (the OR test, right on any CPU) until find_popcnt runs as the library loads.
 * Defined in every x86-64 build, so that a caller's flags need not match the library's on this. */
int ph_cpu_popcnt = PH_POPCNT_NATIVE;
#endif

/* Kept out of line so the hot loops need not keep the row's ids alive for this rare path. */
__attribute__((noinline)) int ph_bad_row_status(const uint8_t *row, size_t k) {
    for (size_t j = 0; j < k; j++)
        if (row[j] >= PH_DECK_SIZE)
            return PH_E_CARD;
    return PH_E_DUPLICATE;
}

#if !PH_CARD_KEY_BITS
/* Out of line so the common path stays short; the x86 path reads the flush from the bits it already holds. */
__attribute__((noinline)) int ph_flush_or_bad_id(const uint8_t *cards, size_t k) {
    for (size_t j = 0; j < k; j++)
        if (cards[j] >= PH_DECK_SIZE)
            return PH_E_CARD;
    unsigned value = ph_flush_row_value(cards, k);
    return value ? (int)value : ph_bad_row_status(cards, k); /* the cards changed while being read */
}
#endif

/* Written once, specialised per k (and duplicate test) by the switches below so the compiler unrolls the
 * card loop. */
PH_ALWAYS_INLINE int batch_rows(const uint8_t *cards, size_t n, size_t k, uint16_t *out, size_t *bad_row,
                                int popcount) {
    for (size_t i = 0; i < n; i++) {
        uint64_t key, quinary, bits;
        if (__builtin_expect(ph_sum_row(cards + i * k, k, &key, &quinary, &bits, popcount), 0)) {
            if (bad_row)
                *bad_row = i;
            return ph_bad_row_status(cards + i * k, k);
        }
        out[i] = (uint16_t)ph_value_with(key, quinary, bits, k);
    }
    return PH_OK;
}

PH_ALWAYS_INLINE int batch_any_k(const uint8_t *cards, size_t n, size_t k, uint16_t *out, size_t *bad_row,
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
    return ph_evaluate_sized(cards, k, 1);
}

__attribute__((target("popcnt"))) static int batch_with_popcnt(const uint8_t *cards, size_t n, size_t k,
                                                               uint16_t *out, size_t *bad_row) {
    return batch_any_k(cards, n, k, out, bad_row, 1);
}

/* Whether the CPU has POPCNT. Also called by the indirect function's resolver, which runs while the loader
 * relocates: before the constructors that read the CPU model and set up a sanitizer's run-time, hence the
 * explicit __builtin_cpu_init and no instrumentation. */
__attribute__((no_sanitize("address", "undefined"))) static inline int cpu_has_popcnt(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("popcnt") ? 1 : 0;
}

__attribute__((constructor)) static void find_popcnt(void) { ph_cpu_popcnt = cpu_has_popcnt(); }

static int has_popcnt(void) { return ph_cpu_popcnt; }
#endif

static int evaluate_portable(const uint8_t *cards, size_t k) {
    return ph_evaluate_sized(cards, k, PH_POPCNT_NATIVE);
}

#if PH_POPCNT_DISPATCH && defined(__ELF__) && defined(__linux__)
/* Where the loader supports it (glibc, ELF) the choice is made once, when the library is loaded, so a call
 * costs no test: an indirect function. */
typedef int evaluate_function(const uint8_t *, size_t);
/* "used": the ifunc names it only in a string, so clang would call it unused. The resolver runs while the
 * loader relocates, before a sanitizer's run-time is set up, so it must not be instrumented. */
__attribute__((used, no_sanitize("address", "undefined"))) static evaluate_function *resolve_evaluate(void) {
    return cpu_has_popcnt() ? evaluate_with_popcnt : evaluate_portable;
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
