/* The peer evaluator's side of the C benchmark (bench/peer_pheval.c), behind a header of our own so that
 * bench_core.c never includes phevaluator's headers and phevaluator's files never see ours. */
#ifndef BENCH_PEERS_H
#define BENCH_PEERS_H

#include <stddef.h>
#include <stdint.h>

/* Name and version of the peer compiled in, for the report. */
extern const char peer_name[];

/* phevaluator's evaluate_7cards over n rows of 7 card ids (same layout as ph_evaluate_batch). */
void peer_eval7_rows(const uint8_t *cards, size_t n, uint16_t *out);

/* Every 7-card (resp. 5-card) hand through the peer's evaluator in nested loops: histogram[v]++. */
void peer_all7(uint64_t histogram[7463]);
void peer_all5(uint64_t histogram[7463]);

#endif
