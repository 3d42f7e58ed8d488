/* Suit symmetry of holding combinations: one exact solve per orbit instead of one per combination.
 *
 * Renaming suits (a permutation s -> perm[s] applied to every card) changes no hand's value, so a combination
 * and its image have the same tally over their boards whenever the renaming keeps the board and the dead
 * cards where they are. Ranges need not be symmetric: an orbit is counted through the members that are
 * actually in the ranges (with positive weight), each with its own weight. "QQ+,AKs" vs "JJ-99,AQs+" preflop
 * has 516 valid combinations in 43 orbits. */
#include <stdlib.h>
#include <string.h>

#include "pokerhash.h"
#include "equity_internal.h"

static uint64_t table_key(size_t player, uint64_t mask) {
    return mask | (uint64_t)(player + 1) << 56; /* never 0: 0 marks an empty slot */
}

static size_t table_slot(const ph_eq_symmetry *sym, uint64_t key) {
    return (size_t)(ph_eq_mix(key) >> sym->shift);
}

/* Holding index of `mask` within player p's list, or -1. */
static long lookup(const ph_eq_symmetry *sym, size_t player, uint64_t mask) {
    uint64_t key = table_key(player, mask);
    size_t slot_mask = ((size_t)1 << (64 - sym->shift)) - 1;
    for (size_t slot = table_slot(sym, key);; slot = (slot + 1) & slot_mask) {
        if (sym->keys[slot] == key)
            return (long)sym->values[slot];
        if (!sym->keys[slot])
            return -1;
    }
}

/* The suit permutations that map the board and the dead cards onto themselves, identity left out. */
static unsigned board_group(const ph_equity_game *game, uint8_t perm[23][4]) {
    ph_suit_group group;
    ph_suit_group_init(&group, ph_card_mask(game->board, game->board_len) | ph_card_mask(game->dead, game->dead_len));
    for (unsigned i = 1; i < group.size; i++) /* the identity comes first */
        for (unsigned s = 0; s < 4; s++)
            perm[i - 1][s] = group.perm[i][s];
    return group.size - 1;
}

int ph_eq_symmetry_init(ph_eq_symmetry *sym, const ph_equity_game *game) {
    size_t players = game->players, hole = game->hole_size, total = game->holding_offset[players];
    sym->game = game;
    sym->keys = NULL;
    sym->values = NULL;
    uint64_t radix = 1;
    for (size_t p = 0; p < players; p++) {
        sym->radix[p] = radix;
        radix *= game->holding_offset[p + 1] - game->holding_offset[p]; /* wraps only past 2^64 units */
    }
    sym->perms = total > players && total <= UINT32_MAX ? board_group(game, sym->perm) : 0;
    if (!sym->perms) /* one holding each: a combination is its own orbit */
        return PH_OK;
    unsigned bits = 4;
    while (((size_t)1 << bits) < 2 * total)
        bits++;
    size_t size = (size_t)1 << bits;
    sym->shift = 64 - bits;
    sym->keys = calloc(size, sizeof *sym->keys);
    sym->values = malloc(size * sizeof *sym->values);
    if (!sym->keys || !sym->values) {
        ph_eq_symmetry_free(sym);
        return PH_E_NOMEM;
    }
    for (size_t p = 0; p < players; p++)
        for (size_t j = game->holding_offset[p]; j < game->holding_offset[p + 1]; j++) {
            uint64_t key = table_key(p, ph_card_mask(game->holdings + j * hole, hole));
            size_t slot = table_slot(sym, key);
            while (sym->keys[slot] && sym->keys[slot] != key)
                slot = (slot + 1) & (size - 1);
            if (sym->keys[slot]) { /* a holding listed twice: its units are not one per combination */
                ph_eq_symmetry_free(sym);
                sym->perms = 0;
                return PH_OK;
            }
            sym->keys[slot] = key;
            sym->values[slot] = (uint32_t)(j - game->holding_offset[p]);
        }
    return PH_OK;
}

void ph_eq_symmetry_free(ph_eq_symmetry *sym) {
    free(sym->keys);
    free(sym->values);
    sym->keys = NULL;
    sym->values = NULL;
}

unsigned ph_eq_orbit(const ph_eq_symmetry *sym, uint64_t unit, const size_t *digit, const uint64_t *mask,
                     double weight, int canonical_only, double *weight_sum) {
    const ph_equity_game *game = sym->game;
    size_t players = game->players;
    size_t members[24][PH_EQUITY_MAX_PLAYERS];
    unsigned count = 1;
    for (size_t p = 0; p < players; p++)
        members[0][p] = digit[p];
    uint64_t rank = ph_eq_mix(unit);
    *weight_sum = weight;
    for (unsigned i = 0; i < sym->perms; i++) {
        size_t *image = members[count];
        double w = 1;
        uint64_t index = 0;
        size_t p = 0;
        for (; p < players; p++) {
            long j = lookup(sym, p, ph_suit_permute(mask[p], sym->perm[i]));
            if (j < 0)
                break;
            image[p] = (size_t)j;
            w *= ph_eq_weight(game, game->holding_offset[p] + (size_t)j);
            index += (uint64_t)j * sym->radix[p];
        }
        if (p < players || !(w > 0))
            continue; /* not in the ranges: this orbit has fewer members here */
        unsigned seen = 0;
        while (seen < count && memcmp(members[seen], image, players * sizeof *image) != 0)
            seen++;
        if (seen < count)
            continue;
        if (canonical_only && ph_eq_mix(index) < rank)
            return 0;
        count++;
        *weight_sum += w;
    }
    return count;
}
