/* bench_call.c's "inlined" contender: ph_evaluate compiled into the loop that calls it (PH_INLINE_ALL), as a C
 * user inlines it and as the peers' header-only evaluators are compiled into perfkit's driver. Built with the
 * library's flags (no -mpopcnt), so it takes the duplicate test of plain x86-64. */
#define PH_INLINE_ALL
#include "pokerhash.h"

void bench_inlined_rows(const uint8_t *cards, size_t n, size_t k, uint16_t *out);

void bench_inlined_rows(const uint8_t *cards, size_t n, size_t k, uint16_t *out) {
    if (k == 7)
        for (size_t i = 0; i < n; i++)
            out[i] = (uint16_t)ph_evaluate(cards + i * 7, 7);
    else
        for (size_t i = 0; i < n; i++)
            out[i] = (uint16_t)ph_evaluate(cards + i * k, k);
}
