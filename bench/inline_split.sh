#!/usr/bin/env bash
# The inline one-call row of the performance kit, split by flushes (bench/inline_split.c): builds the kit's
# objects for this checkout's core (its drivers/ph_inline.c with -DPH_INLINE_ALL, the OMPEval and SKPokerEval
# wrappers, the prebuilt holdem-hand-evaluator library) and races them on random rows with and without flushes.
#   bash bench/inline_split.sh [passes] [hands]     (the kit: $PERFKIT, else ../shared/perfkit)
#   BEFORE=rev bash bench/inline_split.sh ...       the kit's loops compiled against rev's pokerhash.h and
#       pokerhash_inline.h as well, in the same binary ("before"; a rev whose header fits this core's tables)
set -euo pipefail
cd "$(dirname "$0")/.."
KIT=$(cd "${PERFKIT:-../shared/perfkit}" 2>/dev/null && pwd) || { echo "no performance kit (set PERFKIT)" >&2; exit 2; }
[ -f "$KIT/build.mk" ] || { echo "no performance kit at $KIT" >&2; exit 2; }
B=$PWD/bench/build/inline_split
# The kit's make rules know the core's .c files, not its headers: pokerhash's objects are built afresh each
# run (the peers' objects are kept).
rm -rf "$B/ph" "$B/drv/ph_inline.o" "$B/libpokerhash.a" "$B/before"
mkdir -p "$B"
BHE=$KIT/prebuilt/x86_64-linux-gnu/libbhe_ffi.a
OMP=$(printf "$B/omp/%s.o " CardRange CombinedRange EquityCalculator HandEvaluator)
# shellcheck disable=SC2086
make -s -f "$KIT/build.mk" B="$B" PH_CORE="$PWD/core_c" BHE_LIB="$BHE" -j"$(nproc)" \
    "$B/drv/ph_inline.o" "$B/drv/peer_omp.o" "$B/drv/peer_sk.o" "$B/libpokerhash.a" $OMP
BEFORE_OBJ=
BEFORE_FLAG=
if [ -n "${BEFORE:-}" ]; then
    # The kit's loops against the earlier header, every phi_ symbol renamed so that both builds link together.
    H=$B/before/include
    mkdir -p "$H"
    for f in pokerhash.h pokerhash_inline.h; do
        git show "$BEFORE:core_c/include/$f" >"$H/$f"
    done
    DIRS=$(find core_c/src core_c/tables -type d | sort | sed 's/^/-I/')
    # shellcheck disable=SC2086
    cc -std=c11 -O3 -I"$H" $DIRS -I"$KIT/drivers" -DPH_INLINE_ALL -c "$KIT/drivers/ph_inline.c" -o "$B/before/raw.o"
    renames=$(nm "$B/before/raw.o" | awk '$2 == "T" && $3 ~ /^phi_/ {printf "--redefine-sym %s=%s_before ", $3, $3}')
    # shellcheck disable=SC2086
    objcopy $renames "$B/before/raw.o" "$B/before/ph_inline_before.o"
    BEFORE_OBJ=$B/before/ph_inline_before.o
    BEFORE_FLAG=-DINLINE_SPLIT_BEFORE
    echo "== before: $(git rev-parse --short "$BEFORE")'s header; ours: the working tree's"
fi
# shellcheck disable=SC2086
cc -std=c11 -O3 $BEFORE_FLAG -I"$KIT/drivers" -Icore_c/include -c bench/inline_split.c -o "$B/inline_split.o"
# shellcheck disable=SC2086
c++ -pthread "$B/inline_split.o" "$B/drv/ph_inline.o" $BEFORE_OBJ "$B/drv/peer_omp.o" "$B/drv/peer_sk.o" $OMP \
    "$B/libpokerhash.a" "$BHE" -lm -ldl -o "$B/inline_split"
echo "== $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')$(grep -q avx512f /proc/cpuinfo && echo ', AVX-512')"
"$B/inline_split" "$@"
