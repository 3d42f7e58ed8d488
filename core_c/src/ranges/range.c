/* Range notation ("QQ+, AKs, A5s-A2s:0.5, random, AhKhQdJd"): tokens, hand classes, spans, explicit combos
 * and weights, expanded into weighted combos. The one implementation behind Python's parse_range/Range and
 * the JS library; its rules and messages are those of the original Python parser (tests/range_oracle.py
 * keeps it as the reference, tests/vectors/ranges.jsonl holds the cases every binding replays). */
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pokerhash.h"
#include "ranges_internal.h"

#define MAX_TOKEN_CARDS 64 /* more than a deck: a longer card list is reported, not truncated */

/* ---- tokens -------------------------------------------------------------------------------------- */

/* Byte length of the whitespace character at text[pos] (Python's str.isspace set, in UTF-8), else 0. */
static size_t space_at(const unsigned char *t, size_t pos, size_t len) {
    unsigned char c = t[pos];
    if (c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f))
        return 1;
    size_t left = len - pos;
    if (c == 0xC2 && left >= 2 && (t[pos + 1] == 0x85 || t[pos + 1] == 0xA0))
        return 2; /* U+0085, U+00A0 */
    if (left < 3)
        return 0;
    unsigned char b = t[pos + 1], d = t[pos + 2];
    if (c == 0xE1 && b == 0x9A && d == 0x80)
        return 3; /* U+1680 */
    if (c == 0xE2 && b == 0x80 && (d <= 0x8A || d == 0xA8 || d == 0xA9 || d == 0xAF))
        return 3; /* U+2000..U+200A, U+2028, U+2029, U+202F */
    if (c == 0xE2 && b == 0x81 && d == 0x9F)
        return 3; /* U+205F */
    if (c == 0xE3 && b == 0x80 && d == 0x80)
        return 3; /* U+3000 */
    return 0;
}

static int joins(unsigned char c) {
    return c == '-' || c == ':';
}

void ph_range_tokenize(const char *text, size_t len, char *out, size_t *ends, size_t *count) {
    const unsigned char *t = (const unsigned char *)text;
    size_t n = 0, tokens = 0, pos = 0;
    int open = 0; /* inside a token */
    while (pos < len) {
        size_t space = space_at(t, pos, len);
        if (space) {
            /* Whitespace next to "-" or ":" belongs to the token ("22 - 55", "AK : 0.5"); other runs separate. */
            size_t end = pos;
            while (end < len && (space = space_at(t, end, len)) != 0)
                end += space;
            int glued = (pos > 0 && joins(t[pos - 1])) || (end < len && joins(t[end]));
            if (!glued && open) {
                ends[tokens++] = n;
                open = 0;
            }
            pos = end;
            continue;
        }
        if (t[pos] == ',' || t[pos] == ';') {
            if (open) {
                ends[tokens++] = n;
                open = 0;
            }
            pos++;
            continue;
        }
        out[n++] = (char)t[pos++];
        open = 1;
    }
    if (open)
        ends[tokens++] = n;
    *count = tokens;
}

/* Compares n bytes ignoring ASCII case: 0 when equal. */
static int ascii_casecmp(const char *a, const char *b, size_t n) {
    for (size_t i = 0; i < n; i++) {
        char x = a[i], y = b[i];
        if (x >= 'A' && x <= 'Z')
            x = (char)(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z')
            y = (char)(y - 'A' + 'a');
        if (x != y)
            return 1;
    }
    return 0;
}

/* ---- weights ------------------------------------------------------------------------------------- */

/* First code points of the Unicode decimal digit runs (category Nd, 0..9 consecutive), which Python's float()
 * reads as digits: Unicode 16, from  python3 -c "import unicodedata as u; print([hex(c) for c in
 * range(0x110000) if u.category(chr(c)) == 'Nd' and u.decimal(chr(c)) == 0])"  (plus the blocks added after
 * Python 3.11's Unicode 14: Kawi, Nag Mundari, Garay, Sunuwar, Myanmar Ext-C, Gurung Khema, Kirat Rai,
 * Ol Onal, outlined digits). */
static const uint32_t digit_zeros[] = {
    0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66, 0xde6, 0xe50, 0xed0,
    0xf20, 0x1040, 0x1090, 0x17e0, 0x1810, 0x1946, 0x19d0, 0x1a80, 0x1a90, 0x1b50, 0x1bb0, 0x1c40, 0x1c50,
    0xa620, 0xa8d0, 0xa900, 0xa9d0, 0xa9f0, 0xaa50, 0xabf0, 0xff10, 0x104a0, 0x10d30, 0x10d40, 0x11066,
    0x110f0, 0x11136, 0x111d0, 0x112f0, 0x11450, 0x114d0, 0x11650, 0x116c0, 0x116d0, 0x116da, 0x11730,
    0x118e0, 0x11950, 0x11bf0, 0x11c50, 0x11d50, 0x11da0, 0x11f50, 0x16130, 0x16a60, 0x16ac0, 0x16b50,
    0x16d70, 0x1ccf0, 0x1d7ce, 0x1d7d8, 0x1d7e2, 0x1d7ec, 0x1d7f6, 0x1e140, 0x1e2f0, 0x1e4f0, 0x1e5f1,
    0x1e950, 0x1fbf0,
};

/* The ASCII digit of a Unicode decimal digit, else -1. */
static int unicode_digit(uint32_t cp) {
    for (size_t i = 0; i < sizeof digit_zeros / sizeof digit_zeros[0]; i++)
        if (cp >= digit_zeros[i] && cp < digit_zeros[i] + 10)
            return (int)(cp - digit_zeros[i]);
    return -1;
}

/* Copies UTF-8 text to ASCII, Unicode decimal digits becoming ASCII digits. 0 for any other non-ASCII. */
static int to_ascii(const char *s, size_t n, char *out, size_t *m) {
    const unsigned char *u = (const unsigned char *)s;
    *m = 0;
    for (size_t i = 0; i < n;) {
        if (u[i] < 0x80) {
            out[(*m)++] = (char)u[i++];
            continue;
        }
        size_t extra = u[i] >= 0xF0 ? 3 : u[i] >= 0xE0 ? 2 : u[i] >= 0xC0 ? 1 : 0;
        if (!extra || i + extra >= n)
            return 0;
        uint32_t cp = u[i] & (0x3F >> extra);
        for (size_t k = 1; k <= extra; k++) {
            if ((u[i + k] & 0xC0) != 0x80)
                return 0;
            cp = cp << 6 | (u[i + k] & 0x3F);
        }
        int digit = unicode_digit(cp);
        if (digit < 0)
            return 0;
        out[(*m)++] = (char)('0' + digit);
        i += extra + 1;
    }
    return 1;
}

/* The grammar of parse_weight on ASCII text s[0..n-1]; plain (n + 1 bytes) is scratch for strtod. *nonzero
 * tells whether a mantissa digit is not 0: strtod rounds 1e-400 to 0, which must not pass for a written 0. */
static int number_syntax(const char *s, size_t n, char *plain, double *value, int *nonzero) {
    size_t i = 0;
    int negative = 0;
    *nonzero = 0;
    if (i < n && (s[i] == '+' || s[i] == '-'))
        negative = s[i++] == '-';
    size_t rest = n - i;
    if ((rest == 3 || rest == 8) && !ascii_casecmp(s + i, "infinity", rest)) {
        *value = negative ? -INFINITY : INFINITY;
        return 1;
    }
    if (rest == 3 && !ascii_casecmp(s + i, "nan", 3)) {
        *value = NAN;
        return 1;
    }
    size_t m = 0;
    if (negative)
        plain[m++] = '-';
    int mantissa_digits = 0, ok = 1, part = 0; /* part: 0 integer, 1 fraction, 2 exponent */
    int digits_in_part = 0;
    for (; i < n && ok; i++) {
        char c = s[i];
        if (c >= '0' && c <= '9') {
            plain[m++] = c;
            digits_in_part++;
            if (part < 2) {
                mantissa_digits++;
                *nonzero |= c != '0';
            }
        } else if (c == '_') {
            /* only between two digits of the same part */
            ok = digits_in_part > 0 && i + 1 < n && s[i + 1] >= '0' && s[i + 1] <= '9' && s[i - 1] != '_';
        } else if (c == '.' && part == 0) {
            plain[m++] = c;
            part = 1;
            digits_in_part = 0;
        } else if ((c == 'e' || c == 'E') && part < 2 && mantissa_digits > 0) {
            plain[m++] = 'e';
            part = 2;
            digits_in_part = 0;
            if (i + 1 < n && (s[i + 1] == '+' || s[i + 1] == '-'))
                plain[m++] = s[++i];
        } else {
            ok = 0;
        }
    }
    if (!ok || mantissa_digits == 0 || (part == 2 && digits_in_part == 0))
        return 0;
    plain[m] = '\0';
    char *end;
    *value = strtod(plain, &end);
    if (*end == '.') { /* a C library under a locale whose decimal point is not "." */
        const char *point = localeconv()->decimal_point;
        if (point && point[0] && !point[1]) {
            *strchr(plain, '.') = point[0];
            *value = strtod(plain, &end);
        }
    }
    return *end == '\0';
}

/* Python's float(): [sign] (digits with single "_" between them, "." and an exponent) | inf | infinity |
 * nan, case-insensitive, Unicode decimal digits allowed. Returns 1 and the value, or 0 when the text is
 * not such a number; *nonzero as number_syntax. */
static int parse_weight(const char *text, size_t length, double *value, int *nonzero) {
    char *ascii = malloc(2 * length + 2); /* the ASCII text, then the same without "_" for strtod */
    size_t n;
    if (!ascii || !to_ascii(text, length, ascii, &n)) {
        free(ascii);
        return 0;
    }
    const char *s = ascii;
    char *plain = ascii + length + 1;
    int ok = number_syntax(s, n, plain, value, nonzero);
    free(ascii);
    return ok;
}

/* Python's repr() of a float: the shortest digits that read back, as 0.0001, 1234.5, 1e-05 or 1e+16. */
void ph_range_float_repr(double x, char out[40]) {
    if (isnan(x)) {
        strcpy(out, "nan");
        return;
    }
    if (isinf(x)) {
        strcpy(out, x < 0 ? "-inf" : "inf");
        return;
    }
    char buf[40];
    int precision = 1;
    for (; precision < 17; precision++) {
        snprintf(buf, sizeof buf, "%.*e", precision - 1, x);
        if (strtod(buf, NULL) == x)
            break;
    }
    snprintf(buf, sizeof buf, "%.*e", precision - 1, x);
    /* buf = [-]d[.ddd]e[+-]XX: collect the digits and the decimal exponent */
    char digits[20];
    size_t nd = 0, i = 0, o = 0;
    if (buf[0] == '-')
        out[o++] = '-', i++;
    for (; buf[i] && buf[i] != 'e'; i++)
        if (buf[i] != '.')
            digits[nd++] = buf[i];
    while (nd > 1 && digits[nd - 1] == '0')
        nd--;
    int exponent = atoi(buf + i + 1);
    if (exponent >= -4 && exponent < 16) {
        if (exponent < 0) {
            out[o++] = '0', out[o++] = '.';
            for (int z = -1; z > exponent; z--)
                out[o++] = '0';
            for (size_t d = 0; d < nd; d++)
                out[o++] = digits[d];
        } else {
            size_t whole = (size_t)exponent + 1;
            for (size_t d = 0; d < whole; d++)
                out[o++] = d < nd ? digits[d] : '0';
            out[o++] = '.';
            if (nd > whole)
                for (size_t d = whole; d < nd; d++)
                    out[o++] = digits[d];
            else
                out[o++] = '0';
        }
        out[o] = '\0';
        return;
    }
    out[o++] = digits[0];
    if (nd > 1) {
        out[o++] = '.';
        for (size_t d = 1; d < nd; d++)
            out[o++] = digits[d];
    }
    snprintf(out + o, 40 - o, "e%c%02d", exponent < 0 ? '-' : '+', exponent < 0 ? -exponent : exponent);
}

/* ---- hand classes -------------------------------------------------------------------------------- */

static int rank_of(char c) {
    static const char ranks[] = "23456789TJQKA";
    if (c >= 'a' && c <= 'z')
        c = (char)(c - 'a' + 'A');
    for (int r = 0; r < 13; r++)
        if (ranks[r] == c)
            return r;
    return -1;
}

/* 's', 'o' (any case) or 0 at b[*i], advancing past it. */
static char kind_at(const char *b, size_t n, size_t *i) {
    if (*i < n && (b[*i] == 's' || b[*i] == 'S' || b[*i] == 'o' || b[*i] == 'O'))
        return (char)(b[(*i)++] | 0x20);
    return 0;
}

/* "AK", "AKs", "T9o" at b[0..n-1] exactly: high and low ranks (ordered) and the kind. */
static int hand_class(const char *b, size_t n, int *high, int *low, char *kind) {
    if (n < 2)
        return 0;
    int r1 = rank_of(b[0]), r2 = rank_of(b[1]);
    if (r1 < 0 || r2 < 0)
        return 0;
    size_t i = 2;
    *kind = kind_at(b, n, &i);
    *high = r1 > r2 ? r1 : r2;
    *low = r1 > r2 ? r2 : r1;
    return i == n;
}

typedef struct emitter {
    ph_range_work *work;
    double weight;
} emitter;

/* Every combo of a rank class: 6 for a pair, 4 suited, 12 offsuit, 16 for both (the reference's order). */
static int emit_class(emitter *e, int high, int low, char kind) {
    for (int s1 = 0; s1 < 4; s1++)
        for (int s2 = 0; s2 < 4; s2++) {
            if (high == low && s1 >= s2)
                continue;
            if (high != low && ((kind == 's' && s1 != s2) || (kind == 'o' && s1 == s2)))
                continue;
            uint64_t mask = (UINT64_C(1) << (4 * high + s1)) | (UINT64_C(1) << (4 * low + s2));
            int status = ph_range_add(e->work, mask, e->weight);
            if (status != PH_OK)
                return status;
        }
    return PH_OK;
}

/* ---- one token ----------------------------------------------------------------------------------- */

/* Quotes text for a message (ph_quote_text: cut short, so a 10 MB bad token cannot make a 10 MB message). */
static const char *shown_text(const char *text, size_t len, char out[PH_QUOTE_CAP]) {
    ph_quote_text(text, len, out);
    return out;
}

typedef struct token {
    const char *text; /* the whole token, weight included: what messages quote */
    size_t len;
    char *problem;
    size_t cap;
} token;

static int fail(const token *t, int status, const char *format, ...) {
    if (t->problem && t->cap) {
        char shown[PH_QUOTE_CAP];
        int quoted = snprintf(t->problem, t->cap, "unknown range token %s", shown_text(t->text, t->len, shown));
        if (format && quoted >= 0 && (size_t)quoted < t->cap) {
            va_list args;
            va_start(args, format);
            vsnprintf(t->problem + quoted, t->cap - (size_t)quoted, format, args);
            va_end(args);
        }
    }
    return status;
}

static const char PAIR_KIND[] = ": a pair cannot be suited or offsuit";

static int token_class(emitter *e, const token *t, const char *b, size_t n, int *matched) {
    int high, low;
    char kind;
    int plus = n >= 3 && b[n - 1] == '+';
    *matched = hand_class(b, n - (size_t)plus, &high, &low, &kind);
    if (!*matched)
        return PH_OK;
    if (high == low && kind)
        return fail(t, PH_E_PARSE, PAIR_KIND);
    if (!plus)
        return emit_class(e, high, low, kind);
    int status = PH_OK;
    if (high == low) /* QQ+: the pair and every higher pair */
        for (int r = low; r < 13 && status == PH_OK; r++)
            status = emit_class(e, r, r, kind);
    else if (low == high - 1) /* connectors: both ranks walk up, keeping the gap */
        for (int h = high; h < 13 && status == PH_OK; h++)
            status = emit_class(e, h, h - 1, kind);
    else /* the kicker walks up below the top card */
        for (int l = low; l < high && status == PH_OK; l++)
            status = emit_class(e, high, l, kind);
    return status;
}

static int token_span(emitter *e, const token *t, const char *b, size_t n, int *matched) {
    const char *dash = memchr(b, '-', n);
    int h1, l1, h2, l2;
    char k1, k2;
    *matched = dash && hand_class(b, (size_t)(dash - b), &h1, &l1, &k1) &&
               hand_class(dash + 1, n - (size_t)(dash - b) - 1, &h2, &l2, &k2);
    if (!*matched)
        return PH_OK;
    if (k1 != k2)
        return fail(t, PH_E_PARSE, ": both ends must be suited, offsuit or neither");
    int status = PH_OK;
    if (h1 == l1 && h2 == l2) { /* 22-55 */
        if (k1)
            return fail(t, PH_E_PARSE, PAIR_KIND);
        int from = h1 < h2 ? h1 : h2, to = h1 < h2 ? h2 : h1;
        for (int r = from; r <= to && status == PH_OK; r++)
            status = emit_class(e, r, r, k1);
    } else if (h1 == h2 && l1 != h1 && l2 != h2) { /* A5s-A2s */
        int from = l1 < l2 ? l1 : l2, to = l1 < l2 ? l2 : l1;
        for (int l = from; l <= to && status == PH_OK; l++)
            status = emit_class(e, h1, l, k1);
    } else if (h1 - l1 == h2 - l2 && h1 != l1) { /* T9s-65s, KTo-84o */
        int gap = h1 - l1, from = h1 < h2 ? h1 : h2, to = h1 < h2 ? h2 : h1;
        for (int h = from; h <= to && status == PH_OK; h++)
            status = emit_class(e, h, h - gap, k1);
    } else {
        return fail(t, PH_E_PARSE, ": a span joins pairs, hands with the same top card, or hands with the same gap");
    }
    return status;
}

static int token_cards(emitter *e, const token *t, const char *b, size_t n) {
    uint8_t cards[MAX_TOKEN_CARDS];
    int count = n ? ph_cards_parse(b, n, cards, MAX_TOKEN_CARDS, NULL) : 0;
    uint64_t mask = 0;
    for (int i = 0; i < count; i++) {
        if (mask >> cards[i] & 1)
            count = 0; /* a repeated card is no combo */
        mask |= UINT64_C(1) << cards[i];
    }
    if (count != 2 && (count < 4 || count > 6))
        return fail(t, PH_E_PARSE, NULL);
    return ph_range_add(e->work, mask, e->weight);
}

static int is_any(const char *b, size_t n) {
    static const char *const names[] = {"random", "any", "xx", "*"};
    for (size_t i = 0; i < 4; i++)
        if (strlen(names[i]) == n && !ascii_casecmp(b, names[i], n))
            return 1;
    return 0;
}

int ph_range_token(ph_range_work *work, const char *text, size_t len, char *problem, size_t cap) {
    token t = {text, len, problem, cap};
    const char *colon = memchr(text, ':', len);
    size_t body = colon ? (size_t)(colon - text) : len;
    emitter e = {work, 1.0};
    if (colon) {
        const char *weight_text = colon + 1;
        size_t weight_len = len - body - 1;
        int nonzero = 0;
        if (!parse_weight(weight_text, weight_len, &e.weight, &nonzero)) {
            char weight_shown[PH_QUOTE_CAP], token_shown[PH_QUOTE_CAP];
            if (problem && cap)
                snprintf(problem, cap, "bad weight %s in range token %s",
                         shown_text(weight_text, weight_len, weight_shown), shown_text(text, len, token_shown));
            return PH_E_PARSE;
        }
        if (!isfinite(e.weight) || e.weight < 0) {
            char shown[40], token_shown[PH_QUOTE_CAP];
            ph_range_float_repr(e.weight, shown);
            if (problem && cap)
                snprintf(problem, cap, "weight must be a finite number >= 0, got %s in range token %s", shown,
                         shown_text(text, len, token_shown));
            return PH_E_PARSE;
        }
        if (e.weight == 0 && nonzero) { /* weight 0 removes combos: a tiny weight must not do so silently */
            char weight_shown[PH_QUOTE_CAP], token_shown[PH_QUOTE_CAP];
            if (problem && cap)
                snprintf(problem, cap,
                         "weight must be 0 or a number that does not round to 0.0 as a float, got %s in range token %s",
                         shown_text(weight_text, weight_len, weight_shown), shown_text(text, len, token_shown));
            return PH_E_PARSE;
        }
    }
    if (is_any(text, body)) { /* all 1326 hold'em combos */
        for (int b = 1; b < PH_DECK_SIZE; b++)
            for (int a = 0; a < b; a++) {
                int status = ph_range_add(work, (UINT64_C(1) << a) | (UINT64_C(1) << b), e.weight);
                if (status != PH_OK)
                    return status;
            }
        return PH_OK;
    }
    int matched, status = token_class(&e, &t, text, body, &matched);
    if (matched)
        return status;
    status = token_span(&e, &t, text, body, &matched);
    if (matched)
        return status;
    return token_cards(&e, &t, text, body);
}
