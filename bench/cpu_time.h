/* The benches' clock: this process's CPU time (what a shared machine's load moves least), and sorting for a
 * median. Included by the single-file C benches after their feature-test macro (clock_gettime is POSIX). */
#ifndef BENCH_CPU_TIME_H
#define BENCH_CPU_TIME_H

#include <stdlib.h>
#include <time.h>

static inline double cpu_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* qsort's order of doubles, ascending. */
static inline int ascending_seconds(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

#endif
