/* Hand strength on one board: every live hole pair's score against every opponent pair on each runout to the
 * river, from the one sorted sweep per runout of board_showdown.c. A score counts 2 per opponent beaten and 1
 * per tie, so HS = score / (2 x opponents) is exact, and the sums of scores and of their squares are exact
 * integers: identical however the boards are split among workers. */
#include <stdlib.h>
#include <string.h>

#include "analysis_internal.h"

void ph_strength_bins(unsigned bins, uint16_t bin_of[PH_STRENGTH_FULL_SCORE + 1]) {
    for (unsigned score = 0; score <= PH_STRENGTH_FULL_SCORE; score++) {
        unsigned bin = score * bins / PH_STRENGTH_FULL_SCORE;
        bin_of[score] = (uint16_t)(bin < bins ? bin : bins - 1);
    }
}

int ph_strength_work_new(ph_strength_work *work, unsigned bins) {
    work->bins = bins;
    if (bins)
        ph_strength_bins(bins, work->bin_of);
    ph_suit_group_init(&work->renamings, 0);
    work->board = ph_an_board_new();
    /* one block: the 64-bit rows first, then the 32-bit, then the 16-bit */
    size_t rows = PH_AN_MAX_PAIRS, histogram = (size_t)bins * rows;
    uint64_t *block = malloc(2 * rows * (sizeof(uint64_t) + sizeof(uint32_t)) + 2 * histogram * sizeof(uint16_t));
    work->square = block;
    work->weighted_square = block ? block + rows : NULL;
    work->sum = block ? (uint32_t *)(block + 2 * rows) : NULL;
    work->weighted_sum = block ? work->sum + rows : NULL;
    work->histogram = bins && block ? (uint16_t *)(work->weighted_sum + rows) : NULL;
    work->weighted_histogram = work->histogram ? work->histogram + histogram : NULL;
    if (work->board && block)
        return PH_OK;
    ph_strength_work_free(work);
    return PH_E_NOMEM;
}

void ph_strength_work_free(ph_strength_work *work) {
    free(work->board);
    free(work->square); /* the block */
    work->board = NULL;
    work->square = work->weighted_square = NULL;
    work->sum = work->weighted_sum = NULL;
    work->histogram = work->weighted_histogram = NULL;
}

/* Where one board's runouts add up: the work's rows, or its weighted rows when they are symmetrised after. */
typedef struct rows {
    uint32_t *sum;
    uint64_t *square;
    uint16_t *histogram;
    unsigned bins;
    const uint16_t *bin_of;
} rows;

static void add_runout(const ph_an_board *b, unsigned orbit, void *context) {
    const rows *into = context;
    unsigned bins = into->bins;
    for (unsigned k = 0; k < b->pairs; k++) {
        unsigned score = ph_an_score(b, k), row = ph_an_pair_index(b->lo[k], b->hi[k]);
        into->sum[row] += orbit * score;
        into->square[row] += (uint64_t)orbit * score * score;
        if (bins)
            into->histogram[(size_t)row * bins + into->bin_of[score]] += (uint16_t)orbit;
    }
}

/* Each row's total: the mean of the weighted rows of its images (analysis_internal.h: runouts). */
static void symmetrise(ph_strength_work *work, const ph_an_symmetry *sym) {
    unsigned bins = work->bins, n = work->board->live_count;
    uint32_t histogram[PH_STRENGTH_MAX_BINS];
    for (unsigned j = 1; j < n; j++)
        for (unsigned i = 0; i < j; i++) {
            unsigned row = ph_an_pair_index(i, j);
            uint64_t sum = 0, square = 0;
            memset(histogram, 0, sizeof *histogram * bins);
            for (unsigned s = 0; s < sym->size; s++) {
                unsigned image = ph_an_image_row(sym, s, i, j);
                sum += work->weighted_sum[image];
                square += work->weighted_square[image];
                for (unsigned bin = 0; bin < bins; bin++)
                    histogram[bin] += work->weighted_histogram[(size_t)image * bins + bin];
            }
            work->sum[row] = (uint32_t)(sum / sym->size);
            work->square[row] = square / sym->size;
            for (unsigned bin = 0; bin < bins; bin++)
                work->histogram[(size_t)row * bins + bin] = (uint16_t)(histogram[bin] / sym->size);
        }
}

void ph_strength_board(ph_strength_work *work, const uint8_t *board, unsigned board_len) {
    ph_an_board *b = work->board;
    uint64_t key, bits;
    ph_an_cards_key(board, board_len, &key, &bits);
    uint64_t mask = ph_card_mask(board, board_len);
    ph_an_board_live(b, mask);
    ph_an_symmetry sym;
    ph_an_symmetry_init(&sym, &work->renamings, b, mask);
    int weighted = sym.size > 1 && board_len < 5;
    unsigned count = ph_an_choose2(b->live_count), bins = work->bins;
    rows into = {weighted ? work->weighted_sum : work->sum, weighted ? work->weighted_square : work->square,
                 weighted ? work->weighted_histogram : work->histogram, bins, work->bin_of};
    memset(into.sum, 0, sizeof *into.sum * count); /* symmetrise() sets the rows themselves */
    memset(into.square, 0, sizeof *into.square * count);
    if (bins)
        memset(into.histogram, 0, sizeof *into.histogram * bins * count);
    ph_an_each_runout(b, key, bits, 5 - board_len, 0, weighted ? &sym : NULL, add_runout, &into);
    if (weighted)
        symmetrise(work, &sym);
}
