/* ph_evaluate, ph_evaluate_batch, ph_best_five and the value functions: values in 1..7462, batch == single
 * (bad rows reported at the first one), the best five worth the hand, descriptions and ranks for every value;
 * invalid hands (ids past 51, repeats, bad k) rejected with their codes. */
#include "fuzz.h"

#define ROWS 16

static void check_value_functions(int value) {
    int category = ph_category_of(value);
    REQUIRE(category >= PH_ROYAL_FLUSH && category <= PH_HIGH_CARD, "category %d of %d", category, value);
    REQUIRE(ph_category_name(category) != NULL, "name of %d", category);
    char text[48];
    int len = ph_describe(value, text, sizeof text);
    REQUIRE(len > 0 && len < 40 && (size_t)len == strlen(text), "describe(%d) = %d", value, len);
    uint8_t ranks[5];
    REQUIRE(ph_value_ranks(value, ranks) == PH_OK, "ranks of %d", value);
    for (int i = 0; i < 5; i++)
        REQUIRE(ranks[i] < 13, "rank %d of %d", ranks[i], value);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    input in = {data, size, 0};
    size_t k = 5 + take_below(&in, 5), n = 1 + take_below(&in, ROWS);
    uint8_t rows[ROWS * PH_MAX_HAND];
    int corrupt = take_byte(&in) < 32; /* a few inputs carry a bad row: an id past 51 or a repeat */
    for (size_t r = 0; r < n; r++) {
        uint64_t used = 0;
        take_cards(&in, rows + r * k, k, FULL_DECK, &used);
    }
    size_t bad = n;
    if (corrupt) {
        bad = take_below(&in, (unsigned)n);
        size_t slot = take_below(&in, (unsigned)k);
        rows[bad * k + slot] = take_byte(&in) & 1 ? (uint8_t)(52 + take_byte(&in) % 204)
                                                  : rows[bad * k + (slot + 1) % k];
    }
    uint16_t out[ROWS];
    size_t bad_row = 12345;
    int status = ph_evaluate_batch(rows, n, k, out, &bad_row);
    for (size_t r = 0; r < n; r++) {
        int single = ph_evaluate(rows + r * k, k);
        if (r < bad) {
            REQUIRE(single >= 1 && single <= PH_WORST_VALUE, "value %d", single);
            REQUIRE(out[r] == single, "row %zu: batch %u, single %d", r, out[r], single);
            uint8_t five[5];
            REQUIRE(ph_best_five(rows + r * k, k, five) == single, "best five value");
            REQUIRE(ph_evaluate(five, 5) == single, "the best five are worth %d", single);
            check_value_functions(single);
        } else if (r == bad) {
            REQUIRE(single == PH_E_CARD || single == PH_E_DUPLICATE, "bad row gives %d", single);
            REQUIRE(status == single && bad_row == bad, "batch status %d at row %zu, want %d at %zu", status, bad_row,
                    single, bad);
            break;
        }
    }
    if (bad == n)
        REQUIRE(status == PH_OK, "batch status %d", status);
    /* Domain edges: any int for the value functions, any k for the evaluators. */
    int any = (int)(take_u64(&in) & 0xFFFF) - 0x8000;
    if (any < 1 || any > PH_WORST_VALUE) {
        char text[8];
        REQUIRE(ph_category_of(any) == PH_E_ARGUMENT && ph_describe(any, text, sizeof text) == PH_E_ARGUMENT,
                "value %d accepted", any);
    } else {
        check_value_functions(any);
    }
    size_t bad_k = take_byte(&in) % 2 ? take_below(&in, 5) : 10 + take_below(&in, 100);
    REQUIRE(ph_evaluate(rows, bad_k) == PH_E_COUNT && ph_evaluate_batch(rows, 1, bad_k, out, NULL) == PH_E_COUNT,
            "k=%zu accepted", bad_k);
    return 0;
}
