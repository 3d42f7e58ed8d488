#!/usr/bin/env bash
# Races the suit-isomorphic hand indexer against the reference C library, Waugh's kdub0/hand-isomorphism, which
# the performance kit holds in peers/hand-isomorphism: compiled from there into bench/build (as bench/peers.sh
# uses the kit; none of its code is part of this repository), linked with our core, same flags for both.
#   bash bench/bench_isomorphism.sh [rounds] [hands]      (defaults 5 and 4,000,000; the kit: $PERFKIT,
#                                                           else ../shared/perfkit)
# Prints, for [2,3,1,1] and [2,5], index and unindex rates (best CPU time of the rounds), the ratios and the
# table sizes, once with -O3 (as the extension is built) and once with -O3 -march=native (FLAGS='a|b' for others).
set -euo pipefail
cd "$(dirname "$0")/.."
KIT=${PERFKIT:-../shared/perfkit}
REF=$KIT/peers/hand-isomorphism/src
[ -f "$REF/hand_index.c" ] || { echo "no hand-isomorphism in the kit at $KIT (set PERFKIT)" >&2; exit 2; }
BUILD=bench/build/isomorphism
mkdir -p "$BUILD"
echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), cc $(cc -dumpfullversion 2>/dev/null || cc -dumpversion)"
IFS='|' read -r -a flag_sets <<<"${FLAGS:--O3|-O3 -march=native}" # FLAGS='-O2|-O3': other builds
for flags in "${flag_sets[@]}"; do
    tag=${flags// /}
    obj=$BUILD/$tag
    mkdir -p "$obj"
    # the reference as its Makefile builds it (C99), ours as the extension does (C11); no -flto: both are
    # called across a translation unit
    cc -std=c99 $flags -c "$REF/hand_index.c" -o "$obj/ref_hand_index.o"
    cc -std=c99 $flags -c "$REF/deck.c" -o "$obj/ref_deck.o"
    for src in core_c/src/isomorphism/*.c core_c/src/combinatorics/combinatorics.c core_c/tables/binomial_table.c; do
        cc -std=c11 $flags -Icore_c/include -Icore_c/src/common -c "$src" -o "$obj/ph_$(basename "$src" .c).o"
    done
    cc -std=c11 $flags -Icore_c/include -I"$REF" bench/bench_isomorphism.c "$obj"/*.o -lm -o "$obj/bench_isomorphism"
    echo
    echo "######## cc $flags"
    "$obj/bench_isomorphism" "$@"
done
