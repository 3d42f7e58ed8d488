/* The whole Ultimate Texas Hold'em game: every suit-canonical flop once, with its orbit's size.
 *
 * A renaming of suits that keeps the dead cards maps every deal to one with the same outcome, and a flop and
 * hole to an image with the same decisions. So the deals of a flop's whole orbit with the holes of one class
 * (a hole's orbit) add up to the orbit's size times the canonical flop's deals with the same class. The
 * preflop decision needs every flop; it is taken from the class totals afterwards. */
#include <stdlib.h>
#include <string.h>

#include "analysis_internal.h"

#define NO_CLASS 0xffffu

static int check_dead(const uint8_t *dead, size_t dead_len, uint64_t *mask) {
    if (dead_len > PH_DECK_SIZE || (dead_len && !dead))
        return PH_E_ARGUMENT;
    int status = ph_an_check_cards(NULL, 0, dead, dead_len, mask);
    if (status == PH_OK && PH_DECK_SIZE - dead_len < 9) /* two holes and a board */
        return PH_E_ARGUMENT;
    return status;
}

static void classes(const ph_suit_group *group, uint64_t dead_mask, uint16_t class_of[PH_HOLE_PAIRS]) {
    for (unsigned hi = 1; hi < PH_DECK_SIZE; hi++)
        for (unsigned lo = 0; lo < hi; lo++) {
            uint64_t mask = UINT64_C(1) << lo | UINT64_C(1) << hi, representative;
            unsigned pair = ph_an_pair_index(lo, hi);
            if (mask & dead_mask) {
                class_of[pair] = NO_CLASS;
                continue;
            }
            ph_suit_canonical(group, mask, &representative);
            unsigned rep_lo = (unsigned)__builtin_ctzll(representative), rep_hi = 63u - (unsigned)__builtin_clzll(representative);
            class_of[pair] = (uint16_t)ph_an_pair_index(rep_lo, rep_hi);
        }
}

int ph_uth_classes(const uint8_t *dead, size_t dead_len, uint16_t class_of[PH_HOLE_PAIRS]) {
    uint64_t dead_mask;
    int status = check_dead(dead, dead_len, &dead_mask);
    if (status != PH_OK)
        return status;
    if (!class_of)
        return PH_E_ARGUMENT;
    ph_suit_group group;
    ph_suit_group_init(&group, dead_mask);
    classes(&group, dead_mask, class_of);
    return PH_OK;
}

/* Adds one canonical flop, `weight` times, to the class totals. */
static void add_flop(const ph_uth_pays *pays, const ph_an_board *b, const uint32_t *rows, const uint16_t *class_of,
                     uint64_t weight, uint64_t *totals, uint8_t *bet) {
    for (unsigned j = 1; j < b->live_count; j++)
        for (unsigned i = 0; i < j; i++) {
            const uint32_t *row = rows + PH_UTH_FLOP_COUNTS * (size_t)ph_an_pair_index(i, j);
            unsigned pair = ph_an_pair_index(b->live[i], b->live[j]);
            int bets = ph_uth_flop_bets(pays, row);
            if (bet)
                bet[pair] = (uint8_t)bets;
            uint64_t *t = totals + PH_UTH_LINES * (size_t)class_of[pair];
            for (unsigned o = 0; o < PH_UTH_OUTCOMES; o++)
                t[o] += weight * row[o];
            if (bets) {
                for (unsigned o = 0; o < PH_UTH_OUTCOMES; o++)
                    t[PH_UTH_OUTCOMES + o] += weight * row[o];
            } else {
                for (unsigned o = 0; o <= PH_UTH_OUTCOMES; o++) /* playing on the river, then folding */
                    t[2 * PH_UTH_OUTCOMES + o] += weight * row[PH_UTH_OUTCOMES + o];
            }
        }
}

int ph_uth_solve(const ph_uth_rules *rules, const uint8_t *dead, size_t dead_len, uint64_t start, uint64_t count,
                 uint64_t *totals, uint8_t *bet) {
    ph_uth_pays pays;
    uint64_t dead_mask;
    if (!totals || ph_uth_pays_init(&pays, rules))
        return PH_E_ARGUMENT;
    int status = check_dead(dead, dead_len, &dead_mask);
    if (status != PH_OK)
        return status;
    if (start > PH_UTH_FLOPS || count > PH_UTH_FLOPS - start)
        return PH_E_RANK;
    ph_suit_group group;
    ph_suit_group_init(&group, dead_mask);
    uint16_t class_of[PH_HOLE_PAIRS];
    classes(&group, dead_mask, class_of);
    ph_uth_work work;
    if (ph_uth_work_new(&work) != PH_OK)
        return PH_E_NOMEM;
    ph_an_board *b = work.board;
    for (uint64_t rank = start; rank < start + count; rank++) {
        uint8_t flop[3];
        ph_colex_unrank_unchecked(rank, 3, PH_DECK_SIZE, flop);
        uint64_t mask = ph_card_mask(flop, 3), representative;
        if (mask & dead_mask)
            continue;
        unsigned stabiliser = ph_suit_canonical(&group, mask, &representative);
        if (representative != mask)
            continue;
        ph_an_board_live(b, mask | dead_mask);
        ph_uth_flop_rows(&pays, &group, b, flop, work.rows, work.scratch);
        add_flop(&pays, b, work.rows, class_of, group.size / stabiliser, totals,
                 bet ? bet + (rank - start) * PH_HOLE_PAIRS : NULL);
    }
    ph_uth_work_free(&work);
    return PH_OK;
}

int ph_uth_flop_decisions(const uint8_t *dead, size_t dead_len, const uint8_t *bet, const uint8_t *holes,
                          const uint8_t *flops, size_t n, uint8_t *out, size_t *bad_row) {
    uint64_t dead_mask;
    int status = check_dead(dead, dead_len, &dead_mask);
    if (status != PH_OK)
        return status;
    if (n && (!bet || !holes || !flops || !out))
        return PH_E_ARGUMENT;
    ph_suit_group group;
    ph_suit_group_init(&group, dead_mask);
    for (size_t i = 0; i < n; i++) {
        const uint8_t cards[5] = {holes[2 * i], holes[2 * i + 1], flops[3 * i], flops[3 * i + 1], flops[3 * i + 2]};
        uint64_t excluded;
        status = ph_an_check_cards(cards, 5, dead, dead_len, &excluded);
        if (status != PH_OK) {
            if (bad_row)
                *bad_row = i;
            return status;
        }
        uint64_t flop = ph_card_mask(cards + 2, 3), hole = ph_card_mask(cards, 2);
        const uint8_t *perm = group.perm[ph_suit_canonical_perm(&group, flop)];
        uint64_t canonical_flop = ph_suit_permute(flop, perm), canonical_hole = ph_suit_permute(hole, perm);
        uint8_t sorted[3];
        for (unsigned k = 0; k < 3; k++) {
            sorted[k] = (uint8_t)__builtin_ctzll(canonical_flop);
            canonical_flop &= canonical_flop - 1;
        }
        unsigned lo = (unsigned)__builtin_ctzll(canonical_hole), hi = 63u - (unsigned)__builtin_clzll(canonical_hole);
        out[i] = bet[ph_colex_rank_sorted(sorted, 3) * PH_HOLE_PAIRS + ph_an_pair_index(lo, hi)];
    }
    return PH_OK;
}
