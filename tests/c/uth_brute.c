/* Brute-force Ultimate Texas Hold'em on a reduced deck: the oracle of tests/test_analysis_uth.py, written
 * from the rules in the analysis contract alone and built only on ph_evaluate (and ph_category_of), so it
 * shares no code with pokerhash.analysis.
 *
 *   uth_brute [--no-3x] [--naive] [--blind=P0,...,P9] DEAD_ID...
 *
 * The live cards (all but the dead ids, 9 to 24 of them) are dealt every way: player hole, dealer hole,
 * flop (3, unordered), turn+river (2, unordered). Every decision maximises the exact sum over the cards the
 * player has not seen; an exact tie goes to the less aggressive option. Amounts are whole half antes
 * (a 3:2 blind pays 3), summed over deals, so everything is an exact integer.
 *
 * Two independent walks give the same numbers (a test compares them):
 *   default   by 5-card board: each (player hole, board) is scored once against every dealer hole, then
 *             credited to the 10 flops inside that board (the river decision sees only hole and board);
 *   --naive   the plain recursion hole -> flop -> turn+river -> dealer hole, deciding at every node.
 * --blind   the blind's pay in half antes per player category 0 (royal) .. 9 (high card); default
 *           1000,100,20,6,3,2,0,0,0,0 (500:1, 50:1, 10:1, 3:1, 3:2, 1:1, push).
 *
 * Prints JSON: {"deals_per_hole", "holes": {"lo,hi": [check, raise3, raise4]}, "total_best",
 * "total_wager", "deals"}: per-hole sums of the player's result over its deals, the sum over holes of the
 * best allowed option, and the half antes wagered (ante + blind + play; a fold: ante + blind) under that
 * strategy. EV in antes = sum / (2 * deals_per_hole). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pokerhash.h"
#include "dead_cards.h"

#define MAX_LIVE 24
#define FOLD_RESULT (-4)

static int live[MAX_LIVE];
static int n_live;
static int allow_3x = 1;
static int64_t blind_pay[10] = {1000, 100, 20, 6, 3, 2, 0, 0, 0, 0};
static int category_of_value[PH_WORST_VALUE + 1];
static uint16_t *value_of_mask; /* the 7-card value, by the mask of live positions */

static int64_t choose(int n, int k) {
    if (k < 0 || k > n) return 0;
    int64_t c = 1;
    for (int i = 1; i <= k; i++) c = c * (n - k + i) / i;
    return c;
}

/* Next mask with the same number of bits (Gosper's hack). */
static uint32_t next_subset(uint32_t m) {
    uint32_t low = m & (0u - m), ripple = m + low;
    return (((ripple ^ m) >> 2) / low) | ripple;
}

/* The player's net result of one deal in half antes, playing `play` antes (1..4) to showdown. */
static int64_t showdown_result(int player, int dealer, int play) {
    if (player == dealer) return 0;
    int64_t ante = category_of_value[dealer] <= PH_ONE_PAIR ? 2 : 0;
    if (player < dealer) return 2 * play + ante + blind_pay[category_of_value[player]];
    return -2 * play - ante - 2;
}

static void build_values(void) {
    value_of_mask = calloc((size_t)1 << n_live, sizeof *value_of_mask);
    if (!value_of_mask) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    for (uint32_t m = 0x7f; m < (1u << n_live); m = next_subset(m)) {
        uint8_t cards[7];
        int k = 0;
        for (int i = 0; i < n_live; i++)
            if (m >> i & 1) cards[k++] = (uint8_t)live[i];
        int v = ph_evaluate(cards, 7);
        if (v < 1) {
            fprintf(stderr, "ph_evaluate failed: %d\n", v);
            exit(2);
        }
        value_of_mask[m] = (uint16_t)v;
    }
    for (int v = 1; v <= PH_WORST_VALUE; v++) category_of_value[v] = ph_category_of(v);
}

static int pair_index(int lo, int hi) {
    return hi * (hi - 1) / 2 + lo;
}

static int triple_index(uint32_t m) {
    int idx = 0, k = 0;
    for (int i = 0; i < n_live; i++)
        if (m >> i & 1) idx += (int)choose(i, ++k);
    return idx;
}

/* Per hole: sums of the three preflop options, and the half antes wagered when checking. */
typedef struct {
    int64_t check, raise3, raise4, check_wager;
} hole_sums;

/* Per (hole, flop) after a preflop check: sums of betting 2x and of checking (then the best river play),
 * and the half antes wagered when checking. */
typedef struct {
    int64_t bet2, check, check_wager;
} flop_sums;

/* The river after two checks: the better of playing 1x and folding (a fold on a tie). */
static void river_choice(int64_t play1, int64_t dealers, int64_t *result, int64_t *wager) {
    if (play1 > FOLD_RESULT * dealers) {
        *result = play1;
        *wager = 6 * dealers;
    } else {
        *result = FOLD_RESULT * dealers;
        *wager = 4 * dealers;
    }
}

/* Settles the flop decision of every (hole, flop) into the hole's check sum. */
static void settle_flops(const flop_sums *flops, int n_flops, hole_sums *holes, int64_t deals_per_flop) {
    for (int hi = 1; hi < n_live; hi++)
        for (int lo = 0; lo < hi; lo++) {
            uint32_t hole_mask = 1u << lo | 1u << hi;
            hole_sums *h = &holes[pair_index(lo, hi)];
            for (uint32_t f = 7; f < (1u << n_live); f = next_subset(f)) {
                if (f & hole_mask) continue;
                const flop_sums *s = &flops[(size_t)pair_index(lo, hi) * n_flops + triple_index(f)];
                if (s->bet2 > s->check) {
                    h->check += s->bet2;
                    h->check_wager += 8 * deals_per_flop;
                } else {
                    h->check += s->check;
                    h->check_wager += s->check_wager;
                }
            }
        }
}

/* Walk by board: every 5-card board, every player hole and dealer hole among the other cards. */
static void solve_by_board(hole_sums *holes) {
    int n_flops = (int)choose(n_live, 3);
    int64_t dealers = choose(n_live - 7, 2);
    flop_sums *flops = calloc((size_t)choose(n_live, 2) * n_flops, sizeof *flops);
    int pairs = (int)choose(n_live - 5, 2);
    uint16_t *values = malloc(pairs * sizeof *values);
    uint32_t *masks = malloc(pairs * sizeof *masks);
    int *hole_of = malloc(pairs * sizeof *hole_of);
    if (!flops || !values || !masks || !hole_of) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    for (uint32_t board = 0x1f; board < (1u << n_live); board = next_subset(board)) {
        int p = 0;
        for (int hi = 0; hi < n_live; hi++)
            for (int lo = 0; lo < hi; lo++) {
                uint32_t m = 1u << lo | 1u << hi;
                if (m & board) continue;
                masks[p] = m;
                values[p] = value_of_mask[m | board];
                hole_of[p++] = pair_index(lo, hi);
            }
        int flop_of[10], f = 0;
        for (uint32_t sub = 7; sub < 32; sub = next_subset(sub)) {
            uint32_t flop = 0;
            int k = 0;
            for (int i = 0; i < n_live; i++)
                if (board >> i & 1) flop |= (uint32_t)(sub >> k++ & 1) << i;
            flop_of[f++] = triple_index(flop);
        }
        for (int a = 0; a < p; a++) {
            int64_t sum[5] = {0};
            for (int b = 0; b < p; b++) {
                if (masks[a] & masks[b]) continue;
                for (int play = 1; play <= 4; play++) sum[play] += showdown_result(values[a], values[b], play);
            }
            int64_t river, river_wager;
            river_choice(sum[1], dealers, &river, &river_wager);
            hole_sums *h = &holes[hole_of[a]];
            for (int i = 0; i < 10; i++) {
                flop_sums *s = &flops[(size_t)hole_of[a] * n_flops + flop_of[i]];
                s->bet2 += sum[2];
                s->check += river;
                s->check_wager += river_wager;
                h->raise3 += sum[3];
                h->raise4 += sum[4];
            }
        }
    }
    settle_flops(flops, n_flops, holes, choose(n_live - 5, 2) * dealers);
    free(flops);
    free(values);
    free(masks);
    free(hole_of);
}

/* The plain recursion: hole, flop, turn+river, dealer hole, each decision taken where it is met. */
static void solve_naive(hole_sums *holes) {
    uint32_t all = (1u << n_live) - 1;
    int64_t dealers = choose(n_live - 7, 2);
    int64_t deals_per_flop = choose(n_live - 5, 2) * dealers;
    for (uint32_t hole = 3; hole <= all; hole = next_subset(hole)) {
        int lo = __builtin_ctz(hole), hi = 31 - __builtin_clz(hole);
        hole_sums *h = &holes[pair_index(lo, hi)];
        for (uint32_t flop = 7; flop <= all; flop = next_subset(flop)) {
            if (flop & hole) continue;
            int64_t bet2 = 0, check = 0, check_wager = 0;
            for (uint32_t turn_river = 3; turn_river <= all; turn_river = next_subset(turn_river)) {
                if (turn_river & (hole | flop)) continue;
                uint32_t board = flop | turn_river;
                int player = value_of_mask[hole | board];
                int64_t sum[5] = {0};
                for (uint32_t dealer = 3; dealer <= all; dealer = next_subset(dealer)) {
                    if (dealer & (hole | board)) continue;
                    int dealer_value = value_of_mask[dealer | board];
                    for (int play = 1; play <= 4; play++) sum[play] += showdown_result(player, dealer_value, play);
                }
                int64_t river, river_wager;
                river_choice(sum[1], dealers, &river, &river_wager);
                bet2 += sum[2];
                check += river;
                check_wager += river_wager;
                h->raise3 += sum[3];
                h->raise4 += sum[4];
            }
            if (bet2 > check) {
                h->check += bet2;
                h->check_wager += 8 * deals_per_flop;
            } else {
                h->check += check;
                h->check_wager += check_wager;
            }
        }
    }
}

static void parse_blind(const char *text) {
    char *end;
    for (int c = 0; c < 10; c++) {
        blind_pay[c] = strtoll(text, &end, 10);
        if (end == text || (c < 9 && *end != ',') || (c == 9 && *end)) {
            fprintf(stderr, "--blind wants 10 comma-separated half-ante pays\n");
            exit(2);
        }
        text = end + 1;
    }
}

int main(int argc, char **argv) {
    int naive = 0, dead[52] = {0};
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--no-3x")) {
            allow_3x = 0;
        } else if (!strcmp(argv[i], "--naive")) {
            naive = 1;
        } else if (!strncmp(argv[i], "--blind=", 8)) {
            parse_blind(argv[i] + 8);
        } else if (mark_dead(argv[i], dead)) {
            return 2;
        }
    }
    for (int c = 0; c < 52; c++)
        if (!dead[c]) {
            if (n_live == MAX_LIVE) {
                fprintf(stderr, "at most %d live cards\n", MAX_LIVE);
                return 2;
            }
            live[n_live++] = c;
        }
    if (n_live < 9) {
        fprintf(stderr, "need at least 9 live cards\n");
        return 2;
    }
    build_values();
    int n_holes = (int)choose(n_live, 2);
    hole_sums *holes = calloc(n_holes, sizeof *holes);
    if (!holes) return 2;
    if (naive)
        solve_naive(holes);
    else
        solve_by_board(holes);

    int64_t deals_per_hole = choose(n_live - 2, 2) * choose(n_live - 4, 3) * choose(n_live - 7, 2);
    int64_t total_best = 0, total_wager = 0;
    printf("{\"deals_per_hole\": %lld, \"holes\": {", (long long)deals_per_hole);
    for (int hi = 1; hi < n_live; hi++)
        for (int lo = 0; lo < hi; lo++) {
            const hole_sums *h = &holes[pair_index(lo, hi)];
            int64_t best = h->check, wager = h->check_wager;
            if (allow_3x && h->raise3 > best) {
                best = h->raise3;
                wager = 10 * deals_per_hole;
            }
            if (h->raise4 > best) {
                best = h->raise4;
                wager = 12 * deals_per_hole;
            }
            total_best += best;
            total_wager += wager;
            printf("%s\"%d,%d\": [%lld, %lld, %lld]", lo == 0 && hi == 1 ? "" : ", ", live[lo], live[hi],
                   (long long)h->check, (long long)h->raise3, (long long)h->raise4);
        }
    printf("}, \"total_best\": %lld, \"total_wager\": %lld, \"deals\": %lld}\n", (long long)total_best,
           (long long)total_wager, (long long)(deals_per_hole * n_holes));
    free(holes);
    free(value_of_mask);
    return 0;
}
