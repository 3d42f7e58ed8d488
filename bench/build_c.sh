#!/usr/bin/env bash
# Compiles the C benchmark: our core, phevaluator's C sources and the two drivers, all with the same flags.
#   bench/build_c.sh OUTPUT PHEVALUATOR_CSRC_DIR CFLAGS...
# Each part is compiled apart because both projects have a private "tables.h"; only the link joins them.
# No -flto: the peer's functions and ours are both called across a translation unit, as a user would.
set -euo pipefail
out=$1 phev=$2
shift 2
flags=("$@")
root=$(cd "$(dirname "$0")/.." && pwd)
obj=$(mktemp -d "${out}.obj.XXXXXX")
trap 'rm -rf "$obj"' EXIT

compile() { # compile() NAME SOURCE EXTRA_FLAGS...: one object each, in parallel on both cores
    local name=$1 src=$2
    shift 2
    cc -std=c11 "${flags[@]}" "$@" -c "$src" -o "$obj/$name.o" &
    pids+=($!)
}
pids=()

for src in "$root"/core_c/src/*/*.c "$root"/core_c/tables/*.c; do # every feature folder, then the tables
    compile "ph_$(basename "$src" .c)" "$src" -I"$root/core_c/include" -I"$root/core_c/src/common"
done
# Only the 5- and 7-card evaluators and the tables they read (the Omaha tables are hundreds of MB of source).
for name in evaluator5 evaluator7 hash hashtable hashtable5 hashtable7 dptables tables_bitwise; do
    compile "pheval_$name" "$phev/src/$name.c" -I"$phev/include"
done
compile bench_core "$root/bench/bench_core.c" -I"$root/core_c/include" "-DBENCH_FLAGS=\"${flags[*]}\""
compile peer_pheval "$root/bench/peer_pheval.c" -I"$phev/include"
for pid in "${pids[@]}"; do wait "$pid"; done # a bare `wait` would hide a failed compile
cc "${flags[@]}" "$obj"/*.o -o "$out"
