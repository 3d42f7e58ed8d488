/*
 * pokerhash: exact poker hand evaluation (5 to 9 cards) and card combinatorics.
 *
 * Conventions
 *   card id   = 4 * rank + suit; rank 0..12 = 2..A, suit 0..3 = c, d, h, s (2c = 0, As = 51).
 *   hand value = 1 (royal flush) .. 7462 (7-5-4-3-2 offsuit), lower is better: the Cactus Kev /
 *               PokerHandEvaluator scale, so values interoperate with other tools.
 *   status    = functions that can fail return a negative PH_E_* code; ph_error_message() names it.
 *
 * Every function is pure or writes only to the caller's buffers, so any function may be called from
 * any number of threads at once. C11, no allocation except the one lazily built table of ph_hand_index.
 */
#ifndef POKERHASH_H
#define POKERHASH_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PH_VERSION_MAJOR 0
#define PH_VERSION_MINOR 1
#define PH_VERSION_PATCH 0

#define PH_DECK_SIZE 52
#define PH_MIN_HAND 5
#define PH_MAX_HAND 9
#define PH_WORST_VALUE 7462
#define PH_MAX_COMBINATION_N 64

typedef enum ph_status {
    PH_OK = 0,
    PH_E_CARD = -1,       /* a card id outside 0..51 */
    PH_E_DUPLICATE = -2,  /* the same card twice in one hand */
    PH_E_COUNT = -3,      /* a hand of fewer than 5 or more than 9 cards */
    PH_E_PARSE = -4,      /* text that is not a card */
    PH_E_ARGUMENT = -5,   /* n, k or value outside the function's domain */
    PH_E_RANK = -6,       /* a combination rank at or past C(n, k) */
    PH_E_OVERFLOW = -7,   /* the exact answer does not fit in 64 bits */
    PH_E_NOMEM = -8,      /* a lazily built table could not be allocated */
    PH_E_BUFFER = -9      /* the caller's output buffer is too small */
} ph_status;

typedef enum ph_category {
    PH_ROYAL_FLUSH = 0,
    PH_STRAIGHT_FLUSH = 1,
    PH_FOUR_OF_A_KIND = 2,
    PH_FULL_HOUSE = 3,
    PH_FLUSH = 4,
    PH_STRAIGHT = 5,
    PH_THREE_OF_A_KIND = 6,
    PH_TWO_PAIR = 7,
    PH_ONE_PAIR = 8,
    PH_HIGH_CARD = 9
} ph_category;

typedef enum ph_order {
    PH_COLEX = 0, /* by largest element first: equal to numeric order of the subsets' bit masks */
    PH_LEX = 1    /* by smallest element first: {0,1,..,k-1} is 0 */
} ph_order;

/* ---- library --------------------------------------------------------------------------------- */

/* Version as "MAJOR.MINOR.PATCH"; a static string. */
const char *ph_version(void);

/* Message for a ph_status code (any int accepted); a static string, "unknown status" otherwise. */
const char *ph_error_message(int status);

/* ---- cards ----------------------------------------------------------------------------------- */

/* Parses one card of `len` bytes: rank 2-9, T/10, J, Q, K, A (any case) then suit c, d, h, s (any case)
 * or a suit symbol (UTF-8 ♣ ♦ ♥ ♠ or ♧ ♢ ♡ ♤). Returns the id 0..51, or PH_E_PARSE. */
int ph_card_parse(const char *text, size_t len);

/* Writes the two-character name of `card` ("As") and a NUL into out[0..2].
 * Returns 2, or PH_E_CARD when card is outside 0..51 (out is then left untouched). */
int ph_card_format(int card, char out[3]);

/* Parses a list of cards: tokens separated by spaces, commas or nothing ("AsKs Qd,Jd").
 * Writes at most `cap` ids to out. Returns the number of cards (0..cap); PH_E_PARSE with *error_offset
 * set to the byte offset of the first bad token; PH_E_BUFFER when more than cap cards are present.
 * Duplicates are not checked here (the evaluators check them). error_offset may be NULL. */
int ph_cards_parse(const char *text, size_t len, uint8_t *out, size_t cap, size_t *error_offset);

/* ---- evaluation ------------------------------------------------------------------------------ */

/* Value of the best five-card hand among cards[0..k-1], k in 5..9, ids distinct in 0..51.
 * Returns 1..7462, or PH_E_COUNT, PH_E_CARD, PH_E_DUPLICATE. */
int ph_evaluate(const uint8_t *cards, size_t k);

/* Evaluates n hands stored row by row (cards[i*k .. i*k+k-1] is hand i), k in 5..9, into out[0..n-1].
 * Returns PH_OK; or, at the first invalid row, its status (PH_E_CARD or PH_E_DUPLICATE) with *bad_row
 * set to its index (rows before it are written, later rows are not); PH_E_COUNT for a bad k.
 * bad_row may be NULL. n may be 0. */
int ph_evaluate_batch(const uint8_t *cards, size_t n, size_t k, uint16_t *out, size_t *bad_row);

/* Counts the values of the `count` k-card hands (k in 5..9) whose 52-choose-k colex ranks are
 * start .. start+count-1: histogram[v] += number of those hands of value v (histogram has 7463 slots,
 * slot 0 unused). Enumerates incrementally, so it is the fastest way to sweep all hands.
 * Returns PH_OK, PH_E_COUNT, or PH_E_RANK when start + count > C(52, k). */
int ph_value_histogram(size_t k, uint64_t start, uint64_t count, uint64_t histogram[PH_WORST_VALUE + 1]);

/* Category of a hand value 1..7462: PH_ROYAL_FLUSH (value 1) .. PH_HIGH_CARD; PH_E_ARGUMENT otherwise. */
int ph_category_of(int value);

/* English name of a category 0..9 ("Royal Flush", "Four of a Kind"); NULL outside 0..9. */
const char *ph_category_name(int category);

/* Writes a description of a value 1..7462 with a NUL, such as "Nines Full over Fours", "Ace-High Flush",
 * "Aces and Kings" or "Pair of Jacks", into out[0..cap-1]. Returns its length (< 40), PH_E_ARGUMENT for a
 * bad value, or PH_E_BUFFER when cap is too small (out then holds a truncated, NUL-terminated text). */
int ph_describe(int value, char *out, size_t cap);

/* Ranks (0..12) of the five cards behind a value 1..7462 in order of importance (the trips of a full
 * house first, the five of a wheel last) into ranks[0..4]. Returns PH_OK or PH_E_ARGUMENT. */
int ph_value_ranks(int value, uint8_t ranks[5]);

/* The best five cards of a 5..9 card hand, in order of importance, into out[0..4]; among equal choices
 * the one with the highest cards. Returns the hand value 1..7462, or the ph_evaluate errors. */
int ph_best_five(const uint8_t *cards, size_t k, uint8_t out[5]);

/* Lexicographic position of a 13-digit quinary (q[i] = number of cards of rank i, each 0..4, digit sum k
 * in 0..9) among all quinaries with digit sum k: the article's dynamic-programming hash, 13 steps.
 * Returns 0 .. (number of such quinaries - 1), or PH_E_ARGUMENT. */
int32_t ph_quinary_hash(const uint8_t q[13], unsigned k);

/* ---- combinatorics --------------------------------------------------------------------------- */

/* Exact C(n, k) into *out (0 when k > n). Returns PH_OK, or PH_E_OVERFLOW when it exceeds 2^64 - 1
 * (never for n <= 64). */
int ph_binomial(unsigned n, unsigned k, uint64_t *out);

/* Rank of the k-subset items[0..k-1] of {0..n-1} (any order, distinct) among all C(n, k) subsets in the
 * given order, into *rank (0 .. C(n,k)-1). n <= 64, k <= n. Returns PH_OK, PH_E_ARGUMENT (n > 64 or
 * k > n), PH_E_CARD (an item >= n) or PH_E_DUPLICATE. */
int ph_combination_rank(const uint8_t *items, size_t k, unsigned n, ph_order order, uint64_t *rank);

/* The k-subset of {0..n-1} at `rank` in the given order, ascending, into items[0..k-1].
 * n <= 64, k <= n. Returns PH_OK, PH_E_ARGUMENT, or PH_E_RANK when rank >= C(n, k). */
int ph_combination_unrank(uint64_t rank, size_t k, unsigned n, ph_order order, uint8_t *items);

/* Writes `count` consecutive k-subsets of {0..n-1} in colex order, starting at colex rank `start`, as rows
 * of k ascending items into out[0 .. count*k - 1]. n <= 64, k <= n. Returns PH_OK, PH_E_ARGUMENT, or
 * PH_E_RANK when start + count > C(n, k). */
int ph_combinations(unsigned n, size_t k, uint64_t start, size_t count, uint8_t *out);

/* As ph_combinations, writing each subset as a bit mask (bit i set for item i). k >= 1. */
int ph_combination_masks(unsigned n, size_t k, uint64_t start, size_t count, uint64_t *out);

/* Colex rank of a hand given as a mask of card ids (bit c for card c), 1 to 7 cards, computed by the
 * article's 16-bit-block DP hash: 4 lookups. For 7 cards the result is 0 .. 133,784,559 and equals
 * ph_combination_rank(..., 52, PH_COLEX). Returns the rank, PH_E_CARD (a bit above 51), PH_E_COUNT (no
 * card or more than 7) or PH_E_NOMEM (its 6 MiB table, built on first use, could not be allocated). */
int64_t ph_hand_index(uint64_t card_mask);

#ifdef __cplusplus
}
#endif

#endif /* POKERHASH_H */
