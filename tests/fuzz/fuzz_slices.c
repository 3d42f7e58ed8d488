/* Slices of the hand sweeps: ph_values_by_rank over ranks [start, start + count) equals ph_evaluate of each
 * unranked hand (colex and lex), and ph_value_histogram of the slice counts exactly those values, also when
 * the slice is cut in two. Ranks past C(52, k) are PH_E_RANK. */
#include "fuzz.h"

#define MAX_COUNT 300

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    input in = {data, size, 0};
    size_t k = 5 + take_below(&in, 5);
    ph_order order = take_byte(&in) & 1 ? PH_LEX : PH_COLEX;
    uint64_t total;
    ph_binomial(52, k, &total);
    uint64_t start = take_u64(&in) % total;
    size_t count = take_below(&in, MAX_COUNT + 1);
    if (count > total - start)
        count = (size_t)(total - start);
    uint16_t values[MAX_COUNT];
    REQUIRE(ph_values_by_rank(k, order, start, count, values) == PH_OK, "values_by_rank");
    static uint64_t want[PH_WORST_VALUE + 1], got[PH_WORST_VALUE + 1];
    memset(want, 0, sizeof want);
    memset(got, 0, sizeof got);
    for (size_t i = 0; i < count; i++) {
        uint8_t hand[9];
        REQUIRE(ph_combination_unrank(start + i, k, 52, order, hand) == PH_OK, "unrank");
        int value = ph_evaluate(hand, k);
        REQUIRE(values[i] == value, "rank %llu: %u, evaluate %d", (unsigned long long)(start + i), values[i], value);
        want[value]++;
    }
    if (order == PH_COLEX) { /* the histogram walks colex ranks */
        size_t cut = take_below(&in, (unsigned)count + 1);
        REQUIRE(ph_value_histogram(k, start, cut, got) == PH_OK &&
                    ph_value_histogram(k, start + cut, count - cut, got) == PH_OK,
                "histogram");
        REQUIRE(!memcmp(got, want, sizeof got), "histogram of ranks %llu.. differs", (unsigned long long)start);
    }
    REQUIRE(ph_values_by_rank(k, order, total - count, count + 1, values) == PH_E_RANK, "past the end");
    REQUIRE(ph_value_histogram(k, total, 1, got) == PH_E_RANK, "histogram past the end");
    return 0;
}
