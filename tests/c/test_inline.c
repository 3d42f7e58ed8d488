/* The inline evaluator (PH_INLINE_ALL) and the incremental hand (ph_hand) against the library, run by
 * tests/test_inline_hands.py: `test_inline all` compares every 5-, 6- and 7-card hand (inline_calls.c's
 * sweep), `errors` the statuses of bad input, `check` ph_hand_check, `large` 8- and 9-card hands,
 * `dispatch` that the library found POPCNT where the CPU has it. A second argument `without-popcnt` makes a
 * plain x86-64 build's inline evaluator take the OR test that CPUs without POPCNT take. Prints one line per
 * failure and "OK: 0 failure(s)". This file calls the library; inline_calls.c holds the inline forms. */
#include <stdio.h>
#include <string.h>

#include "pokerhash.h"
#include "pokerhash_inline.h"

#include "check.h"
#include "inline_calls.h"

static const library_calls library = {ph_hand_empty, ph_evaluate, ph_hand_add, ph_hand_value};

static void all_hands(void) {
    static const uint64_t expected[8] = {0, 0, 0, 0, 0, 2598960, 20358520, 133784560};
    for (size_t k = 5; k <= 7; k++) {
        uint64_t mismatches, hands = inline_sweep(k, &library, &mismatches);
        CHECK(hands == expected[k], "k=%zu: %llu hands", k, (unsigned long long)hands);
        CHECK(mismatches == 0, "k=%zu: %llu hands differ", k, (unsigned long long)mismatches);
        printf("%zu-card hands: %llu, all equal: %s\n", k, (unsigned long long)hands, mismatches ? "no" : "yes");
    }
}

/* Every status of the library for a hand, as inline_evaluate must give it. */
static void same_status(const uint8_t *cards, size_t k) {
    int want = ph_evaluate(cards, k), got = inline_evaluate(cards, k);
    CHECK(got == want, "k=%zu first cards %u %u: inline %d, library %d", k, cards[0], cards[1], got, want);
}

static void errors(void) {
    static const uint8_t bad_ids[] = {52, 53, 63, 64, 100, 127, 128, 200, 255};
    uint8_t cards[12] = {0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 51};
    int statuses[4] = {0};
    for (size_t k = 0; k <= 11; k++) /* bad counts, and the good hands between */
        same_status(cards, k);
    for (size_t k = 5; k <= 9; k++) {
        for (size_t at = 0; at < k; at++) {
            uint8_t row[9];
            for (size_t b = 0; b < sizeof bad_ids; b++) {
                memcpy(row, cards, k);
                row[at] = bad_ids[b];
                same_status(row, k);
                statuses[-ph_evaluate(row, k)]++;
                row[(at + 1) % k] = row[at]; /* the bad id twice */
                same_status(row, k);
            }
            for (size_t other = 0; other < k; other++) {
                if (other == at)
                    continue;
                memcpy(row, cards, k);
                row[at] = row[other]; /* a repeated card */
                same_status(row, k);
                statuses[-ph_evaluate(row, k)]++;
                row[(at + 2) % k == other ? (at + 1) % k : (at + 2) % k] = 52; /* and an id past the deck */
                same_status(row, k);
            }
            /* flush hands with a repeated card: the key's flush bits must not hide the duplicate */
            uint8_t suited[9] = {3, 7, 11, 15, 19, 23, 27, 31, 35};
            memcpy(row, suited, k);
            row[at] = row[(at + 1) % k];
            same_status(row, k);
        }
    }
    CHECK(statuses[-PH_E_CARD] > 0 && statuses[-PH_E_DUPLICATE] > 0, "both statuses seen: %d %d",
          statuses[-PH_E_CARD], statuses[-PH_E_DUPLICATE]);
    printf("bad input: inline statuses equal the library's (%d card, %d duplicate cases)\n", statuses[-PH_E_CARD],
           statuses[-PH_E_DUPLICATE]);
}

static ph_hand hand_of(const uint8_t *cards, size_t n, int inlined) {
    ph_hand hand = inlined ? inline_hand_empty() : ph_hand_empty();
    for (size_t j = 0; j < n; j++)
        hand = inlined ? inline_hand_add(hand, cards[j]) : ph_hand_add(hand, cards[j]);
    return hand;
}

static void expect_check(const uint8_t *cards, size_t n, int want, const char *what) {
    for (int inlined = 0; inlined <= 1; inlined++) {
        ph_hand hand = hand_of(cards, n, inlined);
        int got = inlined ? inline_hand_check(hand) : ph_hand_check(hand);
        CHECK(got == want, "%s (%zu cards, %s): ph_hand_check %d", what, n, inlined ? "inline" : "library", got);
        if (want)
            CHECK((inlined ? inline_hand_value(hand) : ph_hand_value(hand)) == ph_evaluate(cards, n), "%s value", what);
    }
}

static void check(void) {
    uint8_t cards[64];
    for (size_t n = 0; n <= 52; n++) { /* distinct cards: valid from 5 to 7 only */
        for (size_t j = 0; j < n; j++)
            cards[j] = (uint8_t)(51 - j);
        expect_check(cards, n, n >= 5 && n <= 7, "distinct cards");
    }
    for (size_t n = 5; n <= 8; n++) {
        for (size_t at = 0; at < n; at++) {
            for (size_t j = 0; j < n; j++)
                cards[j] = (uint8_t)(4 * j + 3); /* spades from the deuce up */
            cards[at] = cards[(at + 1) % n];
            expect_check(cards, n, 0, "a repeated card");
            cards[at] = 52 + (uint8_t)(at * 29 % 204); /* ids 52..255 */
            expect_check(cards, n, 0, "an id past the deck");
        }
    }
    const uint8_t aces[] = {51, 51, 47, 43, 39, 35}, twice[] = {0, 0, 1, 1, 2, 2, 3};
    expect_check(aces, 6, 0, "the top card twice (its carry leaves the suit's bits)");
    expect_check(twice, 7, 0, "pairs of repeated cards");
    const uint8_t five_deuces[] = {0, 1, 2, 3, 0, 20, 40};
    const uint8_t past_then_valid[] = {52, 48, 44, 40, 36, 32}, wrapped_then_valid[] = {64, 48, 44, 40, 36, 32};
    expect_check(five_deuces, 5, 0, "a rank five times (the walk's dead end)");
    expect_check(five_deuces, 7, 0, "a rank five times, then two more cards");
    expect_check(past_then_valid, 6, 0, "id 52 (an unused column of the walk: the dead end), then five valid cards");
    expect_check(wrapped_then_valid, 6, 0, "id 64 (the walk reads it as a deuce), then five valid cards");
    for (size_t n = 0; n < 64; n++)
        cards[n] = 255;
    expect_check(cards, 16, 0, "16 ids past the deck");
    expect_check(cards, 5, 0, "five ids past the deck");
    for (size_t n = 0; n < 64; n++)
        cards[n] = (uint8_t)(n % 7 == 6 ? 255 : 4 * (n % 7)); /* seven cards and then more, every 7th invalid */
    expect_check(cards, 7, 0, "six valid cards and an id past the deck");
    expect_check(cards, 63, 0, "63 cards, repeats and ids past the deck among them");
    for (size_t n = 0; n < 64; n++)
        cards[n] = (uint8_t)(n % 52);
    expect_check(cards, 59, 0, "the deck and 7 cards again");
    printf("ph_hand_check: cases done\n");
}

/* 8 and 9 cards have no ph_hand; the inline ph_evaluate must agree with the library on them. */
static void large(void) {
    uint64_t state = 0x9E3779B97F4A7C15u;
    for (int i = 0; i < 200000; i++) {
        size_t k = 8 + (size_t)(i & 1);
        uint8_t cards[9];
        uint64_t used = 0;
        for (size_t j = 0; j < k;) {
            state ^= state >> 12, state ^= state << 25, state ^= state >> 27;
            unsigned c = (unsigned)((state * 0x2545F4914F6CDD1Du) >> 32) % 52;
            if (!(used >> c & 1))
                used |= UINT64_C(1) << c, cards[j++] = (uint8_t)c;
        }
        same_status(cards, k);
    }
    printf("8- and 9-card hands: inline equals library\n");
}

/* What the inline evaluator of a plain x86-64 build reads to pick its duplicate test, as the CPU says. */
static void dispatch(void) {
#if PH_CPU_POPCNT_FLAG
    __builtin_cpu_init();
    int has = __builtin_cpu_supports("popcnt") != 0;
    CHECK(ph_cpu_popcnt == has, "ph_cpu_popcnt %d where the CPU says %d", ph_cpu_popcnt, has);
    printf("POPCNT: %s\n", has ? "yes" : "no");
#else
    printf("not x86-64: no run-time choice\n");
#endif
}

int main(int argc, char **argv) {
    const char *section = argc > 1 ? argv[1] : "all";
    if (argc > 2 && !strcmp(argv[2], "without-popcnt")) {
#if PH_CPU_POPCNT_FLAG
        ph_cpu_popcnt = 0;
        printf("the inline evaluator's OR test\n");
#else
        CHECK(0, "without-popcnt: not an x86-64 build");
#endif
    }
    CHECK(inline_defines_inlined(), "PH_INLINED defined under PH_INLINE_ALL");
#ifdef PH_INLINED
    CHECK(0, "PH_INLINED defined without PH_INLINE_ALL");
#endif
    if (!strcmp(section, "all"))
        all_hands();
    else if (!strcmp(section, "errors"))
        errors();
    else if (!strcmp(section, "check"))
        check();
    else if (!strcmp(section, "large"))
        large();
    else if (!strcmp(section, "dispatch"))
        dispatch();
    else
        CHECK(0, "unknown section %s", section);
    printf("%d checks\nOK: %d failure(s)\n", checks, failures);
    return failures != 0;
}
