/* Combination tables (seed 000's binomial coefficient table, seed 001's 7-card table): rows in colex or
 * lex order, and the rank of many rows at once, optionally gathered straight out of a table laid out by
 * rank. One code path for both orders: lex order is colex order of the mirrored items (a -> n-1-a),
 * read backwards. */
#include <string.h>

#include "pokerhash.h"
#include "combinatorics_internal.h"
#include "../common/tables.h"

#define LOOKUP_BLOCK 32
#define REVERSE_BLOCK 32 /* bytes per step of the lex rows' in-place reversal */ /* rows ranked ahead of their gathers, so the table's cache misses overlap */

static int check_order(unsigned n, size_t k, ph_order order) {
    if (n > PH_MAX_COMBINATION_N || k > n || (order != PH_COLEX && order != PH_LEX))
        return PH_E_ARGUMENT;
    return PH_OK;
}

int ph_combination_rows(unsigned n, size_t k, ph_order order, uint64_t start, size_t count, uint8_t *out) {
    int status = check_order(n, k, order);
    if (status != PH_OK)
        return status;
    if (order == PH_COLEX)
        return ph_combinations(n, k, start, count, out);
    uint64_t total = ph_binomial_table[n][k];
    if (start > total || count > total - start)
        return PH_E_RANK;
    if (!ph_fits_buffer(count, k))
        return PH_E_BUFFER;
    /* Lex ranks [start, start + count) are the mirrors of colex ranks [total - start - count, total - start),
     * last first: fill those, then reverse the rows and mirror each one in place. */
    status = ph_combinations(n, k, total - start - count, count, out);
    if (status != PH_OK || count == 0 || k == 0)
        return status;
    /* Reversing the whole flat buffer reverses the row order and the items of each row at once, so the
     * mirrored items stay ascending. Eight bytes at a time from both ends: a byte swap reverses a word,
     * and since every item is at most n - 1, subtracting the word from n - 1 in every byte borrows
     * nowhere. */
    const uint8_t top = (uint8_t)(n - 1);
    const uint64_t tops = top * UINT64_C(0x0101010101010101);
    size_t lo = 0, hi = count * k;
    for (; hi - lo >= 16; lo += 8, hi -= 8) {
        uint64_t front, back;
        memcpy(&front, out + lo, 8);
        memcpy(&back, out + hi - 8, 8);
        front = tops - __builtin_bswap64(front);
        back = tops - __builtin_bswap64(back);
        memcpy(out + lo, &back, 8);
        memcpy(out + hi - 8, &front, 8);
    }
    for (; hi - lo >= 2; lo++, hi--) {
        uint8_t low = out[lo];
        out[lo] = (uint8_t)(top - out[hi - 1]);
        out[hi - 1] = (uint8_t)(top - low);
    }
    if (hi - lo == 1)
        out[lo] = (uint8_t)(top - out[lo]);
    return PH_OK;
}

/* The row's items as a mask; PH_OK, PH_E_CARD (an item >= n) or PH_E_DUPLICATE. */
static inline int row_mask(const uint8_t *row, size_t k, unsigned n, uint64_t *mask) {
    uint64_t bits = 0;
    unsigned largest = 0;
    for (size_t j = 0; j < k; j++) {
        unsigned item = row[j];
        largest = item > largest ? item : largest;
        bits |= UINT64_C(1) << (item & 63);
    }
    if (k && largest >= n)
        return PH_E_CARD;
    if ((size_t)__builtin_popcountll(bits) != k)
        return PH_E_DUPLICATE;
    *mask = bits;
    return PH_OK;
}

/* Rank of a valid mask of k items below n in the given order. */
static inline uint64_t mask_rank(uint64_t mask, size_t k, unsigned n, ph_order order) {
    uint64_t rank = 0;
    if (order == PH_COLEX) {
        for (size_t i = 1; mask; i++, mask &= mask - 1)
            rank += ph_binomial_table[__builtin_ctzll(mask)][i];
        return rank;
    }
    /* Lex: the mirrored items ascending are the original ones descending, each a -> n-1-a. */
    for (size_t i = 1; mask; i++) {
        unsigned highest = 63u - (unsigned)__builtin_clzll(mask);
        rank += ph_binomial_table[n - 1 - highest][i];
        mask ^= UINT64_C(1) << highest;
    }
    return ph_binomial_table[n][k] - 1 - rank;
}

int ph_combination_rank_batch(const uint8_t *rows, size_t m, size_t k, unsigned n, ph_order order,
                              uint64_t *ranks, size_t *bad_row) {
    int status = check_order(n, k, order);
    if (status != PH_OK)
        return status;
    for (size_t i = 0; i < m; i++) {
        uint64_t mask = 0;
        status = row_mask(rows + i * k, k, n, &mask);
        if (status != PH_OK) {
            if (bad_row)
                *bad_row = i;
            return status;
        }
        ranks[i] = mask_rank(mask, k, n, order);
    }
    return PH_OK;
}

/* Gathers entries of one item size; written once, specialised by the switch below. */
static inline void gather(const uint8_t *table, const uint64_t *ranks, size_t count, size_t item_size,
                          uint8_t *out) {
    for (size_t i = 0; i < count; i++)
        memcpy(out + i * item_size, table + ranks[i] * item_size, item_size);
}

static void gather_any(const uint8_t *table, const uint64_t *ranks, size_t count, size_t item_size,
                       uint8_t *out) {
    switch (item_size) {
    case 1: gather(table, ranks, count, 1, out); break;
    case 2: gather(table, ranks, count, 2, out); break;
    case 4: gather(table, ranks, count, 4, out); break;
    case 8: gather(table, ranks, count, 8, out); break;
    default: gather(table, ranks, count, item_size, out); break;
    }
}

int ph_combination_lookup(const uint8_t *rows, size_t m, size_t k, unsigned n, ph_order order,
                          const void *table, uint64_t table_entries, size_t item_size, void *out,
                          size_t *bad_row) {
    int status = check_order(n, k, order);
    if (status != PH_OK || item_size == 0)
        return PH_E_ARGUMENT;
    if (table_entries < ph_binomial_table[n][k])
        return PH_E_BUFFER;
    const uint8_t *entries = table;
    uint8_t *written = out;
    uint64_t ranks[LOOKUP_BLOCK];
    for (size_t first = 0; first < m; first += LOOKUP_BLOCK) {
        size_t count = m - first < LOOKUP_BLOCK ? m - first : LOOKUP_BLOCK;
        for (size_t i = 0; i < count; i++) {
            uint64_t mask = 0;
            status = row_mask(rows + (first + i) * k, k, n, &mask);
            if (status != PH_OK) {
                gather_any(entries, ranks, i, item_size, written + first * item_size);
                if (bad_row)
                    *bad_row = first + i;
                return status;
            }
            ranks[i] = mask_rank(mask, k, n, order);
            __builtin_prefetch(entries + ranks[i] * item_size);
        }
        gather_any(entries, ranks, count, item_size, written + first * item_size);
    }
    return PH_OK;
}
