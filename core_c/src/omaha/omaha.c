/* Omaha high: exactly two hole cards and three board cards.
 *
 * The plain (non-flush) part depends only on ranks: a 1.7 MB table gives, for every 4-card hole rank
 * multiset (1820) and board rank triple (455), the best plain value of two hole ranks with the triple.
 * A hand is then one table row per 4-card hole subset (one for four cards; three for five or six, chosen
 * so their pairs cover all the hole's pairs) scanned at the board's 1, 4 or 10 triples. Flushes need two
 * hole and three board cards of one suit; they are rare and enumerated directly. A flush beats every
 * plain hand it can lose to only when it is better, so the answer is the smaller of the two. */
#include <stdlib.h>

#include "pokerhash.h"
#include "../common/tables.h"
#include "omaha_internal.h"


/* Sorts up to 6 small values ascending (insertion sort: the lists are tiny). */
static void sort_small(uint8_t *v, size_t n) {
    for (size_t i = 1; i < n; i++) {
        uint8_t x = v[i];
        size_t j = i;
        for (; j > 0 && v[j - 1] > x; j--)
            v[j] = v[j - 1];
        v[j] = x;
    }
}

static uint16_t *build_rank_table(void) {
    uint16_t *best = malloc((size_t)PH_OMAHA_QUADS * PH_OMAHA_TRIPLES * sizeof *best);
    if (!best)
        return NULL;
    /* Walk the sorted multisets in the order of their indices: a <= b <= c <= d. */
    unsigned quad = 0;
    for (unsigned d = 0; d < 13; d++)
        for (unsigned c = 0; c <= d; c++)
            for (unsigned b = 0; b <= c; b++)
                for (unsigned a = 0; a <= b; a++, quad++) {
                    const unsigned hole[4] = {a, b, c, d};
                    uint16_t *row = best + (size_t)quad * PH_OMAHA_TRIPLES;
                    for (unsigned z = 0; z < 13; z++)
                        for (unsigned y = 0; y <= z; y++)
                            for (unsigned x = 0; x <= y; x++) {
                                unsigned value = PH_NO_VALUE;
                                for (unsigned i = 0; i < 4; i++)
                                    for (unsigned j = i + 1; j < 4; j++) {
                                        uint8_t count[13] = {0};
                                        count[hole[i]]++, count[hole[j]]++, count[x]++, count[y]++, count[z]++;
                                        if (count[hole[i]] > 4 || count[hole[j]] > 4 || count[x] > 4)
                                            continue; /* five of a rank: no real hand */
                                        unsigned v = ph_plain_value(ph_rank_key(hole[i]) + ph_rank_key(hole[j]) +
                                                                    ph_rank_key(x) + ph_rank_key(y) + ph_rank_key(z), 5);
                                        if (v < value)
                                            value = v;
                                    }
                                row[ph_omaha_triple_index(x, y, z)] = (uint16_t)value;
                            }
                }
    return best;
}

static _Atomic(void *) rank_table;

static void *build_rank_table_any(void) {
    return build_rank_table();
}

const uint16_t *ph_omaha_rank_table(void) {
    return ph_lazy_table(&rank_table, build_rank_table_any, free);
}

static uint32_t quad_row(const uint8_t *sorted4) {
    unsigned a = sorted4[0], b = sorted4[1], c = sorted4[2], d = sorted4[3];
    /* colex rank of the set {a, b+1, c+2, d+3} among the 4-subsets of 0..15 */
    unsigned index = a + (b + 1) * b / 2 + (c + 2) * (c + 1) * c / 6 + (d + 3) * (d + 2) * (d + 1) * d / 24;
    return (uint32_t)index * PH_OMAHA_TRIPLES;
}

unsigned ph_omaha_hole_rows(const uint8_t *ranks, size_t hole_len, uint32_t rows[PH_OMAHA_MAX_ROWS]) {
    /* Subsets by position: with five cards any three distinct 4-subsets cover every pair (a pair is
     * missed only by a subset leaving out one of its two cards); with six, {0123}, {0145}, {2345}. */
    static const uint8_t five[3][4] = {{1, 2, 3, 4}, {0, 2, 3, 4}, {0, 1, 3, 4}};
    static const uint8_t six[3][4] = {{0, 1, 2, 3}, {0, 1, 4, 5}, {2, 3, 4, 5}};
    uint8_t sorted[6];
    if (hole_len == 4) {
        for (unsigned i = 0; i < 4; i++)
            sorted[i] = ranks[i];
        sort_small(sorted, 4);
        rows[0] = quad_row(sorted);
        return 1;
    }
    const uint8_t(*pick)[4] = hole_len == 5 ? five : six;
    for (unsigned r = 0; r < 3; r++) {
        uint8_t sub[4];
        for (unsigned i = 0; i < 4; i++)
            sub[i] = ranks[pick[r][i]];
        sort_small(sub, 4);
        rows[r] = quad_row(sub);
    }
    return 3;
}

unsigned ph_omaha_flush(unsigned hole_ranks, unsigned board_ranks) {
    if (__builtin_popcount(hole_ranks) < 2 || __builtin_popcount(board_ranks) < 3)
        return PH_NO_VALUE;
    unsigned best = PH_NO_VALUE;
    for (unsigned h1 = hole_ranks; h1; h1 &= h1 - 1)
        for (unsigned h2 = h1 & (h1 - 1); h2; h2 &= h2 - 1) {
            unsigned pair = (h1 & -h1) | (h2 & -h2);
            for (unsigned b1 = board_ranks; b1; b1 &= b1 - 1)
                for (unsigned b2 = b1 & (b1 - 1); b2; b2 &= b2 - 1)
                    for (unsigned b3 = b2 & (b2 - 1); b3; b3 &= b3 - 1) {
                        unsigned v = ph_suited_value(pair | (b1 & -b1) | (b2 & -b2) | (b3 & -b3));
                        if (v < best)
                            best = v;
                    }
        }
    return best;
}

int ph_omaha_evaluate(const uint8_t *hole, size_t hole_len, const uint8_t *board, size_t board_len) {
    if (hole_len < 4 || hole_len > 6 || board_len < 3 || board_len > 5)
        return PH_E_COUNT;
    uint64_t seen = 0;
    int duplicate = 0;
    unsigned hole_suits[4] = {0}, board_suits[4] = {0};
    uint8_t hole_ranks[6], board_ranks[5];
    for (size_t i = 0; i < hole_len + board_len; i++) {
        unsigned card = i < hole_len ? hole[i] : board[i - hole_len];
        if (card >= PH_DECK_SIZE)
            return PH_E_CARD;
        duplicate |= (int)(seen >> card & 1);
        seen |= UINT64_C(1) << card;
        if (i < hole_len) {
            hole_ranks[i] = (uint8_t)(card >> 2);
            hole_suits[card & 3] |= 1u << (card >> 2);
        } else {
            board_ranks[i - hole_len] = (uint8_t)(card >> 2);
            board_suits[card & 3] |= 1u << (card >> 2);
        }
    }
    if (duplicate)
        return PH_E_DUPLICATE;
    const uint16_t *best = ph_omaha_rank_table();
    if (!best)
        return PH_E_NOMEM;
    uint32_t rows[PH_OMAHA_MAX_ROWS];
    unsigned row_count = ph_omaha_hole_rows(hole_ranks, hole_len, rows);
    unsigned triples[10];
    sort_small(board_ranks, board_len);
    unsigned triple_count = ph_omaha_board_triples(board_ranks, board_len, triples);
    unsigned value = ph_omaha_plain(best, rows, row_count, triples, triple_count);
    for (unsigned suit = 0; suit < 4; suit++) {
        unsigned flush = ph_omaha_flush(hole_suits[suit], board_suits[suit]);
        if (flush < value)
            value = flush;
    }
    return (int)value;
}
