#!/usr/bin/env bash
# Races this checkout's C core against the strongest C/C++/Rust peers with the shared performance kit
# (OMPEval, SKPokerEval, PokerHandEvaluator, TwoPlusTwo, holdem-hand-evaluator; every value cross-checked)
# and writes its report to bench/PEERS.md with the date, the machine and the command.
#   bash bench/peers.sh [quick|full]          (default full; the kit: $PERFKIT, else ../shared/perfkit)
# The kit is not part of this repository (it holds the peers' sources): it lives beside the checkout.
set -euo pipefail
cd "$(dirname "$0")/.."
MODE=${1:-full}
KIT=${PERFKIT:-../shared/perfkit}
[ -f "$KIT/run.sh" ] || { echo "no performance kit at $KIT (set PERFKIT)" >&2; exit 2; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
status=0
OUT=$out PH_CORE=$PWD/core_c bash "$KIT/run.sh" "$MODE" || status=$?
# Reports of other machines ("# The same kit on ...", pasted below this one's) stay: this box rewrites its own.
others=$out/others.md
sed -n '/^# The same kit on /,$p' bench/PEERS.md >"$others" 2>/dev/null || true
{
    echo "# pokerhash against the strongest peers ($MODE run)"
    echo
    echo "Command: \`bash bench/peers.sh $MODE\` (= \`PH_CORE=\$PWD/core_c bash ../shared/perfkit/run.sh $MODE\`),"
    echo "commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- core_c || echo ' with uncommitted core changes'),"
    echo "$(date -u '+%Y-%m-%d %H:%M UTC'). On a shared machine read the CPU-time columns."
    echo
    cat "$out/perf.md"
    if [ -s "$others" ]; then
        echo
        cat "$others"
    fi
} >bench/PEERS.md.tmp
mv bench/PEERS.md.tmp bench/PEERS.md # replaced whole: an interrupted run leaves the last report
echo "wrote bench/PEERS.md (kit exit status $status)"
exit $status
