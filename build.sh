#!/usr/bin/env bash
# One entry point for people and CI. Everything it needs it installs itself (apt, venv, npm).
#   ./build.sh serve [PORT]  set up, build native + wasm, serve the page on http://127.0.0.1:PORT (8000)
#   ./build.sh test          set up, build everything, run every test (C, Python, node, Pyodide, Chromium)
#   ./build.sh bench         set up, build, run the benchmarks against the peers
#   ./build.sh docs          set up, build native, write the API reference to build/api/ (pdoc)
#   ./build.sh fuzz [SECONDS] every libFuzzer harness of tests/fuzz for SECONDS (60) each, ASan + UBSan
#   ./build.sh native|wasm|setup|tables   single steps
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$PWD
VENV=$ROOT/.venv
PY=$VENV/bin/python

source web/need_apt.sh

setup_python() {
    [ -x "$PY" ] || python3 -m venv "$VENV"
    "$PY" -m pip install -q --upgrade pip >/dev/null
    "$PY" -m pip install -q -r requirements-dev.txt
}

build_native() {
    echo "== native extension"
    "$PY" -m pip install -q --no-build-isolation -e . >/dev/null
    "$PY" -c "import pokerhash; print('pokerhash', pokerhash.__version__, 'backend', pokerhash.backend)"
}

build_wasm() {
    bash web/build.sh # installs emscripten and node itself
}

need_sanitizers() { # clang-14 with libFuzzer and the sanitizer runtimes, for tests/fuzz/run.sh
    need_apt clang-14 clang-14 llvm-profdata-14 llvm-14
    # the runtimes are a package of their own, with no command to look for
    compgen -G "/usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a" >/dev/null ||
        need_apt libclang-rt-14-dev-missing libclang-rt-14-dev
}

setup_all() {
    need_apt cc gcc python3 python3 chromium chromium
    setup_python
}

case "${1:-}" in
setup) setup_all ;;
tables) setup_python; PYTHONPATH=pywasm "$PY" -m tablegen ;;
native) setup_python; build_native ;;
wasm) build_wasm ;;
serve)
    setup_all; build_native; build_wasm
    exec "$PY" web/serve.py --port "${2:-8000}" ;;
test)
    setup_all; need_sanitizers; build_native; build_wasm
    "$PY" -m pytest -q -p no:cacheprovider "${@:2}" ;;
fuzz)
    need_sanitizers
    bash tests/fuzz/run.sh fuzz "${2:-60}" ;;
docs)
    setup_python; build_native
    "$PY" docs/build_api.py build/api ;;
bench)
    setup_all; build_native; build_wasm
    bash bench/run.sh
    cc -O3 -std=c11 -Icore_c/include -Icore_c/src/common core_c/src/*/*.c core_c/tables/*.c bench/bench_equity.c \
        -o bench/build/bench_equity -lm
    bench/build/bench_equity 5
    cc -std=gnu11 -O3 -Icore_c/include -Icore_c/src/common core_c/src/*/*.c core_c/tables/*.c bench/batch_split.c \
        -o bench/build/batch_split -lm -lpthread
    bench/build/batch_split # where a batch's time goes; the CPU's 256- vs 128-bit costs
    "$PY" bench/bench_equity.py
    "$PY" bench/bench_wasm.py
    "$PY" -m pip install -q pokerkit==0.7.7 >/dev/null # the other games' peer (bench/bench_games.py)
    "$PY" bench/bench_games.py ;;
*)
    sed -n '2,9p' "$0"; exit 2 ;;
esac
