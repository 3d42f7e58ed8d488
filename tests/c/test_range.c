/* Range notation in C against the reference answers in tests/vectors/ranges.jsonl (made by
 * tests/vectors/make_range_vectors.py from tests/range_oracle.py), run by tests/test_ranges.py:
 *
 *   cc -std=c11 -O2 -Wall -Wextra -Icore_c/include tests/c/test_range.c core_c/src/ranges/range*.c \
 *      core_c/src/common/{cards,quote}.c -o /tmp/test_range -lm && /tmp/test_range tests/vectors/ranges.jsonl
 *
 * For each line [text, dead, normalized, result] it parses text with card removal of dead and compares
 * the combos (names and weights, as Python's repr), the message of a failure and the normalized text.
 * Then the edge cases no vector can express: capacity, buffers, NULL arguments. Prints failures and a
 * summary; exits non-zero on any failure. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pokerhash.h"
#include "../../core_c/src/ranges/ranges_internal.h"

#include "check.h"

/* Appends the UTF-8 of code point cp. */
static size_t put_utf8(char *out, unsigned long cp) {
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | cp >> 6), out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | cp >> 12), out[1] = (char)(0x80 | (cp >> 6 & 0x3F)), out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | cp >> 18), out[1] = (char)(0x80 | (cp >> 12 & 0x3F));
    out[2] = (char)(0x80 | (cp >> 6 & 0x3F)), out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* Reads the JSON string starting at *p (at its opening quote) into out; returns its byte length or -1. */
static long json_string(const char **p, char *out) {
    const char *s = *p;
    if (*s++ != '"')
        return -1;
    size_t n = 0;
    while (*s && *s != '"') {
        if (*s != '\\') {
            out[n++] = *s++;
            continue;
        }
        s++;
        char c = *s++;
        switch (c) {
        case 'n': out[n++] = '\n'; break;
        case 't': out[n++] = '\t'; break;
        case 'r': out[n++] = '\r'; break;
        case 'b': out[n++] = '\b'; break;
        case 'f': out[n++] = '\f'; break;
        case 'u': {
            unsigned long cp = strtoul((char[5]){s[0], s[1], s[2], s[3], 0}, NULL, 16);
            s += 4;
            if (cp >= 0xD800 && cp < 0xDC00 && s[0] == '\\' && s[1] == 'u') { /* a surrogate pair */
                unsigned long low = strtoul((char[5]){s[2], s[3], s[4], s[5], 0}, NULL, 16);
                cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                s += 6;
            }
            n += put_utf8(out + n, cp);
            break;
        }
        default: out[n++] = c; /* \" \\ \/ */
        }
    }
    if (*s != '"')
        return -1;
    out[n] = '\0';
    *p = s + 1;
    return (long)n;
}

static void name_combo(const ph_range_combo *c, char *out) {
    size_t n = 0;
    for (int i = c->size - 1; i >= 0; i--) {
        ph_card_format(c->cards[i], out + n);
        n += 2;
    }
    out[n] = '\0';
}

static void check_line(const char *line, int number) {
    size_t size = strlen(line) + 1;
    char *text = malloc(size), *dead_text = malloc(size), *normal = malloc(size), *want = malloc(size);
    const char *p = line;
    long len = -1;
    if (*p == '[') {
        p++;
        len = json_string(&p, text);
    }
    long fields[3] = {0};
    for (int f = 0; f < 3 && len >= 0; f++) {
        while (*p == ',' || *p == ' ')
            p++;
        fields[f] = json_string(&p, f == 0 ? dead_text : f == 1 ? normal : want);
        if (fields[f] < 0)
            len = -1;
    }
    CHECK(len >= 0, "line %d: not [text, dead, normalized, result]", number);
    if (len < 0)
        goto done;
    uint8_t dead_cards[64];
    int dead_count = ph_cards_parse(dead_text, strlen(dead_text), dead_cards, 64, NULL);
    uint64_t dead = 0;
    for (int i = 0; i < dead_count; i++)
        dead |= UINT64_C(1) << dead_cards[i];
    size_t cap = ph_range_capacity((size_t)len), problem_cap = 2 * (size_t)len + 120;
    ph_range_combo *combos = malloc(sizeof *combos * cap);
    char *problem = malloc(problem_cap), *got = malloc(cap * 40 + 8);
    int count = ph_range_parse(text, (size_t)len, dead, combos, cap, problem, problem_cap);
    if (count >= 0) {
        size_t n = (size_t)sprintf(got, "=");
        for (int i = 0; i < count; i++) {
            got[n++] = ' ';
            name_combo(&combos[i], got + n);
            n += strlen(got + n);
            if (combos[i].weight != 1.0) {
                got[n++] = ':';
                ph_range_float_repr(combos[i].weight, got + n);
                n += strlen(got + n);
            }
            CHECK(combos[i].weight > 0, "line %d: combo %d has weight %g", number, i, combos[i].weight);
        }
        if (count == 0)
            got[n++] = ' ';
        got[n] = '\0';
        char *joined = malloc(2 * (size_t)len + 1);
        int joined_len = ph_range_text(text, (size_t)len, joined, 2 * (size_t)len + 1);
        CHECK(joined_len >= 0 && !strcmp(joined, normal), "line %d: text '%s' normalized to '%s', want '%s'",
              number, text, joined_len >= 0 ? joined : "(error)", normal);
        free(joined);
    } else {
        snprintf(got, cap * 40 + 8, "! %s", problem);
    }
    CHECK(!strcmp(got, want), "line %d: '%s'\n  got  %.300s\n  want %.300s", number, text, got, want);
    free(combos);
    free(problem);
    free(got);
done:
    free(text);
    free(dead_text);
    free(normal);
    free(want);
}

static void check_edges(void) {
    ph_range_combo combos[1326];
    char problem[200];
    CHECK(ph_range_capacity(0) == 1326 && ph_range_capacity(17) == 1328, "capacity");
    CHECK(sizeof(ph_range_combo) == 16, "ph_range_combo is %zu bytes", sizeof(ph_range_combo));
    /* a text that fills the capacity bound exactly: Omaha tokens of 8 bytes and one separator */
    const char *omaha = "AhKhQdJd 2c3c4c5c 6c7c8c9c";
    size_t need = ph_range_capacity(strlen(omaha));
    CHECK(need >= 3, "capacity %zu", need);
    CHECK(ph_range_parse("QQ+", 3, 0, combos, 17, problem, sizeof problem) == PH_E_BUFFER &&
              !strcmp(problem, "output buffer too small"), "a small buffer is reported: %s", problem);
    CHECK(ph_range_parse("QQ+", 3, 0, combos, 18, NULL, 0) == 18, "exactly enough room");
    CHECK(ph_range_parse("QQ+", 3, 0, NULL, 5, problem, sizeof problem) == PH_E_ARGUMENT, "NULL output");
    CHECK(ph_range_parse(NULL, 3, 0, combos, 5, problem, sizeof problem) == PH_E_ARGUMENT, "NULL text");
    CHECK(ph_range_parse("", 0, 0, combos, 5, problem, sizeof problem) == PH_E_ARGUMENT &&
              !strcmp(problem, "empty range: no hands given"), "empty: %s", problem);
    CHECK(ph_range_parse("AKx", 3, 0, combos, 1326, problem, 8) == PH_E_PARSE && !strcmp(problem, "unknown"),
          "a short message buffer truncates: '%s'", problem);
    CHECK(ph_range_parse("random", 6, 0, combos, 1326, NULL, 0) == 1326, "random with no problem buffer");
    char joined[16];
    CHECK(ph_range_text("qq+ ,aks", 8, joined, sizeof joined) == 8 && !strcmp(joined, "qq+, aks"), "text: %s", joined);
    CHECK(ph_range_text("qq+ ,aks", 8, joined, 8) == PH_E_BUFFER, "text buffer too small");
    /* A long text of repeats stays within its capacity: hold'em combos merge as they come. */
    size_t repeats = 5000;
    char *long_text = malloc(repeats * 8 + 1);
    for (size_t i = 0; i < repeats; i++)
        memcpy(long_text + 8 * i, "random, ", 8);
    long_text[repeats * 8] = '\0';
    CHECK(ph_range_parse(long_text, repeats * 8, 0, combos, 1326, NULL, 0) == 1326, "5000 x random");
    free(long_text);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s tests/vectors/ranges.jsonl\n", argv[0]);
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    static char line[1 << 20];
    int number = 0;
    while (fgets(line, sizeof line, f)) {
        number++;
        line[strcspn(line, "\n")] = '\0';
        if (line[0])
            check_line(line, number);
    }
    fclose(f);
    CHECK(number >= 500, "only %d vectors", number);
    check_edges();
    printf("range vectors: %d lines, %d checks, %d failures\n", number, checks, failures);
    return failures != 0;
}
