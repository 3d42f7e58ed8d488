/* The hold'em evaluator's hot path, shared by the single, batch and sweeping entry points, and its batch
 * kernels. Private. */
#ifndef PH_EVAL_INTERNAL_H
#define PH_EVAL_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "../common/tables.h"

/* Value of a row of 5..7 cards that held a flush when it was checked (too few cards are left for quads or a
 * full house, so the flush is final): the batch kernels' rare path. The row is read again from memory, so a
 * caller that rewrote it meanwhile (a data race on its own buffer) may find other cards there: 0 then, for the
 * caller to redo the row with the checks, never a made-up value. */
static inline unsigned ph_flush_row_value(const uint8_t *row, size_t k) {
#if PH_FLUSH_TABLE
    /* The cards' suit-major bits alone: k bits for k distinct valid cards, and ph_flush_values is 0 below
     * five ranks, so the flush suit's value is the OR over the four suits. Half the work of summing the keys
     * for the suit: flush rows were 11 % of the AVX2 kernel's time on random 7-card rows (bench/RESULTS.md). */
    uint64_t bits = 0;
    for (size_t j = 0; j < k; j++)
        bits |= ph_card_bits[row[j]];
    if ((size_t)__builtin_popcountll(bits) != k)
        return 0;
    return ph_flush_values[bits & 0x1fff] | ph_flush_values[(bits >> 16) & 0x1fff] |
           ph_flush_values[(bits >> 32) & 0x1fff] | ph_flush_values[bits >> 48];
#else
    uint64_t key = PH_SUIT_BIAS, bits = 0, bit_sum = 0;
    for (size_t j = 0; j < k; j++) {
        key += ph_card_keys[row[j]];
        bits |= ph_card_bits[row[j]];
        bit_sum += ph_card_bits[row[j]];
    }
    uint64_t flush = key & PH_SUIT_FLUSH_BITS;
    if (__builtin_expect(bit_sum != bits || (key & PH_POISON_BITS) || !flush, 0))
        return 0;
    return ph_suited_value(ph_flush_ranks(flush, bits));
#endif
}

/* Value of a rank multiset of 5..9 cards with no flush, given its card-key sum, its quinary-key sum
 * (8 and 9 cards: 0 otherwise) and its rank counts (for hand sizes without a block of their own). */
unsigned ph_plain_value_any(uint64_t key, uint64_t quinary_key, const uint8_t counts[13], size_t cards);

/* Best plain value of a rank multiset (its counts, changed and restored; key its rank keys' sum) over the ways
 * to drop `to_drop` cards (ranks ascending from `first`) down to `dense` cards, a size with a rank-hash block:
 * a best five always lies within any larger set that holds it (large_hands.c; derive_tables.c's seven). */
unsigned ph_best_after_dropping(uint64_t key, uint8_t counts[13], unsigned to_drop, unsigned first, size_t dense);

/* Fills the value slots of the 5- and 7-card blocks of a rank-hash array laid out as ph_quinary_values, from
 * its row bases, and value_ranks[0..7462] as ph_value_rank_table (derive_tables.c: what the generated tables
 * hold, derived from the rules). The seven-card values are read off the library's five-card block
 * (ph_quinary_values, the array the wasm builds pass), filled first. Not reentrant: it works in one static
 * buffer; the wasm builds call it once, at load. */
void ph_derive_hand_tables(uint16_t *rank_hash, uint32_t *value_ranks);

/* The quinary key of a hand from its card bits (the sum of ph_card_quinary_keys over its cards). */
uint64_t ph_quinary_key_of_bits(uint64_t card_bits);

/* ph_value_with (pokerhash_inline.h) without the quinary key, which 8- and 9-card hands then recompute from
 * the bits. */
static inline unsigned ph_value_of(uint64_t key, uint64_t card_bits, size_t k) {
    return ph_value_with(key, k >= 8 ? ph_quinary_key_of_bits(card_bits) : 0, card_bits, k);
}

/* ---- batch evaluation: the portable loop (eval.c) and the SIMD kernels (eval_simd*.c) ---- */

/* ph_evaluate_batch's contract for k in 5..9, one hand at a time. */
int ph_batch_scalar(const uint8_t *cards, size_t n, size_t k, uint16_t *out, size_t *bad_row);

/* The batch kernels, a bit each; a newer one is a higher bit. */
enum { PH_BATCH_PORTABLE = 1, PH_BATCH_AVX2 = 2, PH_BATCH_AVX512 = 4, PH_BATCH_SIMD128 = 8 };

/* How far ahead the x86 kernels prefetch their input. Large batches stream from memory, where the CPU's own
 * prefetcher fell behind: 1 KB ahead took 8-12 % off 10^7 random 7-card rows (bench/RESULTS.md). */
enum { PH_PREFETCH_AHEAD = 1024 };

/* The x86 kernels look a step's eight rank hashes up this many steps after computing them, from (row, column)
 * pairs left in a ring on the stack: the loads then have their addresses long before they issue, and many are
 * in flight at once. Looked up within their own step, they waited on that step's vector work and went out a few
 * at a time: the delay took 6-25 % off random rows on Zen 4, both kernels, 7 cards least (bench/RESULTS.md). */
enum { PH_LOOKUP_DELAY = 4, PH_LOOKUP_RING = 8 };

/* The ring: each step's eight (row, column) pairs, 64 bytes. */
typedef uint32_t ph_lookup_ring[PH_LOOKUP_RING][16];

/* The slot of the step of eight rows at `row`. */
static inline uint32_t *ph_lookup_slot(ph_lookup_ring ring, size_t row) {
    return ring[(row / 8) % PH_LOOKUP_RING];
}

/* Values of the step at `row` from its pairs, into out[row .. row + 7]. */
static inline void ph_look_up_step(ph_lookup_ring ring, size_t row, const uint16_t *base_of_row,
                                   const uint16_t *value_at, uint16_t *out) {
    const uint32_t *pairs = ph_lookup_slot(ring, row);
    for (int j = 0; j < 8; j++)
        out[row + j] = value_at[base_of_row[pairs[2 * j]] + pairs[2 * j + 1]];
}

/* Once the step at `row` is in its slot (a chunk's steps start at `start`): the step PH_LOOKUP_DELAY behind. */
static inline void ph_look_up_due(ph_lookup_ring ring, size_t start, size_t row, const uint16_t *base_of_row,
                                  const uint16_t *value_at, uint16_t *out) {
    if (row - start >= 8 * PH_LOOKUP_DELAY)
        ph_look_up_step(ring, row - 8 * PH_LOOKUP_DELAY, base_of_row, value_at, out);
}

/* The steps still in the ring when a kernel's loop stops at row `end`. */
static inline void ph_look_up_rest(ph_lookup_ring ring, size_t start, size_t end, const uint16_t *base_of_row,
                                   const uint16_t *value_at, uint16_t *out) {
    for (size_t row = end - start >= 8 * PH_LOOKUP_DELAY ? end - 8 * PH_LOOKUP_DELAY : start; row < end; row += 8)
        ph_look_up_step(ring, row, base_of_row, value_at, out);
}

/* The x86 kernels mark each step's flush rows in a bitset, branch-free, and work them off at the end of a
 * chunk of this many rows while its rows are still in cache: flushes are 3 % of random 7-card hands, but a
 * step of eight holds one 22 % of the time, and a branch on them mispredicts. */
enum { PH_CHUNK_ROWS = 4096 };

/* Values of the rows a chunk marked: bit j of byte s of `marks` is row start + 8 s + j, for the chunk's
 * `steps` steps of eight rows (the bytes up to the next multiple of eight are cleared here). Returns the
 * first row whose flush changed under us (the caller redoes it, checks included), or SIZE_MAX. */
static inline size_t ph_finish_flush_rows(const uint8_t *cards, size_t start, size_t steps, size_t k,
                                          uint64_t marks[PH_CHUNK_ROWS / 64], uint16_t *out) {
    uint8_t *mark_steps = (uint8_t *)marks;
    for (size_t s = steps; s % 8; s++)
        mark_steps[s] = 0;
    for (size_t w = 0; w < (steps + 7) / 8; w++)
        for (uint64_t marked = marks[w]; marked; marked &= marked - 1) {
            size_t row = start + 64 * w + (size_t)__builtin_ctzll(marked); /* little-endian bytes */
            unsigned value = ph_flush_row_value(cards + row * k, k);
            if (!value)
                return row;
            out[row] = (uint16_t)value;
        }
    return SIZE_MAX;
}

/* The kernels this build and CPU run (PH_BATCH_PORTABLE always). */
unsigned ph_batch_kernels(void);

/* ph_evaluate_batch's contract for k in 5..9 with one kernel (a kernel the CPU lacks means the portable
 * loop); the tests run every kernel this way. */
int ph_batch_with(unsigned kernel, const uint8_t *cards, size_t n, size_t k, uint16_t *out, size_t *bad_row);

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
/* An x86 kernel over rows [start, end) of n (end - start <= PH_CHUNK_ROWS): rows [start, return value)
 * written and valid, the rest left to the caller. */
typedef size_t ph_chunk_kernel(const uint8_t *cards, size_t start, size_t end, size_t n, size_t k, uint16_t *out);

/* eval_simd_avx512.c's kernel. */
ph_chunk_kernel ph_chunk_avx512;
#endif

/* ph_evaluate_batch's contract for k in 5..9: the newest kernel the CPU runs. */
int ph_batch_simd(const uint8_t *cards, size_t n, size_t k, uint16_t *out, size_t *bad_row);

#endif
