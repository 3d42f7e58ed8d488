/* Binomial coefficients and the combinatorial number system (colex and lex rank/unrank). */
#include "pokerhash.h"
#include "combinatorics_internal.h"
#include "../common/tables.h"

static uint64_t gcd64(uint64_t a, uint64_t b) {
    while (b) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

int ph_binomial(uint64_t n, uint64_t k, uint64_t *out) {
    if (k > n) {
        *out = 0;
        return PH_OK;
    }
    if (n <= PH_MAX_COMBINATION_N) {
        *out = ph_binomial_table[n][k];
        return PH_OK;
    }
    if (k > n - k)
        k = n - k;
    /* C(n, i+1) = C(n, i) * (n-i) / (i+1); dividing by the gcd first keeps every step exact and the
     * only product that can overflow is the final one, which is checked. */
    /* C(n, i) >= 2^i while i <= n/2, so an answer that fits is reached within 64 steps. */
    uint64_t c = 1;
    for (uint64_t i = 0; i < k; i++) {
        uint64_t divisor = i + 1, g = gcd64(c, divisor);
        uint64_t factor = (n - i) / (divisor / g);
        if (__builtin_mul_overflow(c / g, factor, &c))
            return PH_E_OVERFLOW;
    }
    *out = c;
    return PH_OK;
}

/* Sorts a small item list ascending and checks it; k <= 64. */
static int sorted_items(const uint8_t *items, size_t k, unsigned n, uint8_t *sorted) {
    uint64_t seen = 0;
    for (size_t i = 0; i < k; i++) {
        if (items[i] >= n)
            return PH_E_CARD;
        uint64_t bit = UINT64_C(1) << items[i];
        if (seen & bit)
            return PH_E_DUPLICATE;
        seen |= bit;
    }
    for (size_t i = 0; i < k; i++) {
        sorted[i] = (uint8_t)__builtin_ctzll(seen);
        seen &= seen - 1;
    }
    return PH_OK;
}

uint64_t ph_colex_rank_sorted(const uint8_t *ascending, size_t k) {
    uint64_t rank = 0;
    for (size_t i = 0; i < k; i++)
        rank += ph_binomial_table[ascending[i]][i + 1];
    return rank;
}

void ph_colex_unrank_unchecked(uint64_t rank, size_t k, unsigned n, uint8_t *items) {
    unsigned top = n;
    for (size_t i = k; i-- > 0;) {
        /* The largest a with C(a, i+1) <= rank; a decreases with i, so the search resumes below it. */
        unsigned a = top - 1;
        while (ph_binomial_table[a][i + 1] > rank)
            a--;
        items[i] = (uint8_t)a;
        rank -= ph_binomial_table[a][i + 1];
        top = a;
    }
}

static int check_nk(unsigned n, size_t k) {
    return (n > PH_MAX_COMBINATION_N || k > n) ? PH_E_ARGUMENT : PH_OK;
}

int ph_combination_rank(const uint8_t *items, size_t k, unsigned n, ph_order order, uint64_t *rank) {
    uint8_t sorted[PH_MAX_COMBINATION_N];
    int status = check_nk(n, k);
    if (status == PH_OK && order != PH_COLEX && order != PH_LEX)
        status = PH_E_ARGUMENT;
    if (status == PH_OK)
        status = sorted_items(items, k, n, sorted);
    if (status != PH_OK)
        return status;
    if (order == PH_COLEX) {
        *rank = ph_colex_rank_sorted(sorted, k);
        return PH_OK;
    }
    /* Lex order is colex order of the mirrored items (a -> n-1-a), read backwards. */
    uint8_t mirrored[PH_MAX_COMBINATION_N];
    for (size_t i = 0; i < k; i++)
        mirrored[i] = (uint8_t)(n - 1 - sorted[k - 1 - i]);
    *rank = ph_binomial_table[n][k] - 1 - ph_colex_rank_sorted(mirrored, k);
    return PH_OK;
}

int ph_combination_unrank(uint64_t rank, size_t k, unsigned n, ph_order order, uint8_t *items) {
    if (check_nk(n, k) != PH_OK || (order != PH_COLEX && order != PH_LEX))
        return PH_E_ARGUMENT;
    uint64_t total = ph_binomial_table[n][k];
    if (rank >= total)
        return PH_E_RANK;
    if (order == PH_COLEX) {
        ph_colex_unrank_unchecked(rank, k, n, items);
        return PH_OK;
    }
    uint8_t mirrored[PH_MAX_COMBINATION_N];
    ph_colex_unrank_unchecked(total - 1 - rank, k, n, mirrored);
    for (size_t i = 0; i < k; i++)
        items[i] = (uint8_t)(n - 1 - mirrored[k - 1 - i]);
    return PH_OK;
}

int ph_check_range(unsigned n, size_t k, uint64_t start, uint64_t count) {
    if (check_nk(n, k) != PH_OK)
        return PH_E_ARGUMENT;
    uint64_t total = ph_binomial_table[n][k];
    if (start > total || count > total - start)
        return PH_E_RANK;
    return PH_OK;
}
