/* Building an indexer: the configurations of every round, their offsets and group radices, and the hashes
 * that find them. Round r's configurations come from round r-1's, each dealt round r's cards every way. */
#include <stdlib.h>
#include <string.h>

#include "isomorphism_internal.h"
#include "../common/tables.h"

/* A configuration while it is built: tuples sorted largest first, with their counts. */
typedef struct candidate {
    uint32_t tuple[PH_ISO_SUITS];
    uint8_t count[PH_ISO_SUITS][PH_INDEXER_MAX_ROUNDS];
    uint8_t total[PH_ISO_SUITS];
} candidate;

static int compare_candidates(const void *a, const void *b) {
    const candidate *x = a, *y = b;
    for (unsigned p = 0; p < PH_ISO_SUITS; p++)
        if (x->tuple[p] != y->tuple[p])
            return x->tuple[p] < y->tuple[p] ? -1 : 1;
    return 0;
}

static void sort_rows(candidate *c) {
    for (unsigned i = 1; i < PH_ISO_SUITS; i++)
        for (unsigned j = i; j > 0 && c->tuple[j] > c->tuple[j - 1]; j--) {
            candidate row;
            row.tuple[0] = c->tuple[j];
            memcpy(row.count[0], c->count[j], PH_INDEXER_MAX_ROUNDS);
            row.total[0] = c->total[j];
            c->tuple[j] = c->tuple[j - 1];
            memcpy(c->count[j], c->count[j - 1], PH_INDEXER_MAX_ROUNDS);
            c->total[j] = c->total[j - 1];
            c->tuple[j - 1] = row.tuple[0];
            memcpy(c->count[j - 1], row.count[0], PH_INDEXER_MAX_ROUNDS);
            c->total[j - 1] = row.total[0];
        }
}

/* Every way to deal `cards` more cards to the suits of `from` (none past 13 in a suit), sorted and without
 * repeats. Returns the number written to *out (a fresh array), or a negative status. */
static long deal_round(const candidate *from, size_t from_len, unsigned round, unsigned cards, candidate **out) {
    size_t ways = (size_t)(cards + 1) * (cards + 2) * (cards + 3) / 6, len = 0;
    if (from_len > SIZE_MAX / sizeof(candidate) / ways)
        return PH_E_NOMEM;
    candidate *next = malloc(from_len * ways * sizeof(candidate));
    if (!next)
        return PH_E_NOMEM;
    for (size_t i = 0; i < from_len; i++)
        for (unsigned c0 = 0; c0 <= cards; c0++)
            for (unsigned c1 = 0; c0 + c1 <= cards; c1++)
                for (unsigned c2 = 0; c0 + c1 + c2 <= cards; c2++) {
                    const unsigned deal[PH_ISO_SUITS] = {c0, c1, c2, cards - c0 - c1 - c2};
                    candidate c = from[i];
                    int fits = 1;
                    for (unsigned p = 0; p < PH_ISO_SUITS; p++) {
                        fits &= c.total[p] + deal[p] <= PH_ISO_RANKS;
                        c.tuple[p] = c.tuple[p] * (cards + 1) + deal[p];
                        c.count[p][round] = (uint8_t)deal[p];
                        c.total[p] = (uint8_t)(c.total[p] + deal[p]);
                    }
                    if (!fits)
                        continue;
                    sort_rows(&c);
                    next[len++] = c;
                }
    qsort(next, len, sizeof(candidate), compare_candidates);
    size_t unique = 0;
    for (size_t i = 0; i < len; i++)
        if (unique == 0 || compare_candidates(&next[unique - 1], &next[i]) != 0)
            next[unique++] = next[i];
    *out = next;
    return (long)unique;
}

/* Offsets, group radices and weights of round r's configurations; PH_E_OVERFLOW past 64 bits. */
static int lay_out(ph_iso_round *round, const candidate *configs, size_t round_index) {
    uint64_t offset = 0;
    for (uint32_t i = 0; i < round->configs; i++) {
        const candidate *c = &configs[i];
        ph_iso_config *out = &round->config[i];
        memset(out, 0, sizeof(*out));
        memcpy(out->count, c->count, sizeof(out->count));
        for (unsigned p = 0; p < PH_ISO_SUITS; p++) {
            uint64_t size = 1;
            unsigned dealt = 0;
            for (size_t r = 0; r <= round_index; r++) {
                uint64_t choices = ph_binomial_table[PH_ISO_RANKS - dealt][c->count[p][r]];
                size *= choices; /* at most 13! */
                dealt += c->count[p][r];
            }
            out->suit_size[p] = size;
        }
        uint64_t weight = 1;
        out->plain = 1;
        for (unsigned p = 0; p < PH_ISO_SUITS;) {
            unsigned len = 1;
            while (p + len < PH_ISO_SUITS && c->tuple[p + len] == c->tuple[p])
                len++;
            uint64_t radix;
            if (ph_binomial(out->suit_size[p] + len - 1, len, &radix) != PH_OK)
                return PH_E_OVERFLOW;
            out->group_len[p] = (uint8_t)len;
            out->radix[p] = radix;
            if (len > 1 && c->tuple[p] != 0)
                out->plain = 0;
            for (unsigned q = 0; q < len; q++) {
                out->weight[p + q] = weight;
                out->order[p + q] = (uint8_t)(len - q);
            }
            if (__builtin_mul_overflow(weight, radix, &weight))
                return PH_E_OVERFLOW;
            p += len;
        }
        for (unsigned p = 0; p < PH_ISO_SUITS; p++) {
            for (size_t r = 0; r <= round_index; r++)
                out->rounds_dealt[p] |= (uint8_t)((c->count[p][r] != 0) << r);
            out->suits += c->tuple[p] != 0;
        }
        out->small = 1;
        for (unsigned p = 0; p < PH_ISO_SUITS; p++)
            out->small &= out->suit_size[p] < PH_ISO_SMALL_SEQUENCE;
        out->offset = offset;
        round->offset[i] = offset;
        if (__builtin_add_overflow(offset, weight, &offset))
            return PH_E_OVERFLOW;
    }
    round->size = offset;
    return PH_OK;
}

/* Buckets of 2^shift indexes, at most 4096, each pointing at the configuration of its first index: unindex
 * searches only between a bucket's configuration and the next bucket's. */
static int build_buckets(ph_iso_round *round) {
    unsigned shift = 0;
    while (((round->size - 1) >> shift) >= 4096)
        shift++;
    size_t buckets = (size_t)((round->size - 1) >> shift) + 2; /* one past the last, for the search's end */
    round->bucket_first = malloc(buckets * sizeof(uint32_t));
    if (!round->bucket_first)
        return PH_E_NOMEM;
    round->bucket_shift = shift;
    uint32_t config = 0;
    for (size_t b = 0; b + 1 < buckets; b++) {
        uint64_t first = (uint64_t)b << shift;
        while (config + 1 < round->configs && round->offset[config + 1] <= first)
            config++;
        round->bucket_first[b] = config;
    }
    round->bucket_first[buckets - 1] = round->configs - 1;
    return PH_OK;
}

static int build_hash(ph_iso_round *round, const candidate *configs) {
    unsigned bits = 2;
    while ((UINT64_C(1) << bits) < 2 * (uint64_t)round->configs)
        bits++;
    size_t slots = (size_t)1 << bits;
    round->hash_key = malloc(slots * sizeof(uint64_t));
    round->hash_config = malloc(slots * sizeof(uint32_t));
    if (!round->hash_key || !round->hash_config)
        return PH_E_NOMEM;
    memset(round->hash_key, 0xff, slots * sizeof(uint64_t));
    round->hash_mask = (uint32_t)(slots - 1);
    round->hash_shift = 64 - bits;
    for (uint32_t i = 0; i < round->configs; i++) {
        const uint32_t *t = configs[i].tuple;
        uint64_t key = ph_iso_key((uint64_t)t[0] << PH_ISO_X_BITS, (uint64_t)t[1] << PH_ISO_X_BITS,
                                  (uint64_t)t[2] << PH_ISO_X_BITS);
        uint32_t slot = (uint32_t)((key * PH_ISO_HASH_MULTIPLIER) >> round->hash_shift);
        while (round->hash_key[slot] != UINT64_MAX)
            slot = (slot + 1) & round->hash_mask;
        round->hash_key[slot] = key;
        round->hash_config[slot] = i;
    }
    return PH_OK;
}

/* Every tuple's place values of its rounds' colex ranks (tuples no hand has, with a suit past 13 cards,
 * get zeros: nothing reads them). */
static int fill_place_values(ph_iso_round *round, const uint8_t *cards, size_t round_index) {
    size_t width = round_index + 1;
    round->place_value = malloc((size_t)round->tuple_space * width * sizeof(uint64_t));
    if (!round->place_value)
        return PH_E_NOMEM;
    for (uint32_t t = 0; t < round->tuple_space; t++) {
        unsigned count[PH_INDEXER_MAX_ROUNDS];
        uint32_t rest = t;
        for (size_t r = width; r-- > 0;) {
            count[r] = rest % (cards[r] + 1u);
            rest /= cards[r] + 1u;
        }
        uint64_t value = 1;
        unsigned dealt = 0;
        for (size_t r = 0; r < width; r++) {
            round->place_value[t * width + r] = value;
            if (dealt + count[r] > PH_ISO_RANKS) {
                value = 0;
                continue;
            }
            value *= ph_binomial_table[PH_ISO_RANKS - dealt][count[r]];
            dealt += count[r];
        }
    }
    return PH_OK;
}

static void fill_rank_tables(ph_indexer *indexer) {
    for (unsigned n = 0; n <= PH_ISO_RANKS; n++)
        for (unsigned k = 0; k <= PH_ISO_RANKS; k++) {
            uint64_t d = ph_binomial_table[n][k];
            indexer->binom[n][k] = (uint32_t)d;
            indexer->binom_reciprocal[n][k] = d ? ((UINT64_C(1) << PH_ISO_RECIPROCAL_SHIFT) + d - 1) / d : 0;
            indexer->binom_next[n][k] = (uint32_t)ph_binomial_table[n][k + 1];
        }
    for (unsigned c = 0; c < PH_DECK_SIZE; c++) {
        unsigned shift = 16 * (c & 3), rank = c >> 2;
        indexer->card_shift[c] = (uint8_t)shift;
        indexer->card_bit[c] = UINT64_C(1) << (shift + rank);
        indexer->card_below[c] = (uint64_t)((1u << rank) - 1) << shift;
    }
    indexer->set_first[0] = 0;
    for (unsigned c = 0; c <= PH_ISO_RANKS; c++)
        indexer->set_first[c + 1] = (uint16_t)(indexer->set_first[c] + indexer->binom[PH_ISO_RANKS][c]);
    for (uint32_t set = 0; set < PH_ISO_SETS; set++) {
        indexer->rank_count[set] = (uint8_t)ph_iso_bits(set);
        uint32_t rank = 0, rest = set;
        for (unsigned i = 1; rest; i++, rest &= rest - 1)
            rank += indexer->binom[__builtin_ctz(rest)][i];
        indexer->set_by_rank[indexer->set_first[ph_iso_bits(set)] + rank] = (uint16_t)set;
    }
}

/* Counts no indexer can hold: canonical hands are at least the raw deals / 24, so a deal count past
 * 24 * 2^64 overflows before any table is built. Every game below that has fewer than 2^16 tuples (the
 * most is 63,180, for [1,1,2,2,2,2,4,38]), which the 16-bit lanes of the index rely on. */
static int check_counts(const uint8_t *cards, size_t rounds) {
    if (!cards || rounds < 1 || rounds > PH_INDEXER_MAX_ROUNDS)
        return PH_E_ARGUMENT;
    unsigned dealt = 0;
    double deals = 1, space = 1;
    for (size_t r = 0; r < rounds; r++) {
        if (cards[r] < 1 || dealt + cards[r] > PH_DECK_SIZE)
            return PH_E_ARGUMENT;
        deals *= (double)ph_binomial_table[PH_DECK_SIZE - dealt][cards[r]];
        space *= cards[r] + 1;
        dealt += cards[r];
    }
    if (deals > 24 * 18446744073709551616.0 || space >= 65536.0)
        return PH_E_OVERFLOW;
    return PH_OK;
}

int ph_indexer_new(const uint8_t *cards_per_round, size_t rounds, ph_indexer **out) {
    int status = check_counts(cards_per_round, rounds);
    if (status != PH_OK || !out)
        return status != PH_OK ? status : PH_E_ARGUMENT;
    ph_indexer *indexer = calloc(1, sizeof(ph_indexer));
    if (!indexer)
        return PH_E_NOMEM;
    indexer->rounds = rounds;
    fill_rank_tables(indexer);
    candidate *configs = calloc(1, sizeof(candidate)); /* before round 0: no cards */
    long len = configs ? 1 : PH_E_NOMEM;
    uint32_t space = 1;
    for (size_t r = 0; r < rounds && len > 0; r++) {
        indexer->cards[r] = cards_per_round[r];
        indexer->start[r] = (uint8_t)(r ? indexer->start[r - 1] + indexer->cards[r - 1] : 0);
        candidate *next = NULL;
        len = deal_round(configs, (size_t)len, (unsigned)r, cards_per_round[r], &next);
        free(configs);
        configs = next;
        if (len <= 0)
            break;
        ph_iso_round *round = &indexer->round[r];
        space *= cards_per_round[r] + 1u;
        round->tuple_space = space;
        round->configs = (uint32_t)len;
        round->config = malloc((size_t)len * sizeof(ph_iso_config));
        round->offset = malloc((size_t)len * sizeof(uint64_t));
        status = round->config && round->offset ? lay_out(round, configs, r) : PH_E_NOMEM;
        if (status == PH_OK)
            status = build_hash(round, configs);
        if (status == PH_OK)
            status = fill_place_values(round, cards_per_round, r);
        if (status == PH_OK)
            status = build_buckets(round);
        if (status != PH_OK)
            len = status;
    }
    free(configs);
    if (len <= 0) {
        ph_indexer_free(indexer);
        return len < 0 ? (int)len : PH_E_ARGUMENT;
    }
    *out = indexer;
    return PH_OK;
}

void ph_indexer_free(ph_indexer *indexer) {
    if (!indexer)
        return;
    for (size_t r = 0; r < PH_INDEXER_MAX_ROUNDS; r++) {
        free(indexer->round[r].config);
        free(indexer->round[r].offset);
        free(indexer->round[r].hash_key);
        free(indexer->round[r].hash_config);
        free(indexer->round[r].place_value);
        free(indexer->round[r].bucket_first);
    }
    free(indexer);
}

size_t ph_indexer_rounds(const ph_indexer *indexer) {
    return indexer->rounds;
}

size_t ph_indexer_cards(const ph_indexer *indexer, size_t round) {
    return round < indexer->rounds ? (size_t)indexer->start[round] + indexer->cards[round] : 0;
}

size_t ph_indexer_table_bytes(const ph_indexer *indexer) {
    size_t bytes = sizeof(ph_indexer);
    for (size_t r = 0; r < indexer->rounds; r++) {
        const ph_iso_round *round = &indexer->round[r];
        bytes += round->configs * (sizeof(ph_iso_config) + sizeof(uint64_t));
        bytes += ((size_t)round->hash_mask + 1) * (sizeof(uint64_t) + sizeof(uint32_t));
        bytes += (size_t)round->tuple_space * (r + 1) * sizeof(uint64_t);
        bytes += (size_t)(((round->size - 1) >> round->bucket_shift) + 2) * sizeof(uint32_t);
    }
    return bytes;
}

uint64_t ph_indexer_size(const ph_indexer *indexer, size_t round) {
    return round < indexer->rounds ? indexer->round[round].size : 0;
}
