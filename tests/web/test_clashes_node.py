"""Heavily overlapping ranges in the JS library (clashes.test.mjs) against the native package's answers:
estimates, exact counts, the Monte Carlo refusal's rate and a few seeded samples in Python's batches."""

import json

import pokerhash as ph
from pokerhash._backend import core
from pokerhash._equity_spot import Spot
from webtools import HERE, run_node

FOUR_PAIRS = "AA,KK,QQ,JJ"
EXACT = [(["AA,KK"] * 4, "2c 7d 9h 3s"), (["AA:0.5,KK", "AA,KK:0.25", "AhAd,KK,AsKs"], "2c 7d 9h 3s"),
         (["AA,KK,QQ"] * 4, "2c 7d 9h 3s 4s")]


def _python_answers() -> dict:
    try:
        ph.equity([FOUR_PAIRS] * 8, exact=False)
    except ValueError as error:
        rarity = str(error).split(" in ", 1)[1].split(" ", 1)[0]
    exact = []
    for players, board in EXACT:
        r = ph.equity(players, board=board, exact=True)
        exact.append({"players": players, "board": board, "win": r.win, "tie": r.tie, "lose": r.lose})
    return {
        "estimates": {name: core.equity_exact_seconds(*Spot([FOUR_PAIRS] * n, None, None).args)
                      for name, n in (("none", 10), ("eight", 8))},
        "exact": exact,
        "rarity": rarity,
        "few": list(ph.equity([FOUR_PAIRS] * 8, samples=200, seed=1, threads=1).equity),
    }


def test_js_overlapping_ranges_match_native(built, node, tmp_path):
    data = tmp_path / "clashes.json"
    data.write_text(json.dumps(_python_answers()))
    run_node(node, ["--test", HERE / "clashes.test.mjs"], timeout=300, env={"POKERHASH_CLASH_DATA": str(data)})
