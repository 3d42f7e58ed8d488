/* The C tests' one assertion: counts every check, reports the first 50 failures with their place and
 * condition, and lets the test go on so one run shows every broken case. */
#ifndef PH_TEST_CHECK_H
#define PH_TEST_CHECK_H

#include <stdio.h>

static int checks, failures;

#define CHECK(cond, ...)                                                        \
    do {                                                                        \
        checks++;                                                               \
        if (!(cond)) {                                                          \
            failures++;                                                         \
            if (failures <= 50) {                                               \
                fprintf(stderr, "%s:%d: FAIL %s: ", __FILE__, __LINE__, #cond); \
                fprintf(stderr, __VA_ARGS__);                                   \
                fputc('\n', stderr);                                            \
            }                                                                   \
        }                                                                       \
    } while (0)

#endif
