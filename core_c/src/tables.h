/* Generated tables (the .c files in core_c/tables, made by `PYTHONPATH=pywasm python3 -m tablegen`). Private. */
#ifndef PH_TABLES_H
#define PH_TABLES_H

#include <stdint.h>

#define PH_QUINARY_ENTRIES 73775   /* dense blocks for k = 5, 6, 7: 6175 + 18395 + 49205 */
#define PH_G_SPAN 625              /* 5^4: one group of four base-5 digits; also one card in a count field */
#define PH_G2_SHIFT 12
#define PH_G1_SHIFT 25
#define PH_SUIT_SHIFT 40
#define PH_FIELD_G3 0xfffu         /* 12 bits: ranks T..A as base-5 digits */
#define PH_FIELD_G12 0x1fffu       /* 13 bits: 4 base-5 digits + 625 per counted card */
#define PH_SUIT_BIAS (UINT64_C(0x3333) << PH_SUIT_SHIFT) /* a counter reaching 5 sets its bit 3 */
#define PH_SUIT_FLUSH_BITS (UINT64_C(0x8888) << PH_SUIT_SHIFT)
#define PH_POISON_BIT (UINT64_C(1) << 63)

extern const uint16_t ph_flush_values[8192];
extern const uint16_t ph_quinary_values[PH_QUINARY_ENTRIES];
extern const uint32_t ph_qhash_g1[3 * PH_G_SPAN];
extern const uint16_t ph_qhash_g2[8 * PH_G_SPAN];
extern const uint16_t ph_qhash_g3[3125];
extern const uint32_t ph_quinary_dp[5][14][10];
extern const uint64_t ph_card_keys[256];
extern const uint64_t ph_card_bits[256];
extern const uint32_t ph_value_rank_table[7463];
extern const uint64_t ph_binomial_table[65][65];

#endif
