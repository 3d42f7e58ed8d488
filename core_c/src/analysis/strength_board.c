/* Hand strength on one board: every live hole pair's score against every opponent pair on each runout to the
 * river, from the one sorted sweep per runout of board_showdown.c. A score counts 2 per opponent beaten and 1
 * per tie, so HS = score / (2 x opponents) is exact, and the sums of scores and of their squares are exact
 * integers: identical however the boards are split among workers. */
#include <stdlib.h>
#include <string.h>

#include "analysis_internal.h"

int ph_strength_work_new(ph_strength_work *work, unsigned bins) {
    work->bins = bins;
    work->full = 0;
    work->board = ph_an_board_new();
    work->histogram = bins ? malloc(sizeof *work->histogram * bins * PH_AN_MAX_PAIRS) : NULL;
    if (work->board && (work->histogram || !bins))
        return PH_OK;
    ph_strength_work_free(work);
    return PH_E_NOMEM;
}

void ph_strength_work_free(ph_strength_work *work) {
    free(work->board);
    free(work->histogram);
    work->board = NULL;
    work->histogram = NULL;
}

static void add_runout(const ph_an_board *b, void *context) {
    ph_strength_work *work = context;
    unsigned bins = work->bins, full = 2 * b->opponents;
    work->full = full;
    for (unsigned k = 0; k < b->pairs; k++) {
        unsigned score = ph_an_score(b, k), row = ph_an_pair_index(b->lo[k], b->hi[k]);
        work->sum[row] += score;
        work->square[row] += (uint64_t)score * score;
        if (bins)
            work->histogram[(size_t)row * bins + ph_strength_bin(score, full, bins)]++;
    }
}

void ph_strength_board(ph_strength_work *work, const uint8_t *board, unsigned board_len) {
    ph_an_board *b = work->board;
    uint64_t key, bits;
    ph_an_cards_key(board, board_len, &key, &bits);
    ph_an_board_live(b, ph_card_mask(board, board_len));
    unsigned rows = ph_an_choose2(b->live_count);
    memset(work->sum, 0, sizeof *work->sum * rows);
    memset(work->square, 0, sizeof *work->square * rows);
    if (work->bins)
        memset(work->histogram, 0, sizeof *work->histogram * work->bins * rows);
    ph_an_each_runout(b, key, bits, 5 - board_len, 0, add_runout, work);
}
