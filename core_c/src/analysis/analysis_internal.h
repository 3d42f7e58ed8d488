/* Whole-deal analysis: showdown counts of every hole pair on a board, and what is built on them. Private. */
#ifndef PH_ANALYSIS_INTERNAL_H
#define PH_ANALYSIS_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "pokerhash.h"
#include "../combinatorics/combinatorics_internal.h"

#define PH_AN_MAX_PAIRS 1326 /* C(52, 2) */
#define PH_AN_VALUE_WORDS ((PH_WORST_VALUE + 64) / 64) /* a bit per hand value 0..7462 */
#define PH_AN_HIGH_CARD 9

/* Colex index of the pair lo < hi among the C(n, 2) pairs of 0..n-1. */
static inline unsigned ph_an_pair_index(unsigned lo, unsigned hi) {
    return hi * (hi - 1) / 2 + lo;
}

static inline unsigned ph_an_choose2(unsigned n) {
    return n < 2 ? 0 : n * (n - 1) / 2;
}

/* Board and dead cards valid and distinct: PH_OK, PH_E_CARD or PH_E_DUPLICATE; their mask in *mask. */
int ph_an_check_cards(const uint8_t *board, size_t board_len, const uint8_t *dead, size_t dead_len, uint64_t *mask);

/* ---- one 5-card board (board_showdown.c) ---- */

/* Every hole pair from the live cards (the cards neither on the board nor dead), minus up to two live
 * positions set aside (the runout cards when `live` includes them), valued on one board and swept once in
 * value order. For each pair: its value, category, and the opponent pairs among the same cards that it beats
 * and ties (loss = opponents - wins - ties). Card counts per category give every split by the opponent's
 * category through inclusion-exclusion. */
typedef struct ph_an_board {
    unsigned live_count;            /* n <= 52 */
    uint8_t live[52];               /* ascending card ids */
    uint64_t key[52], bits[52];     /* each live card's evaluator key and suit-major bit */
    /* per board, valid after ph_an_board_sweep: */
    unsigned pairs;                 /* pairs valued: C(n - set aside, 2) */
    unsigned opponents;             /* opponent pairs of each: C(n - set aside - 2, 2) */
    uint8_t lo[PH_AN_MAX_PAIRS], hi[PH_AN_MAX_PAIRS]; /* live positions of each valued pair, lo < hi */
    uint16_t value[PH_AN_MAX_PAIRS];
    uint8_t category[PH_AN_MAX_PAIRS];
    uint16_t wins[PH_AN_MAX_PAIRS], ties[PH_AN_MAX_PAIRS];
    uint16_t category_total[10];    /* valued pairs per category */
    uint16_t category_card[52][10]; /* valued pairs per live position and category */
    /* scratch; value_count and occupied are all zero between boards (zeroed allocation, restored by each sweep) */
    uint16_t sorted[PH_AN_MAX_PAIRS];                            /* pairs by value */
    uint16_t group_value[PH_AN_MAX_PAIRS], group_start[PH_AN_MAX_PAIRS + 1];
    uint16_t value_count[PH_WORST_VALUE + 1];
    uint64_t occupied[PH_AN_VALUE_WORDS];
    uint16_t seen[52];
    uint16_t first_value[10];                                    /* each category's best value */
} ph_an_board;

/* Sets the live cards: every card outside `excluded` (board and dead). */
void ph_an_board_live(ph_an_board *b, uint64_t excluded);

/* The best (smallest) value of a category 0..9. */
unsigned ph_an_first_value(unsigned category);

/* Allocates a board with its counters at zero (NULL when out of memory; free() it). */
ph_an_board *ph_an_board_new(void);

/* Values and sweeps every pair of live positions other than aside_a and aside_b (live_count or more: none)
 * on the 5-card board whose evaluator key sum (with PH_SUIT_BIAS) and bits are given. Card counts per category
 * for every category, or (all_categories 0) for high cards only. */
void ph_an_board_sweep(ph_an_board *b, uint64_t board_key, uint64_t board_bits, unsigned aside_a, unsigned aside_b,
                       int all_categories);

/* Opponents of category `category` free of pair k's cards. */
static inline unsigned ph_an_free_in_category(const ph_an_board *b, unsigned k, unsigned category) {
    unsigned free = (unsigned)b->category_total[category] - b->category_card[b->lo[k]][category] -
                    b->category_card[b->hi[k]][category];
    return free + (b->category[k] == category); /* the pair itself was taken away twice */
}

/* The evaluator's key sum (with the suit bias) and bits of some cards. */
void ph_an_cards_key(const uint8_t *cards, size_t n, uint64_t *key, uint64_t *bits);

/* ---- runouts to the river (runouts.c) ---- */

/* The renamings of suits that keep a board (and the dead cards) in place, S, map a runout to one with the same
 * outcomes for the renamed holes. So each orbit of runouts can be swept once, through its smallest member R,
 * its results going, times the orbit's size, to the pairs as they are: W[h] = sum over orbits of |orbit| x
 * result(R, h). A pair's total over every runout is then the mean of W over its images, (1/|S|) sum over s in
 * S of W[s(h)]: every runout of an orbit is s(R) for |S|/|orbit| renamings s, and result(s(R), h) =
 * result(R, s^-1(h)). */
typedef struct ph_an_symmetry {
    unsigned size;                 /* |S|: 1..24, the identity first */
    const uint8_t *perm[24];       /* into the group it was made from */
    uint8_t position[24][52];      /* live position of the renamed card at each live position */
} ph_an_symmetry;

/* S: the members of `group` (which must outlive sym) that keep the board's cards `board` in place. */
void ph_an_symmetry_init(ph_an_symmetry *sym, const ph_suit_group *group, const ph_an_board *b, uint64_t board);

/* The size of a runout's orbit under S, or 0 when the runout is not the smallest of its orbit. */
unsigned ph_an_runout_orbit(const ph_an_symmetry *sym, uint64_t runout);

/* The row of the image under renaming s of the live pair at positions i and j. */
static inline unsigned ph_an_image_row(const ph_an_symmetry *sym, unsigned s, unsigned i, unsigned j) {
    unsigned a = sym->position[s][i], z = sym->position[s][j];
    return a < z ? ph_an_pair_index(a, z) : ph_an_pair_index(z, a);
}

/* Sweeps every runout of a board of 5 - missing cards (key and bits as for ph_an_board_sweep; missing 0..2;
 * the runout cards drawn from b's live cards, which the pairs then avoid) and calls visit(b, orbit, context)
 * after each: with sym NULL every runout, orbit 1; else the smallest of each orbit under sym, with its size. */
void ph_an_each_runout(ph_an_board *b, uint64_t board_key, uint64_t board_bits, unsigned missing, int all_categories,
                       const ph_an_symmetry *sym, void (*visit)(const ph_an_board *b, unsigned orbit, void *context),
                       void *context);

/* ---- hand strength (strength_*.c) ---- */

/* A pair's score on a final board: 2 per opponent pair beaten, 1 per tie, out of 2 x opponents. */
static inline unsigned ph_an_score(const ph_an_board *b, unsigned k) {
    return 2u * b->wins[k] + b->ties[k];
}

/* Each score's bin among `bins` (1..PH_STRENGTH_MAX_BINS) equal bins of [0, 1980]: min(bins - 1,
 * floor(bins * score / 1980)), so the top score falls in the last bin. A table: a division per pair and
 * runout would cost as much as the sweep. */
void ph_strength_bins(unsigned bins, uint16_t bin_of[PH_STRENGTH_FULL_SCORE + 1]);

/* One board's hand strengths: every live pair's scores summed over every runout to the river, their squares
 * and (bins > 0) their histogram. Rows are the live pairs, row hi*(hi-1)/2 + lo of live positions. Runouts
 * are swept once per orbit under the board's renamings, their results weighted, then symmetrised. */
typedef struct ph_strength_work {
    ph_an_board *board;
    unsigned bins;
    uint16_t bin_of[PH_STRENGTH_FULL_SCORE + 1]; /* ph_strength_bins; the full deck's 990 opponents */
    ph_suit_group renamings;            /* all 24 */
    /* rows (heap: a wasm stack is 64 KB) */
    uint32_t *sum;
    uint64_t *square;
    uint16_t *histogram;                /* rows x bins (NULL without bins); a flop has 1,081 runouts */
    /* orbit-weighted rows before symmetrising (at most 24 x the totals: 4-card boards of one rank) */
    uint32_t *weighted_sum;
    uint64_t *weighted_square;
    uint16_t *weighted_histogram;
} ph_strength_work;

/* PH_OK or PH_E_NOMEM (nothing to free then). */
int ph_strength_work_new(ph_strength_work *work, unsigned bins);
void ph_strength_work_free(ph_strength_work *work);

/* Fills the work's rows for a board of 3, 4 or 5 distinct cards (the live cards: the rest of the deck). */
void ph_strength_board(ph_strength_work *work, const uint8_t *board, unsigned board_len);

/* ---- Ultimate Texas Hold'em (uth_*.c) ---- */

/* The payoff of every outcome for each play size, from ph_uth_payoff: pay[play][outcome]. */
typedef struct ph_uth_pays {
    int64_t pay[5][PH_UTH_OUTCOMES];
    int64_t fold; /* Ante and Blind lost */
} ph_uth_pays;

/* PH_OK or PH_E_ARGUMENT (rules NULL or outside their documented ranges). */
int ph_uth_pays_init(ph_uth_pays *pays, const ph_uth_rules *rules);

/* A line's result: its outcome counts times their payoffs. */
static inline int64_t ph_uth_line_value(const ph_uth_pays *pays, unsigned play, const uint32_t *outcomes) {
    int64_t sum = 0;
    for (unsigned o = 0; o < PH_UTH_OUTCOMES; o++)
        sum += pays->pay[play][o] * (int64_t)outcomes[o];
    return sum;
}

/* Whether betting 2x on the flop beats checking, from a pair's PH_UTH_FLOP_COUNTS counts. */
static inline int ph_uth_flop_bets(const ph_uth_pays *pays, const uint32_t *counts) {
    int64_t bet = ph_uth_line_value(pays, 2, counts);
    int64_t check = ph_uth_line_value(pays, 1, counts + PH_UTH_OUTCOMES) +
                    pays->fold * (int64_t)counts[2 * PH_UTH_OUTCOMES];
    return bet > check;
}

/* A flop's workspace: the board and the rows of counts with their scratch (ph_uth_flop_rows). */
typedef struct ph_uth_work {
    ph_an_board *board;
    uint32_t *rows, *scratch;
} ph_uth_work;

/* PH_OK or PH_E_NOMEM (nothing to free then). */
int ph_uth_work_new(ph_uth_work *work);
void ph_uth_work_free(ph_uth_work *work);

/* One flop's counts by live-pair row (b's live cards: all but the flop and the dead; C(live, 2) rows of
 * PH_UTH_FLOP_COUNTS, set here; scratch as large); group: the renamings that keep the dead cards. */
void ph_uth_flop_rows(const ph_uth_pays *pays, const ph_suit_group *group, ph_an_board *b, const uint8_t flop[3],
                      uint32_t *counts, uint32_t *scratch);

#endif
