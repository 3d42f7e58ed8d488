/* The wasm builds' derived tables (PH_DERIVED_TABLES=1: core_c/src/eval/derive_tables.c and
 * core_c/src/combinatorics/binomial_derive.c) against the generated ones this native build holds, byte for
 * byte: the rank hash with its 5- and 7-card value slots zeroed and refilled (free slots included: zero in
 * both), the value ranks and Pascal's triangle derived from nothing. Run by tests/test_derived_tables.py. */
#include <stdio.h>
#include <string.h>

#include "../../core_c/src/combinatorics/combinatorics_internal.h"
#include "../../core_c/src/eval/eval_internal.h"

static int same(const char *name, const void *derived, const void *generated, size_t bytes) {
    if (memcmp(derived, generated, bytes) == 0) {
        printf("ok: %s (%zu bytes) equals the generated table byte for byte\n", name, bytes);
        return 1;
    }
    size_t at = 0;
    while (((const unsigned char *)derived)[at] == ((const unsigned char *)generated)[at])
        at++;
    printf("FAIL: %s differs from the generated table, first at byte %zu\n", name, at);
    return 0;
}

int main(void) {
    static uint16_t rank_hash[PH_QUINARY_ENTRIES];
    static uint32_t value_ranks[7463];
    static uint64_t binomials[65][65];
    memcpy(rank_hash, ph_quinary_values, sizeof rank_hash);
    memset(rank_hash + PH_RH_VALUES_5, 0, (PH_RH_ROWS_7 - PH_RH_VALUES_5) * sizeof *rank_hash);
    memset(rank_hash + PH_RH_VALUES_7, 0, (PH_RH_ENTRIES_57 - PH_RH_VALUES_7) * sizeof *rank_hash);
    memset(value_ranks, 0xff, sizeof value_ranks);
    memset(binomials, 0xff, sizeof binomials);
    ph_derive_hand_tables(rank_hash, value_ranks);
    ph_binomial_derive(binomials);
    int ok = same("ph_quinary_values", rank_hash, ph_quinary_values, sizeof rank_hash);
    ok &= same("ph_value_rank_table", value_ranks, ph_value_rank_table, sizeof value_ranks);
    ok &= same("ph_binomial_table", binomials, ph_binomial_table, sizeof binomials);
    return ok ? 0 : 1;
}
