/* User text in messages: short, printable, and the same in every binding. */
#include <stdio.h>

#include "pokerhash.h"

#define SHOWN_CHARACTERS 40
#define SHOWN_BYTES (4 * SHOWN_CHARACTERS) /* a UTF-8 character or a \xNN escape takes at most 4 bytes */

/* n with a comma between groups of three digits, as the Python ({:,}) and JS bindings print counts. */
static size_t grouped(size_t n, char *out, size_t cap) {
    char digits[24];
    int count = snprintf(digits, sizeof digits, "%zu", n);
    size_t at = 0;
    for (int i = 0; i < count; i++) {
        int comma = i > 0 && (count - i) % 3 == 0;
        if (at + (size_t)comma + 1 >= cap) /* room for the comma, the digit and the NUL */
            break;
        if (comma)
            out[at++] = ',';
        out[at++] = digits[i];
    }
    out[at] = '\0';
    return at;
}

size_t ph_quote_text(const char *text, size_t len, char *out) {
    size_t at = 0, characters = 0;
    out[at++] = '\'';
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        characters += (c & 0xC0) != 0x80; /* a lead byte starts a character */
        int escaped = c < 0x20 || c == 0x7f;
        /* Past the shown characters the rest is only counted; the byte bound matters for text that is no
         * UTF-8 (continuation bytes alone count as no character). */
        if (characters > SHOWN_CHARACTERS || at + (escaped ? 4 : 1) > SHOWN_BYTES + 1)
            continue;
        if (escaped)
            at += (size_t)snprintf(out + at, PH_QUOTE_CAP - at, "\\x%02x", c);
        else
            out[at++] = (char)c;
    }
    if (characters <= SHOWN_CHARACTERS) {
        out[at++] = '\'';
        out[at] = '\0';
        return at;
    }
    at += (size_t)snprintf(out + at, PH_QUOTE_CAP - at, "\xe2\x80\xa6' (");
    at += grouped(characters, out + at, PH_QUOTE_CAP - at);
    at += (size_t)snprintf(out + at, PH_QUOTE_CAP - at, " characters)");
    return at;
}
