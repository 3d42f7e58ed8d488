/* Pieces shared by the range files (range.c reads tokens, range_set.c merges and writes combos, range_parse.c
 * holds the entry points). Private. */
#ifndef PH_RANGES_INTERNAL_H
#define PH_RANGES_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "pokerhash.h"

#define PH_RANGE_HOLDEM_COMBOS 1326

/* One mention of a combo: later mentions replace earlier ones and move the combo to their place. */
typedef struct ph_range_entry {
    uint64_t mask;    /* the combo's cards, bit c for card c */
    uint64_t mention; /* order of the last mention: the output order */
    double weight;    /* 0 removes the combo */
} ph_range_entry;

typedef struct ph_range_work {
    ph_range_entry *entries;
    size_t count, cap;
    uint64_t mentions;
    int32_t holdem_slot[PH_RANGE_HOLDEM_COMBOS]; /* entry of each hold'em combo (colex pair index), -1 when not yet seen */
} ph_range_work;

/* Records one mention of a combo (2 cards: merged at once; 4..6 cards: merged by ph_range_parse). */
int ph_range_add(ph_range_work *work, uint64_t mask, double weight);

/* Splits text into tokens as the notation reads them, written back to back into out (>= len bytes) with
 * each token's end offset in ends (>= len / 2 + 1 slots). */
void ph_range_tokenize(const char *text, size_t len, char *out, size_t *ends, size_t *count);

/* Parses one token ("QQ+:0.5") and records its combos; PH_OK or PH_E_PARSE with the message. */
int ph_range_token(ph_range_work *work, const char *text, size_t len, char *problem, size_t cap);

/* Python's repr() of a float ("0.5", "-1.0", "1e-05", "inf"), so messages match the reference. */
void ph_range_float_repr(double x, char out[40]);

/* Settles the recorded mentions and writes the combos without a dead card (see range_set.c). */
int ph_range_finish(ph_range_work *work, uint64_t dead, ph_range_combo *out, size_t cap, char *problem,
                    size_t problem_cap);

/* Writes text as the problem (when there is room) and returns status. */
static inline int ph_range_problem(char *problem, size_t cap, int status, const char *text) {
    if (problem && cap)
        snprintf(problem, cap, "%s", text);
    return status;
}

#endif
