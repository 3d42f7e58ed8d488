/* The article's quinary hash, digit by digit; the grouped run-time hash of large_hands.c must agree. */
#include "pokerhash.h"
#include "../common/tables.h"

int32_t ph_quinary_hash(const uint8_t q[13], unsigned k) {
    if (k > 9)
        return PH_E_ARGUMENT;
    unsigned sum = 0;
    for (int i = 0; i < 13; i++) {
        if (q[i] > 4)
            return PH_E_ARGUMENT;
        sum += q[i];
    }
    if (sum != k)
        return PH_E_ARGUMENT;
    uint32_t position = 0;
    for (int i = 0; i < 13 && k > 0; i++) {
        position += ph_quinary_dp[q[i]][12 - i][k];
        k -= q[i];
    }
    return (int32_t)position;
}
