/* ph_showdown: every hole pair's wins, ties and losses against every other on a board, summed over the
 * runouts of a flop or turn. */
#include <stdlib.h>
#include <string.h>

#include "analysis_internal.h"

/* Board and dead cards valid and distinct: PH_OK, PH_E_CARD or PH_E_DUPLICATE; their mask in *mask. */
int ph_an_check_cards(const uint8_t *board, size_t board_len, const uint8_t *dead, size_t dead_len, uint64_t *mask) {
    uint64_t seen = 0;
    for (size_t i = 0; i < board_len + dead_len; i++) {
        unsigned card = i < board_len ? board[i] : dead[i - board_len];
        if (card >= PH_DECK_SIZE)
            return PH_E_CARD;
        if (seen >> card & 1)
            return PH_E_DUPLICATE;
        seen |= UINT64_C(1) << card;
    }
    *mask = seen;
    return PH_OK;
}

/* Adds one board's counts of pair k to its row. */
static void add_row(const ph_an_board *b, unsigned k, uint64_t *counts, uint64_t *by_category) {
    unsigned wins = b->wins[k], ties = b->ties[k], losses = b->opponents - wins - ties;
    counts[0] += wins;
    counts[1] += ties;
    counts[2] += losses;
    if (!by_category)
        return;
    unsigned own = b->category[k], worse = 0, better = 0;
    for (unsigned c = 0; c < 10; c++) {
        if (c == own)
            continue;
        unsigned free = ph_an_free_in_category(b, k, c);
        if (c > own) {
            by_category[c] += free;
            worse += free;
        } else {
            by_category[20 + c] += free;
            better += free;
        }
    }
    by_category[own] += wins - worse;
    by_category[10 + own] += ties;
    by_category[20 + own] += losses - better;
}

/* Adds one runout's counts to the rows (context: counts, then by_category or NULL); every runout is swept. */
static void add_board(const ph_an_board *b, unsigned orbit, void *context) {
    (void)orbit;
    uint64_t **outputs = context;
    for (unsigned k = 0; k < b->pairs; k++) {
        unsigned row = ph_an_pair_index(b->lo[k], b->hi[k]);
        add_row(b, k, outputs[0] + 3 * (size_t)row, outputs[1] ? outputs[1] + 30 * (size_t)row : NULL);
    }
}

int ph_showdown(const uint8_t *board, size_t board_len, const uint8_t *dead, size_t dead_len, uint8_t *holes,
                uint16_t *values, uint64_t *counts, uint64_t *by_category) {
    if (board_len < 3 || board_len > 5 || dead_len > PH_DECK_SIZE || (board_len && !board) || (dead_len && !dead))
        return PH_E_ARGUMENT;
    uint64_t excluded;
    int status = ph_an_check_cards(board, board_len, dead, dead_len, &excluded);
    if (status != PH_OK)
        return status;
    unsigned live = PH_DECK_SIZE - (unsigned)(board_len + dead_len), missing = 5 - (unsigned)board_len;
    if (live < missing + 4) /* a hole, an opponent and the runout */
        return PH_E_ARGUMENT;
    ph_an_board *b = ph_an_board_new();
    if (!b)
        return PH_E_NOMEM;
    ph_an_board_live(b, excluded);
    unsigned rows = ph_an_choose2(live);
    memset(counts, 0, sizeof *counts * 3 * rows);
    if (by_category)
        memset(by_category, 0, sizeof *by_category * 30 * rows);
    uint64_t key, bits;
    ph_an_cards_key(board, board_len, &key, &bits);
    uint64_t *outputs[2] = {counts, by_category};
    ph_an_each_runout(b, key, bits, missing, 1, NULL, add_board, outputs);
    uint8_t hand[7];
    memcpy(hand + 2, board, board_len);
    for (unsigned j = 1; j < live; j++)
        for (unsigned i = 0; i < j; i++) {
            unsigned row = ph_an_pair_index(i, j);
            hand[0] = b->live[i];
            hand[1] = b->live[j];
            holes[2 * row] = hand[0];
            holes[2 * row + 1] = hand[1];
            values[row] = (uint16_t)ph_evaluate(hand, 2 + board_len);
        }
    free(b);
    return (int)rows;
}
