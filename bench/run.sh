#!/usr/bin/env bash
# One command for every benchmark: sets up what it needs, builds, runs ours and the peers in one run each,
# prints the tables with ratios and a summary of the targets. Nothing it makes is committed (bench/build/).
#   bash bench/run.sh                    full run (about a minute)
#   ROUNDS=2 RANDOM_HANDS=2000000 PY_HANDS=200000 BATCH_ROWS=2000000 bash bench/run.sh   quicker
# Exits 1 when an evaluator disagrees with another (the checks), 0 otherwise: targets only inform.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BUILD=$ROOT/bench/build
VENV=$ROOT/.venv
PY=$VENV/bin/python
ROUNDS=${ROUNDS:-5}
PHEV_VERSION=0.6.0
mkdir -p "$BUILD"

echo "== setup"
[ -x "$PY" ] || python3 -m venv "$VENV"
# Install only what is missing, so a warm run does not touch the network.
"$PY" -c "import phevaluator, eval7, treys, holdem_hand_evaluator, pkrbot, numpy" 2>/dev/null ||
    "$PY" -m pip install -q phevaluator==$PHEV_VERSION eval7 treys holdem-hand-evaluator==0.4.1 pkrbot==1.1.0 numpy
# The extension: (re)built when missing or older than any C source it is made of.
so=$(ls "$ROOT"/pywasm/pokerhash/_core*.so 2>/dev/null | head -n 1 || true)
if [ -z "$so" ] || [ -n "$(find "$ROOT/core_c" "$ROOT/pywasm/pokerhash/_core.c" -name '*.[ch]' -newer "$so" | head -n 1)" ]; then
    echo "   building the pokerhash extension (pip install -e .)"
    "$PY" -m pip install -q setuptools wheel
    "$PY" -m pip install -q --no-build-isolation -e "$ROOT" >/dev/null
fi
# phevaluator's C sources come from its PyPI sdist (the wheel holds only the compiled module).
PHEV=$BUILD/phevaluator-$PHEV_VERSION/_pheval_csrc
if [ ! -d "$PHEV" ]; then
    "$PY" -m pip download -q --no-deps --no-binary :all: "phevaluator==$PHEV_VERSION" -d "$BUILD"
    tar -xzf "$BUILD/phevaluator-$PHEV_VERSION.tar.gz" -C "$BUILD"
fi

echo "== build (cc $(cc -dumpfullversion 2>/dev/null || cc -dumpversion))"
# The shipped extension is built with -O3 and no -march, so that build is the one the targets are for.
bash bench/build_c.sh "$BUILD/bench_core_O3" "$PHEV" -O3
bash bench/build_c.sh "$BUILD/bench_core_native" "$PHEV" -O3 -march=native
# The raw C figure for the Python batch: the core as a shared library, with the extension's flags.
cc -std=c11 -O3 -fPIC -shared -Icore_c/include -Icore_c/src/common core_c/src/*/*.c core_c/tables/*.c \
    -o "$BUILD/libpokerhash.so"
# One ph_evaluate call against the same source compiled into the calling loop (the peers' situation).
cc -std=c11 -O3 -Icore_c/include -Icore_c/src/common bench/bench_call.c bench/bench_call_inline.c \
    core_c/src/*/*.c core_c/tables/*.c -o "$BUILD/bench_call"

status=0
run() { # run LOG COMMAND...: show the output and keep it for the summary
    local log=$1
    shift
    "$@" | tee "$log" || status=1
}
echo
echo "######## C, cc -O3 (as shipped)"
run "$BUILD/c_O3.log" "$BUILD/bench_core_O3" "$ROUNDS" "${RANDOM_HANDS:-10000000}"
echo
echo "######## C, cc -O3 -march=native"
run "$BUILD/c_native.log" "$BUILD/bench_core_native" "$ROUNDS" "${RANDOM_HANDS:-10000000}"
echo
echo "######## C, one ph_evaluate call per hand vs the same source inlined"
run "$BUILD/call.log" "$BUILD/bench_call"
echo
echo "######## Python"
run "$BUILD/python.log" "$PY" bench/bench_python.py --rounds "$ROUNDS" --hands "${PY_HANDS:-1000000}" \
    --batch-rows "${BATCH_ROWS:-10000000}" --clib "$BUILD/libpokerhash.so"

echo
echo "######## summary ($(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs))"
for log in c_O3 c_native call python; do
    grep -E 'target:|batch / raw C|RESULT|costs' "$BUILD/$log.log" | sed "s/^ */  [$log] /"
done
exit $status
