/* The suit-isomorphic indexer against definitions it does not share code with.
 *
 *   test_isomorphism exhaustive            [2], [2,3], [2,4], [2,3,1]: index(unindex(i)) == i for every i, every
 *                                          round's index of the canonical hand, orbit sizes adding up to the raw
 *                                          deals; every raw hand of [2] and [2,3] (of [2,4]: every one with a
 *                                          canonical hole) hits its index exactly as often as its orbit says;
 *                                          [2] and [2,3]: equal indexes <=> equal canonical forms by brute force
 *                                          over the 24 suit permutations
 *   test_isomorphism sample N SEED         N random hands of [2,5] and [2,3,1,1] (fewer of other games): the
 *                                          index is in range, its canonical hand is a suit renaming of the hand
 *                                          with the same index and the same brute-force form, every renaming
 *                                          of the hand has the index; N random indexes round-trip
 *   test_isomorphism game N SEED COUNTS... N samples of one game
 *   test_isomorphism vectors FILE          the lines of tests/vectors/isomorphism.jsonl: rounds, cards, indexes
 *
 * Prints "OK: 0 failure(s)" when every check passed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "pokerhash.h"

typedef struct game {
    size_t rounds;
    uint8_t cards[PH_INDEXER_MAX_ROUNDS];
} game;

static uint64_t rng_state;
static uint64_t next_random(void) { /* splitmix64 */
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static size_t total_cards(const game *g, size_t rounds) {
    size_t n = 0;
    for (size_t r = 0; r < rounds; r++)
        n += g->cards[r];
    return n;
}

static uint64_t choose(unsigned n, unsigned k) {
    uint64_t c = 1;
    for (unsigned i = 1; i <= k; i++)
        c = c * (n - k + i) / i;
    return c;
}

/* ---- the brute-force reference: a hand as one card mask per round, renamed by all 24 permutations ---- */

static uint8_t perms[24][4];

static void make_perms(void) {
    unsigned n = 0;
    for (unsigned a = 0; a < 4; a++)
        for (unsigned b = 0; b < 4; b++)
            for (unsigned c = 0; c < 4; c++)
                for (unsigned d = 0; d < 4; d++)
                    if (a != b && a != c && a != d && b != c && b != d && c != d) {
                        perms[n][0] = (uint8_t)a, perms[n][1] = (uint8_t)b;
                        perms[n][2] = (uint8_t)c, perms[n][3] = (uint8_t)d;
                        n++;
                    }
}

static void round_masks(const game *g, size_t rounds, const uint8_t *cards, uint64_t *masks) {
    for (size_t r = 0, at = 0; r < rounds; r++) {
        masks[r] = 0;
        for (unsigned i = 0; i < g->cards[r]; i++, at++)
            masks[r] |= UINT64_C(1) << cards[at];
    }
}

/* Card 4r + s to 4r + perm[s]: suit s's cards are every fourth bit from bit s. */
static uint64_t rename_mask(uint64_t mask, const uint8_t *perm) {
    const uint64_t clubs = UINT64_C(0x1111111111111);
    return ((mask & clubs) << perm[0]) | ((mask >> 1 & clubs) << perm[1]) | ((mask >> 2 & clubs) << perm[2]) |
           ((mask >> 3 & clubs) << perm[3]);
}

/* The smallest renaming of the hand, compared round by round: the canonical form by definition. */
static void brute_canonical(const uint64_t *masks, size_t rounds, uint64_t *best) {
    for (unsigned p = 0; p < 24; p++) {
        uint64_t image[PH_INDEXER_MAX_ROUNDS];
        int less = 0, decided = 0;
        for (size_t r = 0; r < rounds; r++) {
            image[r] = rename_mask(masks[r], perms[p]);
            if (!decided && (p == 0 || image[r] != best[r])) {
                less = p == 0 || image[r] < best[r];
                decided = 1;
            }
        }
        if (less)
            memcpy(best, image, rounds * sizeof(uint64_t));
    }
}

/* 24 / (renamings that fix the hand) = 24 / the product of m! over the groups of m suits that hold the same
 * ranks round by round (only those can trade places). */
static unsigned orbit_size(const game *g, size_t rounds, const uint8_t *cards) {
    uint64_t masks[PH_INDEXER_MAX_ROUNDS];
    round_masks(g, rounds, cards, masks);
    unsigned fixing = 1;
    for (unsigned s = 0; s < 4; s++) {
        unsigned same_before = 0;
        for (unsigned t = 0; t < s; t++) {
            int same = 1;
            for (size_t r = 0; r < rounds; r++)
                same &= (masks[r] >> s & UINT64_C(0x1111111111111)) == (masks[r] >> t & UINT64_C(0x1111111111111));
            same_before += same;
        }
        fixing *= same_before + 1; /* the m-th suit of a group multiplies by m */
    }
    return 24 / fixing;
}

/* Whether b's cards are a renaming of a's, round by round. */
static int is_renaming(const game *g, size_t rounds, const uint8_t *a, const uint8_t *b) {
    uint64_t ma[PH_INDEXER_MAX_ROUNDS], mb[PH_INDEXER_MAX_ROUNDS];
    round_masks(g, rounds, a, ma);
    round_masks(g, rounds, b, mb);
    for (unsigned p = 0; p < 24; p++) {
        int same = 1;
        for (size_t r = 0; r < rounds; r++)
            same &= rename_mask(ma[r], perms[p]) == mb[r];
        if (same)
            return 1;
    }
    return 0;
}

static ph_indexer *make(const game *g) {
    ph_indexer *indexer = NULL;
    int status = ph_indexer_new(g->cards, g->rounds, &indexer);
    CHECK(status == PH_OK, "ph_indexer_new: %d", status);
    if (status != PH_OK)
        exit(1);
    return indexer;
}

/* ---- exhaustive ---------------------------------------------------------------------------------- */

/* Every index of the last round: the round trip, each earlier round, the canonical test; the orbit sizes
 * (kept in `orbits` when given) add up to the raw deals. */
static void bijection(const game *g, uint8_t *orbits, uint8_t *hole_orbits) {
    ph_indexer *indexer = make(g);
    size_t last = g->rounds - 1;
    uint64_t size = ph_indexer_size(indexer, last), deals = 1, orbit_total = 0;
    for (size_t r = 0, left = 52; r < g->rounds; left -= g->cards[r], r++)
        deals *= choose((unsigned)left, g->cards[r]);
    for (uint64_t i = 0; i < size; i++) {
        uint8_t cards[52];
        uint64_t all[PH_INDEXER_MAX_ROUNDS];
        int status = ph_indexer_unindex(indexer, last, i, cards);
        status |= ph_indexer_index(indexer, cards, g->rounds, all);
        CHECK(status == PH_OK && all[last] == i, "index %llu comes back as %llu", (unsigned long long)i,
              (unsigned long long)all[last]);
        for (size_t r = 0; r < last; r++)
            CHECK(all[r] < ph_indexer_size(indexer, r), "index %llu: round %zu", (unsigned long long)i, r);
        if (i % 7 == 0) { /* the other entry points agree (every 7th index: they cost as much again) */
            for (size_t r = 0; r < last; r++)
                CHECK(all[r] == ph_indexer_index_unchecked(indexer, cards, r + 1), "index %llu: round %zu",
                      (unsigned long long)i, r);
            CHECK(ph_indexer_is_canonical(indexer, cards, g->rounds) == 1, "index %llu", (unsigned long long)i);
        }
        for (size_t r = 0, at = 0; r < g->rounds; at += g->cards[r], r++)
            for (unsigned j = 1; j < g->cards[r]; j++)
                CHECK(cards[at + j - 1] < cards[at + j], "index %llu: round %zu not ascending", (unsigned long long)i, r);
        unsigned orbit = orbit_size(g, g->rounds, cards);
        if (orbits) {
            orbits[i] = (uint8_t)orbit;
            hole_orbits[i] = (uint8_t)orbit_size(g, 1, cards);
        }
        orbit_total += orbit;
    }
    CHECK(orbit_total == deals, "orbits add up to %llu, deals %llu", (unsigned long long)orbit_total,
          (unsigned long long)deals);
    printf("  bijection of %zu rounds ending in %u cards: %llu indexes, %llu deals (%.1f s CPU)\n", g->rounds,
           g->cards[last], (unsigned long long)size, (unsigned long long)deals, (double)clock() / CLOCKS_PER_SEC);
    ph_indexer_free(indexer);
}

static int compare_forms(const void *x, const void *y) {
    const uint64_t *a = x, *b = y;
    if (a[0] != b[0])
        return a[0] < b[0] ? -1 : 1;
    return a[1] < b[1] ? -1 : a[1] > b[1];
}

/* Every raw hand of a game of two hole cards and at most one more round: its index is in range and is hit
 * orbit-size times; with `brute`, equal indexes <=> equal brute-force canonical forms. With canonical_holes,
 * only the hands whose hole is one of the 169 canonical holes: an orbit of hole orbit h then holds orbit / h
 * of them (the renamings that keep the hole). */
static void raw_hands(const game *g, const uint8_t *orbits, const uint8_t *hole_orbits, int brute,
                      int canonical_holes) {
    ph_indexer *indexer = make(g);
    size_t last = g->rounds - 1;
    uint64_t size = ph_indexer_size(indexer, last), hands = 0;
    uint8_t *hits = calloc(size, 1); /* at most 24 each */
    uint64_t(*form)[2] = brute ? calloc(size, sizeof *form) : NULL;
    unsigned board = g->rounds > 1 ? g->cards[1] : 0;
    uint8_t cards[8];
    for (unsigned h0 = 0; h0 < 52; h0++)
        for (unsigned h1 = h0 + 1; h1 < 52; h1++) {
            uint8_t other[50], pick[8], hole[2] = {(uint8_t)h0, (uint8_t)h1};
            if (canonical_holes && ph_indexer_is_canonical(indexer, hole, 1) != 1)
                continue;
            for (unsigned c = 0, n = 0; c < 52; c++)
                if (c != h0 && c != h1)
                    other[n++] = (uint8_t)c;
            for (unsigned j = 0; j < board; j++)
                pick[j] = (uint8_t)j;
            cards[0] = (uint8_t)h0, cards[1] = (uint8_t)h1;
            for (;;) {
                for (unsigned j = 0; j < board; j++)
                    cards[2 + j] = other[pick[j]];
                uint64_t index = ph_indexer_index_unchecked(indexer, cards, g->rounds);
                hands++;
                if (index < size)
                    hits[index]++;
                else
                    CHECK(0, "hand %llu: index %llu past %llu", (unsigned long long)hands, (unsigned long long)index,
                          (unsigned long long)size);
                if (brute && index < size) {
                    uint64_t masks[2], best[2] = {0, 0};
                    round_masks(g, g->rounds, cards, masks);
                    brute_canonical(masks, g->rounds, best);
                    if (form[index][0] == 0)
                        memcpy(form[index], best, sizeof best);
                    else
                        CHECK(form[index][0] == best[0] && form[index][1] == best[1],
                              "index %llu holds two brute-force forms", (unsigned long long)index);
                }
                int j = (int)board - 1; /* the next board in lex order */
                while (j >= 0 && pick[j] == 50 - board + (unsigned)j)
                    j--;
                if (j < 0)
                    break;
                pick[j]++;
                for (unsigned t = (unsigned)j + 1; t < board; t++)
                    pick[t] = (uint8_t)(pick[t - 1] + 1);
            }
        }
    for (uint64_t i = 0; i < size; i++)
        CHECK(hits[i] * (canonical_holes ? hole_orbits[i] : 1) == orbits[i],
              "index %llu hit %u times, its orbit has %u hands", (unsigned long long)i, hits[i], orbits[i]);
    if (brute) { /* distinct indexes hold distinct forms: sort the forms and look for a repeat */
        qsort(form, size, sizeof *form, compare_forms);
        uint64_t repeats = 0;
        for (uint64_t i = 1; i < size; i++)
            repeats += form[i][0] == form[i - 1][0] && form[i][1] == form[i - 1][1];
        CHECK(repeats == 0, "%llu forms under two indexes", (unsigned long long)repeats);
    }
    printf("  %llu raw hands of 2 + %u cards%s%s (%.1f s CPU)\n", (unsigned long long)hands, board,
           canonical_holes ? " with canonical holes" : "", brute ? ", brute-force forms too" : "",
           (double)clock() / CLOCKS_PER_SEC);
    free(hits);
    free(form);
    ph_indexer_free(indexer);
}

/* Bad counts, cards, rounds and indexes get their codes. */
static void errors(void) {
    ph_indexer *indexer = NULL;
    const uint8_t zero[] = {2, 0}, past_deck[] = {30, 23}, nine[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1}, huge[] = {13, 13};
    CHECK(ph_indexer_new(zero, 2, &indexer) == PH_E_ARGUMENT && !indexer, "a round of no cards");
    CHECK(ph_indexer_new(past_deck, 2, &indexer) == PH_E_ARGUMENT, "53 cards");
    CHECK(ph_indexer_new(nine, 9, &indexer) == PH_E_ARGUMENT, "nine rounds");
    CHECK(ph_indexer_new(nine, 0, &indexer) == PH_E_ARGUMENT, "no rounds");
    CHECK(ph_indexer_new(huge, 2, &indexer) == PH_E_OVERFLOW, "[13, 13] has more than 2^64 classes");
    ph_indexer_free(NULL);
    static const game holdem = {4, {2, 3, 1, 1}};
    indexer = make(&holdem);
    uint64_t out[4];
    uint8_t cards[7] = {0, 1, 2, 3, 4, 5, 6}, back[7];
    CHECK(ph_indexer_index(indexer, cards, 0, out) == PH_E_ARGUMENT, "rounds 0");
    CHECK(ph_indexer_index(indexer, cards, 5, out) == PH_E_ARGUMENT, "rounds 5");
    cards[3] = 52;
    CHECK(ph_indexer_index(indexer, cards, 4, out) == PH_E_CARD, "card 52");
    CHECK(ph_indexer_index(indexer, cards, 1, out) == PH_OK, "card 52 is past the hole");
    cards[3] = 1;
    CHECK(ph_indexer_index(indexer, cards, 2, out) == PH_E_DUPLICATE, "a duplicate");
    CHECK(ph_indexer_unindex(indexer, 4, 0, back) == PH_E_ARGUMENT, "round 4");
    CHECK(ph_indexer_unindex(indexer, 3, 2428287420u, back) == PH_E_RANK, "the size is past the last index");
    CHECK(ph_indexer_unindex(indexer, 3, 2428287419u, back) == PH_OK, "the last index");
    CHECK(ph_indexer_size(indexer, 4) == 0 && ph_indexer_cards(indexer, 3) == 7 && ph_indexer_rounds(indexer) == 4,
          "sizes");
    ph_indexer_free(indexer);
}

static void exhaustive(void) {
    errors();
    static const game small[] = {{1, {2}}, {2, {2, 3}}, {2, {2, 4}}};
    for (size_t i = 0; i < 3; i++) {
        ph_indexer *indexer = make(&small[i]);
        uint64_t size = ph_indexer_size(indexer, small[i].rounds - 1);
        uint8_t *orbits = malloc(size), *hole_orbits = malloc(size);
        ph_indexer_free(indexer);
        bijection(&small[i], orbits, hole_orbits);
        raw_hands(&small[i], orbits, hole_orbits, i < 2, i == 2); /* [2,4]: 39M of its 305M hands */
        free(orbits);
        free(hole_orbits);
    }
    static const game flop_turn = {3, {2, 3, 1}};
    bijection(&flop_turn, NULL, NULL);
}

/* ---- samples --------------------------------------------------------------------------------------- */

static void deal(const game *g, uint8_t *cards) {
    uint64_t seen = 0;
    size_t n = total_cards(g, g->rounds);
    for (size_t i = 0; i < n;) {
        uint8_t c = (uint8_t)(next_random() % 52);
        if (!(seen >> c & 1)) {
            seen |= UINT64_C(1) << c;
            cards[i++] = c;
        }
    }
}

static void sample_game(const game *g, uint64_t n) {
    ph_indexer *indexer = make(g);
    size_t last = g->rounds - 1, k = total_cards(g, g->rounds);
    uint64_t size = ph_indexer_size(indexer, last);
    for (uint64_t s = 0; s < n; s++) {
        uint8_t hand[52], canon[52], renamed[52];
        uint64_t all[PH_INDEXER_MAX_ROUNDS], again[PH_INDEXER_MAX_ROUNDS];
        deal(g, hand);
        int status = ph_indexer_index(indexer, hand, g->rounds, all);
        CHECK(status == PH_OK && all[last] < size, "sample %llu", (unsigned long long)s);
        ph_indexer_unindex(indexer, last, all[last], canon);
        CHECK(is_renaming(g, g->rounds, hand, canon), "sample %llu: the canonical hand is no renaming",
              (unsigned long long)s);
        CHECK(ph_indexer_index_unchecked(indexer, canon, g->rounds) == all[last], "sample %llu", (unsigned long long)s);
        const uint8_t *perm = perms[next_random() % 24];
        for (size_t i = 0; i < k; i++)
            renamed[i] = (uint8_t)((hand[i] & ~3u) | perm[hand[i] & 3]);
        ph_indexer_index(indexer, renamed, g->rounds, again);
        CHECK(memcmp(all, again, g->rounds * sizeof(uint64_t)) == 0, "sample %llu: a renaming moves an index",
              (unsigned long long)s);
        if (s % 64 == 0) { /* the brute-force form agrees: the canonical hand's equals the hand's */
            uint64_t masks[PH_INDEXER_MAX_ROUNDS], a[PH_INDEXER_MAX_ROUNDS], b[PH_INDEXER_MAX_ROUNDS];
            round_masks(g, g->rounds, hand, masks);
            brute_canonical(masks, g->rounds, a);
            round_masks(g, g->rounds, canon, masks);
            brute_canonical(masks, g->rounds, b);
            CHECK(memcmp(a, b, g->rounds * sizeof(uint64_t)) == 0, "sample %llu", (unsigned long long)s);
            /* and a hand one card away is another class exactly when the forms differ */
            if (k == 52)
                continue;
            uint8_t other[52];
            memcpy(other, hand, k);
            uint64_t used = 0;
            for (size_t i = 0; i < k; i++)
                used |= UINT64_C(1) << hand[i];
            uint8_t c;
            do
                c = (uint8_t)(next_random() % 52);
            while (used >> c & 1);
            other[next_random() % k] = c;
            round_masks(g, g->rounds, other, masks);
            brute_canonical(masks, g->rounds, b);
            int same_form = memcmp(a, b, g->rounds * sizeof(uint64_t)) == 0;
            int same_index = ph_indexer_index_unchecked(indexer, other, g->rounds) == all[last];
            CHECK(same_form == same_index, "sample %llu: forms %d, indexes %d", (unsigned long long)s, same_form,
                  same_index);
        }
        uint64_t random_index = next_random() % size;
        ph_indexer_unindex(indexer, last, random_index, canon);
        CHECK(ph_indexer_index_unchecked(indexer, canon, g->rounds) == random_index &&
                  ph_indexer_is_canonical(indexer, canon, g->rounds) == 1,
              "index %llu", (unsigned long long)random_index);
    }
    printf("  %llu samples of %zu rounds ending in %u cards (%llu indexes)\n", (unsigned long long)n, g->rounds,
           g->cards[last], (unsigned long long)size);
    ph_indexer_free(indexer);
}

static void samples(uint64_t n) {
    static const game big[] = {{2, {2, 5}}, {4, {2, 3, 1, 1}}};
    static const game other[] = {{3, {2, 3, 1}}, {4, {4, 3, 1, 1}}, {8, {1, 1, 1, 1, 1, 1, 1, 1}},
                                 {2, {13, 6}}, {3, {5, 5, 5}}, {1, {52}}, {2, {3, 2}}};
    for (size_t i = 0; i < 2; i++)
        sample_game(&big[i], n);
    for (size_t i = 0; i < sizeof other / sizeof other[0]; i++)
        sample_game(&other[i], n / 100 + 1);
}

/* ---- vectors ---------------------------------------------------------------------------------------- */

/* The integers of the list after "key": in a JSON line, up to max of them. */
static size_t int_list(const char *line, const char *key, uint64_t *out, size_t max) {
    const char *at = strstr(line, key);
    if (!at || !(at = strchr(at, '[')))
        return 0;
    size_t n = 0;
    for (at++; *at && *at != ']' && n < max;) {
        char *end;
        unsigned long long v = strtoull(at, &end, 10);
        if (end == at) {
            at++;
            continue;
        }
        out[n++] = v;
        at = end;
    }
    return n;
}

static void vectors(const char *path) {
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "cannot open %s", path);
    if (!f)
        return;
    char line[4096];
    size_t lines = 0;
    while (fgets(line, sizeof line, f)) {
        uint64_t rounds[PH_INDEXER_MAX_ROUNDS + 1], cards[53], indexes[PH_INDEXER_MAX_ROUNDS + 1];
        size_t nr = int_list(line, "\"rounds\"", rounds, PH_INDEXER_MAX_ROUNDS + 1);
        size_t nc = int_list(line, "\"cards\"", cards, 53), ni = int_list(line, "\"indexes\"", indexes, 9);
        if (nr == 0) /* the banner */
            continue;
        game g = {nr, {0}};
        for (size_t r = 0; r < nr && r < PH_INDEXER_MAX_ROUNDS; r++)
            g.cards[r] = (uint8_t)rounds[r];
        ph_indexer *indexer = make(&g);
        uint8_t hand[52];
        for (size_t i = 0; i < nc && i < 52; i++)
            hand[i] = (uint8_t)cards[i];
        uint64_t got[PH_INDEXER_MAX_ROUNDS];
        int status = ph_indexer_index(indexer, hand, ni, got);
        CHECK(status == PH_OK && nc == total_cards(&g, ni), "line %zu", lines + 1);
        for (size_t r = 0; r < ni && status == PH_OK; r++)
            CHECK(got[r] == indexes[r], "line %zu round %zu: %llu, the vector says %llu", lines + 1, r,
                  (unsigned long long)got[r], (unsigned long long)indexes[r]);
        ph_indexer_free(indexer);
        lines++;
    }
    fclose(f);
    CHECK(lines > 0, "no vectors in %s", path);
    printf("  %zu vectors\n", lines);
}

int main(int argc, char **argv) {
    make_perms();
    if (argc >= 2 && strcmp(argv[1], "exhaustive") == 0)
        exhaustive();
    else if (argc >= 5 && strcmp(argv[1], "game") == 0) { /* game N SEED counts... */
        game g = {(size_t)(argc - 4), {0}};
        for (int i = 4; i < argc && i - 4 < PH_INDEXER_MAX_ROUNDS; i++)
            g.cards[i - 4] = (uint8_t)atoi(argv[i]);
        rng_state = strtoull(argv[3], NULL, 10);
        sample_game(&g, strtoull(argv[2], NULL, 10));
    } else if (argc >= 4 && strcmp(argv[1], "sample") == 0) {
        rng_state = strtoull(argv[3], NULL, 10);
        samples(strtoull(argv[2], NULL, 10));
    } else if (argc >= 3 && strcmp(argv[1], "vectors") == 0)
        vectors(argv[2]);
    else {
        fprintf(stderr, "usage: %s exhaustive | sample N SEED | vectors FILE\n", argv[0]);
        return 2;
    }
    printf("OK: %d failure(s) in %d checks\n", failures, checks);
    return failures != 0;
}
