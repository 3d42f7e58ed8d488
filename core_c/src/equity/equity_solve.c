/* Exact tally of one holding combination: every completion of the board, counted without dealing boards.
 *
 * With all hole cards fixed, a player's value on a board is min(plain, flush): the plain part depends only
 * on the board's ranks, and a flush needs three or more board cards of one suit, which at most one suit can
 * have. So:
 *   1. plain pass: enumerate the multisets of ranks the missing board cards can take, each standing for
 *      prod C(cards left of rank r, times r is used) boards, and score the players' plain values;
 *   2. flush pass: for each suit some player could still flush in, enumerate the exact sets S of new cards
 *      of that suit (the other new cards again as rank multisets). With F the best flush among the players
 *      on S and B the best plain value, the winners change only where F < B (a flush never equals a plain
 *      value, and a player's own plain hand below F is below B too): there the flushers with F win, and those
 *      boards leave the multiset's plain count;
 *   3. the plain winners of each multiset are credited with the boards left to it.
 * The plain pass keeps each multiset's (B, winners) and board count in tables by the multiset's colex index,
 * so a flush case costs a table read instead of the players' evaluations. Suits that look alike to every player, the
 * board and the dead cards (same ranks held, on board, gone) get the same flush pass: it runs once per such
 * class, counted as many times as the class has suits. Preflop AcAd vs KsKh: 5,995 plain multisets and
 * 14,454 flush cases (two suit classes of two) instead of 1,712,304 boards. */
#include <string.h>

#include "pokerhash.h"
#include "../common/tables.h"
#include "../omaha/omaha_internal.h"
#include "equity_internal.h"

#if defined(__GNUC__)
#define PH_EQ_NOINLINE __attribute__((noinline))
#else
#define PH_EQ_NOINLINE
#endif

#define FULL_DECK ((UINT64_C(1) << PH_DECK_SIZE) - 1)

typedef struct solver {
    const ph_eq_spot *spot;
    size_t players;
    uint8_t avail[13];                            /* cards left in the deck per rank */
    unsigned deck_suit[4];                        /* ranks left in the deck per suit */
    uint64_t base_key[PH_EQUITY_MAX_PLAYERS];     /* hold'em: rank keys of the hole and the known board */
    unsigned hole_suit[PH_EQUITY_MAX_PLAYERS][4];
    uint32_t rows[PH_EQUITY_MAX_PLAYERS][PH_OMAHA_MAX_ROWS];
    unsigned row_count[PH_EQUITY_MAX_PLAYERS];
    unsigned flush_best, flush_winners;           /* flush pass: best flush on the current suit set, who has it */
    uint32_t *outcome;                            /* by multiset index: best plain value << 10 | its winners */
    /* By multiset index: the boards it stands for (at most 4^5), less those a flush pass gave to a flush. The
     * plain winners are credited once, after the flush passes: a leaf then stores instead of adding into the
     * tally, whose read-modify-write chain through memory was the solver's hottest spot. */
    uint16_t *plain_weight;
    ph_eq_acc *acc;
} solver;

#define MULTISETS 6188 /* rank multisets of five cards: C(17, 5) */

/* PH_EQUITY_UNIT / n: one winner's part of a pot split n ways. */
static const uint16_t unit_part[PH_EQUITY_MAX_PLAYERS + 1] = {
    0, PH_EQUITY_UNIT, PH_EQUITY_UNIT / 2, PH_EQUITY_UNIT / 3, PH_EQUITY_UNIT / 4, PH_EQUITY_UNIT / 5,
    PH_EQUITY_UNIT / 6, PH_EQUITY_UNIT / 7, PH_EQUITY_UNIT / 8, PH_EQUITY_UNIT / 9, PH_EQUITY_UNIT / 10};

/* multiset_part[i][r] = C(r + i, i + 1): the colex index of a sorted rank multiset r_0 <= .. <= r_{n-1} is
 * the sum of multiset_part[i][r_i], 0 .. C(12 + n, n) - 1. */
static const uint16_t multiset_part[5][13] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12},
    {0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78},
    {0, 1, 4, 10, 20, 35, 56, 84, 120, 165, 220, 286, 364},
    {0, 1, 5, 15, 35, 70, 126, 210, 330, 495, 715, 1001, 1365},
    {0, 1, 6, 21, 56, 126, 252, 462, 792, 1287, 2002, 3003, 4368},
};

static const uint64_t choose4[5][5] = {{1}, {1, 1}, {1, 2, 1}, {1, 3, 3, 1}, {1, 4, 6, 4, 1}};

/* Bits set in a mask below 2^13 (a suit's ranks, a set of winners). Plain x86-64 has no bit-count
 * instruction, and the generic count took a tenth of a flop spot's time: the suited-key tables carry the
 * count, two loads away. */
static inline unsigned small_bits(unsigned mask) {
#if defined(__POPCNT__) || defined(__wasm__)
    return (unsigned)__builtin_popcount(mask);
#else
    return (unsigned)(ph_suited_key(mask) & PH_SUITED_COUNT_MASK);
#endif
}

/* `weight` deals won by the players of the `winners` mask (not 0). */
static inline void add_outcome(ph_eq_acc *acc, unsigned winners, uint64_t weight) {
    if (!(winners & (winners - 1))) {
        acc->win[__builtin_ctz(winners)] += weight;
        return;
    }
    uint64_t part = unit_part[small_bits(winners)] * weight; /* a table, not a division */
    do {
        unsigned p = (unsigned)__builtin_ctz(winners);
        acc->tie[p] += weight;
        acc->tie_share[p] += part;
        winners &= winners - 1;
    } while (winners);
}

/* Omaha's plain values need the sorted board ranks: the known ones merged with the new ones. Kept out of
 * line so the hold'em leaf stays small. */
static PH_EQ_NOINLINE unsigned omaha_plain_winners(const solver *s, const uint8_t *new_ranks, unsigned n, unsigned *best_out) {
    const ph_eq_spot *spot = s->spot;
    uint8_t board[5];
    unsigned len = spot->board_len;
    for (unsigned i = 0; i < len; i++)
        board[i] = spot->board_ranks[i];
    for (unsigned i = 0; i < n; i++) {
        unsigned j = len++;
        for (; j > 0 && board[j - 1] > new_ranks[i]; j--)
            board[j] = board[j - 1];
        board[j] = new_ranks[i];
    }
    unsigned triples[10];
    unsigned triple_count = ph_omaha_board_triples(board, len, triples);
    unsigned best = PH_NO_VALUE + 1, winners = 0;
    for (size_t p = 0; p < s->players; p++) {
        unsigned v = ph_omaha_plain(spot->omaha_best, s->rows[p], s->row_count[p], triples, triple_count);
        if (v < best) {
            best = v;
            winners = 1u << p;
        } else if (v == best) {
            winners |= 1u << p;
        }
    }
    *best_out = best;
    return winners;
}

/* A plain-pass leaf: the new cards' ranks (sorted; hold'em reads only their key sum and their multiset index),
 * standing for `weight` boards. Its outcome is kept for the flush pass. */
static inline void plain_leaf(solver *s, const uint8_t *new_ranks, unsigned n, uint64_t key, unsigned index,
                              uint64_t weight) {
    unsigned best, winners;
    if (s->spot->omaha) {
        winners = omaha_plain_winners(s, new_ranks, n, &best);
    } else {
        unsigned v[PH_EQUITY_MAX_PLAYERS];
        best = v[0] = ph_plain_value(s->base_key[0] + key, 7);
        for (size_t p = 1; p < s->players; p++) {
            v[p] = ph_plain_value(s->base_key[p] + key, 7);
            best = v[p] < best ? v[p] : best;
        }
        winners = 0; /* without branches: who wins is data, not a pattern a predictor learns */
        for (size_t p = 0; p < s->players; p++)
            winners |= (unsigned)(v[p] == best) << p;
    }
    s->outcome[index] = best << 10 | winners;
    s->plain_weight[index] = (uint16_t)weight;
}

/* A flush-pass leaf, given the colex index of all its new ranks: where the best flush beats the best plain
 * value, its holders win instead of the plain winners. Returns the boards the flush takes; the caller sums
 * them for the flush's holders. */
static inline uint64_t flush_outcome(solver *s, unsigned index, uint64_t weight) {
    uint32_t plain = s->outcome[index];
    /* Without a branch: whether the flush wins depends on the cards, so a predictor would miss often. */
    uint64_t changed = weight & (0 - (uint64_t)(s->flush_best < plain >> 10));
    s->plain_weight[index] = (uint16_t)(s->plain_weight[index] - changed); /* never below 0: a subset */
    return changed;
}

/* A flush-pass leaf: new_ranks[0..j-1] of the flush suit (ascending, distinct), then n - j others (ascending).
 * In sorted order a suit rank comes after the other ranks below it, and another rank after the suit ranks
 * up to it: that gives each its place in the colex index. */
static inline uint64_t flush_leaf(solver *s, const uint8_t *new_ranks, unsigned j, unsigned n, uint64_t weight) {
    unsigned before[5] = {0, 1, 2, 3, 4}, after[5] = {0, 0, 0, 0, 0};
    for (unsigned k = 0; k < j; k++)
        for (unsigned d = j; d < n; d++) {
            unsigned other_first = new_ranks[d] < new_ranks[k];
            before[k] += other_first;
            after[d - j] += !other_first;
        }
    unsigned index = 0;
    for (unsigned k = 0; k < j; k++)
        index += multiset_part[before[k]][new_ranks[k]];
    for (unsigned d = j; d < n; d++)
        index += multiset_part[d - j + after[d - j]][new_ranks[d]];
    return flush_outcome(s, index, weight);
}

/* The common case of exactly one other new card: its rank m runs upward, and the suit ranks above m sit one
 * place later, so the index is a prefix sum, a shifted suffix sum and m's own part. */
static uint64_t flush_one_other(solver *s, const uint8_t *suited, unsigned j, const uint8_t *other, uint64_t weight) {
    unsigned low[6], high[6]; /* low[t]: suit ranks 0..t-1 in place; high[t]: ranks t.. one place later */
    low[0] = 0;
    high[j] = 0;
    for (unsigned k = 0; k < j; k++) {
        low[k + 1] = low[k] + multiset_part[k][suited[k]];
        high[j - 1 - k] = high[j - k] + multiset_part[j - k][suited[j - 1 - k]];
    }
    unsigned t = 0; /* suit ranks <= m */
    uint64_t taken = 0;
    for (unsigned m = 0; m < 13; m++) {
        while (t < j && suited[t] <= m)
            t++;
        if (other[m])
            taken += flush_outcome(s, low[t] + high[t] + multiset_part[t][m], weight * other[m]);
    }
    return taken;
}

/* Rank multisets of `left` more cards (ranks >= from) drawn from avail[], each weighted by the number of
 * card sets it stands for: the plain pass. left >= 1; the last card gets a loop of its own (most leaves). */
static void plain_walk(solver *s, unsigned left, unsigned from, uint64_t weight, uint64_t key, unsigned index,
                       uint8_t *ranks, unsigned depth) {
    if (left == 1) {
        for (unsigned r = from; r < 13; r++)
            if (s->avail[r]) {
                ranks[depth] = (uint8_t)r;
                plain_leaf(s, ranks, depth + 1, key + ph_rank_key(r), index + multiset_part[depth][r],
                           weight * s->avail[r]);
            }
        return;
    }
    for (unsigned r = from; r < 13; r++) {
        unsigned a = s->avail[r];
        uint64_t k = key;
        unsigned x = index;
        for (unsigned c = 1; c <= a && c <= left; c++) {
            k += ph_rank_key(r);
            x += multiset_part[depth + c - 1][r];
            ranks[depth + c - 1] = (uint8_t)r;
            uint64_t w = weight * choose4[a][c];
            if (c == left)
                plain_leaf(s, ranks, depth + c, k, x, w);
            else
                plain_walk(s, left - c, r + 1, w, k, x, ranks, depth + c);
        }
    }
}

/* The same over other[] (the deck without the flush suit), after the j flush-suit ranks in ranks[0..j-1].
 * Returns the boards the flush takes. */
static uint64_t flush_walk(solver *s, const uint8_t *other, unsigned left, unsigned from, uint64_t weight,
                           uint8_t *ranks, unsigned j, unsigned depth) {
    uint64_t taken = 0;
    if (left == 1) {
        for (unsigned r = from; r < 13; r++)
            if (other[r]) {
                ranks[depth] = (uint8_t)r;
                taken += flush_leaf(s, ranks, j, depth + 1, weight * other[r]);
            }
        return taken;
    }
    for (unsigned r = from; r < 13; r++) {
        unsigned a = other[r];
        for (unsigned c = 1; c <= a && c <= left; c++) {
            ranks[depth + c - 1] = (uint8_t)r;
            uint64_t w = weight * choose4[a][c];
            if (c == left)
                taken += flush_leaf(s, ranks, j, depth + c, w);
            else
                taken += flush_walk(s, other, left - c, r + 1, w, ranks, j, depth + c);
        }
    }
    return taken;
}

/* Fewest new cards of `suit` with which some player can flush, or > to_come when none can. */
static unsigned flush_threshold(const solver *s, unsigned suit) {
    const ph_eq_spot *spot = s->spot;
    unsigned on_board = ph_eq_bits(spot->board_suit[suit]);
    unsigned board_need = on_board >= 3 ? 0 : 3 - on_board;
    unsigned need = 99;
    for (size_t p = 0; p < s->players; p++) {
        unsigned held = ph_eq_bits(s->hole_suit[p][suit]);
        unsigned n = board_need;
        if (spot->omaha) {
            if (held < 2)
                continue;
        } else if (held + on_board + n < 5) {
            n = 5 - held - on_board;
        }
        if (n < need)
            need = n;
    }
    return need;
}

/* Suit sets the flush pass of `suit` visits: the ranks of the suit still in the deck, and the deck without
 * them (the other new cards). Returns how many ranks are listed. */
static unsigned flush_deck(const solver *s, unsigned suit, unsigned list[13], uint8_t other[13]) {
    unsigned listed = 0;
    for (unsigned r = 0; r < 13; r++) {
        unsigned in_deck = s->deck_suit[suit] >> r & 1;
        other[r] = (uint8_t)(s->avail[r] - in_deck);
        if (in_deck)
            list[listed++] = r;
    }
    return listed;
}

/* The flush pass for one suit, counted `times` times: every set of j new cards of the suit, j from the
 * threshold up. */
static void flush_suit(solver *s, unsigned suit, uint64_t times) {
    const ph_eq_spot *spot = s->spot;
    unsigned need = flush_threshold(s, suit), to_come = spot->to_come;
    if (need > to_come)
        return;
    uint8_t other[13];
    unsigned list[13], listed = flush_deck(s, suit, list, other);
    for (unsigned j = need; j <= to_come && j <= listed; j++) {
        /* j-subsets of the listed ranks as index sets pick[0] < .. < pick[j-1], in colex order */
        unsigned pick[5];
        for (unsigned i = 0; i < j; i++)
            pick[i] = i;
        for (;;) {
            unsigned board = spot->board_suit[suit];
            uint8_t ranks[5];
            for (unsigned i = 0; i < j; i++) {
                ranks[i] = (uint8_t)list[pick[i]];
                board |= 1u << list[pick[i]];
            }
            unsigned best = PH_NO_VALUE, winners = 0;
            for (size_t p = 0; p < s->players; p++) {
                unsigned held = s->hole_suit[p][suit], value = PH_NO_VALUE;
                if (spot->omaha)
                    value = ph_omaha_flush(held, board);
                else if (small_bits(held | board) >= 5)
                    value = ph_suited_value(held | board);
                if (value < best) {
                    best = value;
                    winners = 1u << p;
                } else if (value == best && value != PH_NO_VALUE) {
                    winners |= 1u << p;
                }
            }
            if (winners) {
                s->flush_best = best;
                s->flush_winners = winners;
                uint64_t taken;
                if (j == to_come)
                    taken = flush_leaf(s, ranks, j, j, times);
                else if (j + 1 == to_come)
                    taken = flush_one_other(s, ranks, j, other, times);
                else
                    taken = flush_walk(s, other, to_come - j, 0, times, ranks, j, j);
                if (taken)
                    add_outcome(s->acc, winners, taken);
            }
            unsigned i = 0; /* colex successor */
            while (i < j && pick[i] + 1 == (i + 1 < j ? pick[i + 1] : listed))
                i++;
            if (i == j)
                break;
            pick[i]++;
            for (unsigned t = 0; t < i; t++)
                pick[t] = t;
        }
    }
}

/* Suits nobody can tell apart (same ranks in every hole, on the board and left in the deck): class[s] is the
 * first suit like s, times[s] how many suits its class has. */
static void suit_classes(const solver *s, unsigned klass[4], uint64_t times[4]) {
    for (unsigned suit = 0; suit < 4; suit++) {
        klass[suit] = suit;
        times[suit] = 1;
        for (unsigned t = 0; t < suit && klass[suit] == suit; t++) {
            if (klass[t] != t || s->deck_suit[t] != s->deck_suit[suit] ||
                s->spot->board_suit[t] != s->spot->board_suit[suit])
                continue;
            size_t p = 0;
            while (p < s->players && s->hole_suit[p][t] == s->hole_suit[p][suit])
                p++;
            if (p == s->players) {
                klass[suit] = t;
                times[t]++;
            }
        }
    }
}

static void prepare(solver *s, const ph_eq_spot *spot, const uint8_t *const *holes, uint64_t taken) {
    s->spot = spot;
    s->players = spot->players;
    for (unsigned r = 0; r < 13; r++)
        s->avail[r] = 4;
    unsigned gone[4] = {0, 0, 0, 0};
    for (uint64_t t = taken & FULL_DECK; t; t &= t - 1) {
        unsigned card = (unsigned)__builtin_ctzll(t);
        s->avail[card >> 2]--;
        gone[card & 3] |= 1u << (card >> 2);
    }
    for (unsigned suit = 0; suit < 4; suit++)
        s->deck_suit[suit] = 0x1fffu & ~gone[suit];
    for (size_t p = 0; p < s->players; p++) {
        uint8_t ranks[PH_EQ_MAX_HOLE];
        uint64_t key = spot->board_key;
        for (unsigned suit = 0; suit < 4; suit++)
            s->hole_suit[p][suit] = 0;
        for (size_t i = 0; i < spot->hole_size; i++) {
            unsigned card = holes[p][i];
            ranks[i] = (uint8_t)(card >> 2);
            s->hole_suit[p][card & 3] |= 1u << (card >> 2);
            key += ph_rank_key(card >> 2);
        }
        s->base_key[p] = key;
        if (spot->omaha)
            s->row_count[p] = ph_omaha_hole_rows(ranks, spot->hole_size, s->rows[p]);
    }
}

void ph_eq_solve(const ph_eq_spot *spot, const uint8_t *const *holes, uint64_t taken, ph_eq_acc *acc) {
    solver s;
    uint32_t outcome[MULTISETS];
    uint16_t plain_weight[MULTISETS];
    unsigned count = (unsigned)ph_binomial_table[12 + spot->to_come][spot->to_come]; /* rank multisets */
    prepare(&s, spot, holes, taken);
    s.acc = acc;
    s.outcome = outcome;
    s.plain_weight = plain_weight;
    memset(plain_weight, 0, count * sizeof *plain_weight); /* multisets the deck cannot make stay at 0 */
    uint8_t ranks[5];
    if (spot->to_come)
        plain_walk(&s, spot->to_come, 0, 1, 0, 0, ranks, 0);
    else
        plain_leaf(&s, ranks, 0, 0, 0, 1);
    unsigned klass[4];
    uint64_t times[4];
    suit_classes(&s, klass, times);
    for (unsigned suit = 0; suit < 4; suit++)
        if (klass[suit] == suit)
            flush_suit(&s, suit, times[suit]);
    unsigned left = 0;
    for (unsigned r = 0; r < 13; r++)
        left += s.avail[r];
    acc->deals += ph_binomial_table[left][spot->to_come]; /* every board, flush or not */
    for (unsigned index = 0; index < count; index++)
        if (plain_weight[index])
            add_outcome(acc, outcome[index] & 0x3ffu, plain_weight[index]);
}

/* Number of rank multisets of `left` cards from avail[] (what walk visits). */
static double multisets(const uint8_t *avail, unsigned left) {
    double f[6] = {1, 0, 0, 0, 0, 0}; /* f[l]: multisets of l cards from the ranks seen so far */
    for (unsigned r = 0; r < 13; r++)
        for (unsigned l = left; l > 0; l--)
            for (unsigned c = 1; c <= avail[r] && c <= l; c++)
                f[l] += f[l - c];
    return f[left];
}

static double binomial(unsigned n, unsigned k) { /* k <= n */
    double r = 1;
    for (unsigned i = 0; i < k; i++)
        r = r * (double)(n - i) / (double)(i + 1);
    return r;
}

/* The flush pass's work on one suit of `listed` ranks left, `other` cards of each rank besides them: every
 * set of j new cards of the suit, j from `need` to `to_come`. */
static void add_flush_work(unsigned listed, const uint8_t other[13], unsigned need, unsigned to_come,
                           ph_eq_work *work) {
    for (unsigned j = need; j <= to_come && j <= listed; j++) {
        double subsets = binomial(listed, j);
        work->flush_sets += subsets;
        double leaves = subsets * multisets(other, to_come - j);
        work->flush_leaves += leaves;
        if (to_come - j >= 2)
            work->flush_far_leaves += leaves;
    }
}

void ph_eq_solve_work(const ph_eq_spot *spot, const uint8_t *const *holes, uint64_t taken, ph_eq_work *work) {
    solver s;
    prepare(&s, spot, holes, taken);
    work->plain_leaves = multisets(s.avail, spot->to_come);
    work->flush_leaves = work->flush_far_leaves = work->flush_sets = 0;
    work->omaha_rows = 0;
    for (size_t p = 0; spot->omaha && p < s.players; p++)
        work->omaha_rows += s.row_count[p];
    unsigned klass[4];
    uint64_t times[4];
    suit_classes(&s, klass, times);
    for (unsigned suit = 0; suit < 4; suit++) {
        unsigned need = flush_threshold(&s, suit);
        if (klass[suit] != suit || need > spot->to_come)
            continue;
        uint8_t other[13];
        unsigned list[13], listed = flush_deck(&s, suit, list, other);
        add_flush_work(listed, other, need, spot->to_come, work);
    }
}

void ph_eq_solve_work_bound(const ph_eq_spot *spot, ph_eq_work *work) {
    /* The deck without the hole cards: holding more cards leaves fewer multisets, fewer ranks of a suit to
     * list and fewer other cards. Every suit counts as its own class, at its least threshold. */
    ph_eq_spot no_players = *spot;
    no_players.players = 0;
    solver s;
    prepare(&s, &no_players, NULL, spot->fixed);
    work->plain_leaves = multisets(s.avail, spot->to_come);
    work->flush_leaves = work->flush_far_leaves = work->flush_sets = 0;
    work->omaha_rows = 0;
    for (unsigned suit = 0; suit < 4; suit++) {
        unsigned on_board = ph_eq_bits(spot->board_suit[suit]);
        unsigned need = on_board >= 3 ? 0 : 3 - on_board; /* flush_threshold with two hole cards of the suit */
        uint8_t other[13];
        unsigned list[13], listed = flush_deck(&s, suit, list, other);
        if (need <= spot->to_come)
            add_flush_work(listed, other, need, spot->to_come, work);
    }
}

int ph_eq_spot_init(ph_eq_spot *spot, const ph_equity_game *game, int solving) {
    spot->players = game->players;
    spot->hole_size = game->hole_size;
    spot->omaha = game->hole_size != 2;
    spot->omaha_best = NULL;
    if (solving && spot->omaha && !(spot->omaha_best = ph_omaha_rank_table()))
        return PH_E_NOMEM;
    spot->board_len = (unsigned)game->board_len;
    spot->to_come = 5 - spot->board_len;
    spot->board_key = 0;
    for (unsigned suit = 0; suit < 4; suit++)
        spot->board_suit[suit] = 0;
    for (unsigned i = 0; i < spot->board_len; i++) {
        unsigned card = game->board[i], j = i;
        for (; j > 0 && spot->board_ranks[j - 1] > (card >> 2); j--) /* sorted, for the Omaha triples */
            spot->board_ranks[j] = spot->board_ranks[j - 1];
        spot->board_ranks[j] = (uint8_t)(card >> 2);
        spot->board_suit[card & 3] |= 1u << (card >> 2);
        spot->board_key += ph_rank_key(card >> 2);
    }
    spot->fixed = ph_card_mask(game->board, game->board_len) | ph_card_mask(game->dead, game->dead_len);
    return PH_OK;
}
