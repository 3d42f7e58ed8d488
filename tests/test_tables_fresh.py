"""The checked-in tables in core_c/tables/ must be exactly what pywasm/tablegen generates today, so a
generator change cannot ship with stale tables (or tables edited by hand)."""

import filecmp
import os
import subprocess

REGENERATE = "./build.sh tables   (from the repository root)"


def test_tables_match_generator(native_tools, tmp_path):
    root = native_tools["root"]
    env = dict(os.environ, PYTHONPATH=os.path.join(root, "pywasm"))
    run = subprocess.run([native_tools["python"], "-m", "tablegen", "--out", str(tmp_path)], cwd=root,
                         env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, f"tablegen failed:\n{run.stderr}"
    tables = os.path.join(root, "core_c", "tables")
    generated = sorted(f for f in os.listdir(tmp_path) if f.endswith((".c", ".h")))
    checked_in = sorted(f for f in os.listdir(tables) if f.endswith((".c", ".h")))
    assert generated == checked_in, (
        f"generator writes {generated} but core_c/tables holds {checked_in}; regenerate: {REGENERATE}")
    stale = [f for f in generated
             if not filecmp.cmp(os.path.join(tmp_path, f), os.path.join(tables, f), shallow=False)]
    assert not stale, f"core_c/tables/{', '.join(stale)} out of date; regenerate: {REGENERATE}"
