/* The cost model against the clock: for each spot read from stdin, the parts ph_equity_exact_seconds counts,
 * its estimate, and the measured single-core CPU time of ph_equity_exact over all units. Driven by
 * bench/bench_equity_cost.py, which writes the spots and prints the table (and fits the model with --fit).
 *
 *   cc -O3 -std=c11 -Icore_c/include -Icore_c/src/common $(find core_c/src core_c/tables -name '*.c') \
 *      bench/bench_equity_cost.c -o bench/build/bench_equity_cost -lm
 *
 * Input, one spot a line:  label|board ids|dead ids|player 1|player 2|...  where a player is holdings
 * separated by commas, each its card ids separated by spaces, optionally ":weight".
 * Output, one line a spot:  label|estimate s|measured s|fraction measured|part 0|part 1|...
 * Spots whose estimate passes the budget are timed on 64 slices spread over their units and scaled up
 * (orbit representatives are spread evenly over the units, so a slice costs its share). */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pokerhash.h"
#include "../core_c/src/equity/equity_internal.h"
#include "cpu_time.h"

#define MAX_HOLDINGS 300000

static uint8_t holdings[MAX_HOLDINGS * 6];
static double weights[MAX_HOLDINGS];
static char line[1 << 24];

static size_t read_ids(char *text, uint8_t *out) {
    size_t n = 0;
    for (char *token = strtok(text, " "); token; token = strtok(NULL, " "))
        out[n++] = (uint8_t)atoi(token);
    return n;
}

/* Best of several runs of ph_equity_exact over `pieces` ranges of `each` units spread evenly over [0, units):
 * CPU seconds. */
static double measure(const ph_equity_game *game, uint64_t units, uint64_t pieces, uint64_t each, double budget) {
    double best = 1e30, spent = 0;
    for (int run = 0; run < 7 && (run < 2 || spent < budget); run++) {
        ph_equity_tally tally;
        memset(&tally, 0, sizeof tally);
        double t0 = cpu_seconds();
        for (uint64_t i = 0; i < pieces; i++)
            if (ph_equity_exact(game, units / pieces * i, each, &tally) != PH_OK) {
                fprintf(stderr, "ph_equity_exact failed\n");
                exit(2);
            }
        double t = cpu_seconds() - t0;
        spent += t;
        best = t < best ? t : best;
    }
    return best;
}

int main(int argc, char **argv) {
    double budget = argc > 1 ? atof(argv[1]) : 0.5; /* seconds of measuring per spot, at most about */
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = '\0';
        char *fields[12];
        size_t nf = 0;
        for (char *f = line, *bar; nf < 12; f = bar + 1) {
            fields[nf++] = f;
            if (!(bar = strchr(f, '|')))
                break;
            *bar = '\0';
        }
        if (nf < 5)
            continue;
        uint8_t board[5], dead[52];
        size_t board_len = read_ids(fields[1], board), dead_len = read_ids(fields[2], dead);
        size_t offsets[11] = {0}, players = nf - 3, hole = 0, at = 0;
        int weighted = 0;
        for (size_t p = 0; p < players; p++) {
            char *save = NULL;
            for (char *h = strtok_r(fields[3 + p], ",", &save); h; h = strtok_r(NULL, ",", &save)) {
                char *colon = strchr(h, ':');
                weights[at] = 1.0;
                if (colon) {
                    *colon = '\0';
                    weights[at] = atof(colon + 1);
                    weighted = 1;
                }
                hole = read_ids(h, holdings + at * 6);
                at++;
            }
            offsets[p + 1] = at;
        }
        /* holdings were read with stride 6 until the hole size was known: pack them */
        for (size_t j = 1; j < at; j++)
            memmove(holdings + j * hole, holdings + j * 6, hole);
        ph_equity_game game = {players, hole, holdings, offsets, weighted ? weights : NULL,
                               board, board_len, dead, dead_len};
        char problem[160];
        if (ph_equity_check(&game, problem, sizeof problem) != PH_OK) {
            printf("%s|error: %s\n", fields[0], problem);
            continue;
        }
        double parts[PH_EQ_COST_PARTS], estimate;
        uint64_t units;
        ph_eq_cost_parts(&game, parts);
        ph_equity_exact_seconds(&game, &estimate);
        ph_equity_exact_units(&game, &units);
        measure(&game, units, 1, units < 64 ? units : 64, 0); /* builds lazy tables outside the timing */
        uint64_t pieces = 1, each = units;
        if (estimate > budget / 2) { /* 64 slices spread over the units, about a quarter of the budget */
            pieces = 64;
            double share = budget / 4 / estimate;
            each = (uint64_t)(share * (double)units / (double)pieces);
            each = each < 1 ? 1 : each;
        }
        double seconds = measure(&game, units, pieces, each, budget) * (double)units / (double)(pieces * each);
        double count = (double)(pieces * each);
        printf("%s|%.6g|%.6g|%.6g", fields[0], estimate, seconds, count / (double)units);
        for (int i = 0; i < PH_EQ_COST_PARTS; i++)
            printf("|%.6g", parts[i]);
        printf("\n");
        fflush(stdout);
    }
    return 0;
}
