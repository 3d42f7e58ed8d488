/* One flop of Ultimate Texas Hold'em: every hole pair's outcomes over every turn+river and dealer hole, by
 * line. A runout's board is swept once for all pairs; the dealer qualifies unless his hand is a high card, so
 * the high-card opponents of a pair (counted per card) split its wins and losses by qualification. */
#include <stdlib.h>
#include <string.h>

#include "analysis_internal.h"

#define HIGH_CARD PH_AN_HIGH_CARD

/* counts[h] = (1/|S|) sum over s of weighted[s(h)], for every live pair h (analysis_internal.h: runouts). */
static void symmetrise(const ph_an_symmetry *sym, unsigned n, const uint32_t *weighted, uint32_t *counts) {
    for (unsigned j = 1; j < n; j++)
        for (unsigned i = 0; i < j; i++) {
            uint32_t *c = counts + PH_UTH_FLOP_COUNTS * (size_t)ph_an_pair_index(i, j);
            uint64_t sum[PH_UTH_FLOP_COUNTS] = {0};
            for (unsigned s = 0; s < sym->size; s++) {
                const uint32_t *w = weighted + PH_UTH_FLOP_COUNTS * (size_t)ph_an_image_row(sym, s, i, j);
                for (unsigned o = 0; o < PH_UTH_FLOP_COUNTS; o++)
                    sum[o] += w[o];
            }
            for (unsigned o = 0; o < PH_UTH_FLOP_COUNTS; o++)
                c[o] = (uint32_t)(sum[o] / sym->size);
        }
}

/* One runout's outcomes, times its orbit, added to the rows of the live pairs. */
typedef struct flop_runouts {
    const ph_uth_pays *pays;
    uint32_t *weighted;
} flop_runouts;

static void add_runout(const ph_an_board *b, unsigned orbit, void *context) {
    const flop_runouts *f = context;
    const ph_uth_pays *pays = f->pays;
    const int64_t *pay = pays->pay[1];
    unsigned opponents = b->opponents, high_total = b->category_total[HIGH_CARD];
    int64_t fold = pays->fold * (int64_t)opponents;
    for (unsigned k = 0; k < b->pairs; k++) {
        unsigned category = b->category[k], wins = b->wins[k], ties = b->ties[k], lo = b->lo[k], hi = b->hi[k];
        /* high-card opponents free of the pair: the dealer hands that do not qualify */
        unsigned high = high_total - b->category_card[lo][HIGH_CARD] - b->category_card[hi][HIGH_CARD];
        unsigned wins_unqualified, losses_unqualified;
        if (category == HIGH_CARD) { /* it beats and ties high cards only; the pair was taken twice */
            wins_unqualified = wins;
            losses_unqualified = high + 1 - wins - ties;
        } else {
            wins_unqualified = high;
            losses_unqualified = 0;
        }
        unsigned wins_qualified = wins - wins_unqualified;
        unsigned losses_qualified = opponents - wins - ties - losses_unqualified;
        int64_t play = pay[category] * wins_qualified + pay[10 + category] * wins_unqualified +
                       pay[21] * losses_qualified + pay[22] * losses_unqualified;
        uint32_t *c = f->weighted + PH_UTH_FLOP_COUNTS * (size_t)ph_an_pair_index(lo, hi);
        c[category] += orbit * wins_qualified;
        c[10 + category] += orbit * wins_unqualified;
        c[20] += orbit * ties;
        c[21] += orbit * losses_qualified;
        c[22] += orbit * losses_unqualified;
        if (play <= fold) { /* the folded outcomes for now; the played ones are the rest */
            c += PH_UTH_OUTCOMES;
            c[category] += orbit * wins_qualified;
            c[10 + category] += orbit * wins_unqualified;
            c[20] += orbit * ties;
            c[21] += orbit * losses_qualified;
            c[22] += orbit * losses_unqualified;
            c[PH_UTH_OUTCOMES] += orbit * opponents;
        }
    }
}

void ph_uth_flop_rows(const ph_uth_pays *pays, const ph_suit_group *group, ph_an_board *b, const uint8_t flop[3],
                      uint32_t *counts, uint32_t *scratch) {
    unsigned n = b->live_count, rows = ph_an_choose2(n);
    uint64_t flop_key, flop_bits;
    ph_an_cards_key(flop, 3, &flop_key, &flop_bits);
    ph_an_symmetry sym;
    ph_an_symmetry_init(&sym, group, b, ph_card_mask(flop, 3));
    flop_runouts f = {pays, sym.size > 1 ? scratch : counts};
    memset(f.weighted, 0, sizeof *f.weighted * PH_UTH_FLOP_COUNTS * rows);
    ph_an_each_runout(b, flop_key, flop_bits, 2, 0, &sym, add_runout, &f);
    if (sym.size > 1)
        symmetrise(&sym, n, f.weighted, counts);
    for (unsigned row = 0; row < rows; row++) {
        uint32_t *c = counts + PH_UTH_FLOP_COUNTS * (size_t)row;
        for (unsigned o = 0; o < PH_UTH_OUTCOMES; o++)
            c[PH_UTH_OUTCOMES + o] = c[o] - c[PH_UTH_OUTCOMES + o];
    }
}

int ph_uth_flop(const ph_uth_rules *rules, const uint8_t flop[3], const uint8_t *dead, size_t dead_len,
                uint32_t *counts, uint8_t *bet) {
    ph_uth_pays pays;
    uint64_t excluded;
    if (!flop || !counts || dead_len > PH_DECK_SIZE || (dead_len && !dead) || ph_uth_pays_init(&pays, rules))
        return PH_E_ARGUMENT;
    int status = ph_an_check_cards(flop, 3, dead, dead_len, &excluded);
    if (status != PH_OK)
        return status;
    if (PH_DECK_SIZE - 3 - dead_len < 6) /* hole, dealer, turn and river */
        return PH_E_ARGUMENT;
    ph_uth_work work;
    if (ph_uth_work_new(&work) != PH_OK)
        return PH_E_NOMEM;
    ph_an_board *b = work.board;
    const uint32_t *rows = work.rows;
    ph_suit_group group;
    ph_suit_group_init(&group, ph_card_mask(dead, dead_len));
    ph_an_board_live(b, excluded);
    ph_uth_flop_rows(&pays, &group, b, flop, work.rows, work.scratch);
    memset(counts, 0, sizeof *counts * PH_UTH_FLOP_COUNTS * PH_HOLE_PAIRS);
    if (bet)
        memset(bet, 0, PH_HOLE_PAIRS);
    for (unsigned j = 1; j < b->live_count; j++)
        for (unsigned i = 0; i < j; i++) {
            const uint32_t *row = rows + PH_UTH_FLOP_COUNTS * (size_t)ph_an_pair_index(i, j);
            unsigned pair = ph_an_pair_index(b->live[i], b->live[j]);
            memcpy(counts + PH_UTH_FLOP_COUNTS * (size_t)pair, row, sizeof *row * PH_UTH_FLOP_COUNTS);
            if (bet)
                bet[pair] = (uint8_t)ph_uth_flop_bets(&pays, row);
        }
    ph_uth_work_free(&work);
    return PH_OK;
}

int ph_uth_work_new(ph_uth_work *work) {
    work->board = ph_an_board_new();
    work->rows = malloc(sizeof *work->rows * 2 * PH_UTH_FLOP_COUNTS * PH_HOLE_PAIRS);
    work->scratch = work->rows ? work->rows + PH_UTH_FLOP_COUNTS * PH_HOLE_PAIRS : NULL;
    if (work->board && work->rows)
        return PH_OK;
    ph_uth_work_free(work);
    return PH_E_NOMEM;
}

void ph_uth_work_free(ph_uth_work *work) {
    free(work->board);
    free(work->rows);
    work->board = NULL;
    work->rows = work->scratch = NULL;
}
