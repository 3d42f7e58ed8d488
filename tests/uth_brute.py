"""Runs the brute-force Ultimate Texas Hold'em solver tests/c/uth_brute.c and reads its JSON."""

import json
import subprocess

from c_build import c_program


def solve_uth(native_tools, dead, allow_3x=True, naive=False):
    """The brute force's sums for a deck without `dead` (card ids): {"deals_per_hole", "holes":
    {(lo, hi): (check, raise3, raise4)}, "total_best", "total_wager", "deals"}, all in half antes."""
    args = [c_program(native_tools, "uth_brute"), *map(str, sorted(dead))]
    if not allow_3x:
        args.append("--no-3x")
    if naive:
        args.append("--naive")
    run = subprocess.run(args, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    out["holes"] = {tuple(int(c) for c in key.split(",")): tuple(sums) for key, sums in out["holes"].items()}
    return out


def ranks_dead(lowest_live_rank):
    """Card ids of every rank below `lowest_live_rank` (0 = deuce): the dead cards of a T..A deck for 8."""
    return list(range(4 * lowest_live_rank))
