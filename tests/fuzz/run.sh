#!/usr/bin/env bash
# The C core under the sanitizers (issue 13, item 11), built with clang-14 into build/fuzz/ (the instrumented
# core is rebuilt only when a source or a flag changes):
#   tests/fuzz/run.sh fuzz [SECONDS]      every harness for SECONDS each (default 60), ASan + UBSan, two at a
#                                         time; found inputs go to build/fuzz/corpus/NAME, crashes to build/fuzz/
#   tests/fuzz/run.sh smoke [SECONDS]     CI: each harness for SECONDS (default 3), the C tests under ASan + UBSan,
#                                         the lazy tables raced from threads under ThreadSanitizer
#   tests/fuzz/run.sh coverage [SECONDS]  fuzz, then the line coverage of core_c/src that the corpora reach
# Prints one line per harness: executions and the corpus size. Exits non-zero on any finding.
set -euo pipefail
cd "$(dirname "$0")/../.."
MODE=${1:-smoke}
CLANG=${CLANG:-clang-14}
OUT=build/fuzz
HARNESSES=(evaluate combinatorics index cards ranges equity games statemachine table slices)
WARN=(-std=c11 -Wall -Wextra -Werror -mpopcnt -Icore_c/include -Icore_c/src/common)
# The core's own warnings are gcc's and emcc's business (tests/test_c_core.py, web/build.sh). -mpopcnt: the
# POPCNT build has no ifunc, whose resolver runs before the sanitizers' runtime is ready (a crash at load).
CORE_WARN=(-std=c11 -Wall -Wextra -mpopcnt -Icore_c/include -Icore_c/src/common)
ASAN=(-g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
TSAN=(-g -O1 -fsanitize=thread)
COVER=(-O1 -fprofile-instr-generate -fcoverage-mapping)
SOURCES=(core_c/src/*/*.c core_c/tables/*.c) # every feature folder, then the generated tables
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1 TSAN_OPTIONS=halt_on_error=1

# core DIR FLAGS...: the core's objects compiled with FLAGS into DIR (two compilers at a time), unless DIR holds
# them already for these sources and flags.
core() {
    local dir=$1 stamp
    shift
    stamp=$({ echo "$CLANG $*"; cat "${SOURCES[@]}" core_c/include/*.h core_c/src/*/*.h; } | sha256sum | cut -d' ' -f1)
    [ -f "$dir/.stamp" ] && [ "$(cat "$dir/.stamp")" = "$stamp" ] && return
    rm -rf "$dir" && mkdir -p "$dir"
    printf '%s\n' "${SOURCES[@]}" | xargs -P 2 -I{} sh -c "$CLANG $* -c {} -o $dir/\$(basename {} .c).o"
    echo "$stamp" >"$dir/.stamp"
}

build_harnesses() { # build_harnesses DIR FLAGS...: one fuzzer per harness, linked with the core of DIR
    local dir=$1 name
    shift
    for name in "${HARNESSES[@]}"; do
        "$CLANG" "${WARN[@]}" "$@" -fsanitize=fuzzer tests/fuzz/fuzz_$name.c "$dir"/*.o -o "$OUT/fuzz_$name" -lm
    done
}

# run_harness NAME SECONDS: libFuzzer on the checked-in seeds plus what earlier runs found; one summary line.
run_harness() {
    local name=$1 seconds=$2 log="$OUT/fuzz_$1.log"
    mkdir -p "$OUT/corpus/$name"
    if ! "$OUT/fuzz_$name" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 \
        -artifact_prefix="$OUT/crash-$name-" "$OUT/corpus/$name" "tests/fuzz/corpus/$name" >"$log" 2>&1; then
        tail -40 "$log" >&2
        echo "FAIL fuzz_$name (log: $log)" >&2
        return 1
    fi
    printf '   %-22s %10s executions in %ss, corpus %s inputs\n' "fuzz_$name" \
        "$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")" "$seconds" "$(ls "$OUT/corpus/$name" | wc -l)"
}
export -f run_harness
export OUT

run_all() { # run_all SECONDS: every harness, two at a time (the machine's two cores)
    echo "== libFuzzer + ASan + UBSan, ${1}s per harness"
    printf '%s\n' "${HARNESSES[@]}" | xargs -P 2 -I{} bash -c "run_harness {} $1"
}

c_tests() { # the C test programs under ASan + UBSan, linked with the instrumented core
    echo "== C tests under ASan + UBSan"
    local test
    for test in test_core test_reliability test_equity; do
        "$CLANG" "${WARN[@]}" "${ASAN[@]}" -pthread tests/c/$test.c "$OUT/asan"/*.o -o "$OUT/$test" -lm
    done
    "$OUT/test_core" tests/vectors/hands.txt | tail -1
    "$OUT/test_reliability" | tail -1
    local section
    for section in bad split; do # exact, sm and mc: brute force and millions of hands, slow instrumented
        # (fuzz_equity checks the exact engine against brute force under the sanitizers instead)
        "$OUT/test_equity" "$section" | tail -1
    done
}

race_tables() { # the lazy tables under ThreadSanitizer
    echo "== lazy tables raced under ThreadSanitizer"
    core "$OUT/tsan" "${CORE_WARN[@]}" "${TSAN[@]}"
    "$CLANG" "${WARN[@]}" "${TSAN[@]}" -pthread tests/fuzz/race_tables.c "$OUT/tsan"/*.o -o "$OUT/race_tables" -lm
    "$OUT/race_tables"
}

coverage() { # coverage: the corpora replayed through a coverage build, summarized for core_c/src
    echo "== line coverage of core_c/src reached by the corpora"
    core "$OUT/cover" "${CORE_WARN[@]}" "${COVER[@]}"
    local name profiles=()
    for name in "${HARNESSES[@]}"; do
        "$CLANG" "${WARN[@]}" "${COVER[@]}" -fsanitize=fuzzer tests/fuzz/fuzz_$name.c "$OUT/cover"/*.o \
            -o "$OUT/cover_$name" -lm
        LLVM_PROFILE_FILE="$OUT/cover_$name.profraw" "$OUT/cover_$name" -runs=0 "$OUT/corpus/$name" \
            "tests/fuzz/corpus/$name" >/dev/null 2>&1
        profiles+=("$OUT/cover_$name.profraw")
    done
    llvm-profdata-14 merge -sparse "${profiles[@]}" -o "$OUT/cover.profdata"
    local objects=()
    for name in "${HARNESSES[@]}"; do objects+=(-object "$OUT/cover_$name"); done
    llvm-cov-14 report "${objects[@]:1}" -instr-profile="$OUT/cover.profdata" core_c/src | tail -1
}

mkdir -p "$OUT"
echo "== ASan + UBSan build of the core and the harnesses"
core "$OUT/asan" "${CORE_WARN[@]}" "${ASAN[@]}" -fsanitize=fuzzer-no-link
build_harnesses "$OUT/asan" "${ASAN[@]}"
case "$MODE" in
fuzz) run_all "${2:-60}" ;;
coverage) run_all "${2:-60}"; coverage ;;
smoke)
    run_all "${2:-3}"
    c_tests
    race_tables ;;
*) sed -n '2,9p' "$0"; exit 2 ;;
esac
echo "== sanitizers: done in ${SECONDS}s"
