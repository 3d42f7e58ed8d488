/* Exact equity: every board completion of every holding combination, counted without dealing boards.
 *
 * For one combination (all hole cards fixed) a player's value on a board is min(plain, flush): the plain
 * part depends only on the board's ranks, and a flush needs three or more board cards of one suit, which
 * at most one suit can have. So:
 *   1. plain pass: enumerate the multisets of ranks the missing board cards can take, each standing for
 *      prod C(cards left of rank r, times r is used) boards, and score the players' plain values;
 *   2. flush pass: for each suit some player could still flush in, enumerate the exact sets of new cards
 *      of that suit (with the other new cards again as rank multisets) and, where a flush changes some
 *      player's value, add the true outcome and subtract the plain one already counted.
 * Preflop hold'em that is ~6,000 plain multisets plus ~30,000 flush cases instead of 1.7 million boards. */
#include "pokerhash.h"
#include "eval_core.h"
#include "equity_internal.h"
#include "omaha_internal.h"

typedef struct solver {
    size_t players;
    int omaha;
    unsigned to_come;                           /* board cards still to deal */
    uint8_t avail[13];                          /* cards left in the deck per rank */
    unsigned deck_suit[4];                      /* ranks left in the deck per suit */
    unsigned board_suit[4];                     /* known board ranks per suit */
    uint8_t board_ranks[5];
    unsigned board_len;
    uint64_t base_key[PH_EQUITY_MAX_PLAYERS];   /* hold'em: rank keys of the hole and the known board */
    unsigned hole_suit[PH_EQUITY_MAX_PLAYERS][4];
    const uint16_t *omaha_best;
    uint32_t rows[PH_EQUITY_MAX_PLAYERS][PH_OMAHA_MAX_ROWS];
    unsigned row_count[PH_EQUITY_MAX_PLAYERS];
    int flush_pass;
    unsigned flush[PH_EQUITY_MAX_PLAYERS];      /* flush pass: each player's flush value, or PH_NO_VALUE */
    ph_eq_counts *out;
} solver;

static const uint64_t choose4[5][5] = {{1}, {1, 1}, {1, 2, 1}, {1, 3, 3, 1}, {1, 4, 6, 4, 1}};

static uint64_t rank_key(unsigned rank) {
    return ph_card_keys[4 * rank] - (UINT64_C(1) << PH_SUIT_SHIFT);
}

/* The players' plain values on a board whose new cards have ranks new_ranks[0..n-1] (key: their sum). */
static void plain_values(const solver *s, const uint8_t *new_ranks, unsigned n, uint64_t key, unsigned *values) {
    if (!s->omaha) {
        for (size_t p = 0; p < s->players; p++)
            values[p] = ph_plain_value(s->base_key[p] + key, 7);
        return;
    }
    uint8_t board[5];
    unsigned len = s->board_len;
    for (unsigned i = 0; i < len; i++)
        board[i] = s->board_ranks[i];
    for (unsigned i = 0; i < n; i++) { /* insert into the sorted board */
        unsigned j = len++;
        for (; j > 0 && board[j - 1] > new_ranks[i]; j--)
            board[j] = board[j - 1];
        board[j] = new_ranks[i];
    }
    unsigned triples[10];
    unsigned triple_count = ph_omaha_board_triples(board, len, triples);
    for (size_t p = 0; p < s->players; p++)
        values[p] = ph_omaha_plain(s->omaha_best, s->rows[p], s->row_count[p], triples, triple_count);
}

static void leaf(solver *s, const uint8_t *new_ranks, unsigned n, uint64_t key, uint64_t weight) {
    unsigned plain[PH_EQUITY_MAX_PLAYERS];
    plain_values(s, new_ranks, n, key, plain);
    if (!s->flush_pass) {
        s->out->deals += weight;
        ph_eq_score(s->out, plain, s->players, weight);
        return;
    }
    unsigned actual[PH_EQUITY_MAX_PLAYERS];
    int changed = 0;
    for (size_t p = 0; p < s->players; p++) {
        actual[p] = s->flush[p] < plain[p] ? s->flush[p] : plain[p];
        changed |= actual[p] != plain[p];
    }
    if (changed) {
        ph_eq_score(s->out, actual, s->players, weight);
        ph_eq_score(s->out, plain, s->players, 0 - weight); /* modulo 2^64: undoes the plain pass */
    }
}

/* Rank multisets of `left` more cards (ranks >= from) drawn from avail[], each weighted by the number of
 * card sets it stands for. */
static void walk(solver *s, const uint8_t *avail, unsigned left, unsigned from, uint64_t weight, uint64_t key,
                 uint8_t *ranks, unsigned depth) {
    if (left == 0) {
        leaf(s, ranks, depth, key, weight);
        return;
    }
    for (unsigned r = from; r < 13; r++) {
        unsigned a = avail[r];
        uint64_t k = key;
        for (unsigned c = 1; c <= a && c <= left; c++) {
            k += rank_key(r);
            ranks[depth + c - 1] = (uint8_t)r;
            walk(s, avail, left - c, r + 1, weight * choose4[a][c], k, ranks, depth + c);
        }
    }
}

/* Fewest new cards of `suit` with which some player can flush, or > to_come when none can. */
static unsigned flush_threshold(const solver *s, unsigned suit) {
    unsigned on_board = (unsigned)__builtin_popcount(s->board_suit[suit]);
    unsigned need = 99;
    for (size_t p = 0; p < s->players; p++) {
        unsigned held = (unsigned)__builtin_popcount(s->hole_suit[p][suit]);
        unsigned board_need = on_board >= 3 ? 0 : 3 - on_board;
        unsigned n = board_need;
        if (s->omaha) {
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

/* The flush pass for one suit: every set of j new cards of the suit, j from the threshold up. */
static void flush_suit(solver *s, unsigned suit) {
    unsigned need = flush_threshold(s, suit);
    if (need > s->to_come)
        return;
    uint8_t other[13];
    unsigned list[13], listed = 0;
    for (unsigned r = 0; r < 13; r++) {
        unsigned in_deck = s->deck_suit[suit] >> r & 1;
        other[r] = (uint8_t)(s->avail[r] - in_deck);
        if (in_deck)
            list[listed++] = r;
    }
    for (unsigned j = need; j <= s->to_come && j <= listed; j++) {
        /* j-subsets of the listed ranks as index sets pick[0] < .. < pick[j-1], in colex order */
        unsigned pick[5];
        for (unsigned i = 0; i < j; i++)
            pick[i] = i;
        for (;;) {
            unsigned board = s->board_suit[suit];
            uint8_t ranks[5];
            uint64_t key = 0;
            for (unsigned i = 0; i < j; i++) {
                ranks[i] = (uint8_t)list[pick[i]];
                board |= 1u << list[pick[i]];
                key += rank_key(list[pick[i]]);
            }
            int any = 0;
            for (size_t p = 0; p < s->players; p++) {
                unsigned held = s->hole_suit[p][suit], value = PH_NO_VALUE;
                if (s->omaha)
                    value = ph_omaha_flush(held, board);
                else if (__builtin_popcount(held | board) >= 5)
                    value = ph_suited_value(held | board);
                s->flush[p] = value;
                any |= value != PH_NO_VALUE;
            }
            if (any)
                walk(s, other, s->to_come - j, 0, 1, key, ranks, j);
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

/* Tallies all board completions for fixed holes (holes[p] points at player p's hole_size cards). */
static void solve_combination(const ph_equity_game *game, const uint8_t *const *holes, uint64_t taken,
                              const uint16_t *omaha_best, ph_eq_counts *out) {
    solver s;
    s.players = game->players;
    s.omaha = game->hole_size != 2;
    s.omaha_best = omaha_best;
    s.out = out;
    s.to_come = (unsigned)(5 - game->board_len);
    s.board_len = (unsigned)game->board_len;
    uint64_t deck = ((UINT64_C(1) << PH_DECK_SIZE) - 1) & ~taken;
    for (unsigned r = 0; r < 13; r++)
        s.avail[r] = (uint8_t)__builtin_popcountll(deck >> (4 * r) & 0xf);
    uint64_t board_key = 0;
    for (unsigned suit = 0; suit < 4; suit++) {
        s.deck_suit[suit] = 0;
        s.board_suit[suit] = 0;
        for (unsigned r = 0; r < 13; r++)
            s.deck_suit[suit] |= (unsigned)(deck >> (4 * r + suit) & 1) << r;
    }
    for (size_t i = 0; i < game->board_len; i++) {
        unsigned card = game->board[i];
        s.board_ranks[i] = (uint8_t)(card >> 2);
        s.board_suit[card & 3] |= 1u << (card >> 2);
        board_key += rank_key(card >> 2);
    }
    for (unsigned i = 1; i < s.board_len; i++) /* sorted, for the Omaha triples */
        for (unsigned j = i; j > 0 && s.board_ranks[j - 1] > s.board_ranks[j]; j--) {
            uint8_t t = s.board_ranks[j];
            s.board_ranks[j] = s.board_ranks[j - 1];
            s.board_ranks[j - 1] = t;
        }
    for (size_t p = 0; p < s.players; p++) {
        uint8_t ranks[PH_EQ_MAX_HOLE];
        uint64_t key = board_key;
        for (unsigned suit = 0; suit < 4; suit++)
            s.hole_suit[p][suit] = 0;
        for (size_t i = 0; i < game->hole_size; i++) {
            unsigned card = holes[p][i];
            ranks[i] = (uint8_t)(card >> 2);
            s.hole_suit[p][card & 3] |= 1u << (card >> 2);
            key += rank_key(card >> 2);
        }
        s.base_key[p] = key;
        if (s.omaha)
            s.row_count[p] = ph_omaha_hole_rows(ranks, game->hole_size, s.rows[p]);
    }
    uint8_t ranks[5];
    s.flush_pass = 0;
    walk(&s, s.avail, s.to_come, 0, 1, 0, ranks, 0);
    s.flush_pass = 1;
    for (unsigned suit = 0; suit < 4; suit++)
        flush_suit(&s, suit);
}

int ph_equity_exact(const ph_equity_game *game, uint64_t start, uint64_t count, ph_equity_tally *tally) {
    uint64_t units;
    int status = ph_equity_exact_units(game, &units);
    if (status != PH_OK)
        return status;
    if (start > units || count > units - start)
        return PH_E_RANK;
    const uint16_t *omaha_best = NULL;
    if (game->hole_size != 2 && !(omaha_best = ph_omaha_rank_table()))
        return PH_E_NOMEM;
    size_t players = game->players, hole = game->hole_size;
    uint64_t fixed = ph_eq_mask(game->board, game->board_len) | ph_eq_mask(game->dead, game->dead_len);
    /* The combination of unit `start`: mixed radix, player 0's digit fastest. */
    size_t digit[PH_EQUITY_MAX_PLAYERS], size[PH_EQUITY_MAX_PLAYERS];
    uint64_t rest = start;
    for (size_t p = 0; p < players; p++) {
        size[p] = game->holding_offset[p + 1] - game->holding_offset[p];
        digit[p] = (size_t)(rest % size[p]);
        rest /= size[p];
    }
    for (uint64_t u = 0; u < count; u++) {
        const uint8_t *holes[PH_EQUITY_MAX_PLAYERS];
        uint64_t taken = fixed;
        double weight = 1.0;
        int clash = 0;
        for (size_t p = 0; p < players; p++) {
            size_t holding = game->holding_offset[p] + digit[p];
            holes[p] = game->holdings + holding * hole;
            uint64_t mask = ph_eq_mask(holes[p], hole);
            clash |= (mask & taken) != 0;
            taken |= mask;
            weight *= ph_eq_weight(game, holding);
        }
        if (!clash && weight > 0) { /* a zero weight takes the holding out of the range, as in sampling */
            ph_eq_counts counts = {0};
            solve_combination(game, holes, taken, omaha_best, &counts);
            tally->deals += counts.deals;
            tally->weight += weight * (double)counts.deals;
            for (size_t p = 0; p < players; p++) {
                tally->win[p] += counts.win[p];
                tally->tie[p] += counts.tie[p];
                tally->lose[p] += counts.lose[p];
                tally->share[p] += counts.share[p];
                tally->weighted_share[p] += weight * (double)counts.share[p] / PH_EQUITY_UNIT;
            }
        }
        for (size_t p = 0; p < players && ++digit[p] == size[p]; p++)
            digit[p] = 0;
    }
    return PH_OK;
}
