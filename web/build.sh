#!/usr/bin/env bash
# Builds the browser artifacts of pokerhash from the same C sources as the native extension:
#   dist/pokerhash.mjs (+ .d.ts)      hand-written ES-module API (src/*.mjs) over
#   dist/pokerhash_core.mjs + .wasm   the emcc-generated module (MODULARIZE, EXPORT_ES6)
#   dist/pokerhash_core.so            the core as an Emscripten side module, loaded by ctypes in Pyodide
#   dist/pokerhash-*.whl              the Python package + that side module: a wheel for Pyodide
#   pyodide/                          the pinned Pyodide runtime (+ micropip), served locally (no CDN)
# Usage: web/build.sh [release|debug]   (default release). Idempotent: an unchanged build is skipped.
#        web/build.sh cflags             prints the C flags of every wasm build, one a line
set -euo pipefail
cd "$(dirname "$0")"
WEB=$PWD
ROOT=$(cd .. && pwd)
MODE=${1:-release}
DIST=$WEB/dist
SIZE_BUDGET=51200 # bytes: the evaluator alone (code + shipped tables) as wasm, raw: 44,914 when set (see print_sizes)

# emcc 3.1.6's JS optimizer needs Debian's acorn, which lives outside node's default path.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}

source "$WEB/need_apt.sh"

# ---- flag sets ------------------------------------------------------------------------------------
# The browser build leaves out the 6-card block, the lazily built 8/9-card blocks and the flush table (all
# derived instead) for its size budget. SIMD128 runs the batch kernel (core_c/src/eval/eval_simd_wasm.h);
# the compiler's own vectorizers stay off: their i64x2 code is slower in V8 than the scalar loops it replaces.
COMMON=(-std=c11 -Wall -Wextra -I"$ROOT/core_c/include" -I"$ROOT/core_c/src/common"
    -DPH_SIX_CARD_TABLE=0 -DPH_LARGE_HAND_TABLES=0 -DPH_FLUSH_TABLE=0 -DPH_DERIVED_TABLES=1 -msimd128 -fno-vectorize -fno-slp-vectorize
    -sWASM_BIGINT=1) # 64-bit C arguments stay i64: BigInt in JS, and unlegalized imports for Pyodide
case "$MODE" in
cflags) printf '%s\n' "${COMMON[@]}"; exit 0 ;; # for tests/web/test_c_core_wasm.py: the core as the browser builds it
release) OPT=(-O3 -DNDEBUG) ;;
debug) OPT=(-O0 -g3 -sASSERTIONS=0) ;; # glue assertions reject node, which the tests use
*) echo "usage: $0 [release|debug|cflags]" >&2; exit 2 ;;
esac
LIB=(-sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createPokerHashCore
    -sENVIRONMENT=web,worker # node runs it too: the wrapper hands it the wasm bytes (3.1.6's node glue is not ESM-safe)
    -sALLOW_MEMORY_GROWTH=1 -sFILESYSTEM=0 --no-entry)
SIDE=(-fPIC -sSIDE_MODULE=2) # 2: export only exports.txt; malloc and libc come from Pyodide

export_list() { # export_list FILE...: "_a,_b" from one-name-a-line files
    grep -hv '^\s*\(#\|$\)' "$@" | sed 's/^\s*/_/; s/\s*$//' | paste -sd, -
}

SOURCES=("$ROOT"/core_c/src/*/*.c "$ROOT"/core_c/tables/*.c) # every feature folder, then the generated tables
PY_FILES=("$ROOT"/pywasm/pokerhash/*.py "$ROOT"/pywasm/pokerhash/*.pyi "$ROOT"/pywasm/pokerhash/py.typed)

stamp() { # identifies every input of the build, so an unchanged one is skipped
    {
        echo "$MODE ${COMMON[*]} ${OPT[*]} ${LIB[*]} ${SIDE[*]}"
        emcc --version | head -1
        cat "${SOURCES[@]}" "$ROOT"/core_c/include/*.h "$ROOT"/core_c/src/*/*.h exports.txt exports_js.txt \
            src/*.mjs src/pokerhash.d.ts "${PY_FILES[@]}" package-lock.json "$WEB/build.sh" "$WEB/pyodide_wheel.py" "$WEB/stored_zip.py" \
            "$ROOT/pyproject.toml" pyodide-requirements.txt
    } | sha256sum | cut -d' ' -f1
}

holdem_only() { # an export list without the other games' functions: the linker then drops their tables
    tr ',' '\n' | grep -v '^_ph_game_' | paste -sd, -
}

build_lib() {
    # Two modules from one compile: the hold'em core PokerHash.load() fetches, and the whole library that
    # ph.loadGames() fetches on first use of another game (their tables would triple the default download).
    local objects source flag compile=()
    objects=$(mktemp -d)
    for flag in "${COMMON[@]}" "${OPT[@]}"; do
        [[ $flag == -s* ]] || compile+=("$flag") # settings (-sWASM_BIGINT, -sASSERTIONS) are the link's
    done
    for source in "${SOURCES[@]}"; do
        emcc "${compile[@]}" -c "$source" -o "$objects/$(basename "$(dirname "$source")")_$(basename "$source" .c).o"
    done
    echo "== $MODE: dist/pokerhash_core.mjs + .wasm (ES module: hold'em, equity, ranges, analysis)"
    emcc "${COMMON[@]}" "${OPT[@]}" "${LIB[@]}" "$objects"/*.o \
        -sEXPORTED_FUNCTIONS="$(export_list exports.txt exports_js.txt | holdem_only)" -o "$DIST/pokerhash_core.mjs"
    echo "== $MODE: dist/pokerhash_games.mjs + .wasm (ES module: the whole library, for the other games)"
    emcc "${COMMON[@]}" "${OPT[@]}" "${LIB[@]}" -sEXPORT_NAME=createPokerHashGames "$objects"/*.o \
        -sEXPORTED_FUNCTIONS="$(export_list exports.txt exports_js.txt)" -o "$DIST/pokerhash_games.mjs"
    rm -rf "$objects"
    cp src/*.mjs "$DIST/" # pokerhash.mjs and the modules it imports
    cp src/pokerhash.d.ts "$DIST/pokerhash.d.ts"
    cp src/pokerhash.d.ts "$DIST/pokerhash.d.mts" # what TypeScript looks for beside a .mjs
}

build_side_module() {
    echo "== $MODE: dist/pokerhash_core.so (side module for Pyodide)"
    emcc "${COMMON[@]}" "${OPT[@]}" "${SIDE[@]}" "${SOURCES[@]}" \
        -sEXPORTED_FUNCTIONS="$(export_list exports.txt)" -o "$DIST/pokerhash_core.so"
}

build_pyodide_wheel() { # the Python package and the side module, installable with loadPackage/micropip
    echo "== $MODE: dist/pokerhash-*.whl (Pyodide wheel)"
    rm -rf "$DIST/py"
    python3 "$WEB/pyodide_wheel.py" "$DIST"
}

stage_pyodide() { # only what loadPyodide() fetches: the runtime, the stdlib and the lock file; micropip
    find pyodide -maxdepth 1 -type f ! -name '*.br' ! -name '*.gz' -delete 2>/dev/null || true
    mkdir -p pyodide
    local file
    # Copies keep their times (-p), so the precompressed copies of an unchanged runtime stay current.
    for file in pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm pyodide-lock.json package.json; do
        cp -p "node_modules/pyodide/$file" pyodide/
    done
    python3 "$WEB/stored_zip.py" node_modules/pyodide/python_stdlib.zip pyodide/python_stdlib.zip
    local made_from=node_modules/pyodide/python_stdlib.zip # its time: the newer of its two inputs
    [ "$WEB/stored_zip.py" -nt "$made_from" ] && made_from=$WEB/stored_zip.py
    touch -r "$made_from" pyodide/python_stdlib.zip
    local python="$ROOT/.venv/bin/python"
    [ -x "$python" ] || python=python3
    if ! ls .downloads/micropip-*.whl >/dev/null 2>&1; then
        echo "== pip download micropip (by hash, for the Pyodide tests)"
        "$python" -m pip download -q --no-deps --only-binary=:all: --python-version 3.14 --require-hashes \
            -r pyodide-requirements.txt -d .downloads
    fi
    cp -p .downloads/micropip-*.whl pyodide/
}

precompress() { # FILE.br and FILE.gz beside what the page loads, for web/serve.py (only missing or stale ones)
    echo "== precompressed copies (.br, .gz) of the page's files"
    node "$WEB/precompress.mjs" index.html app dist pyodide
}

print_sizes() {
    echo "== sizes (bytes: raw / gzip -9)"
    local file raw gz
    for file in "$DIST/pokerhash_core.wasm" "$DIST/pokerhash_games.wasm" "$DIST/pokerhash_core.mjs" "$DIST/pokerhash.mjs" \
        "$DIST/pokerhash_core.so" \
        "$DIST"/pokerhash-*.whl; do
        raw=$(stat -c %s "$file")
        gz=$(gzip -9c "$file" | wc -c)
        printf '   %-28s %8d / %7d\n' "$(basename "$file")" "$raw" "$gz"
    done
    # The budget is for the evaluator: a module exporting only ph_evaluate and ph_evaluate_batch, so the
    # linker keeps exactly its code and tables (the full library adds combinatorics and description tables).
    local evaluator
    evaluator=$(mktemp -d)/evaluator.wasm
    emcc "${COMMON[@]}" -O3 "$ROOT"/core_c/src/eval/{eval,eval_simd,large_hands,derive_tables}.c "$ROOT"/core_c/src/common/lazy_table.c \
        "$ROOT"/core_c/tables/{eval,describe}_tables.c --no-entry \
        -sEXPORTED_FUNCTIONS=_ph_evaluate,_ph_evaluate_batch -o "$evaluator"
    raw=$(stat -c %s "$evaluator")
    printf '   %-28s %8d / %7d\n' "evaluator alone" "$raw" "$(gzip -9c "$evaluator" | wc -c)"
    rm -rf "$(dirname "$evaluator")"
    if [ "$MODE" = release ] && [ "$raw" -gt "$SIZE_BUDGET" ]; then
        echo "FAIL: the evaluator alone is $raw bytes of wasm, budget $SIZE_BUDGET" >&2
        exit 1
    fi
}

need_apt emcc emscripten node nodejs npm npm
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    echo "== npm ci (web/)"
    npm ci --no-audit --no-fund --loglevel=error
fi
mkdir -p "$DIST"
STAMP=$(stamp)
if [ -f "$DIST/.stamp" ] && [ "$(cat "$DIST/.stamp")" = "$STAMP" ] && [ -f pyodide/pyodide.asm.wasm ] \
    && ls pyodide/micropip-*.whl >/dev/null 2>&1; then
    echo "== web: up to date ($MODE)"
else
    rm -f "$DIST/.stamp"
    build_lib
    build_side_module
    build_pyodide_wheel
    stage_pyodide
    echo "$STAMP" >"$DIST/.stamp"
fi
precompress
print_sizes
