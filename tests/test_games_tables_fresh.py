"""The other games' tables in core_c/tables/games_*.c must be exactly what pywasm/tablegen/game_tables.py
generates today (the generator is their only source; no table is edited by hand)."""

import filecmp
import os
import subprocess
import sys

REGENERATE = "PYTHONPATH=pywasm python3 -m tablegen   (from the repository root)"
WRITE = ("import pathlib, sys\n"
         "from tablegen import game_tables\n"
         "for name, text, _ in game_tables.all_sources():\n"
         "    (pathlib.Path(sys.argv[1]) / name).write_text(text)\n")


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
        assert "Made by `PYTHONPATH=pywasm python3 -m tablegen`" in (tmp_path / name).read_text()[:400]


def test_every_game_table_set_stays_within_budget():
    """Native bytes per ranking (its arrays, not counting the shared hash): at most 256 KB each."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "pywasm"))
    from tablegen import game_tables

    sizes = dict(item for _, _, items in game_tables.all_sources() for item in items)
    for name in ("shortdeck", "shortdeck_triton", "ace_five", "ace_five_8", "deuce_seven"):
        assert sizes[name] <= 256 * 1024, (name, sizes[name])
