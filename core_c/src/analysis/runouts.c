/* Every runout of a board to the river, each swept once, or once per orbit under the renamings of suits that
 * keep the board in place (analysis_internal.h says why an orbit's results stand for all of it). */
#include "analysis_internal.h"

void ph_an_symmetry_init(ph_an_symmetry *sym, const ph_suit_group *group, const ph_an_board *b, uint64_t board) {
    uint8_t position_of[PH_DECK_SIZE];
    for (unsigned i = 0; i < b->live_count; i++)
        position_of[b->live[i]] = (uint8_t)i;
    sym->size = 0;
    for (unsigned g = 0; g < group->size; g++) {
        if (ph_suit_permute(board, group->perm[g]) != board)
            continue;
        sym->perm[sym->size] = group->perm[g];
        for (unsigned i = 0; i < b->live_count; i++) {
            unsigned card = b->live[i];
            sym->position[sym->size][i] = position_of[4 * (card / 4) + group->perm[g][card % 4]];
        }
        sym->size++;
    }
}

unsigned ph_an_runout_orbit(const ph_an_symmetry *sym, uint64_t runout) {
    unsigned fixed = 0;
    for (unsigned s = 0; s < sym->size; s++) {
        uint64_t image = ph_suit_permute(runout, sym->perm[s]);
        if (image < runout)
            return 0;
        fixed += image == runout;
    }
    return sym->size / fixed;
}

/* The runout's orbit size, 1 without symmetry. */
static unsigned orbit_of(const ph_an_symmetry *sym, uint64_t runout) {
    return sym ? ph_an_runout_orbit(sym, runout) : 1;
}

void ph_an_each_runout(ph_an_board *b, uint64_t board_key, uint64_t board_bits, unsigned missing, int all_categories,
                       const ph_an_symmetry *sym, void (*visit)(const ph_an_board *b, unsigned orbit, void *context),
                       void *context) {
    unsigned live = b->live_count;
    if (missing == 0) {
        ph_an_board_sweep(b, board_key, board_bits, live, live, all_categories);
        visit(b, 1, context);
        return;
    }
    for (unsigned r = 0; r < live; r++) {
        uint64_t river = UINT64_C(1) << b->live[r];
        if (missing == 1) {
            unsigned orbit = orbit_of(sym, river);
            if (orbit) {
                ph_an_board_sweep(b, board_key + b->key[r], board_bits | b->bits[r], r, live, all_categories);
                visit(b, orbit, context);
            }
            continue;
        }
        for (unsigned t = 0; t < r; t++) {
            unsigned orbit = orbit_of(sym, river | UINT64_C(1) << b->live[t]);
            if (!orbit)
                continue;
            ph_an_board_sweep(b, board_key + b->key[t] + b->key[r], board_bits | b->bits[t] | b->bits[r], t, r,
                              all_categories);
            visit(b, orbit, context);
        }
    }
}
