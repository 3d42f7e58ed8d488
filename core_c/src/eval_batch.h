/* Batch evaluation entry points shared by the portable loop and the SIMD kernels. Private. */
#ifndef PH_EVAL_BATCH_H
#define PH_EVAL_BATCH_H

#include <stddef.h>
#include <stdint.h>

/* ph_evaluate_batch's contract for k in 5..9, one hand at a time. */
int ph_batch_scalar(const uint8_t *cards, size_t n, size_t k, uint16_t *out, size_t *bad_row);

/* The batch kernels, a bit each; a newer one is a higher bit. */
enum { PH_BATCH_PORTABLE = 1, PH_BATCH_AVX2 = 2, PH_BATCH_AVX512 = 4, PH_BATCH_SIMD128 = 8 };

/* How far ahead the x86 kernels prefetch their input. Large batches stream from memory, where the CPU's own
 * prefetcher fell behind: 1 KB ahead took 8-12 % off 10^7 random 7-card rows (bench/RESULTS.md). */
enum { PH_PREFETCH_AHEAD = 1024 };

/* The kernels this build and CPU run (PH_BATCH_PORTABLE always). */
unsigned ph_batch_kernels(void);

/* ph_evaluate_batch's contract for k in 5..9 with one kernel (a kernel the CPU lacks means the portable
 * loop); the tests run every kernel this way. */
int ph_batch_with(unsigned kernel, const uint8_t *cards, size_t n, size_t k, uint16_t *out, size_t *bad_row);

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
/* eval_simd_avx512.c: rows [0, return value) written and valid, the rest left to the caller. */
size_t ph_kernel_avx512(const uint8_t *cards, size_t n, size_t k, uint16_t *out);
#endif

/* ph_evaluate_batch's contract for k in 5..9: the newest kernel the CPU runs. */
int ph_batch_simd(const uint8_t *cards, size_t n, size_t k, uint16_t *out, size_t *bad_row);

/* The status of an invalid row: PH_E_CARD for an id above 51, else PH_E_DUPLICATE. */
int ph_bad_row_status(const uint8_t *row, size_t k);

#endif
