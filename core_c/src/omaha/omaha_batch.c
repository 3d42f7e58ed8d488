/* Omaha high over rows of plain arrays: what the Python and JS batch forms call. Each row goes through
 * ph_omaha_evaluate, so the single and batch answers cannot differ; the loop only saves a call across
 * the language boundary per hand. */
#include "pokerhash.h"

int ph_omaha_evaluate_batch(const uint8_t *holes, size_t hole_len, const uint8_t *boards, size_t board_len,
                            size_t n, uint16_t *out, size_t *bad_row) {
    if (hole_len < 4 || hole_len > 6 || board_len < 3 || board_len > 5)
        return PH_E_COUNT;
    for (size_t i = 0; i < n; i++) {
        int value = ph_omaha_evaluate(holes + i * hole_len, hole_len, boards + i * board_len, board_len);
        if (value < 0) {
            if (bad_row)
                *bad_row = i;
            return value;
        }
        out[i] = (uint16_t)value;
    }
    return PH_OK;
}
