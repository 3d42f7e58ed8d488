/* The public entry points of range notation: ph_range_parse reads the tokens (range.c) into a set of combos
 * (range_set.c); ph_range_text shows the tokens as the parser reads them. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "pokerhash.h"
#include "ranges_internal.h"

size_t ph_range_capacity(size_t len) {
    /* 1326 hold'em combos, or one Omaha combo per token of at least 8 bytes plus a separator: (len + 1) / 9,
     * written so that it cannot wrap */
    return PH_RANGE_HOLDEM_COMBOS + len / 9 + (len % 9 == 8);
}

/* The longest text taken: the scratch sizes below stay far from SIZE_MAX on every target (wasm32 included),
 * and ph_range_text's length fits its int. */
#define MAX_TEXT_LEN ((size_t)INT_MAX / 2 - 1)

int ph_range_parse(const char *text, size_t len, uint64_t dead, ph_range_combo *out, size_t cap, char *problem,
                   size_t problem_cap) {
    if (problem && problem_cap)
        problem[0] = '\0';
    if ((!text && len) || (!out && cap))
        return ph_range_problem(problem, problem_cap, PH_E_ARGUMENT, "missing text or output");
    if (len > MAX_TEXT_LEN)
        return ph_range_problem(problem, problem_cap, PH_E_NOMEM, "range text too long");
    char *joined = malloc(len + 1);
    size_t *ends = malloc(sizeof(size_t) * (len / 2 + 2));
    ph_range_work *work = malloc(sizeof *work);
    if (work)
        work->entries = NULL;
    size_t tokens = 0;
    int status = PH_OK;
    if (joined && ends && work) {
        ph_range_tokenize(text, len, joined, ends, &tokens);
        work->cap = PH_RANGE_HOLDEM_COMBOS + tokens;
        work->entries = malloc(sizeof(ph_range_entry) * work->cap);
    }
    if (!joined || !ends || !work || !work->entries) {
        status = ph_range_problem(problem, problem_cap, PH_E_NOMEM, "out of memory");
        goto done;
    }
    if (tokens == 0) {
        status = ph_range_problem(problem, problem_cap, PH_E_ARGUMENT, "empty range: no hands given");
        goto done;
    }
    work->count = 0;
    work->mentions = 0;
    memset(work->holdem_slot, 0xff, sizeof work->holdem_slot);
    for (size_t i = 0, start = 0; i < tokens && status == PH_OK; start = ends[i++])
        status = ph_range_token(work, joined + start, ends[i] - start, problem, problem_cap);
    if (status != PH_OK)
        goto done;
    status = ph_range_finish(work, dead, out, cap, problem, problem_cap);
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

