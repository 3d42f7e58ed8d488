/* ph_evaluate_batch: SIMD batch kernels for 5-, 6- and 7-card rows, chosen at run time (x86-64 with AVX2
 * here, with AVX-512 VBMI in eval_simd_avx512.c) or at build time (WebAssembly SIMD128, eval_simd_wasm.h);
 * every other case goes to the portable loop (eval.c).
 *
 * Eight hands a step, four to a 256-bit register, one 8-byte group per hand (its k cards, then pad bytes
 * that can equal no card). Per-card contributions come from 16-entry byte tables (pshufb) indexed by rank
 * and suit, and one psadbw sums a hand's 8 bytes, so the card keys are summed without a load per card:
 * three rank planes give the 24-bit rank hash, two suit planes the four suit counters. Validation is
 * vector-wide too: ids above 51 by a saturating subtraction, repeated cards by comparing each group with
 * its rotations mod k (distances 1..k/2 cover every pair of cards). The rank hash is then looked up per
 * hand (two dependent loads) a few steps later (ph_look_up_step), and the rare hands with a flush are marked
 * and redone from their rows at the end of each chunk of rows (ph_finish_flush_rows); both are shared with
 * the AVX-512 kernel. The environment variable PH_SIMD caps the kernel chosen (kernels_allowed). */
#include "pokerhash.h"
#include "eval_internal.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#include <stdlib.h>
#include <string.h>

/* The kernels a batch may use, from the environment variable PH_SIMD: "avx512", "avx2" or "portable" caps
 * the choice there (a CPU without that kernel still falls back below it), so that a benchmark or a test can
 * run an older kernel where a newer one exists (AVX2 standing in for an AVX2-only CPU on one with AVX-512).
 * Unset or any other value: no cap. x86-64 only: the WebAssembly build reads no environment. */
static unsigned kernels_allowed(void) {
    static const struct { const char *name; unsigned kernels; } caps[] = {
        {"portable", PH_BATCH_PORTABLE}, {"avx2", PH_BATCH_PORTABLE | PH_BATCH_AVX2},
        {"avx512", PH_BATCH_PORTABLE | PH_BATCH_AVX2 | PH_BATCH_AVX512}};
    const char *wanted = getenv("PH_SIMD");
    for (size_t i = 0; wanted && i < sizeof caps / sizeof caps[0]; i++)
        if (strcmp(wanted, caps[i].name) == 0)
            return caps[i].kernels;
    return ~0u;
}

#define PH_AVX2 __attribute__((target("avx2,popcnt")))
/* The AVX2 kernel holds more constants and partial sums than the 16 ymm registers: GCC's default order of a
 * step's two halves spills some of them. Its pressure-aware scheduling before register allocation (off by
 * default on x86) took 3-4 % off 7-card rows (bench/RESULTS.md). Clang schedules its own way. */
#if defined(__GNUC__) && !defined(__clang__)
#define PH_LOW_PRESSURE __attribute__((optimize("schedule-insns", "sched-pressure")))
#else
#define PH_LOW_PRESSURE
#endif
#define PH_KERNEL static inline __attribute__((always_inline)) PH_AVX2

/* Constants of one hand size; `k` is a compile-time constant in each instance. */
typedef struct kernel_constants {
    __m256i expand, pads, limits, rotate[3];
} kernel_constants;

/* Byte i of a group: card i for i < k, else pad 0xf8 + i (never a card id, rank index 14..15 in the
 * planes, suit index with bit 7 set, so pshufb gives 0 for it). */
PH_KERNEL kernel_constants constants_for(size_t k) {
    uint8_t expand[32], pads[32], limits[32], rotate[3][32];
    for (int lane = 0; lane < 2; lane++) {
        for (int group = 0; group < 2; group++) {
            for (int i = 0; i < 8; i++) {
                int at = 16 * lane + 8 * group + i, card = i < (int)k;
                expand[at] = card ? (uint8_t)(group * k + i) : 0x80;
                pads[at] = card ? 0 : (uint8_t)(0xf8 + i);
                limits[at] = card ? PH_DECK_SIZE - 1 : 0xff;
                for (int d = 1; d <= 3; d++) /* a pad's partner is card 0, which it never equals */
                    rotate[d - 1][at] = (uint8_t)(8 * group + (card ? (i + d) % (int)k : 0));
            }
        }
    }
    kernel_constants c;
    c.expand = _mm256_loadu_si256((const __m256i *)expand);
    c.pads = _mm256_loadu_si256((const __m256i *)pads);
    c.limits = _mm256_loadu_si256((const __m256i *)limits);
    for (int d = 0; d < 3; d++)
        c.rotate[d] = _mm256_loadu_si256((const __m256i *)rotate[d]);
    return c;
}

/* Four hands: rank-hash sums (one 64-bit lane each, with carries above bit 23) into *hashes, and the lanes
 * with a flush as a 4-bit mask. Invalid cards are OR-ed into *error. */
PH_KERNEL int four_hands(const uint8_t *rows, size_t k, const kernel_constants *c, __m256i planes01,
                         __m256i plane2_suits, __m256i *hashes, __m256i *error) {
    __m256i loaded = _mm256_loadu2_m128i((const __m128i *)(rows + 2 * k), (const __m128i *)rows);
    __m256i cards = _mm256_or_si256(_mm256_shuffle_epi8(loaded, c->expand), c->pads);
    __m256i bad = _mm256_subs_epu8(cards, c->limits);
    for (size_t d = 0; d < k / 2; d++)
        bad = _mm256_or_si256(bad, _mm256_cmpeq_epi8(cards, _mm256_shuffle_epi8(cards, c->rotate[d])));
    *error = _mm256_or_si256(*error, bad);

    __m256i rank = _mm256_and_si256(_mm256_srli_epi16(cards, 2), _mm256_set1_epi8(0x0f));
    __m256i suit = _mm256_and_si256(cards, _mm256_set1_epi8((char)0x83));
    __m256i zero = _mm256_setzero_si256();
    /* Tables: planes01 = (rank byte 0 | rank byte 1), plane2_suits = (rank byte 2 | suit table), one
     * 16-byte table per 128-bit lane, broadcast where needed. */
    __m256i p0 = _mm256_permute2x128_si256(planes01, planes01, 0x00);
    __m256i p1 = _mm256_permute2x128_si256(planes01, planes01, 0x11);
    __m256i p2 = _mm256_permute2x128_si256(plane2_suits, plane2_suits, 0x00);
    __m256i s01 = _mm256_permute2x128_si256(plane2_suits, plane2_suits, 0x11), s23 = _mm256_srli_si256(s01, 8);
    __m256i sum0 = _mm256_sad_epu8(_mm256_shuffle_epi8(p0, rank), zero);
    __m256i sum1 = _mm256_sad_epu8(_mm256_shuffle_epi8(p1, rank), zero);
    __m256i sum2 = _mm256_sad_epu8(_mm256_shuffle_epi8(p2, rank), zero);
    __m256i sums = _mm256_add_epi64(_mm256_add_epi64(sum0, _mm256_slli_epi64(sum1, 8)), _mm256_slli_epi64(sum2, 16));
    *hashes = sums; /* the carries above bit 23 are masked off with the row */
    /* The suit table gives clubs/diamonds (1, 16) at index suit and hearts/spades at index suit + 8 (its upper
     * half, s23, a constant the loop keeps). */
    __m256i cd = _mm256_sad_epu8(_mm256_shuffle_epi8(s01, suit), zero);
    __m256i hs = _mm256_sad_epu8(_mm256_shuffle_epi8(s23, suit), zero);
    __m256i counters = _mm256_add_epi64(_mm256_add_epi64(cd, _mm256_slli_epi64(hs, 8)), _mm256_set1_epi64x(0x3333));
    __m256i flush = _mm256_and_si256(counters, _mm256_set1_epi64x(0x8888));
    __m256i none = _mm256_cmpeq_epi64(flush, zero);
    return (~_mm256_movemask_pd(_mm256_castsi256_pd(none))) & 0xf;
}

/* Rows [start, end) of one chunk (at most PH_CHUNK_ROWS), eight a step while the loads stay inside the input;
 * returns the first row not done (a step with an invalid card is left to the caller). */
PH_KERNEL size_t chunk(const uint8_t *cards, size_t start, size_t end, size_t n, size_t k, const kernel_constants *c,
                       uint16_t *out) {
    const __m256i planes01 = _mm256_loadu_si256((const __m256i *)ph_key_planes[0]);
    const __m256i plane2_suits = _mm256_loadu_si256((const __m256i *)ph_key_planes[2]);
    const unsigned rows = k == 5 ? PH_RH_ROWS_5 : k == 6 ? PH_RH_ROWS_6 : PH_RH_ROWS_7;
    const unsigned values = k == 5 ? PH_RH_VALUES_5 : k == 6 ? PH_RH_VALUES_6 : PH_RH_VALUES_7;
    const unsigned shift = k == 5 ? PH_RH_SHIFT_5 : k == 6 ? PH_RH_SHIFT_6 : PH_RH_SHIFT_7;
    const uint16_t *base_of_row = ph_quinary_values + rows, *value_at = ph_quinary_values + values;
    uint64_t flush_words[PH_CHUNK_ROWS / 64];
    uint8_t *flush_steps = (uint8_t *)flush_words;
    ph_lookup_ring ring;
    const __m256i row_column_mask = _mm256_set1_epi64x((int64_t)((uint64_t)((1u << shift) - 1) << 32 | (PH_HASH_MASK >> shift)));
    /* The last load of a step reads 16 bytes from row i + 6: stop while that stays inside the input. */
    size_t i = start;
    for (; i + 8 <= end && (n - i) * k >= 6 * k + 16; i += 8) {
        const uint8_t *step = cards + i * k;
        _mm_prefetch((const char *)step + PH_PREFETCH_AHEAD, _MM_HINT_T0);
        __m256i error = _mm256_setzero_si256(), lo, hi;
        int flush = four_hands(step, k, c, planes01, plane2_suits, &lo, &error);
        flush |= four_hands(step + 4 * k, k, c, planes01, plane2_suits, &hi, &error) << 4;
        if (__builtin_expect(!_mm256_testz_si256(error, error), 0))
            break;
        flush_steps[(i - start) / 8] = (uint8_t)flush;
        /* Row and column of each hash side by side (row in the low half), so the lookups need no shifts; the
         * mask also drops the sums' carries above bit 23. Into the ring, looked up PH_LOOKUP_DELAY steps on. */
        __m256i lo_at = _mm256_blend_epi32(_mm256_srli_epi64(lo, shift), _mm256_slli_epi64(lo, 32), 0xaa);
        __m256i hi_at = _mm256_blend_epi32(_mm256_srli_epi64(hi, shift), _mm256_slli_epi64(hi, 32), 0xaa);
        lo_at = _mm256_and_si256(lo_at, row_column_mask);
        hi_at = _mm256_and_si256(hi_at, row_column_mask);
        uint32_t *slot = ph_lookup_slot(ring, i);
        _mm256_storeu_si256((__m256i *)slot, lo_at);
        _mm256_storeu_si256((__m256i *)(slot + 8), hi_at);
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

PH_LOW_PRESSURE PH_AVX2 static size_t chunk_avx2(const uint8_t *cards, size_t start, size_t end, size_t n, size_t k, uint16_t *out) {
    switch (k) {
    case 5: return chunk_k(cards, start, end, n, 5, out);
#if PH_SIX_CARD_TABLE
    case 6: return chunk_k(cards, start, end, n, 6, out);
#endif
    case 7: return chunk_k(cards, start, end, n, 7, out);
    default: return start;
    }
}

/* Every CPU test of the batch, made once (0 = not yet), less the kernels above the cap PH_SIMD sets (read
 * then, see kernels_allowed); threads racing here all store the same answer. */
unsigned ph_batch_kernels(void) {
    static unsigned known;
    if (!known) {
        int popcnt = __builtin_cpu_supports("popcnt");
        int avx2 = popcnt && __builtin_cpu_supports("avx2");
        int avx512 = popcnt && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                     __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512vbmi");
        unsigned cpu = PH_BATCH_PORTABLE | (avx2 ? PH_BATCH_AVX2 : 0u) | (avx512 ? PH_BATCH_AVX512 : 0u);
        known = cpu & kernels_allowed();
    }
    return known;
}

/* Rows [0, return value) are written and valid; the rest is for the portable loop. A chunk at a time (see
 * PH_CHUNK_ROWS), up to the first one the kernel does not finish. */
static size_t kernel_rows(unsigned kernel, const uint8_t *cards, size_t n, size_t k, uint16_t *out) {
    kernel &= ph_batch_kernels();
    ph_chunk_kernel *chunk_of = kernel & PH_BATCH_AVX512 ? ph_chunk_avx512 : kernel & PH_BATCH_AVX2 ? chunk_avx2 : NULL;
    for (size_t done = 0; chunk_of && done < n;) {
        size_t end = n - done > PH_CHUNK_ROWS ? done + PH_CHUNK_ROWS : n;
        size_t reached = chunk_of(cards, done, end, n, k, out);
        if (reached != end)
            return reached;
        done = end;
    }
    return chunk_of ? n : 0;
}

#elif defined(__wasm_simd128__)
#include "eval_simd_wasm.h"

unsigned ph_batch_kernels(void) {
    return PH_BATCH_PORTABLE | PH_BATCH_SIMD128;
}

static size_t kernel_rows(unsigned kernel, const uint8_t *cards, size_t n, size_t k, uint16_t *out) {
    return kernel & PH_BATCH_SIMD128 ? ph_wasm_kernel(cards, n, k, out) : 0;
}

#else
unsigned ph_batch_kernels(void) {
    return PH_BATCH_PORTABLE;
}

static size_t kernel_rows(unsigned kernel, const uint8_t *cards, size_t n, size_t k, uint16_t *out) {
    (void)kernel, (void)cards, (void)n, (void)k, (void)out;
    return 0;
}
#endif

int ph_batch_with(unsigned kernel, const uint8_t *cards, size_t n, size_t k, uint16_t *out, size_t *bad_row) {
    size_t done = kernel_rows(kernel, cards, n, k, out);
    int status = ph_batch_scalar(cards + done * k, n - done, k, out + done, bad_row);
    if (status != PH_OK && bad_row)
        *bad_row += done;
    return status;
}

int ph_batch_simd(const uint8_t *cards, size_t n, size_t k, uint16_t *out, size_t *bad_row) {
    unsigned kernels = ph_batch_kernels();
    return ph_batch_with(1u << (31 - __builtin_clz(kernels)), cards, n, k, out, bad_row); /* the newest */
}

int ph_evaluate_batch(const uint8_t *cards, size_t n, size_t k, uint16_t *out, size_t *bad_row) {
    if (k < PH_MIN_HAND || k > PH_MAX_HAND)
        return PH_E_COUNT;
    if (n == 0) /* cards and out may be NULL */
        return PH_OK;
    return ph_batch_simd(cards, n, k, out, bad_row);
}
