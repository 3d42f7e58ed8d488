/* The batch kernel of eval_simd.c for WebAssembly SIMD128 (web/build.sh compiles with -msimd128): the same
 * steps as the AVX2 kernel, two hands to a 128-bit vector. Private; included by eval_simd.c only. */
#ifndef PH_EVAL_SIMD_WASM_H
#define PH_EVAL_SIMD_WASM_H

#include <wasm_simd128.h>

#include "pokerhash.h"
#include "eval_internal.h"

typedef struct wasm_constants {
    v128_t expand, pads, limits, rotate[3];
} wasm_constants;

/* Byte i of a group: card i for i < k, else pad 0xf8 + i, as in the AVX2 kernel. Out of line so they reach
 * the kernel as loaded values, not v128.const: V8 rebuilds a constant in every loop pass (two or three
 * instructions each) but keeps a loaded value in a register (4 % of the kernel in node 20). */
static __attribute__((noinline)) void wasm_constants_fill(size_t k, wasm_constants *out) {
    uint8_t expand[16], pads[16], limits[16], rotate[3][16];
    for (int group = 0; group < 2; group++) {
        for (int i = 0; i < 8; i++) {
            int at = 8 * group + i, card = i < (int)k;
            expand[at] = card ? (uint8_t)(group * k + i) : 0x80;
            pads[at] = card ? 0 : (uint8_t)(0xf8 + i);
            limits[at] = card ? PH_DECK_SIZE - 1 : 0xff;
            for (int d = 1; d <= 3; d++)
                rotate[d - 1][at] = (uint8_t)(8 * group + (card ? (i + d) % (int)k : 0));
        }
    }
    out->expand = wasm_v128_load(expand);
    out->pads = wasm_v128_load(pads);
    out->limits = wasm_v128_load(limits);
    for (int d = 0; d < 3; d++)
        out->rotate[d] = wasm_v128_load(rotate[d]);
}

/* 16 bytes to two sums of 8, as 32-bit values in the low halves of the 64-bit lanes (before the final add).
 * The second step is a dot product with ones (one PMADDWD in V8) rather than the unsigned pairwise add (three
 * instructions): the 16-bit sums are at most 510, so signed is exact. */
static inline v128_t wasm_quad_sums(v128_t bytes) {
    return wasm_i32x4_dot_i16x8(wasm_u16x8_extadd_pairwise_u8x16(bytes), wasm_i16x8_splat(1));
}

static inline v128_t wasm_pair_sums(v128_t quads) {
    return wasm_i64x2_add(quads, wasm_u64x2_shr(quads, 32));
}

/* Two hands: rank hashes (the low 24 bits of each 64-bit lane; the bits above are not cleared), flushes as a
 * mask (bits 0-1: the first hand, bits 8-9: the second); bad bytes into *error. */
static inline int wasm_two_hands(const uint8_t *rows, size_t k, const wasm_constants *c, v128_t *hashes,
                                 v128_t *error) {
    v128_t cards = wasm_v128_or(wasm_i8x16_swizzle(wasm_v128_load(rows), c->expand), c->pads);
    v128_t repeated = wasm_i8x16_eq(cards, wasm_i8x16_swizzle(cards, c->rotate[0]));
    for (size_t d = 1; d < k / 2; d++)
        repeated = wasm_v128_or(repeated, wasm_i8x16_eq(cards, wasm_i8x16_swizzle(cards, c->rotate[d])));
    /* XOR with the 0/-1 mask rather than OR: clang turns an OR with a compare mask into a bitselect, three
     * instructions in V8. The range excess is at most 255 - 51, never 0xff, so a byte of the XOR is non-zero
     * exactly when its card is out of range or repeated. */
    *error = wasm_v128_or(*error, wasm_v128_xor(wasm_u8x16_sub_sat(cards, c->limits), repeated));
    /* a 16-bit shift (a byte shift is emulated with a shift and a mask in V8): the mask drops the bits that
     * cross from the next byte */
    v128_t rank = wasm_v128_and(wasm_u16x8_shr(cards, 2), wasm_i8x16_splat(0x0f));
    v128_t suit = wasm_v128_and(cards, wasm_i8x16_splat((int8_t)0x83));
    v128_t q0 = wasm_quad_sums(wasm_i8x16_swizzle(wasm_v128_load(ph_key_planes[0]), rank));
    v128_t q1 = wasm_quad_sums(wasm_i8x16_swizzle(wasm_v128_load(ph_key_planes[1]), rank));
    v128_t q2 = wasm_quad_sums(wasm_i8x16_swizzle(wasm_v128_load(ph_key_planes[2]), rank));
    v128_t quads = wasm_i32x4_add(wasm_i32x4_add(q0, wasm_i32x4_shl(q1, 8)), wasm_i32x4_shl(q2, 16));
    *hashes = wasm_pair_sums(quads); /* the hash is this sum mod 2^24: the scalar lookup masks it */
    v128_t suits = wasm_v128_load(ph_key_planes[3]);
    v128_t cd = wasm_quad_sums(wasm_i8x16_swizzle(suits, suit));
    v128_t hs = wasm_quad_sums(wasm_i8x16_swizzle(suits, wasm_v128_or(suit, wasm_i8x16_splat(8))));
    v128_t counters = wasm_pair_sums(wasm_i32x4_add(cd, wasm_i32x4_shl(hs, 8)));
    /* A suit of five or more sets bit 3 of its biased counter: bits 3, 7, 11, 15. Shifting a copy by 4 puts
     * bits 3 and 11 onto 7 and 15, the sign bits of bytes 0 and 1, which one byte bitmask reads (V8's
     * i64x2.ne is three instructions). */
    v128_t biased = wasm_i64x2_add(counters, wasm_i64x2_splat(PH_SUIT_BIAS));
    return (int)(wasm_i8x16_bitmask(wasm_v128_or(biased, wasm_i64x2_shl(biased, 4))) & 0x303u);
}

static inline __attribute__((always_inline)) size_t wasm_kernel_k(const uint8_t *cards, size_t n, size_t k,
                                                                  uint16_t *out) {
    wasm_constants filled;
    wasm_constants_fill(k, &filled);
    const wasm_constants c = filled; /* a copy whose address never escapes: its loads leave the loop */
    const unsigned rows = k == 5 ? PH_RH_ROWS_5 : PH_RH_ROWS_7;
    const unsigned values = k == 5 ? PH_RH_VALUES_5 : PH_RH_VALUES_7;
    const unsigned shift = k == 5 ? PH_RH_SHIFT_5 : PH_RH_SHIFT_7;
    const uint16_t *base_of_row = ph_quinary_values + rows, *value_at = ph_quinary_values + values;
    size_t i = 0;
    /* The last load of a step reads 16 bytes from row i + 2. */
    for (; i + 4 <= n && (n - i) * k >= 2 * k + 16; i += 4) {
        const uint8_t *step = cards + i * k;
        v128_t error = wasm_i64x2_splat(0), lo, hi;
        int flush = wasm_two_hands(step, k, &c, &lo, &error);
        flush |= wasm_two_hands(step + 2 * k, k, &c, &hi, &error) << 2;
        if (__builtin_expect(wasm_v128_any_true(error), 0))
            return i;
        uint32_t h[4] = {(uint32_t)wasm_i64x2_extract_lane(lo, 0), (uint32_t)wasm_i64x2_extract_lane(lo, 1),
                         (uint32_t)wasm_i64x2_extract_lane(hi, 0), (uint32_t)wasm_i64x2_extract_lane(hi, 1)};
        for (int j = 0; j < 4; j++)
            out[i + j] = value_at[base_of_row[(h[j] & PH_HASH_MASK) >> shift] + (h[j] & ((1u << shift) - 1))];
        if (__builtin_expect(flush != 0, 0)) {
            static const int hand_bits[4] = {0x3, 0x300, 0xc, 0xc00}; /* the two-hand masks, the second << 2 */
            for (int j = 0; j < 4; j++)
                if (flush & hand_bits[j]) {
                    unsigned value = ph_flush_row_value(step + j * k, k);
                    if (!value)
                        return i + (size_t)j; /* the row changed under us: the caller redoes it, checks included */
                    out[i + j] = (uint16_t)value;
                }
        }
    }
    return i;
}

/* Rows [0, return value) are written and valid (5 and 7 cards: the browser build has no 6-card block). */
static size_t ph_wasm_kernel(const uint8_t *cards, size_t n, size_t k, uint16_t *out) {
    switch (k) {
    case 5: return wasm_kernel_k(cards, n, 5, out);
    case 7: return wasm_kernel_k(cards, n, 7, out);
    default: return 0;
    }
}

#endif
