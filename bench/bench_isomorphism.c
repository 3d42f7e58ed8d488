/* The suit-isomorphic indexer against the reference C library (Waugh's kdub0/hand-isomorphism, compiled
 * from the performance kit by bench/bench_isomorphism.sh: none of its code is part of pokerhash), on the
 * same random hands and the same random indexes, for hold'em [2,3,1,1] and the board as one set [2,5].
 *
 *   bench_isomorphism [rounds] [hands]      (defaults: 5 rounds, 4,000,000 hands)
 *
 * Rounds interleave the contenders and keep each one's least disturbed CPU time (the machine is shared).
 * Before timing, both must put every sampled hand in the same isomorphism class: ours(h) equals ours of the
 * reference's canonical form of h, and the other way round. Exit status 1 when they do not. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hand_index.h"
#include "pokerhash.h"
#include "cpu_time.h"
#define BENCH_SEED 0x9E3779B97F4A7C15u
#include "splitmix.h"

static void *alloc_or_die(size_t bytes) {
    void *p = calloc(1, bytes);
    if (!p) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    return p;
}

/* The reference's tables: its static ones (sizes from its source: nCr_groups alone is 2^20 * 5 * 8 bytes)
 * and what hand_indexer_init allocates. */
static size_t reference_bytes(const hand_indexer_t *indexer) {
    size_t statics = sizeof(uint8_t) * 8192 * 13 + 8 * 4 + sizeof(uint_fast32_t) * (14 * 14 + 8192 + 14 * 8192 + 24 * 4)
                     + sizeof(hand_index_t) * 0x100000 * 5;
    size_t own = 0;
    for (uint_fast32_t r = 0; r < indexer->rounds; r++)
        own += indexer->configurations[r] * (sizeof(uint_fast32_t) * (1 + 2 * 4) + sizeof(hand_index_t))
               + indexer->permutations[r] * 2 * sizeof(uint_fast32_t);
    return statics + own;
}

typedef struct game {
    const char *name;
    uint8_t rounds, cards[4], total;
} game;

static int race(const game *g, int rounds, size_t n) {
    hand_indexer_t ref;
    ph_indexer *ours;
    double t0 = cpu_seconds();
    if (!hand_indexer_init(g->rounds, g->cards, &ref))
        return fprintf(stderr, "reference init failed\n"), 1;
    double ref_init = cpu_seconds() - t0;
    t0 = cpu_seconds();
    if (ph_indexer_new(g->cards, g->rounds, &ours) != PH_OK)
        return fprintf(stderr, "ph_indexer_new failed\n"), 1;
    double our_init = cpu_seconds() - t0;
    unsigned last = g->rounds - 1u, k = g->total;
    uint64_t size = ph_indexer_size(ours, last);
    if (size != hand_indexer_size(&ref, last))
        return fprintf(stderr, "sizes differ\n"), 1;

    uint8_t *hands = alloc_or_die(n * k), *out = alloc_or_die(n * k);
    uint64_t *indexes = alloc_or_die(n * sizeof(uint64_t)), *results = alloc_or_die(n * sizeof(uint64_t));
    for (size_t i = 0; i < n; i++) {
        uint64_t seen = 0;
        for (unsigned j = 0; j < k;) {
            uint8_t c = (uint8_t)(next_random() % 52);
            if (!(seen >> c & 1)) {
                seen |= UINT64_C(1) << c;
                hands[i * k + j++] = c;
            }
        }
        indexes[i] = next_random() % size;
    }
    int bad = 0;
    size_t same_number = 0, same_canonical = 0, compared = n < 200000 ? n : 200000;
    for (size_t i = 0; i < compared; i++) {
        uint64_t theirs = hand_index_last(&ref, hands + i * k), mine = ph_indexer_index_unchecked(ours, hands + i * k, g->rounds);
        same_number += theirs == mine;
        uint8_t a[8], b[8];
        uint64_t ma[4] = {0}, mb[4] = {0};
        hand_unindex(&ref, last, indexes[i], a);
        ph_indexer_unindex(ours, last, indexes[i], b);
        for (unsigned r = 0, at = 0; r < g->rounds; at += g->cards[r], r++)
            for (unsigned j = 0; j < g->cards[r]; j++) {
                ma[r] |= UINT64_C(1) << a[at + j];
                mb[r] |= UINT64_C(1) << b[at + j];
            }
        same_canonical += memcmp(ma, mb, sizeof ma) == 0;
    }
    for (size_t i = 0; i < compared; i++) {
        uint8_t canon[8];
        hand_unindex(&ref, last, hand_index_last(&ref, hands + i * k), canon);
        bad += ph_indexer_index_unchecked(ours, canon, g->rounds) != ph_indexer_index_unchecked(ours, hands + i * k, g->rounds);
        ph_indexer_unindex(ours, last, ph_indexer_index_unchecked(ours, hands + i * k, g->rounds), canon);
        bad += hand_index_last(&ref, canon) != hand_index_last(&ref, hands + i * k);
    }
    if (bad)
        return fprintf(stderr, "%s: %d hands in different classes\n", g->name, bad), 1;

    enum { REF_INDEX, OUR_INDEX, REF_ALL, OUR_ALL, REF_UNINDEX, OUR_UNINDEX, CONTENDERS };
    double best[CONTENDERS];
    uint64_t sums[CONTENDERS] = {0};
    for (int c = 0; c < CONTENDERS; c++)
        best[c] = 1e30;
    for (int round = 0; round < rounds; round++)
        for (int c = 0; c < CONTENDERS; c++) {
            uint64_t sum = 0, all[8];
            t0 = cpu_seconds();
            switch (c) {
            case REF_INDEX:
                for (size_t i = 0; i < n; i++)
                    results[i] = hand_index_last(&ref, hands + i * k);
                break;
            case OUR_INDEX:
                for (size_t i = 0; i < n; i++)
                    results[i] = ph_indexer_index_unchecked(ours, hands + i * k, g->rounds);
                break;
            case REF_ALL:
                for (size_t i = 0; i < n; i++)
                    results[i] = hand_index_all(&ref, hands + i * k, all);
                break;
            case OUR_ALL: /* the checked call: ids and duplicates too */
                for (size_t i = 0; i < n; i++) {
                    ph_indexer_index(ours, hands + i * k, g->rounds, all);
                    results[i] = all[last];
                }
                break;
            case REF_UNINDEX:
                for (size_t i = 0; i < n; i++)
                    hand_unindex(&ref, last, indexes[i], out + i * k);
                break;
            default:
                for (size_t i = 0; i < n; i++)
                    ph_indexer_unindex(ours, last, indexes[i], out + i * k);
                break;
            }
            double t = cpu_seconds() - t0;
            if (c == REF_UNINDEX || c == OUR_UNINDEX)
                for (size_t i = 0; i < n * k; i++)
                    sum += out[i];
            else
                for (size_t i = 0; i < n; i++)
                    sum += results[i];
            sums[c] = sum;
            if (t < best[c])
                best[c] = t;
        }
    printf("%-10s %zu hands, %d rounds, best CPU time; indexes equal to the reference's: %zu of %zu; canonical "
           "hands: %zu of %zu (suits of equal counts may trade places)\n", g->name, n, rounds, same_number, compared,
           same_canonical, compared);
    const char *names[] = {"index (last round)", "index (every round)", "unindex (last round)"};
    for (int s = 0; s < 3; s++) {
        double ref_rate = n / best[2 * s] / 1e6, our_rate = n / best[2 * s + 1] / 1e6;
        printf("  %-22s reference %7.1f M/s   pokerhash %7.1f M/s   ratio %.2fx   (checksums %llu %llu)\n",
               names[s], ref_rate, our_rate, our_rate / ref_rate, (unsigned long long)sums[2 * s],
               (unsigned long long)sums[2 * s + 1]);
    }
    printf("  %-22s reference %7.2f MB       pokerhash %7.2f MB\n", "tables", reference_bytes(&ref) / 1e6,
           ph_indexer_table_bytes(ours) / 1e6);
    printf("  %-22s reference %7.2f ms       pokerhash %7.2f ms\n", "init (CPU)", ref_init * 1e3, our_init * 1e3);
    hand_indexer_free(&ref);
    ph_indexer_free(ours);
    free(hands);
    free(out);
    free(indexes);
    free(results);
    return 0;
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 5;
    size_t n = argc > 2 ? (size_t)atol(argv[2]) : 4000000;
    static const game games[] = {{"[2,3,1,1]", 4, {2, 3, 1, 1}, 7}, {"[2,5]", 2, {2, 5}, 7}};
    int status = 0;
    for (size_t g = 0; g < sizeof games / sizeof games[0]; g++)
        status |= race(&games[g], rounds, n);
    return status;
}
