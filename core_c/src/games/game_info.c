/* Names, decks, categories and descriptions of the other games' values. */
#include <stdio.h>
#include <string.h>

#include "pokerhash.h"
#include "games_internal.h"

const char *ph_game_name(int game) {
    if (game == PH_GAME_HOLDEM)
        return "holdem";
    const ph_game_def *g = ph_game_def_of(game);
    return g ? g->name : NULL;
}

int ph_game_id(const char *name) {
    for (int game = 1; name && game <= PH_GAME_COUNT; game++)
        if (strcmp(name, ph_game_name(game)) == 0)
            return game;
    return PH_E_ARGUMENT;
}

int ph_game_worst(int game) {
    if (game == PH_GAME_HOLDEM)
        return PH_WORST_VALUE;
    const ph_game_def *g = ph_game_def_of(game);
    return g ? g->worst : PH_E_ARGUMENT;
}

int ph_game_no_low(int game) {
    if (game == PH_GAME_HOLDEM)
        return 0;
    const ph_game_def *g = ph_game_def_of(game);
    return g ? (g->qualifier ? g->qualifier + 1 : 0) : PH_E_ARGUMENT;
}

uint64_t ph_game_deck(int game) {
    if (game == PH_GAME_HOLDEM)
        return (UINT64_C(1) << PH_DECK_SIZE) - 1;
    const ph_game_def *g = ph_game_def_of(game);
    return g ? g->deck : 0;
}

int ph_game_check_cards(int game, const uint8_t *cards, size_t n, char *problem, size_t cap) {
    uint64_t deck = ph_game_deck(game);
    if (problem && cap)
        problem[0] = '\0';
    if (!deck) {
        if (problem && cap)
            snprintf(problem, cap, "unknown game id %d", game);
        return PH_E_ARGUMENT;
    }
    for (size_t i = 0; i < n; i++) {
        if (cards[i] >= PH_DECK_SIZE) {
            if (problem && cap)
                snprintf(problem, cap, "card id %u outside 0..51", cards[i]);
            return PH_E_CARD;
        }
        if (!(deck >> cards[i] & 1)) {
            char name[3];
            ph_card_format(cards[i], name);
            if (problem && cap)
                snprintf(problem, cap, "card %s is not in %s", name, ph_game_def_of(game)->deck_name);
            return PH_E_CARD;
        }
    }
    return PH_OK;
}

/* The table set of a game and a checked value, or NULL. */
static const ph_game_def *valued(int game, int value) {
    const ph_game_def *g = ph_game_def_of(game);
    return g && value >= 1 && value <= g->worst ? g : NULL;
}

int ph_game_category(int game, int value) {
    if (game == PH_GAME_HOLDEM)
        return ph_category_of(value);
    const ph_game_def *g = valued(game, value);
    return g ? (int)(ph_game_info(g, (unsigned)value) >> 24) : PH_E_ARGUMENT;
}

int ph_game_category_count(int game) {
    if (game == PH_GAME_HOLDEM)
        return PH_HIGH_CARD + 1;
    const ph_game_def *g = ph_game_def_of(game);
    return g ? g->category_count : PH_E_ARGUMENT;
}

const char *ph_game_category_name(int game, int category) {
    if (game == PH_GAME_HOLDEM)
        return ph_category_name(category);
    const ph_game_def *g = ph_game_def_of(game);
    return g && category >= 0 && category < g->category_count ? g->categories[category] : NULL;
}

int ph_game_value_ranks(int game, int value, uint8_t ranks[5]) {
    if (game == PH_GAME_HOLDEM)
        return ph_value_ranks(value, ranks) == PH_OK ? 5 : PH_E_ARGUMENT;
    const ph_game_def *g = valued(game, value);
    if (!g)
        return PH_E_ARGUMENT;
    if (g->qualifier && value > g->qualifier)
        return 0;
    uint32_t info = ph_game_info(g, (unsigned)value);
    for (unsigned i = 0; i < 5; i++)
        ranks[i] = (uint8_t)(info >> (4 * i) & 15);
    return 5;
}

int ph_game_describe(int game, int value, char *out, size_t cap) {
    if (game == PH_GAME_HOLDEM)
        return ph_describe(value, out, cap);
    const ph_game_def *g = valued(game, value);
    if (!g)
        return PH_E_ARGUMENT;
    char text[48];
    uint8_t ranks[5];
    int length;
    const char *category = g->categories[ph_game_info(g, (unsigned)value) >> 24];
    if (ph_game_value_ranks(game, value, ranks) == 5) {
        static const char names[] = "23456789TJQKA";
        length = snprintf(text, sizeof text, "%s: %c-%c-%c-%c-%c", category,
                          names[ranks[0]], names[ranks[1]], names[ranks[2]], names[ranks[3]], names[ranks[4]]);
    } else {
        length = snprintf(text, sizeof text, "%s", category);
    }
    if (cap)
        snprintf(out, cap, "%s", text);
    return (size_t)length < cap ? length : PH_E_BUFFER;
}
