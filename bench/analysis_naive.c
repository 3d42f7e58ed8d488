/* The naive whole-deal loops that pokerhash.analysis is measured against (docs/analysis.md):
 *   matrix [BOARDS]  every board (first BOARDS in colex order, default all 2,598,960): the 1,081 hole pairs
 *                    valued with ph_evaluate_batch, qsort, one sweep; counts by winner/loser category.
 *   uth [FLOPS]      Ultimate Texas Hold'em over the suit-canonical flops (first FLOPS of the 1,755, default
 *                    all): each turn+river board's pairs valued, qsort, swept; river and flop decided by EV.
 * Each prints its CPU seconds and what it counted, to check against the library on the same work.
 * Build: bench/bench_analysis.py compiles it with the core's sources, every feature folder of core_c/src and the
 * generated tables (cc -O3 -std=c11 -Icore_c/include -Icore_c/src/common). */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pokerhash.h"
#include "cpu_time.h"

typedef struct hand {
    uint16_t value;
    uint8_t a, b;
} hand;

static int by_value(const void *x, const void *y) {
    return (int)((const hand *)x)->value - (int)((const hand *)y)->value;
}

/* All pairs of the cards not in `used`, valued with the 5-card board, sorted best first. */
static unsigned board_hands(const uint8_t board[5], uint64_t used, hand *hands) {
    static uint8_t rows[1326 * 7];
    static uint16_t values[1326];
    unsigned n = 0;
    for (unsigned b = 1; b < 52; b++)
        for (unsigned a = 0; a < b; a++) {
            if (used >> a & 1 || used >> b & 1)
                continue;
            uint8_t *row = rows + 7 * n;
            row[0] = (uint8_t)a;
            row[1] = (uint8_t)b;
            memcpy(row + 2, board, 5);
            hands[n].a = (uint8_t)a;
            hands[n].b = (uint8_t)b;
            n++;
        }
    ph_evaluate_batch(rows, n, 7, values, NULL);
    for (unsigned i = 0; i < n; i++)
        hands[i].value = values[i];
    qsort(hands, n, sizeof *hands, by_value);
    return n;
}

/* Wins and ties of every hand of a sorted board (best first), by the per-card inclusion-exclusion sweep. */
static void sweep(const hand *hands, unsigned n, unsigned *wins, unsigned *ties) {
    unsigned seen[52] = {0}, group[52] = {0}, swept = 0;
    for (unsigned end = n; end > 0;) {
        unsigned start = end - 1;
        while (start > 0 && hands[start - 1].value == hands[end - 1].value)
            start--;
        for (unsigned i = start; i < end; i++) {
            group[hands[i].a]++;
            group[hands[i].b]++;
        }
        for (unsigned i = start; i < end; i++) {
            wins[i] = swept - seen[hands[i].a] - seen[hands[i].b];
            ties[i] = (end - start) - group[hands[i].a] - group[hands[i].b] + 1;
        }
        for (unsigned i = start; i < end; i++) {
            group[hands[i].a] = group[hands[i].b] = 0;
            seen[hands[i].a]++;
            seen[hands[i].b]++;
        }
        swept += end - start;
        end = start;
    }
}

static int matrix(long limit) {
    static hand hands[1326];
    static unsigned wins[1326], ties[1326];
    uint64_t total_wins = 0, total_ties = 0;
    long boards = 0;
    double t0 = cpu_seconds();
    uint8_t board[5];
    for (board[4] = 4; board[4] < 52 && boards != limit; board[4]++)
        for (board[3] = 3; board[3] < board[4] && boards != limit; board[3]++)
            for (board[2] = 2; board[2] < board[3] && boards != limit; board[2]++)
                for (board[1] = 1; board[1] < board[2] && boards != limit; board[1]++)
                    for (board[0] = 0; board[0] < board[1] && boards != limit; board[0]++) {
                        uint64_t used = 0;
                        for (int i = 0; i < 5; i++)
                            used |= UINT64_C(1) << board[i];
                        unsigned n = board_hands(board, used, hands);
                        sweep(hands, n, wins, ties);
                        for (unsigned i = 0; i < n; i++) {
                            total_wins += 2 * wins[i]; /* both orders of the pair of players */
                            total_ties += ties[i];
                        }
                        boards++;
                    }
    printf("naive matrix: %ld boards, %.2f s CPU, deals with a winner %llu, tied %llu\n", boards, cpu_seconds() - t0,
           (unsigned long long)total_wins, (unsigned long long)total_ties);
    return 0;
}

static uint64_t permute(uint64_t mask, const int p[4]) {
    uint64_t out = 0;
    for (int c = 0; c < 52; c++)
        if (mask >> c & 1)
            out |= UINT64_C(1) << (4 * (c / 4) + p[c % 4]);
    return out;
}

static int uth(long limit) {
    static const int pays[10] = {1000, 100, 20, 6, 3, 2, 0, 0, 0, 0}; /* half antes */
    static int perms[24][4];
    int np = 0;
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++)
            for (int c = 0; c < 4; c++)
                if (a != b && a != c && b != c) {
                    perms[np][0] = a, perms[np][1] = b, perms[np][2] = c, perms[np][3] = 6 - a - b - c;
                    np++;
                }
    static hand hands[1326];
    static unsigned wins[1326], ties[1326];
    static int64_t bet[1326], check[1326];
    long flops = 0;
    int64_t flop_total = 0;
    double t0 = cpu_seconds();
    for (int f2 = 2; f2 < 52 && flops != limit; f2++)
        for (int f1 = 1; f1 < f2 && flops != limit; f1++)
            for (int f0 = 0; f0 < f1 && flops != limit; f0++) {
                uint64_t flop = UINT64_C(1) << f0 | UINT64_C(1) << f1 | UINT64_C(1) << f2;
                int canonical = 1, stabiliser = 0;
                for (int p = 0; p < 24; p++) {
                    uint64_t image = permute(flop, perms[p]);
                    canonical &= image >= flop;
                    stabiliser += image == flop;
                }
                if (!canonical)
                    continue;
                memset(bet, 0, sizeof bet);
                memset(check, 0, sizeof check);
                for (int r = 0; r < 52; r++)
                    for (int t = 0; t < r; t++) {
                        uint64_t used = flop | UINT64_C(1) << t | UINT64_C(1) << r;
                        if (used == flop || __builtin_popcountll(used) != 5)
                            continue;
                        uint8_t board[5] = {(uint8_t)f0, (uint8_t)f1, (uint8_t)f2, (uint8_t)t, (uint8_t)r};
                        unsigned n = board_hands(board, used, hands);
                        sweep(hands, n, wins, ties);
                        unsigned high[52] = {0}, high_total = 0;
                        for (unsigned i = 0; i < n; i++)
                            if (ph_category_of(hands[i].value) == PH_HIGH_CARD) {
                                high[hands[i].a]++, high[hands[i].b]++;
                                high_total++;
                            }
                        for (unsigned i = 0; i < n; i++) {
                            int category = ph_category_of(hands[i].value), hc = category == PH_HIGH_CARD;
                            int64_t w = wins[i], tie = ties[i], l = 990 - w - tie;
                            int64_t free_high = high_total - high[hands[i].a] - high[hands[i].b] + hc;
                            int64_t wu = hc ? w : free_high, lu = hc ? free_high - w - tie : 0;
                            int64_t wq = w - wu, lq = l - lu;
                            int64_t p1 = wq * (4 + pays[category]) + wu * (2 + pays[category]) - lq * 6 - lu * 4;
                            int64_t p2 = wq * (6 + pays[category]) + wu * (4 + pays[category]) - lq * 8 - lu * 6;
                            unsigned pair = hands[i].b * (hands[i].b - 1) / 2 + hands[i].a;
                            bet[pair] += p2;
                            check[pair] += p1 > -4 * 990 ? p1 : -4 * 990;
                        }
                    }
                for (int p = 0; p < 1326; p++)
                    flop_total += (int64_t)(24 / stabiliser) * (bet[p] > check[p] ? bet[p] : check[p]);
                flops++;
            }
    printf("naive uth: %ld canonical flops, %.2f s CPU, sum over flops of the best flop EV %lld (half antes)\n", flops,
           cpu_seconds() - t0, (long long)flop_total);
    return 0;
}

int main(int argc, char **argv) {
    if (argc >= 2 && !strcmp(argv[1], "matrix"))
        return matrix(argc > 2 ? atol(argv[2]) : -1);
    if (argc >= 2 && !strcmp(argv[1], "uth"))
        return uth(argc > 2 ? atol(argv[2]) : -1);
    fprintf(stderr, "usage: %s matrix [BOARDS] | uth [FLOPS]\n", argv[0]);
    return 2;
}
