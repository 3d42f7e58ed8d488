/* The games API (short deck, lowball, hi-lo) and Omaha: values in 1..worst of each game, batch == single, the
 * best five worth the hand, categories, ranks and descriptions for every value; Omaha (hold'em ranking and
 * every game) equals the best of its 2 + 3 subsets by the five-card evaluator; cards outside a game's deck
 * and unknown game ids rejected. */
#include "fuzz.h"

static int omaha_oracle(int game, const uint8_t *hole, size_t hole_len, const uint8_t *board, size_t board_len) {
    int best = 1 << 30;
    for (size_t i = 0; i < hole_len; i++)
        for (size_t j = i + 1; j < hole_len; j++)
            for (size_t x = 0; x < board_len; x++)
                for (size_t y = x + 1; y < board_len; y++)
                    for (size_t z = y + 1; z < board_len; z++) {
                        uint8_t five[5] = {hole[i], hole[j], board[x], board[y], board[z]};
                        int v = ph_game_evaluate(game, five, 5);
                        best = v < best ? v : best;
                    }
    return best;
}

static void check_value(int game, int value) {
    int worst = ph_game_worst(game), category = ph_game_category(game, value);
    REQUIRE(value >= 1 && value <= worst, "game %d value %d of %d", game, value, worst);
    REQUIRE(category >= 0 && category < ph_game_category_count(game) && ph_game_category_name(game, category),
            "game %d category %d", game, category);
    uint8_t ranks[5];
    int n = ph_game_value_ranks(game, value, ranks);
    REQUIRE(n == 5 || (n == 0 && value == ph_game_no_low(game)), "game %d ranks %d", game, n);
    char text[64];
    int len = ph_game_describe(game, value, text, sizeof text);
    REQUIRE(len > 0 && len < 48 && (size_t)len == strlen(text), "game %d describe %d", game, len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    input in = {data, size, 0};
    int game = 1 + (int)take_below(&in, PH_GAME_COUNT);
    uint64_t deck = ph_game_deck(game);
    REQUIRE(deck && ph_game_name(game) && ph_game_id(ph_game_name(game)) == game, "game %d", game);
    size_t k = 5 + take_below(&in, 5);
    enum { ROWS = 8 };
    uint8_t rows[ROWS * 9];
    size_t n = 1 + take_below(&in, ROWS);
    for (size_t r = 0; r < n; r++) {
        uint64_t used = 0;
        take_cards(&in, rows + r * k, k, deck, &used);
    }
    uint16_t out[ROWS];
    REQUIRE(ph_game_evaluate_batch(game, rows, n, k, out, NULL) == PH_OK, "batch");
    for (size_t r = 0; r < n; r++) {
        int value = ph_game_evaluate(game, rows + r * k, k);
        check_value(game, value);
        REQUIRE(out[r] == value, "batch %u, single %d", out[r], value);
        uint8_t five[5] = {99, 99, 99, 99, 99};
        REQUIRE(ph_game_best_five(game, rows + r * k, k, five) == value, "best five value");
        if (five[0] != 99)
            REQUIRE(ph_game_evaluate(game, five, 5) == value, "the best five of game %d are not worth %d", game, value);
        else
            REQUIRE(value == ph_game_no_low(game), "no five cards for value %d", value);
    }
    /* Omaha: 4-6 hole cards and 3-5 board cards of the game's deck */
    size_t hole_len = 4 + take_below(&in, 3), board_len = 3 + take_below(&in, 3);
    uint8_t hole[6], board[5];
    uint64_t used = 0;
    if (take_cards(&in, hole, hole_len, deck, &used) && take_cards(&in, board, board_len, deck, &used)) {
        int value = ph_game_omaha_evaluate(game, hole, hole_len, board, board_len);
        REQUIRE(value == omaha_oracle(game, hole, hole_len, board, board_len), "game %d Omaha %d", game, value);
        if (game == PH_GAME_HOLDEM) {
            uint16_t one;
            REQUIRE(ph_omaha_evaluate(hole, hole_len, board, board_len) == value &&
                        ph_omaha_evaluate_batch(hole, hole_len, board, board_len, 1, &one, NULL) == PH_OK && one == value,
                    "hold'em Omaha %d", value);
        }
        board[0] = hole[0];
        REQUIRE(ph_game_omaha_evaluate(game, hole, hole_len, board, board_len) == PH_E_DUPLICATE, "shared card");
    }
    /* cards outside the deck, unknown games, bad counts */
    uint8_t stray = (uint8_t)take_byte(&in);
    if (stray > 51 || !(deck >> stray & 1)) {
        rows[0] = stray;
        REQUIRE(ph_game_evaluate(game, rows, k) == PH_E_CARD, "card %u outside game %d's deck", stray, game);
        REQUIRE(ph_game_check_cards(game, rows, 1, NULL, 0) == PH_E_CARD, "check_cards");
    }
    int unknown = take_byte(&in) % 2 ? 0 : PH_GAME_COUNT + 1 + take_byte(&in);
    REQUIRE(ph_game_evaluate(unknown, rows, k) == PH_E_ARGUMENT && ph_game_worst(unknown) == PH_E_ARGUMENT &&
                ph_game_name(unknown) == NULL && ph_game_describe(unknown, 1, (char[8]){0}, 8) == PH_E_ARGUMENT,
            "unknown game %d", unknown);
    int any = (int)take_below(&in, 9000) - 100;
    if (any < 1 || any > ph_game_worst(game))
        REQUIRE(ph_game_category(game, any) == PH_E_ARGUMENT, "value %d outside game %d", any, game);
    else
        check_value(game, any);
    return 0;
}
