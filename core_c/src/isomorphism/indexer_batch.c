/* The indexer over many rows at once: what the Python and JS batches call, one row after another. */
#include "isomorphism_internal.h"

int ph_indexer_index_batch(const ph_indexer *indexer, const uint8_t *rows, size_t n, size_t rounds_to_index,
                           int every_round, uint64_t *out, size_t *bad_row) {
    if (!indexer || rounds_to_index == 0 || rounds_to_index > indexer->rounds || (n && (!rows || !out)))
        return PH_E_ARGUMENT;
    size_t k = ph_indexer_cards(indexer, rounds_to_index - 1);
    uint64_t indices[PH_INDEXER_MAX_ROUNDS];
    for (size_t i = 0; i < n; i++) {
        int status = ph_indexer_index(indexer, rows + i * k, rounds_to_index, indices);
        if (status != PH_OK) {
            if (bad_row)
                *bad_row = i;
            return status;
        }
        if (every_round)
            for (size_t r = 0; r < rounds_to_index; r++)
                out[i * rounds_to_index + r] = indices[r];
        else
            out[i] = indices[rounds_to_index - 1];
    }
    return PH_OK;
}

int ph_indexer_unindex_batch(const ph_indexer *indexer, size_t round, const uint64_t *indices, size_t n,
                             uint8_t *out, size_t *bad_row) {
    if (!indexer || round >= indexer->rounds || (n && (!indices || !out)))
        return PH_E_ARGUMENT;
    size_t k = ph_indexer_cards(indexer, round);
    for (size_t i = 0; i < n; i++) {
        int status = ph_indexer_unindex(indexer, round, indices[i], out + i * k);
        if (status != PH_OK) {
            if (bad_row)
                *bad_row = i;
            return status;
        }
    }
    return PH_OK;
}

int ph_indexer_is_canonical_batch(const ph_indexer *indexer, const uint8_t *rows, size_t n, size_t rounds_to_index,
                                  uint8_t *out, size_t *bad_row) {
    if (!indexer || rounds_to_index == 0 || rounds_to_index > indexer->rounds || (n && (!rows || !out)))
        return PH_E_ARGUMENT;
    size_t k = ph_indexer_cards(indexer, rounds_to_index - 1);
    for (size_t i = 0; i < n; i++) {
        int status = ph_indexer_is_canonical(indexer, rows + i * k, rounds_to_index);
        if (status < 0) {
            if (bad_row)
                *bad_row = i;
            return status;
        }
        out[i] = (uint8_t)status;
    }
    return PH_OK;
}
