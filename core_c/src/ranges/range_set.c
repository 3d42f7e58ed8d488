/* Ranges as sets: merging the mentions of the parsed tokens into one ordered list of weighted combos, and
 * card removal (range.c reads the tokens, range_parse.c holds the public entry points). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pokerhash.h"
#include "ranges_internal.h"

static unsigned popcount64(uint64_t x) {
    unsigned n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

static unsigned lowest(uint64_t x) {
    unsigned i = 0;
    while (!(x >> i & 1))
        i++;
    return i;
}

int ph_range_add(ph_range_work *work, uint64_t mask, double weight) {
    int32_t *slot = NULL;
    if (popcount64(mask) == 2) { /* hold'em combos merge at once: at most 1326 entries however long the text */
        unsigned a = lowest(mask), b = lowest(mask & (mask - 1));
        slot = &work->holdem_slot[b * (b - 1) / 2 + a];
        if (*slot >= 0) {
            ph_range_entry *e = &work->entries[*slot];
            e->weight = weight;
            e->mention = work->mentions++;
            return PH_OK;
        }
    }
    if (work->count == work->cap)
        return PH_E_BUFFER; /* cannot happen with the capacity ph_range_parse allocates */
    if (slot)
        *slot = (int32_t)work->count;
    work->entries[work->count++] = (ph_range_entry){mask, work->mentions++, weight};
    return PH_OK;
}

static int by_mask_then_mention(const void *x, const void *y) {
    const ph_range_entry *a = x, *b = y;
    if (a->mask != b->mask)
        return a->mask < b->mask ? -1 : 1;
    return a->mention < b->mention ? -1 : a->mention > b->mention;
}

static int by_mention(const void *x, const void *y) {
    const ph_range_entry *a = x, *b = y;
    return a->mention < b->mention ? -1 : a->mention > b->mention;
}

/* Keeps each combo's last mention, drops weight 0, and orders by last mention. Returns the count. */
static size_t settle(ph_range_entry *entries, size_t count) {
    qsort(entries, count, sizeof *entries, by_mask_then_mention);
    size_t kept = 0;
    for (size_t i = 0; i < count; i++) {
        int last = i + 1 == count || entries[i + 1].mask != entries[i].mask;
        if (last && entries[i].weight > 0)
            entries[kept++] = entries[i];
    }
    qsort(entries, kept, sizeof *entries, by_mention);
    return kept;
}

/* Settles the recorded mentions and writes the combos without a dead card: their count, or an error
 * (PH_E_ARGUMENT for a range that mixes hand sizes, PH_E_BUFFER) with its message in problem. */
int ph_range_finish(ph_range_work *work, uint64_t dead, ph_range_combo *out, size_t cap, char *problem,
                    size_t problem_cap) {
    size_t count = settle(work->entries, work->count);
    unsigned sizes = 0; /* bit s: some combo has s cards */
    for (size_t i = 0; i < count; i++)
        sizes |= 1u << popcount64(work->entries[i].mask);
    if (sizes & (sizes - 1)) {
        char message[64] = "a range mixes hands of ";
        for (unsigned s = 0, first = 1; s <= 6; s++)
            if (sizes >> s & 1) {
                size_t at = strlen(message);
                snprintf(message + at, sizeof message - at, "%s%u", first ? "" : " and ", s);
                first = 0;
            }
        strcat(message, " cards");
        return ph_range_problem(problem, problem_cap, PH_E_ARGUMENT, message);
    }
    size_t written = 0;
    for (size_t i = 0; i < count; i++) {
        uint64_t mask = work->entries[i].mask;
        if (mask & dead)
            continue; /* card removal */
        if (written == cap)
            return ph_range_problem(problem, problem_cap, PH_E_BUFFER, "output buffer too small");
        ph_range_combo *c = &out[written++];
        memset(c, 0, sizeof *c);
        for (uint64_t m = mask; m; m &= m - 1)
            c->cards[c->size++] = (uint8_t)lowest(m);
        c->weight = work->entries[i].weight;
    }
    return (int)written;
}
