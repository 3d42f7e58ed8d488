/* Range notation on any bytes: ph_range_parse writes at most its capacity, every combo valid (ascending
 * distinct ids, size 2 or 4..6, one size per range, weight > 0 and finite, no dead card, no repeats);
 * ph_range_text normalizes within 2 * len + 1 bytes, and the normalized text parses to the same combos. */
#include <math.h>

#include "fuzz.h"

#define MAX_TEXT 512

static int parse(const char *text, size_t len, uint64_t dead, ph_range_combo *out, size_t cap) {
    char problem[2 * MAX_TEXT + 120];
    memset(problem, 0, sizeof problem);
    int count = ph_range_parse(text, len, dead, out, cap, problem, sizeof problem);
    REQUIRE(count >= 0 || count == PH_E_PARSE || count == PH_E_ARGUMENT || count == PH_E_BUFFER, "status %d", count);
    if (count < 0)
        REQUIRE(problem[0] != '\0' && memchr(problem, '\0', sizeof problem), "a failure names its problem");
    return count;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 8 || size > MAX_TEXT + 8)
        return 0;
    uint64_t dead = 0;
    for (int i = 0; i < 8; i++)
        dead = dead << 8 | data[i];
    dead &= FULL_DECK & (data[0] & 1 ? ~UINT64_C(0) : 0); /* half the inputs kill no card */
    const char *text = (const char *)data + 8;
    size_t len = size - 8;
    size_t cap = ph_range_capacity(len);
    ph_range_combo *combos = malloc(cap * sizeof *combos), *again = malloc(cap * sizeof *again);
    char *normal = malloc(2 * len + 1);
    REQUIRE(combos && again && normal, "memory");
    int count = parse(text, len, dead, combos, cap);
    REQUIRE(count != PH_E_BUFFER, "capacity %zu was too small", cap);
    uint8_t seen[1326] = {0}; /* hold'em combos by colex rank, to find repeats */
    for (int i = 0; i < count; i++) {
        const ph_range_combo *c = &combos[i];
        REQUIRE(c->size == combos[0].size && (c->size == 2 || (c->size >= 4 && c->size <= 6)), "size %u", c->size);
        REQUIRE(c->weight > 0 && isfinite(c->weight), "weight %g", c->weight);
        uint64_t mask = 0;
        for (int j = 0; j < c->size; j++) {
            REQUIRE(c->cards[j] <= 51 && (j == 0 || c->cards[j - 1] < c->cards[j]), "cards ascend");
            mask |= UINT64_C(1) << c->cards[j];
        }
        REQUIRE(!(mask & dead), "a dead card in a combo");
        if (c->size == 2) {
            size_t rank = (size_t)c->cards[1] * (c->cards[1] - 1u) / 2 + c->cards[0];
            REQUIRE(!seen[rank]++, "combo %d repeated", i);
        }
    }
    int written = ph_range_text(text, len, normal, 2 * len + 1);
    REQUIRE(written >= 0 && (size_t)written <= 2 * len && normal[written] == '\0', "normalized length %d", written);
    if (count >= 0) {
        size_t cap2 = ph_range_capacity((size_t)written);
        ph_range_combo *third = cap2 > cap ? realloc(again, cap2 * sizeof *again) : again;
        REQUIRE(third, "memory");
        again = third;
        int count2 = parse(normal, (size_t)written, dead, again, cap2 > cap ? cap2 : cap);
        REQUIRE(count2 == count, "normalized text '%s' gives %d combos, not %d", normal, count2, count);
        for (int i = 0; i < count; i++)
            REQUIRE(!memcmp(again[i].cards, combos[i].cards, 6) && again[i].weight == combos[i].weight,
                    "combo %d differs after normalizing", i);
    }
    free(combos);
    free(again);
    free(normal);
    return 0;
}
