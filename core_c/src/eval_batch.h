/* Batch evaluation entry points shared by the portable loop and the SIMD kernels. Private. */
#ifndef PH_EVAL_BATCH_H
#define PH_EVAL_BATCH_H

#include <stddef.h>
#include <stdint.h>

/* ph_evaluate_batch's contract for k in 5..9, one hand at a time. */
int ph_batch_scalar(const uint8_t *cards, size_t n, size_t k, uint16_t *out, size_t *bad_row);

/* ph_evaluate_batch's contract for k in 5..9: a SIMD kernel where the CPU has one, else ph_batch_scalar. */
int ph_batch_simd(const uint8_t *cards, size_t n, size_t k, uint16_t *out, size_t *bad_row);

/* The status of an invalid row: PH_E_CARD for an id above 51, else PH_E_DUPLICATE. */
int ph_bad_row_status(const uint8_t *row, size_t k);

#endif
