/* Card text: ph_card_parse / ph_card_format round trip, ph_cards_parse on any bytes (ids in 0..51, count within
 * the cap, error offsets inside the text), ph_describe and ph_error_message with any argument and any buffer
 * size (always NUL-terminated inside the buffer). */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    input in = {data, size, 0};
    /* one card: every id formats to two characters that parse back */
    int card = (int)take_byte(&in) - 64;
    char name[3] = {'x', 'x', 'x'};
    int written = ph_card_format(card, name);
    if (card < 0 || card > 51) {
        REQUIRE(written == PH_E_CARD && name[0] == 'x', "card %d formatted", card);
    } else {
        REQUIRE(written == 2 && name[2] == '\0' && ph_card_parse(name, 2) == card, "card %d round trip", card);
    }
    /* any text */
    size_t len = size - in.at;
    const char *text = (const char *)data + in.at;
    int one = ph_card_parse(text, len);
    REQUIRE(one == PH_E_PARSE || (one >= 0 && one <= 51), "card_parse %d", one);
    if (one >= 0) {
        REQUIRE(ph_card_format(one, name) == 2, "format");
    }
    size_t cap = len % 70, error_offset = (size_t)-1;
    uint8_t ids[70];
    int count = ph_cards_parse(text, len, ids, cap, &error_offset);
    REQUIRE(count == PH_E_PARSE || count == PH_E_BUFFER || (count >= 0 && (size_t)count <= cap), "cards_parse %d",
            count);
    if (count == PH_E_PARSE)
        REQUIRE(error_offset < len || (len == 0 && error_offset == 0), "error offset %zu of %zu", error_offset, len);
    for (int i = 0; i < count; i++)
        REQUIRE(ids[i] <= 51, "id %u", ids[i]);
    if (count > 0) { /* the parsed cards, formatted and joined, parse to the same ids */
        char joined[70 * 3 + 1];
        for (int i = 0; i < count; i++) {
            ph_card_format(ids[i], joined + 3 * i);
            joined[3 * i + 2] = ' ';
        }
        uint8_t back[70];
        REQUIRE(ph_cards_parse(joined, (size_t)(3 * count), back, 70, NULL) == count && !memcmp(back, ids, (size_t)count),
                "formatted cards parse back");
    }
    /* descriptions and messages into buffers of every size */
    int value = (int)(take_u64(&in) % 7500);
    size_t room = len % 50;
    char out[64];
    memset(out, '#', sizeof out);
    int described = ph_describe(value, out, room);
    if (value < 1 || value > PH_WORST_VALUE)
        REQUIRE(described == PH_E_ARGUMENT, "describe(%d) = %d", value, described);
    else if (described == PH_E_BUFFER)
        REQUIRE(room == 0 || memchr(out, '\0', room) != NULL, "truncated text not NUL-terminated");
    else
        REQUIRE(described >= 0 && (size_t)described < room && out[described] == '\0', "describe length %d", described);
    REQUIRE(room >= sizeof out || out[room] == '#' || room == 0, "describe wrote past its buffer");
    REQUIRE(ph_error_message((int)take_u64(&in)) != NULL, "message");
    return 0;
}
