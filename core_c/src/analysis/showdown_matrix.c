/* ph_showdown_matrix: every heads-up deal's winning and losing category, one suit-canonical board at a time.
 *
 * On a board, the ordered pairs (player, opponent) of disjoint hole pairs in categories c and k number
 * N_c N_k - sum over cards x of m_c[x] m_k[x] (N: pairs per category, m: pairs per category holding card x;
 * two pairs share at most one card). Between two categories the better one always wins, so only the deals
 * inside one category need values: of its disjoint ordered pairs, those that tie come from the sweep and
 * the rest have a winner. */
#include <stdlib.h>
#include <string.h>

#include "analysis_internal.h"


int ph_showdown_matrix_units(const uint8_t *dead, size_t dead_len, uint64_t *units) {
    uint64_t excluded;
    if (dead_len > PH_DECK_SIZE || (dead_len && !dead))
        return PH_E_ARGUMENT;
    int status = ph_an_check_cards(NULL, 0, dead, dead_len, &excluded);
    if (status != PH_OK)
        return status;
    unsigned live = PH_DECK_SIZE - (unsigned)dead_len;
    if (live < 9)
        return PH_E_ARGUMENT;
    return ph_binomial(live, 5, units);
}

static void add_board(const ph_an_board *b, uint64_t weight, uint64_t wins[10][10], uint64_t ties[10]) {
    uint64_t tied[10] = {0};
    for (unsigned k = 0; k < b->pairs; k++)
        tied[b->category[k]] += b->ties[k];
    unsigned n = b->live_count;
    for (unsigned c = 0; c < 10; c++) {
        uint64_t total_c = b->category_total[c];
        if (!total_c)
            continue;
        for (unsigned k = c; k < 10; k++) {
            uint64_t shared = 0;
            for (unsigned x = 0; x < n; x++)
                shared += (uint64_t)b->category_card[x][c] * b->category_card[x][k];
            if (k == c) {
                uint64_t disjoint = total_c * total_c - shared + total_c; /* ordered, itself excluded */
                wins[c][c] += weight * (disjoint - tied[c]);
            } else {
                wins[c][k] += weight * 2 * (total_c * b->category_total[k] - shared);
            }
        }
        ties[c] += weight * tied[c];
    }
}

int ph_showdown_matrix(const uint8_t *dead, size_t dead_len, uint64_t start, uint64_t count, uint64_t wins[10][10],
                       uint64_t ties[10]) {
    uint64_t units;
    int status = ph_showdown_matrix_units(dead, dead_len, &units);
    if (status != PH_OK)
        return status;
    if (start > units || count > units - start)
        return PH_E_RANK;
    if (!count)
        return PH_OK;
    uint64_t dead_mask = ph_card_mask(dead, dead_len);
    ph_suit_group group;
    ph_suit_group_init(&group, dead_mask);
    ph_an_board *b = ph_an_board_new();
    if (!b)
        return PH_E_NOMEM;
    uint8_t live[52];
    unsigned n = 0;
    for (unsigned card = 0; card < PH_DECK_SIZE; card++)
        if (!(dead_mask >> card & 1))
            live[n++] = (uint8_t)card;
    uint8_t at[6]; /* positions in live of the board's cards, ascending; at[5] a sentinel */
    ph_colex_unrank_unchecked(start, 5, n, at);
    at[5] = (uint8_t)n;
    for (uint64_t done = 0; done < count; done++) {
        uint8_t cards[5];
        for (unsigned i = 0; i < 5; i++)
            cards[i] = live[at[i]];
        uint64_t mask = ph_card_mask(cards, 5), representative;
        unsigned stabiliser = ph_suit_canonical(&group, mask, &representative);
        if (representative == mask) {
            uint64_t key, bits;
            ph_an_cards_key(cards, 5, &key, &bits);
            ph_an_board_live(b, dead_mask | mask);
            ph_an_board_sweep(b, key, bits, PH_DECK_SIZE, PH_DECK_SIZE, 1);
            add_board(b, group.size / stabiliser, wins, ties);
        }
        unsigned i = 0; /* colex successor: the lowest item that can move up moves, those below restart */
        while (i < 4 && at[i] + 1 == at[i + 1])
            i++;
        at[i]++;
        for (unsigned j = 0; j < i; j++)
            at[j] = (uint8_t)j;
    }
    free(b);
    return PH_OK;
}
