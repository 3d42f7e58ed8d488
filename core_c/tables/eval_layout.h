/* GENERATED FILE, do not edit. Layout of the evaluator tables in eval_tables.c and hand_walk_tables.c (included by core_c/src/common/tables.h).
 * Made by `./build.sh tables` from the repository root (see pywasm/tablegen/). */

#ifndef PH_EVAL_LAYOUT_H
#define PH_EVAL_LAYOUT_H

#define PH_RH_ROWS_5 0
#define PH_RH_ROWS_6 68651
#define PH_RH_ROWS_7 10247
#define PH_RH_SHIFT_5 13
#define PH_RH_SHIFT_6 12
#define PH_RH_SHIFT_7 11
#define PH_RH_VALUES_5 2048
#define PH_RH_VALUES_6 72747
#define PH_RH_VALUES_7 18439
#define PH_RO_ROWS_5 0
#define PH_RO_ROWS_6 10240
#define PH_RO_ROWS_7 2048
#define PH_WALK_EMPTY 1
#define PH_WALK_ENTRIES 431216
#define PH_WALK_FIRST_SHIFT 13
#define PH_WALK_FIVE 2381
#define PH_WALK_ROW_SHIFT 17
#define PH_WALK_SIX 8556
#define PH_RH_ENTRIES_57 68651
#define PH_RH_ENTRIES_567 93535
#define PH_RO_ENTRIES_57 10240
#define PH_RO_ENTRIES_567 14336
#define PH_RH_SCRAMBLE 0x3779b1u
#define PH_QHASH_G1_ENTRIES 3125
#define PH_QHASH_G2_ENTRIES 6250

#endif
