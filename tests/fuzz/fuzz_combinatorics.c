/* Rank and unrank (colex and lex), ph_combinations, ph_combination_masks and ph_combination_rows over any
 * n <= 64, k <= n, start and count: rank(unrank(r)) == r, rows equal the unranked subsets, masks equal the
 * rows, lex rows mirror colex ones; out-of-domain arguments rejected; ph_binomial exact or PH_E_OVERFLOW. */
#include "fuzz.h"

#define MAX_ROWS 24

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    input in = {data, size, 0};
    unsigned n = take_below(&in, 66); /* 65 is out of range */
    size_t k = take_below(&in, 67);
    uint64_t total = 0;
    if (ph_binomial(n, k, &total) != PH_OK)
        abort();
    ph_order order = take_byte(&in) & 1 ? PH_LEX : PH_COLEX;
    uint64_t rank = total ? take_u64(&in) % total : take_u64(&in);
    uint8_t items[64], again[64];
    int status = ph_combination_unrank(rank, k, n, order, items);
    if (n > 64 || k > n) {
        REQUIRE(status == PH_E_ARGUMENT, "n=%u k=%zu: %d", n, k, status);
        uint8_t out[1];
        REQUIRE(ph_combinations(n, k, 0, 0, out) == PH_E_ARGUMENT, "rows n=%u k=%zu", n, k);
        return 0;
    }
    REQUIRE(status == PH_OK, "unrank %llu of C(%u,%zu)", (unsigned long long)rank, n, k);
    for (size_t i = 0; i + 1 < k; i++)
        REQUIRE(items[i] < items[i + 1] && items[i + 1] < n, "unranked items ascend below n");
    uint64_t back = ~rank;
    REQUIRE(ph_combination_rank(items, k, n, order, &back) == PH_OK && back == rank, "rank(unrank(%llu)) = %llu",
            (unsigned long long)rank, (unsigned long long)back);
    /* any order of the same items has the same rank */
    memcpy(again, items, k);
    for (size_t i = k; i > 1; i--) {
        size_t j = take_below(&in, (unsigned)i);
        uint8_t t = again[i - 1];
        again[i - 1] = again[j];
        again[j] = t;
    }
    REQUIRE(ph_combination_rank(again, k, n, order, &back) == PH_OK && back == rank, "shuffled rank");
    REQUIRE(ph_combination_unrank(total, k, n, order, items) == PH_E_RANK, "rank past C(n,k)");
    /* rows from `start`: each equals its unranked subset; masks agree */
    uint64_t start = total ? take_u64(&in) % total : 0;
    size_t count = take_below(&in, MAX_ROWS + 1);
    if (count > total - start)
        count = (size_t)(total - start);
    static uint8_t rows[MAX_ROWS * 64];
    uint64_t masks[MAX_ROWS];
    REQUIRE(ph_combination_rows(n, k, order, start, count, rows) == PH_OK, "rows");
    int masks_ok = k > 0 && order == PH_COLEX;
    if (masks_ok)
        REQUIRE(ph_combination_masks(n, k, start, count, masks) == PH_OK, "masks");
    for (size_t r = 0; r < count; r++) {
        REQUIRE(ph_combination_unrank(start + r, k, n, order, items) == PH_OK, "unrank row");
        REQUIRE(memcmp(items, rows + r * k, k) == 0, "row %zu of start %llu differs from its unranked subset", r,
                (unsigned long long)start);
        uint64_t mask = 0;
        for (size_t i = 0; i < k; i++)
            mask |= UINT64_C(1) << items[i];
        if (masks_ok)
            REQUIRE(masks[r] == mask, "mask of row %zu", r);
    }
    REQUIRE(ph_combination_rows(n, k, order, start, (size_t)(total - start) + 1, rows) == PH_E_RANK ||
                total - start + 1 == 0,
            "one row too many");
    /* binomials past 64 bits */
    uint64_t big_n = take_u64(&in) >> take_below(&in, 64), big_k = take_u64(&in) >> take_below(&in, 64), c;
    status = ph_binomial(big_n, big_k, &c);
    REQUIRE(status == PH_OK || status == PH_E_OVERFLOW, "binomial status %d", status);
    if (status == PH_OK && big_k <= big_n && big_k > 0) {
        uint64_t smaller; /* C(n, k) = C(n-1, k-1) * n / k: check with 128-bit arithmetic when it fits */
        if (ph_binomial(big_n - 1, big_k - 1, &smaller) == PH_OK) {
            unsigned __int128 product = (unsigned __int128)smaller * big_n;
            REQUIRE(product % big_k == 0 && (uint64_t)(product / big_k) == c, "C(%llu,%llu)",
                    (unsigned long long)big_n, (unsigned long long)big_k);
        }
    }
    return 0;
}
