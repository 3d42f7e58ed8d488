/* The inline forms behind plain names (inline_calls.h), and the exhaustive sweep that compares them with the
 * library, compiled as a C user of PH_INLINE_ALL compiles (tests/test_inline_hands.py also builds this file
 * with -pedantic -Werror, and with clang where there is one). */
#define PH_INLINE_ALL
#include "pokerhash.h"

#include <stdio.h>

#include "inline_calls.h"

#ifndef PH_HAND_API
#error "pokerhash.h did not define PH_HAND_API"
#endif

int inline_defines_inlined(void) {
#ifdef PH_INLINED
    return 1;
#else
    return 0;
#endif
}

int inline_evaluate(const uint8_t *cards, size_t k) { return ph_evaluate(cards, k); }
ph_hand inline_hand_empty(void) { return ph_hand_empty(); }
ph_hand inline_hand_add(ph_hand hand, uint8_t card) { return ph_hand_add(hand, card); }
int inline_hand_value(ph_hand hand) { return ph_hand_value(hand); }
int inline_hand_check(ph_hand hand) { return ph_hand_check(hand); }

typedef struct sweep {
    size_t k;
    const library_calls *library;
    uint8_t cards[7];
    uint64_t hands, mismatches;
} sweep;

static void compare(sweep *s, ph_hand incremental, ph_hand library_hand) {
    const uint8_t *cards = s->cards;
    size_t k = s->k;
    ph_hand reversed = ph_hand_empty();
    for (size_t j = k; j-- > 0;)
        reversed = ph_hand_add(reversed, cards[j]);
    int expected = s->library->evaluate(cards, k);
    /* k a constant in each call, as a caller writes it, so each hand size's specialised code is checked */
    int inlined = k == 5 ? ph_evaluate(cards, 5) : k == 6 ? ph_evaluate(cards, 6) : ph_evaluate(cards, 7);
    int values[4] = {inlined, ph_hand_value(incremental), ph_hand_value(reversed), s->library->hand_value(library_hand)};
    s->hands++;
    for (int i = 0; i < 4; i++) {
        if (values[i] != expected) {
            if (++s->mismatches <= 10)
                fprintf(stderr, "k=%zu cards %u %u %u %u %u ..: ph_evaluate %d, inline/incremental/reversed/library"
                                " hand %d %d %d %d\n", k, cards[0], cards[1], cards[2], cards[3], cards[4], expected,
                        values[0], values[1], values[2], values[3]);
            break;
        }
    }
}

static void walk(sweep *s, size_t depth, unsigned first, ph_hand hand, ph_hand library_hand) {
    if (depth == s->k) {
        compare(s, hand, library_hand);
        return;
    }
    for (unsigned card = first; card + (s->k - depth) <= PH_DECK_SIZE; card++) {
        s->cards[depth] = (uint8_t)card;
        walk(s, depth + 1, card + 1, ph_hand_add(hand, (uint8_t)card), s->library->hand_add(library_hand, (uint8_t)card));
    }
}

uint64_t inline_sweep(size_t k, const library_calls *library, uint64_t *mismatches) {
    sweep s = {k, library, {0}, 0, 0};
    if (k >= 5 && k <= 7)
        walk(&s, 0, 0, ph_hand_empty(), library->hand_empty());
    *mismatches = s.mismatches;
    return s.hands;
}
