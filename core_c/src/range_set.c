/* Ranges as sets: merging the mentions of the parsed tokens into one ordered list of weighted combos,
 * card removal, and the public entry points of range notation (see range.c for the tokens). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pokerhash.h"
#include "range_internal.h"

#define HOLDEM_COMBOS 1326

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

static int problem_text(char *problem, size_t cap, int status, const char *text) {
    if (problem && cap)
        snprintf(problem, cap, "%s", text);
    return status;
}

size_t ph_range_capacity(size_t len) {
    /* 1326 hold'em combos, or one Omaha combo per token of at least 8 bytes plus a separator: (len + 1) / 9,
     * written so that it cannot wrap */
    return HOLDEM_COMBOS + len / 9 + (len % 9 == 8);
}

/* The longest text taken: the scratch sizes below stay far from SIZE_MAX on every target (wasm32 included),
 * and ph_range_text's length fits its int. */
#define MAX_TEXT_LEN ((size_t)INT_MAX / 2 - 1)

int ph_range_parse(const char *text, size_t len, uint64_t dead, ph_range_combo *out, size_t cap, char *problem,
                   size_t problem_cap) {
    if (problem && problem_cap)
        problem[0] = '\0';
    if ((!text && len) || (!out && cap))
        return problem_text(problem, problem_cap, PH_E_ARGUMENT, "missing text or output");
    if (len > MAX_TEXT_LEN)
        return problem_text(problem, problem_cap, PH_E_NOMEM, "range text too long");
    char *joined = malloc(len + 1);
    size_t *ends = malloc(sizeof(size_t) * (len / 2 + 2));
    ph_range_work *work = malloc(sizeof *work);
    if (work)
        work->entries = NULL;
    size_t tokens = 0;
    int status = PH_OK;
    if (joined && ends && work) {
        ph_range_tokenize(text, len, joined, ends, &tokens);
        work->cap = HOLDEM_COMBOS + tokens;
        work->entries = malloc(sizeof(ph_range_entry) * work->cap);
    }
    if (!joined || !ends || !work || !work->entries) {
        status = problem_text(problem, problem_cap, PH_E_NOMEM, "out of memory");
        goto done;
    }
    if (tokens == 0) {
        status = problem_text(problem, problem_cap, PH_E_ARGUMENT, "empty range: no hands given");
        goto done;
    }
    work->count = 0;
    work->mentions = 0;
    memset(work->holdem_slot, 0xff, sizeof work->holdem_slot);
    for (size_t i = 0, start = 0; i < tokens && status == PH_OK; start = ends[i++])
        status = ph_range_token(work, joined + start, ends[i] - start, problem, problem_cap);
    if (status != PH_OK)
        goto done;
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
        status = problem_text(problem, problem_cap, PH_E_ARGUMENT, message);
        goto done;
    }
    size_t written = 0;
    for (size_t i = 0; i < count; i++) {
        uint64_t mask = work->entries[i].mask;
        if (mask & dead)
            continue; /* card removal */
        if (written == cap) {
            status = problem_text(problem, problem_cap, PH_E_BUFFER, "output buffer too small");
            goto done;
        }
        ph_range_combo *c = &out[written++];
        memset(c, 0, sizeof *c);
        for (uint64_t m = mask; m; m &= m - 1)
            c->cards[c->size++] = (uint8_t)lowest(m);
        c->weight = work->entries[i].weight;
    }
    status = (int)written;
done:
    if (work)
        free(work->entries);
    free(work);
    free(joined);
    free(ends);
    return status;
}
/* The text's tokens as the parser reads them, joined by ", " (what str() of a parsed range shows). */
int ph_range_text(const char *text, size_t len, char *out, size_t cap) {
    if ((!text && len) || !out || !cap)
        return PH_E_ARGUMENT;
    if (len > MAX_TEXT_LEN)
        return PH_E_NOMEM;
    char *joined = malloc(len + 1);
    size_t *ends = malloc(sizeof(size_t) * (len / 2 + 2));
    if (!joined || !ends) {
        free(joined);
        free(ends);
        return PH_E_NOMEM;
    }
    size_t count = 0, written = 0, start = 0;
    ph_range_tokenize(text, len, joined, ends, &count);
    int status = PH_OK;
    for (size_t i = 0; i < count; i++) {
        size_t piece = ends[i] - start, sep = i ? 2 : 0;
        if (written + sep + piece + 1 > cap) {
            status = PH_E_BUFFER;
            break;
        }
        memcpy(out + written, ", ", sep);
        memcpy(out + written + sep, joined + start, piece);
        written += sep + piece;
        start = ends[i];
    }
    out[written] = '\0'; /* written < cap: each piece was taken with room for it */
    free(joined);
    free(ends);
    return status == PH_OK ? (int)written : status;
}

