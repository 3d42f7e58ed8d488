/* The dead-card arguments of the brute-force test programs: card ids 0..51, each once. */
#ifndef DEAD_CARDS_H
#define DEAD_CARDS_H

#include <stdio.h>
#include <stdlib.h>

/* Marks the card id `arg` dead; 0, or -1 after naming a bad or repeated id on stderr. */
static int mark_dead(const char *arg, int dead[52]) {
    char *end;
    long id = strtol(arg, &end, 10);
    if (*end || end == arg || id < 0 || id > 51 || dead[id]) {
        fprintf(stderr, "bad or repeated dead card id '%s'\n", arg);
        return -1;
    }
    dead[id] = 1;
    return 0;
}

#endif
