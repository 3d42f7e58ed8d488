/* Suit renamings that keep a set of cards in place, and the orbits of card sets under them: the symmetry that
 * exact equity and the whole-deal analysis count each orbit once by. */
#include "combinatorics_internal.h"

#define LANES UINT64_C(0x1111111111111) /* bit 4r: the cards of suit 0, one per rank */

uint64_t ph_suit_permute(uint64_t mask, const uint8_t perm[4]) {
    return ((mask & LANES) << perm[0]) | ((mask >> 1 & LANES) << perm[1]) | ((mask >> 2 & LANES) << perm[2]) |
           ((mask >> 3 & LANES) << perm[3]);
}

void ph_suit_group_init(ph_suit_group *group, uint64_t fixed) {
    group->size = 0;
    /* lexicographic order of the permutations puts the identity first */
    for (unsigned a = 0; a < 4; a++)
        for (unsigned b = 0; b < 4; b++)
            for (unsigned c = 0; c < 4; c++) {
                if (a == b || a == c || b == c)
                    continue;
                const uint8_t p[4] = {(uint8_t)a, (uint8_t)b, (uint8_t)c, (uint8_t)(6 - a - b - c)};
                if (ph_suit_permute(fixed, p) != fixed)
                    continue;
                for (unsigned s = 0; s < 4; s++)
                    group->perm[group->size][s] = p[s];
                group->size++;
            }
}

unsigned ph_suit_canonical(const ph_suit_group *group, uint64_t mask, uint64_t *representative) {
    uint64_t best = mask;
    unsigned stabiliser = 0;
    for (unsigned i = 0; i < group->size; i++) {
        uint64_t image = ph_suit_permute(mask, group->perm[i]);
        if (image < best)
            best = image;
        stabiliser += image == mask;
    }
    *representative = best;
    return stabiliser;
}

unsigned ph_suit_canonical_perm(const ph_suit_group *group, uint64_t mask) {
    uint64_t best = mask;
    unsigned at = 0;
    for (unsigned i = 1; i < group->size; i++) {
        uint64_t image = ph_suit_permute(mask, group->perm[i]);
        if (image < best) {
            best = image;
            at = i;
        }
    }
    return at;
}
