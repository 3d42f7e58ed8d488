/* Pascal's triangle (ph_binomial_table) computed instead of shipped: the wasm builds compile the tables with
 * PH_DERIVED_TABLES=1 and fill it in when the module starts; tests/c/test_derive_tables.c checks it against the
 * generated table, byte for byte. */
#include "../common/tables.h"
#include "combinatorics_internal.h"

void ph_binomial_derive(uint64_t table[65][65]) {
    for (unsigned n = 0; n <= 64; n++) {
        table[n][0] = 1;
        for (unsigned k = 1; k <= 64; k++) /* C(n,k) = C(n-1,k-1) + C(n-1,k): 0 for k > n, and no entry overflows */
            table[n][k] = n ? table[n - 1][k - 1] + table[n - 1][k] : 0;
    }
}

#if PH_DERIVED_TABLES
__attribute__((constructor)) static void derive_at_load(void) {
    ph_binomial_derive(ph_binomial_table);
}
#endif
