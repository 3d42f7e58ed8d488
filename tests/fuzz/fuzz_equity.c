/* Equity on small spots (2-3 players, hold'em or Omaha-4 ranges of 1-3 holdings, 3-5 board cards, dead cards,
 * weights): ph_equity_exact equals a brute force over every holding combination and board completion, any
 * split of the units sums to the whole, Monte Carlo counts add up (win + tie + lose = deals per player, shares
 * = one pot per deal), and the other games' engine with the hold'em ranking counts the same deals. */
#include <math.h>

#include "fuzz.h"

#define MAX_PLAYERS 3
#define MAX_RANGE 3

typedef struct spot {
    uint8_t holdings[MAX_PLAYERS * MAX_RANGE * 4], board[5], dead[2];
    size_t offset[MAX_PLAYERS + 1];
    double weight[MAX_PLAYERS * MAX_RANGE];
    ph_equity_game game;
} spot;

static int value_of(const spot *s, const uint8_t *hole, const uint8_t *board) {
    if (s->game.hole_size == 4)
        return ph_omaha_evaluate(hole, 4, board, 5);
    uint8_t seven[7] = {hole[0], hole[1], board[0], board[1], board[2], board[3], board[4]};
    return ph_evaluate(seven, 7);
}

/* Every completion of the board for one combination, into *t (weight w). */
static void brute_boards(const spot *s, const uint8_t **holes, uint64_t used, double w, ph_equity_tally *t) {
    size_t players = s->game.players, need = 5 - s->game.board_len;
    uint8_t deck[52], board[5];
    size_t left = 0;
    for (unsigned c = 0; c < 52; c++)
        if (!(used >> c & 1))
            deck[left++] = (uint8_t)c;
    memcpy(board, s->board, s->game.board_len);
    size_t pick[2] = {0, 1};
    for (;;) {
        for (size_t i = 0; i < need; i++)
            board[s->game.board_len + i] = deck[pick[i]];
        int v[MAX_PLAYERS], best = 1 << 30, winners = 0;
        for (size_t p = 0; p < players; p++) {
            v[p] = value_of(s, holes[p], board);
            REQUIRE(v[p] >= 1 && v[p] <= PH_WORST_VALUE, "value %d", v[p]);
            best = v[p] < best ? v[p] : best;
        }
        for (size_t p = 0; p < players; p++)
            winners += v[p] == best;
        t->deals++;
        t->weight += w;
        for (size_t p = 0; p < players; p++) {
            if (v[p] != best) {
                t->lose[p]++;
                continue;
            }
            (winners == 1 ? t->win : t->tie)[p]++;
            t->share[p] += (uint64_t)(PH_EQUITY_UNIT / winners);
            t->weighted_share[p] += w / winners;
        }
        if (need == 0)
            return;
        if (need == 1) {
            if (++pick[0] == left)
                return;
            continue;
        }
        if (++pick[1] == left) {
            if (++pick[0] == left - 1)
                return;
            pick[1] = pick[0] + 1;
        }
    }
}

static void brute(const spot *s, ph_equity_tally *t) {
    memset(t, 0, sizeof *t);
    size_t players = s->game.players, hole = s->game.hole_size, digit[MAX_PLAYERS] = {0};
    uint64_t fixed = 0;
    for (size_t i = 0; i < s->game.board_len; i++)
        fixed |= UINT64_C(1) << s->board[i];
    for (size_t i = 0; i < s->game.dead_len; i++)
        fixed |= UINT64_C(1) << s->dead[i];
    for (;;) {
        uint64_t used = fixed;
        int clash = 0;
        double w = 1;
        const uint8_t *holes[MAX_PLAYERS];
        for (size_t p = 0; p < players; p++) {
            size_t j = s->offset[p] + digit[p];
            holes[p] = s->holdings + j * hole;
            w *= s->weight[j];
            for (size_t i = 0; i < hole; i++) {
                clash |= (int)(used >> holes[p][i] & 1);
                used |= UINT64_C(1) << holes[p][i];
            }
        }
        if (!clash && w > 0)
            brute_boards(s, holes, used, w, t);
        size_t p = 0;
        for (; p < players; p++) {
            if (++digit[p] < s->offset[p + 1] - s->offset[p])
                break;
            digit[p] = 0;
        }
        if (p == players)
            return;
    }
}

static void same_counts(const ph_equity_tally *a, const ph_equity_tally *b, size_t players, const char *what) {
    REQUIRE(a->deals == b->deals, "%s: %llu deals, want %llu", what, (unsigned long long)a->deals,
            (unsigned long long)b->deals);
    for (size_t p = 0; p < players; p++) {
        REQUIRE(a->win[p] == b->win[p] && a->tie[p] == b->tie[p] && a->lose[p] == b->lose[p] &&
                    a->share[p] == b->share[p],
                "%s: player %zu counts differ", what, p);
        REQUIRE(fabs(a->weighted_share[p] / a->weight - b->weighted_share[p] / b->weight) <= 1e-9, "%s: weighted", what);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    input in = {data, size, 0};
    static spot s;
    memset(&s, 0, sizeof s);
    size_t players = 2 + take_below(&in, MAX_PLAYERS - 1), hole = take_byte(&in) % 4 ? 2 : 4;
    size_t board_len = 3 + take_below(&in, 3), dead_len = take_below(&in, 3);
    uint64_t used = 0;
    take_cards(&in, s.board, board_len, FULL_DECK, &used);
    take_cards(&in, s.dead, dead_len, FULL_DECK, &used);
    static const double weights[] = {1, 1, 1, 0.5, 2, 3, 0.25, 0};
    int weighted = take_byte(&in) & 1;
    size_t at = 0;
    for (size_t p = 0; p < players; p++) {
        s.offset[p] = at;
        size_t range = 1 + take_below(&in, MAX_RANGE);
        for (size_t j = 0; j < range; j++, at++) {
            uint64_t mine = used; /* holdings may collide with each other: the engine skips those */
            take_cards(&in, s.holdings + at * hole, hole, FULL_DECK, &mine);
            s.weight[at] = weighted ? weights[take_below(&in, 8)] : 1;
        }
    }
    s.offset[players] = at;
    s.game = (ph_equity_game){players, hole, s.holdings, s.offset, weighted ? s.weight : NULL, s.board, board_len,
                              s.dead, dead_len};
    uint64_t units;
    int status = ph_equity_exact_units(&s.game, &units);
    ph_equity_tally exact = {0};
    if (status != PH_OK) { /* every engine refuses the same spot the same way */
        REQUIRE(status == ph_equity_check(&s.game, NULL, 0), "units status %d", status);
        REQUIRE(ph_equity_exact(&s.game, 0, 1, &exact) == status && ph_equity_sample(&s.game, 1, 0, 1, &exact) == status,
                "engines disagree on a bad spot");
        return 0;
    }
    REQUIRE(ph_equity_exact(&s.game, 0, units, &exact) == PH_OK, "exact");
    ph_equity_tally want;
    brute(&s, &want);
    if (want.deals == 0)
        return 0;
    same_counts(&exact, &want, players, "exact vs brute force");
    uint64_t cut = units ? take_u64(&in) % (units + 1) : 0;
    ph_equity_tally parts = {0};
    REQUIRE(ph_equity_exact(&s.game, 0, cut, &parts) == PH_OK && ph_equity_exact(&s.game, cut, units - cut, &parts) == PH_OK,
            "split");
    same_counts(&parts, &exact, players, "split at a unit");
    REQUIRE(ph_equity_exact(&s.game, units, 1, &parts) == PH_E_RANK, "past the units");
    ph_equity_tally mc = {0};
    uint64_t samples = 1 + take_below(&in, 300);
    status = ph_equity_sample(&s.game, take_u64(&in), take_u64(&in), samples, &mc);
    if (status == PH_OK) {
        uint64_t shares = 0;
        REQUIRE(mc.deals == samples, "samples");
        for (size_t p = 0; p < players; p++) {
            REQUIRE(mc.win[p] + mc.tie[p] + mc.lose[p] == mc.deals, "player %zu counts", p);
            shares += mc.share[p];
        }
        REQUIRE(shares == PH_EQUITY_UNIT * mc.deals, "one pot per sample");
    } else {
        REQUIRE(status == PH_E_ARGUMENT, "sample status %d", status); /* ranges that almost never fit */
    }
    if (hole == 2) { /* the games engine, hold'em ranking: the same deals, won and tied alike */
        ph_game_tally game = {0};
        uint64_t deals;
        REQUIRE(ph_game_equity_units(PH_GAME_HOLDEM, 0, &s.game, &deals) == PH_OK, "game units");
        REQUIRE(ph_game_equity_exact(PH_GAME_HOLDEM, 0, &s.game, 0, deals, &game) == PH_OK, "game exact");
        REQUIRE(game.deals == exact.deals, "game deals %llu, hold'em %llu", (unsigned long long)game.deals,
                (unsigned long long)exact.deals);
        for (size_t p = 0; p < players; p++)
            REQUIRE(game.win[p] == exact.win[p] && game.tie[p] == exact.tie[p] && game.share[p] == 2 * exact.share[p],
                    "game player %zu", p);
    }
    return 0;
}
