/* The hand-strength tables: each canonical board of a street is swept once per runout (strength_board.c),
 * and every live hole pair's result goes to the index of [hole, board]. Every hand (hole, board) is a suit
 * renaming of (hole', canonical board) with hole' live there, so the rows of all canonical boards cover every
 * canonical hand, and rows of one hand agree (strength does not see suits' names). Before the flop, a hole
 * class's total over all boards is the sum over canonical boards B of |orbit(B)| x its pairs' results on B. */
#include <stdlib.h>
#include <string.h>

#include "../common/tables.h"
#include "analysis_internal.h"

/* The indexers the tables are keyed by, built once. */
typedef struct strength_indexers {
    ph_indexer *boards[6];             /* {n} for n = 3, 4, 5: the work units */
    ph_indexer *hands[6];              /* {2, n}: the table keys */
    ph_indexer *holes;                 /* {2}: the preflop classes */
    uint8_t hole_class[PH_HOLE_PAIRS]; /* by the pair's colex index over card ids */
} strength_indexers;

static _Atomic(void *) published;

static void discard_indexers(void *table) {
    strength_indexers *x = table;
    for (unsigned n = 3; n <= 5; n++) {
        ph_indexer_free(x->boards[n]);
        ph_indexer_free(x->hands[n]);
    }
    ph_indexer_free(x->holes);
    free(x);
}

static void *build_indexers(void) {
    strength_indexers *x = calloc(1, sizeof *x);
    if (!x)
        return NULL;
    int status = ph_indexer_new((const uint8_t[]){2}, 1, &x->holes);
    for (unsigned n = 3; n <= 5 && status == PH_OK; n++) {
        status = ph_indexer_new((const uint8_t[]){(uint8_t)n}, 1, &x->boards[n]);
        if (status == PH_OK)
            status = ph_indexer_new((const uint8_t[]){2, (uint8_t)n}, 2, &x->hands[n]);
    }
    if (status != PH_OK) {
        discard_indexers(x);
        return NULL;
    }
    for (unsigned hi = 1; hi < PH_DECK_SIZE; hi++)
        for (unsigned lo = 0; lo < hi; lo++) {
            const uint8_t hole[2] = {(uint8_t)lo, (uint8_t)hi};
            x->hole_class[ph_an_pair_index(lo, hi)] = (uint8_t)ph_indexer_index_unchecked(x->holes, hole, 1);
        }
    return x;
}

static const strength_indexers *indexers(void) {
    return ph_lazy_table(&published, build_indexers, discard_indexers);
}

/* PH_OK with the indexers when [start, start + count) lies inside the units of boards of n cards. */
static int unit_range(unsigned n, uint64_t start, uint64_t count, const strength_indexers **out) {
    const strength_indexers *x = indexers();
    if (!x)
        return PH_E_NOMEM;
    uint64_t units = ph_indexer_size(x->boards[n], 0);
    if (start > units || count > units - start)
        return PH_E_RANK;
    *out = x;
    return PH_OK;
}

int ph_strength_units(unsigned board_cards, uint64_t *units) {
    if (!units || !(board_cards == 0 || (board_cards >= 3 && board_cards <= 5)))
        return PH_E_ARGUMENT;
    const strength_indexers *x = indexers();
    if (!x)
        return PH_E_NOMEM;
    *units = ph_indexer_size(x->boards[board_cards ? board_cards : 5], 0);
    return PH_OK;
}

int ph_strength_rows(unsigned board_cards, unsigned bins, uint64_t start, uint64_t count, uint64_t *index,
                     uint32_t *sum, uint64_t *square, uint16_t *histogram) {
    if (board_cards < 3 || board_cards > 5 || bins > PH_STRENGTH_MAX_BINS || (histogram && !bins) ||
        (count && (!index || !sum)))
        return PH_E_ARGUMENT;
    const strength_indexers *x;
    int status = unit_range(board_cards, start, count, &x);
    if (status != PH_OK || !count)
        return status;
    ph_strength_work work;
    if (ph_strength_work_new(&work, histogram ? bins : 0) != PH_OK)
        return PH_E_NOMEM;
    const ph_an_board *b = work.board;
    uint8_t hand[7]; /* hole, then board */
    size_t out = 0;
    for (uint64_t unit = start; unit < start + count; unit++) {
        ph_indexer_unindex(x->boards[board_cards], 0, unit, hand + 2);
        ph_strength_board(&work, hand + 2, board_cards);
        for (unsigned j = 1; j < b->live_count; j++)
            for (unsigned i = 0; i < j; i++, out++) {
                unsigned row = ph_an_pair_index(i, j);
                hand[0] = b->live[i];
                hand[1] = b->live[j];
                index[out] = ph_indexer_index_unchecked(x->hands[board_cards], hand, 2);
                sum[out] = work.sum[row];
                if (square)
                    square[out] = work.square[row];
                if (histogram)
                    memcpy(histogram + out * bins, work.histogram + (size_t)row * bins, sizeof *histogram * bins);
            }
    }
    ph_strength_work_free(&work);
    return PH_OK;
}

int ph_strength_preflop(unsigned bins, uint64_t start, uint64_t count, uint64_t sum[PH_STRENGTH_CLASSES],
                        uint64_t *square, uint64_t *histogram) {
    if (bins > PH_STRENGTH_MAX_BINS || (histogram && !bins) || (count && !sum))
        return PH_E_ARGUMENT;
    const strength_indexers *x;
    int status = unit_range(5, start, count, &x);
    if (status != PH_OK || !count)
        return status;
    ph_strength_work work;
    if (ph_strength_work_new(&work, 0) != PH_OK)
        return PH_E_NOMEM;
    const ph_an_board *b = work.board;
    ph_suit_group renamings;
    ph_suit_group_init(&renamings, 0);
    uint16_t bin_of[PH_STRENGTH_FULL_SCORE + 1];
    if (histogram)
        ph_strength_bins(bins, bin_of);
    uint8_t board[5];
    for (uint64_t unit = start; unit < start + count; unit++) {
        ph_indexer_unindex(x->boards[5], 0, unit, board);
        uint64_t representative;
        uint64_t orbit = renamings.size / ph_suit_canonical(&renamings, ph_card_mask(board, 5), &representative);
        ph_strength_board(&work, board, 5);
        for (unsigned j = 1; j < b->live_count; j++)
            for (unsigned i = 0; i < j; i++) {
                unsigned score = work.sum[ph_an_pair_index(i, j)];
                unsigned hole = x->hole_class[ph_an_pair_index(b->live[i], b->live[j])];
                sum[hole] += orbit * score;
                if (square)
                    square[hole] += orbit * score * score;
                if (histogram)
                    histogram[(size_t)hole * bins + bin_of[score]] += orbit;
            }
    }
    ph_strength_work_free(&work);
    return PH_OK;
}

int ph_strength_hand(const uint8_t hole[2], const uint8_t *board, size_t board_len, unsigned bins, uint64_t sums[2],
                     uint32_t *histogram) {
    if (!hole || !board || !sums || board_len < 3 || board_len > 5 || bins > PH_STRENGTH_MAX_BINS ||
        (histogram && !bins))
        return PH_E_ARGUMENT;
    uint64_t known;
    int status = ph_an_check_cards(board, board_len, hole, 2, &known);
    if (status != PH_OK)
        return status;
    ph_strength_work work;
    if (ph_strength_work_new(&work, histogram ? bins : 0) != PH_OK)
        return PH_E_NOMEM;
    ph_strength_board(&work, board, (unsigned)board_len);
    const ph_an_board *b = work.board;
    unsigned at[2], found = 0; /* the hole's live positions, ascending */
    for (unsigned i = 0; i < b->live_count; i++)
        if (b->live[i] == hole[0] || b->live[i] == hole[1])
            at[found++] = i;
    unsigned row = ph_an_pair_index(at[0], at[1]);
    sums[0] = work.sum[row];
    sums[1] = work.square[row];
    if (histogram)
        for (unsigned bin = 0; bin < bins; bin++)
            histogram[bin] = work.histogram[(size_t)row * bins + bin];
    ph_strength_work_free(&work);
    unsigned after = PH_DECK_SIZE - 2 - (unsigned)board_len; /* cards the runout comes from */
    return board_len == 5 ? 1 : board_len == 4 ? (int)after : (int)ph_an_choose2(after);
}
