/* The AVX-512 batch kernel for 5-, 6- and 7-card rows (x86-64 CPUs with AVX-512 VBMI: Ice Lake and
 * later, Zen 4 and later), chosen at run time by eval_simd.c (ph_batch_kernels).
 *
 * The steps of the AVX2 kernel, eight hands to a 512-bit register (one 8-byte group each), with two
 * differences that pay here:
 * - vpermb looks a byte up in a 64-entry table, so the card id itself indexes the five per-card byte
 *   planes (ph_card_planes): no split into rank and suit, and the pad bytes (low six bits 56..63) read 0.
 * - Flushes (3 % of random 7-card hands, but a step of eight holds one 22 % of the time) are not redone
 *   inside the loop, where the branch mispredicts: each step stores its eight flush bits, branch-free, and
 *   the marked rows are worked off at the end of a short chunk. (A list of row offsets appended with
 *   vpcompressd cost 6 % more.)
 * Validation is vector-wide as in the AVX2 kernel, into mask registers. */
#include "pokerhash.h"
#include "eval_internal.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

#define PH_AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi,popcnt")))
#define PH_KERNEL static inline __attribute__((always_inline)) PH_AVX512

/* Index vectors of one hand size (a compile-time constant in each instance). */
typedef struct kernel_constants {
    __m512i expand, pads, rotate[3];
    __mmask64 card_bytes;
} kernel_constants;

/* Byte i of a group is card i for i < k, else pad 0xf8 + i, as in the AVX2 kernel; the rotations stay inside
 * each 16-byte lane so they are vpshufb. */
PH_KERNEL kernel_constants constants_for(size_t k) {
    uint8_t expand[64], pads[64], rotate[3][64];
    uint64_t card_bytes = 0;
    for (int group = 0; group < 8; group++) {
        for (int i = 0; i < 8; i++) {
            int at = 8 * group + i, card = i < (int)k;
            expand[at] = card ? (uint8_t)(group * k + i) : 0;
            pads[at] = card ? 0 : (uint8_t)(0xf8 + i);
            card_bytes |= (uint64_t)card << at;
            for (int d = 1; d <= 3; d++)
                rotate[d - 1][at] = (uint8_t)(8 * (group & 1) + (card ? (i + d) % (int)k : 0));
        }
    }
    kernel_constants c;
    c.expand = _mm512_loadu_si512(expand);
    c.pads = _mm512_loadu_si512(pads);
    for (int d = 0; d < 3; d++)
        c.rotate[d] = _mm512_loadu_si512(rotate[d]);
    c.card_bytes = card_bytes;
    return c;
}

/* Rows [start, end) of one chunk (at most PH_CHUNK_ROWS), eight a step while 64 bytes can be read; returns the
 * first row not done (a step with an invalid card is left to the caller). */
PH_KERNEL size_t chunk(const uint8_t *cards, size_t start, size_t end, size_t n, size_t k,
                       const kernel_constants *c, uint16_t *out) {
    const unsigned rows = k == 5 ? PH_RH_ROWS_5 : k == 6 ? PH_RH_ROWS_6 : PH_RH_ROWS_7;
    const unsigned values = k == 5 ? PH_RH_VALUES_5 : k == 6 ? PH_RH_VALUES_6 : PH_RH_VALUES_7;
    const unsigned shift = k == 5 ? PH_RH_SHIFT_5 : k == 6 ? PH_RH_SHIFT_6 : PH_RH_SHIFT_7;
    const uint16_t *base_of_row = ph_quinary_values + rows, *value_at = ph_quinary_values + values;
    const __m512i plane0 = _mm512_loadu_si512(ph_card_planes[0]), plane1 = _mm512_loadu_si512(ph_card_planes[1]),
                  plane2 = _mm512_loadu_si512(ph_card_planes[2]), clubs_diamonds = _mm512_loadu_si512(ph_card_planes[3]),
                  hearts_spades = _mm512_loadu_si512(ph_card_planes[4]), zero = _mm512_setzero_si512();
    uint64_t flush_words[PH_CHUNK_ROWS / 64];
    uint8_t *flush_steps = (uint8_t *)flush_words;
    ph_lookup_ring ring;
    size_t i = start;
    for (; i + 8 <= end && (n - i) * k >= 64; i += 8) {
        const uint8_t *step = cards + i * k;
        _mm_prefetch((const char *)step + PH_PREFETCH_AHEAD, _MM_HINT_T0);
        __m512i hands = _mm512_mask_permutexvar_epi8(c->pads, c->card_bytes, c->expand, _mm512_loadu_si512(step));
        __mmask64 bad = _mm512_mask_cmpgt_epu8_mask(c->card_bytes, hands, _mm512_set1_epi8(PH_DECK_SIZE - 1));
        for (size_t d = 0; d < k / 2; d++)
            bad = _kor_mask64(bad, _mm512_mask_cmpeq_epi8_mask(c->card_bytes, hands, _mm512_shuffle_epi8(hands, c->rotate[d])));
        if (__builtin_expect(!_kortestz_mask64_u8(bad, bad), 0))
            break;
        __m512i sum0 = _mm512_sad_epu8(_mm512_permutexvar_epi8(hands, plane0), zero);
        __m512i sum1 = _mm512_sad_epu8(_mm512_permutexvar_epi8(hands, plane1), zero);
        __m512i sum2 = _mm512_sad_epu8(_mm512_permutexvar_epi8(hands, plane2), zero);
        __m512i hash = _mm512_add_epi64(_mm512_add_epi64(sum0, _mm512_slli_epi64(sum1, 8)), _mm512_slli_epi64(sum2, 16));
        hash = _mm512_and_si512(hash, _mm512_set1_epi64(PH_HASH_MASK)); /* drop the carries above bit 23 */
        __m512i cd = _mm512_sad_epu8(_mm512_permutexvar_epi8(hands, clubs_diamonds), zero);
        __m512i hs = _mm512_sad_epu8(_mm512_permutexvar_epi8(hands, hearts_spades), zero);
        __m512i counters = _mm512_add_epi64(_mm512_add_epi64(cd, _mm512_slli_epi64(hs, 8)), _mm512_set1_epi64(PH_SUIT_BIAS));
        flush_steps[(i - start) / 8] = (uint8_t)_mm512_test_epi64_mask(counters, _mm512_set1_epi64(PH_SUIT_FLUSH_BITS));

        /* Row and column of each hash side by side (row in the low half), so the lookups need no shifts; into
         * the ring, looked up PH_LOOKUP_DELAY steps on. */
        __m512i at = _mm512_or_si512(_mm512_srli_epi64(hash, shift),
                                     _mm512_slli_epi64(_mm512_and_si512(hash, _mm512_set1_epi64((1 << shift) - 1)), 32));
        _mm512_storeu_si512(ph_lookup_slot(ring, i), at);
        ph_look_up_due(ring, start, i, base_of_row, value_at, out);
    }
    ph_look_up_rest(ring, start, i, base_of_row, value_at, out);
    size_t changed = ph_finish_flush_rows(cards, start, (i - start) / 8, k, flush_words, out);
    return changed != SIZE_MAX ? changed : i;
}

PH_KERNEL size_t chunk_k(const uint8_t *cards, size_t start, size_t end, size_t n, size_t k, uint16_t *out) {
    const kernel_constants c = constants_for(k);
    return chunk(cards, start, end, n, k, &c, out);
}

PH_AVX512 size_t ph_chunk_avx512(const uint8_t *cards, size_t start, size_t end, size_t n, size_t k, uint16_t *out) {
    switch (k) {
    case 5: return chunk_k(cards, start, end, n, 5, out);
#if PH_SIX_CARD_TABLE
    case 6: return chunk_k(cards, start, end, n, 6, out);
#endif
    case 7: return chunk_k(cards, start, end, n, 7, out);
    default: return start;
    }
}
#endif
