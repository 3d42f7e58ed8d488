/* Heads-up showdown categories over every deal of a reduced deck by a plain nested loop: the oracle of
 * pokerhash.analysis.showdown_matrix in tests/test_analysis_showdown.py, built only on ph_evaluate and
 * ph_category_of.
 *
 *   showdown_brute DEAD_ID...
 *
 * A deal is (player hole, opponent hole: ordered, board of 5) from the live cards. Prints JSON
 * {"wins": 10 rows of 10 [winner's category][loser's category], "ties": 10 [common category], "deals"}. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pokerhash.h"
#include "dead_cards.h"

int main(int argc, char **argv) {
    int dead[52] = {0}, live[52], n = 0;
    for (int i = 1; i < argc; i++)
        if (mark_dead(argv[i], dead))
            return 2;
    for (int c = 0; c < 52; c++)
        if (!dead[c]) live[n++] = c;
    if (n > 26) {
        fprintf(stderr, "at most 26 live cards (the loop is naive)\n");
        return 2;
    }
    uint64_t wins[10][10] = {{0}}, ties[10] = {0}, deals = 0;
    int b[5];
    for (b[0] = 0; b[0] < n; b[0]++)
    for (b[1] = b[0] + 1; b[1] < n; b[1]++)
    for (b[2] = b[1] + 1; b[2] < n; b[2]++)
    for (b[3] = b[2] + 1; b[3] < n; b[3]++)
    for (b[4] = b[3] + 1; b[4] < n; b[4]++) {
        uint32_t board = 0;
        uint8_t hand[7];
        for (int i = 0; i < 5; i++) {
            board |= 1u << b[i];
            hand[2 + i] = (uint8_t)live[b[i]];
        }
        /* Each hole's value and category on this board, indexed by the hole's two live positions. */
        int value[26][26], category[26][26];
        for (int p = 0; p < n; p++)
            for (int q = p + 1; q < n; q++) {
                if ((board >> p & 1) || (board >> q & 1)) continue;
                hand[0] = (uint8_t)live[p];
                hand[1] = (uint8_t)live[q];
                value[p][q] = ph_evaluate(hand, 7);
                category[p][q] = ph_category_of(value[p][q]);
            }
        for (int p1 = 0; p1 < n; p1++)
        for (int p2 = p1 + 1; p2 < n; p2++) {
            if ((board >> p1 & 1) || (board >> p2 & 1)) continue;
            for (int o1 = 0; o1 < n; o1++)
            for (int o2 = o1 + 1; o2 < n; o2++) {
                if ((board >> o1 & 1) || (board >> o2 & 1)) continue;
                if (o1 == p1 || o1 == p2 || o2 == p1 || o2 == p2) continue;
                int player = value[p1][p2], opponent = value[o1][o2];
                int player_category = category[p1][p2], opponent_category = category[o1][o2];
                if (player < opponent)
                    wins[player_category][opponent_category]++;
                else if (opponent < player)
                    wins[opponent_category][player_category]++;
                else
                    ties[player_category]++;
                deals++;
            }
        }
    }
    printf("{\"wins\": [");
    for (int w = 0; w < 10; w++) {
        printf("%s[", w ? ", " : "");
        for (int l = 0; l < 10; l++) printf("%s%llu", l ? ", " : "", (unsigned long long)wins[w][l]);
        printf("]");
    }
    printf("], \"ties\": [");
    for (int c = 0; c < 10; c++) printf("%s%llu", c ? ", " : "", (unsigned long long)ties[c]);
    printf("], \"deals\": %llu}\n", (unsigned long long)deals);
    return 0;
}
