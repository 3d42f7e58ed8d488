/* Combination tables: ph_combination_rank_batch equals ph_combination_rank row by row (either order, any n, k),
 * reports the first bad row; ph_combination_lookup copies the entry at each row's rank for item sizes 1..9 and
 * refuses a table shorter than C(n, k). */
#include "fuzz.h"

#define ROWS 12

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    input in = {data, size, 0};
    unsigned n = take_below(&in, 14); /* tables small enough to lay out here: C(13, 6) = 1716 entries */
    size_t k = take_below(&in, n + 1);
    ph_order order = take_byte(&in) & 1 ? PH_LEX : PH_COLEX;
    size_t m = take_below(&in, ROWS + 1);
    uint8_t rows[ROWS * 13 + 1];
    uint64_t deck = n ? (UINT64_C(1) << n) - 1 : 0;
    for (size_t r = 0; r < m; r++) {
        uint64_t used = 0;
        take_cards(&in, rows + r * k, k, deck, &used);
    }
    size_t bad = m;
    if (m && k && take_byte(&in) < 40) {
        bad = take_below(&in, (unsigned)m);
        rows[bad * k] = take_byte(&in) & 1 ? (uint8_t)(n + take_byte(&in) % 8) : rows[bad * k + (k > 1)];
        if (k == 1 && rows[bad * k] < n)
            bad = m; /* one item cannot repeat */
    }
    uint64_t ranks[ROWS], want[ROWS];
    size_t bad_row = 999;
    int status = ph_combination_rank_batch(rows, m, k, n, order, ranks, &bad_row);
    for (size_t r = 0; r < m; r++) {
        int single = ph_combination_rank(rows + r * k, k, n, order, &want[r]);
        if (single != PH_OK) {
            REQUIRE(status == single && bad_row == r, "batch %d at %zu, single %d at %zu", status, bad_row, single, r);
            return 0;
        }
        REQUIRE(ranks[r] == want[r], "row %zu: batch %llu, single %llu", r, (unsigned long long)ranks[r],
                (unsigned long long)want[r]);
    }
    REQUIRE(status == PH_OK, "batch %d", status);
    uint64_t total;
    ph_binomial(n, k, &total);
    size_t item = 1 + take_below(&in, 9);
    uint8_t *table = malloc(total * item + 1), out[ROWS * 9 + 1];
    REQUIRE(table, "memory");
    for (size_t i = 0; i < total * item; i++)
        table[i] = (uint8_t)(i * 131 + i / item);
    REQUIRE(ph_combination_lookup(rows, m, k, n, order, table, total, item, out, NULL) == PH_OK, "lookup");
    for (size_t r = 0; r < m; r++)
        REQUIRE(!memcmp(out + r * item, table + want[r] * item, item), "lookup row %zu", r);
    if (total)
        REQUIRE(ph_combination_lookup(rows, m, k, n, order, table, total - 1, item, out, NULL) == PH_E_BUFFER,
                "short table");
    free(table);
    return 0;
}
