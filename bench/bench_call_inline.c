/* bench_call.c's "inlined" contender: the library's own evaluator source, compiled into the loop that calls
 * it, as the peers' header-only evaluators are compiled into perfkit's driver. Its public names are renamed
 * so that this copy links beside the library. */
#define ph_evaluate bench_copy_evaluate
#define ph_evaluate_batch bench_copy_evaluate_batch
#define ph_batch_scalar bench_copy_batch_scalar
#define ph_bad_row_status bench_copy_bad_row_status
#include "../core_c/src/eval/eval.c"

/* Returns 0 where the CPU lacks POPCNT (the library then takes its portable path; so would this loop). */
int bench_inlined_rows(const uint8_t *cards, size_t n, size_t k, uint16_t *out);

#if PH_POPCNT_DISPATCH
__attribute__((target("popcnt"))) static void rows_popcnt(const uint8_t *cards, size_t n, size_t k, uint16_t *out) {
    for (size_t i = 0; i < n; i++)
        out[i] = (uint16_t)evaluate_any_k(cards + i * k, k, 1);
}
#endif

int bench_inlined_rows(const uint8_t *cards, size_t n, size_t k, uint16_t *out) {
#if PH_POPCNT_DISPATCH
    if (!__builtin_cpu_supports("popcnt"))
        return 0;
    rows_popcnt(cards, n, k, out);
#else
    for (size_t i = 0; i < n; i++)
        out[i] = (uint16_t)evaluate_any_k(cards + i * k, k, PH_POPCNT_NATIVE);
#endif
    return 1;
}
