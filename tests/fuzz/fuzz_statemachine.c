/* The nested-table state machine: stepping 5-7 distinct cards in any order reaches ph_evaluate's value, and
 * any handle at all (made up, near the table's end, between rows) gives 0 or a state, never a read outside
 * the table (issue 13, item 1). */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    input in = {data, size, 0};
    REQUIRE(ph_sm_init() == PH_OK, "init");
    size_t k = 5 + take_below(&in, 3);
    uint8_t hand[7];
    uint64_t used = 0;
    take_cards(&in, hand, k, FULL_DECK, &used);
    uint32_t state = ph_sm_start();
    for (size_t i = 0; i < k; i++) {
        REQUIRE(ph_sm_value(state) == (i >= 5 ? ph_evaluate(hand, i) : 0), "value after %zu cards", i);
        state = ph_sm_next(state, hand[i]);
        REQUIRE(state != 0, "valid card %u refused", hand[i]);
    }
    REQUIRE(ph_sm_value(state) == ph_evaluate(hand, k), "value of %zu cards", k);
    if (k < 7) /* a repeat of a card the state still tracks, or of a full rank, gives 0 or a state */
        (void)ph_sm_next(state, hand[take_below(&in, (unsigned)k)]);
    uint32_t entries = (uint32_t)(ph_sm_table_bytes() / 4);
    for (int i = 0; i < 8; i++) {
        uint32_t handle = (uint32_t)take_u64(&in);
        if (take_byte(&in) & 1)
            handle = (entries - (handle % 2048)) << 2 | (handle & 3);
        uint32_t next = ph_sm_next(handle, take_byte(&in) % 60);
        int value = ph_sm_value(next), own = ph_sm_value(handle);
        REQUIRE(value >= 0 && value <= PH_WORST_VALUE && own >= 0 && own <= PH_WORST_VALUE, "handle %u", handle);
    }
    return 0;
}
