/* The river decision of Ultimate Texas Hold'em for one hole and board: play 1x or fold, over every dealer hole. */
#include <string.h>

#include "analysis_internal.h"
#include "../eval/eval_internal.h"

/* Outcomes of playing, with hole + board + dead as `excluded`; returns the dealer holes counted. */
static unsigned river_outcomes(const uint8_t hole[2], const uint8_t board[5], uint64_t excluded, unsigned high_card,
                               uint64_t outcomes[PH_UTH_OUTCOMES]) {
    uint64_t board_key, board_bits;
    ph_an_cards_key(board, 5, &board_key, &board_bits);
    unsigned player = ph_value_with(board_key + ph_card_keys[hole[0]] + ph_card_keys[hole[1]], 0,
                                    board_bits | ph_card_bits[hole[0]] | ph_card_bits[hole[1]], 7);
    unsigned category = (unsigned)ph_category_of((int)player);
    uint8_t live[52];
    unsigned n = 0;
    for (unsigned card = 0; card < PH_DECK_SIZE; card++)
        if (!(excluded >> card & 1))
            live[n++] = (uint8_t)card;
    memset(outcomes, 0, sizeof *outcomes * PH_UTH_OUTCOMES);
    for (unsigned j = 1; j < n; j++) {
        uint64_t key = board_key + ph_card_keys[live[j]], bits = board_bits | ph_card_bits[live[j]];
        for (unsigned i = 0; i < j; i++) {
            unsigned dealer = ph_value_with(key + ph_card_keys[live[i]], 0, bits | ph_card_bits[live[i]], 7);
            int qualifies = dealer < high_card;
            if (dealer > player)
                outcomes[(qualifies ? 0 : 10) + category]++;
            else if (dealer == player)
                outcomes[20]++;
            else
                outcomes[qualifies ? 21 : 22]++;
        }
    }
    return ph_an_choose2(n);
}

static int check_row(const uint8_t hole[2], const uint8_t board[5], const uint8_t *dead, size_t dead_len,
                     uint64_t *excluded) {
    uint8_t cards[7] = {hole[0], hole[1], board[0], board[1], board[2], board[3], board[4]};
    return ph_an_check_cards(cards, 7, dead, dead_len, excluded);
}

int ph_uth_river(const ph_uth_rules *rules, const uint8_t hole[2], const uint8_t board[5], const uint8_t *dead,
                 size_t dead_len, uint64_t outcomes[PH_UTH_OUTCOMES], int64_t ev[2]) {
    ph_uth_pays pays;
    uint64_t excluded;
    if (!hole || !board || !outcomes || !ev || dead_len > PH_DECK_SIZE || (dead_len && !dead) ||
        ph_uth_pays_init(&pays, rules))
        return PH_E_ARGUMENT;
    int status = check_row(hole, board, dead, dead_len, &excluded);
    if (status != PH_OK)
        return status;
    if (PH_DECK_SIZE - 7 - dead_len < 2)
        return PH_E_ARGUMENT;
    unsigned dealers = river_outcomes(hole, board, excluded, ph_an_first_value(PH_AN_HIGH_CARD), outcomes);
    ev[0] = 0;
    for (unsigned o = 0; o < PH_UTH_OUTCOMES; o++)
        ev[0] += pays.pay[1][o] * (int64_t)outcomes[o];
    ev[1] = pays.fold * (int64_t)dealers;
    return (int)dealers;
}

int ph_uth_river_decisions(const ph_uth_rules *rules, const uint8_t *dead, size_t dead_len, const uint8_t *holes,
                           const uint8_t *boards, size_t n, uint8_t *out, size_t *bad_row) {
    ph_uth_pays pays;
    if ((n && (!holes || !boards || !out)) || dead_len > PH_DECK_SIZE || (dead_len && !dead) ||
        ph_uth_pays_init(&pays, rules))
        return PH_E_ARGUMENT;
    unsigned high_card = ph_an_first_value(PH_AN_HIGH_CARD);
    for (size_t i = 0; i < n; i++) {
        uint64_t excluded, outcomes[PH_UTH_OUTCOMES];
        int status = check_row(holes + 2 * i, boards + 5 * i, dead, dead_len, &excluded);
        if (status == PH_OK && PH_DECK_SIZE - 7 - dead_len < 2)
            status = PH_E_ARGUMENT;
        if (status != PH_OK) {
            if (bad_row)
                *bad_row = i;
            return status;
        }
        unsigned dealers = river_outcomes(holes + 2 * i, boards + 5 * i, excluded, high_card, outcomes);
        int64_t play = 0;
        for (unsigned o = 0; o < PH_UTH_OUTCOMES; o++)
            play += pays.pay[1][o] * (int64_t)outcomes[o];
        out[i] = play > pays.fold * (int64_t)dealers;
    }
    return PH_OK;
}
