"""The other games' tables in core_c/tables/games_*.c must be exactly what pywasm/tablegen/game_tables.py
generates today (the generator is their only source; no table is edited by hand)."""

import filecmp
import json
import os
import subprocess
import sys

REGENERATE = "./build.sh tables   (from the repository root)"
WRITE = ("import json, pathlib, sys\n"
         "from tablegen import game_tables\n"
         "sizes = {}\n"
         "for name, text, items in game_tables.all_sources():\n"
         "    (pathlib.Path(sys.argv[1]) / name).write_text(text)\n"
         "    sizes.update(items)\n"
         "print(json.dumps(sizes))\n")
BUDGET = 256 * 1024  # native bytes per ranking (its own arrays; the hashes are shared)


def test_game_tables_match_generator(native_tools, tmp_path):
    root = native_tools["root"]
    env = dict(os.environ, PYTHONPATH=os.path.join(root, "pywasm"))
    run = subprocess.run([sys.executable, "-c", WRITE, str(tmp_path)], cwd=root, env=env, capture_output=True,
                         text=True, timeout=600)
    assert run.returncode == 0, f"game_tables failed:\n{run.stderr}"
    tables = os.path.join(root, "core_c", "tables")
    generated = sorted(os.listdir(tmp_path))
    checked_in = sorted(f for f in os.listdir(tables) if f.startswith("games_") and f.endswith(".c"))
    assert generated == checked_in, f"generator writes {generated}, core_c/tables holds {checked_in}; regenerate: {REGENERATE}"
    stale = [f for f in generated if not filecmp.cmp(tmp_path / f, os.path.join(tables, f), shallow=False)]
    assert not stale, f"core_c/tables/{', '.join(stale)} out of date; regenerate: {REGENERATE}"
    for name in generated:  # each names the command that made it
        assert "Made by `./build.sh tables`" in (tmp_path / name).read_text()[:400]
    sizes = json.loads(run.stdout)
    for name in ("shortdeck", "shortdeck_triton", "ace_five", "ace_five_8", "deuce_seven"):
        assert 0 < sizes[name] <= BUDGET, f"{name}: {sizes[name]:,} bytes of tables, budget {BUDGET:,}"
