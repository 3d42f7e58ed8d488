/* Regression tests of the reliability review (issue 13), run by tests/test_reliability_c.py, also under
 * ASan + UBSan by tests/fuzz/run.sh:
 *
 *   cc -std=c11 -O2 -Wall -Wextra -Icore_c/include -Icore_c/src/common tests/c/test_reliability.c \
 *      $(find core_c/src core_c/tables -name '*.c') -o /tmp/test_reliability -lm
 *   /tmp/test_reliability [sm|rows|weights|edges]   (default: all)
 *
 *   sm       ph_sm_next / ph_sm_value take any uint32_t: made-up handles give 0, never a read outside the table
 *   rows     count * k past SIZE_MAX is PH_E_BUFFER with nothing written, not a wrapped size
 *   weights  equity answers do not change when every weight is scaled, near the float limits included
 *   edges    the C API audit: weights too far apart to multiply, range texts of absurd length, messages
 *            within PH_RANGE_PROBLEM_CAP, ph_quote_text's echoes, ph_range_text's partial output, empty batches
 *            with NULL buffers */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pokerhash.h"

#include "check.h"
#include "xorshift.h"

/* ---- state machine handles ------------------------------------------------------------------------ */

/* What any result of ph_sm_next must be: 0, a final state of value 1..7462, or a state whose value reads. */
static int plausible_state(uint32_t state) {
    int value = ph_sm_value(state);
    return state == 0 || (value >= 0 && value <= PH_WORST_VALUE);
}

static void test_sm_handles(void) {
    CHECK(ph_sm_next(0xFFFFFFFFu, 0) == 0, "handle 0xFFFFFFFF before ph_sm_init");
    CHECK(ph_sm_init() == PH_OK, "ph_sm_init");
    uint32_t entries = (uint32_t)(ph_sm_table_bytes() / sizeof(uint32_t));
    const uint32_t last_row = entries - 53; /* rows are 52 transitions and a value */
    CHECK(ph_sm_next(0xFFFFFFFFu, 0) == 0 && ph_sm_next(0xFFFFFFFFu, 51) == 0, "the review's crash");
    CHECK(ph_sm_value(0xFFFFFFFFu) == 0, "value of 0xFFFFFFFF");
    CHECK(ph_sm_next(entries << 2, 0) == 0 && ph_sm_value(entries << 2) == 0, "handle just past the table");
    CHECK(ph_sm_next((entries - 1) << 2 | 3, 51) == 0, "handle on the last entry, card 51");
    CHECK(ph_sm_value((entries - 1) << 2) == 0, "value of a handle on the last entry");
    CHECK(ph_sm_next((ph_sm_start() + 4) | 0, 0) == 0, "a handle between rows");
    CHECK(ph_sm_value(7463u << 2) == 0 && ph_sm_value(8191u << 2 | 3) == 0, "final states past 7462");
    CHECK(ph_sm_value(7462u << 2) == 7462 && ph_sm_value(1u << 2 | 1) == 1, "final states 1..7462 still read");
    uint32_t last = ph_sm_next(last_row << 2 | 3, 51);
    CHECK(plausible_state(last), "last row, card 51 -> %u", last);
    /* Made-up handles of every size, and real ones: nothing reads outside (ASan) and results stay states. */
    long bad = 0;
    for (int i = 0; i < 1 << 20; i++) {
        uint32_t handle = (uint32_t)next_random();
        if (i & 1) /* near the table's end, where the review's reads went past it */
            handle = (uint32_t)((entries - (uint32_t)(next_random() % 4096)) << 2 | (handle & 3));
        unsigned card = (unsigned)(next_random() % 64);
        uint32_t next = ph_sm_next(handle, card);
        bad += !plausible_state(next) || (card >= 52 && next != 0);
        int value = ph_sm_value(handle);
        bad += value < 0 || value > PH_WORST_VALUE;
    }
    CHECK(bad == 0, "%ld made-up handles gave an impossible state or value", bad);
    /* The checks change no real answer: random 7-card hands, stepped. */
    long wrong = 0;
    for (int i = 0; i < 20000; i++) {
        uint8_t hand[7];
        uint64_t used = 0;
        for (int n = 0; n < 7;) {
            unsigned c = (unsigned)(next_random() % 52);
            if (!(used >> c & 1)) {
                used |= UINT64_C(1) << c;
                hand[n++] = (uint8_t)c;
            }
        }
        uint32_t state = ph_sm_start();
        for (int n = 0; n < 7; n++) {
            state = ph_sm_next(state, hand[n]);
            if (n == 4 || n == 5)
                wrong += ph_sm_value(state) != ph_evaluate(hand, (size_t)n + 1);
        }
        wrong += ph_sm_value(state) != ph_evaluate(hand, 7);
    }
    CHECK(wrong == 0, "%ld stepped values differ from ph_evaluate", wrong);
    printf("sm: made-up handles give 0 or a state; stepped hands equal ph_evaluate\n");
}

/* ---- count * k ------------------------------------------------------------------------------------ */

static void test_rows(void) {
    uint8_t out[64];
    memset(out, 0xAB, sizeof out);
    /* C(64, 32) > 2^60 rows, so count = 2^59 passes the range check; 2^59 * 32 = 2^64 wraps to 0. */
    size_t huge = (size_t)1 << (sizeof(size_t) * 8 - 5);
    for (size_t extra = 0; extra < 2; extra++) {
        CHECK(ph_combinations(64, 32, 0, huge + extra, out) == PH_E_BUFFER, "ph_combinations count %zu", huge + extra);
        CHECK(ph_combination_rows(64, 32, PH_LEX, 0, huge + extra, out) == PH_E_BUFFER, "lex rows");
        CHECK(ph_combination_rows(64, 32, PH_COLEX, 0, huge + extra, out) == PH_E_BUFFER, "colex rows");
    }
    int untouched = 1;
    for (size_t i = 0; i < sizeof out; i++)
        untouched &= out[i] == 0xAB;
    CHECK(untouched, "a refused call wrote to out");
    /* The largest count that fits is still served (range and buffer checks in their usual order). */
    CHECK(ph_combinations(64, 32, 0, 2, out) == PH_OK && out[0] == 0 && out[32 + 31] == 32, "2 rows");
    CHECK(ph_combinations(64, 32, UINT64_MAX, 1, out) == PH_E_RANK, "range errors come first");
    uint64_t masks[2];
    CHECK(ph_combination_masks(64, 32, 0, 2, masks) == PH_OK && masks[0] == 0xFFFFFFFFu, "masks");
    printf("rows: count * k past SIZE_MAX refused with PH_E_BUFFER, nothing written\n");
}

/* ---- weights near the float limits ------------------------------------------------------------------ */

/* AA (6 combos) and 72o (12) against KcKd on 2c3d9h: the review's spot, weights given per player. */
typedef struct spot {
    uint8_t holdings[2 * 19];
    size_t offset[3];
    double weight[19];
    uint8_t board[3];
    ph_equity_game game;
} spot;

static void make_spot(spot *s, double aa, double seven_two, double kk) {
    size_t at = 0;
    for (int a = 0; a < 4; a++)
        for (int b = a + 1; b < 4; b++, at++) {
            s->holdings[2 * at] = (uint8_t)(48 + a), s->holdings[2 * at + 1] = (uint8_t)(48 + b);
            s->weight[at] = aa;
        }
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++)
            if (a != b) {
                s->holdings[2 * at] = (uint8_t)(20 + a), s->holdings[2 * at + 1] = (uint8_t)(0 + b);
                s->weight[at++] = seven_two * (1 + (a + b) % 3); /* unequal, so ratios matter */
            }
    s->offset[0] = 0, s->offset[1] = at;
    s->holdings[2 * at] = 44, s->holdings[2 * at + 1] = 45; /* KcKd */
    s->weight[at++] = kk;
    s->offset[2] = at;
    s->board[0] = 0 + 0 * 4, s->board[1] = 1 + 1 * 4, s->board[2] = 2 + 7 * 4; /* 2c 3d 9h */
    /* 2c is in a 72o holding: card removal is the engine's job */
    s->game = (ph_equity_game){2, 2, s->holdings, s->offset, s->weight, s->board, 3, NULL, 0};
}

static double fraction(const double *weighted, double weight, size_t p) {
    return weighted[p] / weight;
}

static int same_integers(const ph_equity_tally *a, const ph_equity_tally *b) {
    return a->deals == b->deals && !memcmp(a->win, b->win, sizeof a->win) && !memcmp(a->tie, b->tie, sizeof a->tie) &&
           !memcmp(a->lose, b->lose, sizeof a->lose) && !memcmp(a->share, b->share, sizeof a->share);
}

/* Every fraction of `got` against `want`: bit for bit when `exact_ratio`, else within 1e-12. */
static int same_fractions(const ph_equity_tally *got, const ph_equity_tally *want, int exact_ratio) {
    for (size_t p = 0; p < 2; p++) {
        double g[3] = {fraction(got->weighted_share, got->weight, p), fraction(got->weighted_win, got->weight, p),
                       fraction(got->weighted_tie, got->weight, p)};
        double w[3] = {fraction(want->weighted_share, want->weight, p), fraction(want->weighted_win, want->weight, p),
                       fraction(want->weighted_tie, want->weight, p)};
        for (int i = 0; i < 3; i++)
            if (!(exact_ratio ? g[i] == w[i] : fabs(g[i] - w[i]) <= 1e-12 * (1 + fabs(w[i]))))
                return 0;
    }
    return 1;
}

static void test_weights(void) {
    static spot base, scaled;
    make_spot(&base, 1.0, 0.5, 1.0);
    ph_equity_tally want = {0}, want_mc = {0};
    uint64_t units;
    CHECK(ph_equity_exact_units(&base.game, &units) == PH_OK, "units");
    CHECK(ph_equity_exact(&base.game, 0, units, &want) == PH_OK, "exact");
    CHECK(ph_equity_sample(&base.game, 99, 0, 20000, &want_mc) == PH_OK, "sample");
    CHECK(want.deals > 0 && fraction(want.weighted_share, want.weight, 0) > 0.3, "the base spot");
    /* Powers of two keep every ratio bit for bit; other constants to rounding. The review's 1e308 and
     * 1e-170 are here, and scales that push only one player out of range. */
    static const struct { double range, kk; int power_of_two; } scales[] = {
        {1e308, 1e308, 0},        {1e-170, 1e-170, 0},     {0x1p1000, 0x1p1000, 1}, {0x1p-1070, 0x1p-1070, 1},
        {0x1p-1000, 1.0, 1},      {1.0, 0x1p1000, 1},      {3.0, 3.0, 0},           {1e300, 1e-300, 0},
        {0x1p70, 0x1p-70, 1},
    };
    for (size_t i = 0; i < sizeof scales / sizeof scales[0]; i++) {
        double c = scales[i].range, ck = scales[i].kk;
        make_spot(&scaled, c, 0.5 * c, ck);
        if (scales[i].range < 0x1p-1021) /* 0.5 * c would round: scale the base's weights, not the product */
            for (size_t j = 0; j < base.offset[1]; j++)
                scaled.weight[j] = base.weight[j] * c;
        ph_equity_tally got = {0}, got_mc = {0};
        CHECK(ph_equity_exact(&scaled.game, 0, units, &got) == PH_OK, "exact, scale %g/%g", c, ck);
        CHECK(same_integers(&got, &want) && same_fractions(&got, &want, scales[i].power_of_two),
              "exact, scale %g/%g: %llu deals, equity %.17g; unscaled %llu, %.17g", c, ck,
              (unsigned long long)got.deals, fraction(got.weighted_share, got.weight, 0),
              (unsigned long long)want.deals, fraction(want.weighted_share, want.weight, 0));
        CHECK(ph_equity_sample(&scaled.game, 99, 0, 20000, &got_mc) == PH_OK, "sample, scale %g/%g", c, ck);
        CHECK(same_integers(&got_mc, &want_mc) && same_fractions(&got_mc, &want_mc, 1),
              "Monte Carlo (seed 99), scale %g/%g: win %llu of %llu; unscaled %llu", c, ck,
              (unsigned long long)got_mc.win[0], (unsigned long long)got_mc.deals,
              (unsigned long long)want_mc.win[0]);
        ph_game_tally game = {0}, game_want = {0}, game_mc = {0}, game_mc_want = {0};
        uint64_t deals;
        CHECK(ph_game_equity_units(PH_GAME_HOLDEM, 0, &scaled.game, &deals) == PH_OK, "game units");
        CHECK(ph_game_equity_exact(PH_GAME_HOLDEM, 0, &scaled.game, 0, deals, &game) == PH_OK &&
                  ph_game_equity_exact(PH_GAME_HOLDEM, 0, &base.game, 0, deals, &game_want) == PH_OK &&
                  game.deals == game_want.deals &&
                  fabs(game.weighted_share[0] / game.weight - game_want.weighted_share[0] / game_want.weight) <= 1e-12,
              "game exact, scale %g/%g: %.17g, unscaled %.17g", c, ck, game.weighted_share[0] / game.weight,
              game_want.weighted_share[0] / game_want.weight);
        CHECK(ph_game_equity_sample(PH_GAME_HOLDEM, 0, &scaled.game, 5, 0, 5000, &game_mc) == PH_OK &&
                  ph_game_equity_sample(PH_GAME_HOLDEM, 0, &base.game, 5, 0, 5000, &game_mc_want) == PH_OK &&
                  !memcmp(game_mc.win, game_mc_want.win, sizeof game_mc.win),
              "game Monte Carlo, scale %g/%g: win %llu, unscaled %llu", c, ck, (unsigned long long)game_mc.win[0],
              (unsigned long long)game_mc_want.win[0]);
        double seconds = -1, base_seconds = -1;
        CHECK(ph_equity_exact_seconds(&scaled.game, &seconds) == PH_OK &&
                  ph_equity_exact_seconds(&base.game, &base_seconds) == PH_OK && seconds == base_seconds,
              "cost estimate, scale %g/%g: %g s, unscaled %g s", c, ck, seconds, base_seconds);
    }
    printf("weights: equity unchanged by scaling every weight (1e308, 1e-170, 2^+-1000, ...), exact and Monte "
           "Carlo, hold'em and games engines\n");
}

/* ---- the C API audit's edge cases ------------------------------------------------------------------ */

static void test_edges(void) {
    /* Weights whose product underflows: (AsAh, QsQh) weighs 1e-200 * 1e-200, which is 0 in a double, so it
     * would drop out of the integer counts it belongs to. Refused by the check, for both engines. */
    static const uint8_t hold[8] = {51, 50, 47, 46, 43, 42, 47, 46}, board[5] = {0, 5, 10, 23, 28};
    static const size_t offset[3] = {0, 2, 4};
    double tiny[4] = {1e-200, 1, 1e-200, 1};
    ph_equity_game game = {2, 2, hold, offset, tiny, board, 5, NULL, 0};
    char problem[256];
    CHECK(ph_equity_check(&game, problem, sizeof problem) == PH_E_ARGUMENT &&
              strstr(problem, "range weights too far apart"), "weights 1e-200 and 1: %s", problem);
    ph_equity_tally tally = {0};
    CHECK(ph_equity_exact(&game, 0, 4, &tally) == PH_E_ARGUMENT && tally.deals == 0, "exact refuses too");
    CHECK(ph_game_equity_check(PH_GAME_HOLDEM, 0, &game, problem, sizeof problem) == PH_E_ARGUMENT,
          "the games engine refuses too");
    tiny[0] = tiny[2] = 1e-100; /* 1e-200 a combination: counted */
    CHECK(ph_equity_exact(&game, 0, 4, &tally) == PH_OK && tally.deals == 3, "1e-100 each: %llu deals of 3",
          (unsigned long long)tally.deals);

    /* A length whose scratch sizes would wrap: PH_E_NOMEM before any allocation (the text is never read). */
    const char *text = "AA";
    ph_range_combo combo;
    CHECK(ph_range_parse(text, SIZE_MAX, 0, &combo, 1, problem, sizeof problem) == PH_E_NOMEM,
          "ph_range_parse with len SIZE_MAX");
    char out[8];
    CHECK(ph_range_text(text, SIZE_MAX, out, sizeof out) == PH_E_NOMEM, "ph_range_text with len SIZE_MAX");
    CHECK(ph_range_capacity(SIZE_MAX) > SIZE_MAX / 10, "capacity(SIZE_MAX) = %zu", ph_range_capacity(SIZE_MAX));
    CHECK(ph_range_capacity(8) == 1327 && ph_range_capacity(7) == 1326, "capacity's (len + 1) / 9");

    /* The longest messages quote a weight and a token of control bytes (4 characters each when escaped) or
     * of 4-byte characters, each piece cut to 40 characters with its length. */
    char hostile[2100], message[PH_RANGE_PROBLEM_CAP + 64];
    for (int lengths = 0; lengths < 6; lengths++) {
        size_t body = lengths % 3 == 0 ? 2 : 250, weight = lengths % 3 == 2 ? 2 : 250, width = lengths < 3 ? 1 : 4;
        size_t bytes = 0;
        for (size_t i = 0; i < body + 1 + weight; i++) { /* U+1F0A1 (a playing card) is F0 9F 82 A1 */
            size_t n = i == body ? 1 : width;
            memcpy(hostile + bytes, i == body ? ":" : width == 1 ? "\x01" : "\xf0\x9f\x82\xa1", n);
            bytes += n;
        }
        memset(message, 'x', sizeof message);
        ph_range_combo combos[1400];
        int status = ph_range_parse(hostile, bytes, 0, combos, 1400, message, sizeof message);
        const char *end = memchr(message, '\0', sizeof message);
        size_t shown = end ? (size_t)(end - message) : sizeof message;
        CHECK(status == PH_E_PARSE && shown + 1 < PH_RANGE_PROBLEM_CAP, "token %zu + weight %zu bytes: %d, a "
              "message of %zu bytes", body, weight, status, shown);
    }

    /* The longest message of all: a weight too small for a double, whose text and token are both cut. */
    size_t tiny_len = (size_t)snprintf(hostile, sizeof hostile, "AKs:0.%01000d", 1);
    int tiny_status = ph_range_parse(hostile, tiny_len, 0, (ph_range_combo[4]){0}, 4, message, sizeof message);
    CHECK(tiny_status == PH_E_PARSE && strstr(message, "does not round to 0.0") && strlen(message) < PH_RANGE_PROBLEM_CAP,
          "tiny weight: %d, a message of %zu bytes: %.80s", tiny_status, strlen(message), message);

    /* ph_quote_text, every binding's echo of user text: whole up to 40 characters, else cut with the length
     * grouped by commas; control bytes escaped; never past PH_QUOTE_CAP. */
    char quoted[PH_QUOTE_CAP + 8];
    CHECK(ph_quote_text(NULL, 0, quoted) == 2 && !strcmp(quoted, "''"), "empty: %s", quoted);
    CHECK(ph_quote_text("A\x00\n", 3, quoted) == 11 && !strcmp(quoted, "'A\\x00\\x0a'"), "control bytes: %s", quoted);
    size_t many = 1234567;
    char *long_text = malloc(4 * many);
    memset(long_text, 'Q', many);
    CHECK(ph_quote_text(long_text, 40, quoted) == 42 && quoted[41] == '\'', "40 characters whole: %s", quoted);
    size_t n = ph_quote_text(long_text, many, quoted);
    CHECK(n == strlen(quoted) && !strcmp(quoted + 41, "\xe2\x80\xa6' (1,234,567 characters)") && !memcmp(quoted, "'QQ", 3),
          "cut: %s", quoted);
    for (size_t i = 0; i < many; i++) /* the widest shown characters: 4 bytes each */
        memcpy(long_text + 4 * i, "\xf0\x9f\x82\xa1", 4);
    n = ph_quote_text(long_text, 4 * many, quoted);
    CHECK(n < PH_QUOTE_CAP && n == strlen(quoted) && strstr(quoted, "\xe2\x80\xa6' (1,234,567 characters)"),
          "4-byte characters: %zu bytes", n);
    memset(long_text, 0x01, many);
    n = ph_quote_text(long_text, many, quoted);
    CHECK(n < PH_QUOTE_CAP && !strncmp(quoted, "'\\x01\\x01", 9), "control bytes cut: %zu bytes", n);
    free(long_text);

    /* PH_E_BUFFER leaves the tokens that fitted, NUL-terminated. */
    memset(out, 'Z', sizeof out);
    CHECK(ph_range_text("qq+ ,aks", 8, out, 6) == PH_E_BUFFER && !strcmp(out, "qq+"), "partial text '%.8s'", out);
    CHECK(ph_range_text("qq+", 3, out, 1) == PH_E_BUFFER && out[0] == '\0', "cap 1");

    /* Nothing to do: NULL buffers are fine. */
    size_t bad_row = 7;
    CHECK(ph_evaluate_batch(NULL, 0, 7, NULL, &bad_row) == PH_OK && bad_row == 7, "empty batch");
    CHECK(ph_combination_masks(52, 5, 0, 0, NULL) == PH_OK, "no masks");
    printf("edges: far-apart weights refused, absurd lengths, message bound, quoted text, partial text, empty batches\n");
}

int main(int argc, char **argv) {
    const char *only = argc > 1 ? argv[1] : NULL;
    if (!only || !strcmp(only, "sm"))
        test_sm_handles();
    if (!only || !strcmp(only, "rows"))
        test_rows();
    if (!only || !strcmp(only, "weights"))
        test_weights();
    if (!only || !strcmp(only, "edges"))
        test_edges();
    printf("%d checks, %d failures\nOK: %d failure(s)\n", checks, failures, failures);
    return failures != 0;
}
