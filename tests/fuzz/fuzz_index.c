/* ph_hand_index and ph_quinary_hash: the hand index equals the colex rank of the same cards for 1..7 cards
 * (the lazily built table) and rejects other masks; the quinary hash of 13 rank counts summing to k equals
 * the count of smaller quinaries of that sum (a direct recount here), and rejects everything else. */
#include "fuzz.h"

/* Quinaries of `digits` digits (each 0..4) summing to `sum`. */
static uint64_t quinaries(unsigned digits, unsigned sum) {
    static uint64_t memo[14][64];
    static int ready;
    if (!ready) {
        for (unsigned d = 0; d <= 13; d++)
            for (unsigned s = 0; s < 64; s++) {
                if (d == 0) {
                    memo[d][s] = s == 0;
                    continue;
                }
                memo[d][s] = 0;
                for (unsigned x = 0; x <= 4 && x <= s; x++)
                    memo[d][s] += memo[d - 1][s - x];
            }
        ready = 1;
    }
    return sum < 64 ? memo[digits][sum] : 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    input in = {data, size, 0};
    size_t cards = 1 + take_below(&in, 7);
    uint8_t hand[7];
    uint64_t used = 0;
    take_cards(&in, hand, cards, FULL_DECK, &used);
    uint64_t rank;
    REQUIRE(ph_combination_rank(hand, cards, 52, PH_COLEX, &rank) == PH_OK, "rank");
    int64_t index = ph_hand_index(used);
    REQUIRE(index == (int64_t)rank, "hand_index %lld, colex rank %llu", (long long)index, (unsigned long long)rank);
    uint64_t any = take_u64(&in);
    int64_t other = ph_hand_index(any);
    int popcount = __builtin_popcountll(any);
    if (any >> 52)
        REQUIRE(other == PH_E_CARD, "mask above card 51: %lld", (long long)other);
    else if (popcount < 1 || popcount > 7)
        REQUIRE(other == PH_E_COUNT, "%d cards: %lld", popcount, (long long)other);
    else
        REQUIRE(other >= 0, "valid mask: %lld", (long long)other);
    /* quinary hash */
    uint8_t q[13];
    unsigned sum = 0;
    int valid = 1;
    for (int i = 0; i < 13; i++) {
        q[i] = take_byte(&in) % (take_byte(&in) < 250 ? 5 : 256);
        valid &= q[i] <= 4;
        sum += q[i];
    }
    unsigned k = take_byte(&in) < 240 ? sum : take_below(&in, 12);
    int32_t hash = ph_quinary_hash(q, k);
    if (!valid || k != sum || k > 9) {
        REQUIRE(hash == PH_E_ARGUMENT, "invalid quinary hashed to %d", hash);
        return 0;
    }
    uint64_t smaller = 0; /* lexicographic position: quinaries that first differ by a smaller digit */
    unsigned left = k;
    for (int i = 0; i < 13; i++) {
        for (unsigned x = 0; x < q[i] && x <= left; x++)
            smaller += quinaries(12 - (unsigned)i, left - x);
        left -= q[i];
    }
    REQUIRE(hash == (int32_t)smaller && (uint64_t)hash < quinaries(13, k), "hash %d, recount %llu", hash,
            (unsigned long long)smaller);
    return 0;
}
