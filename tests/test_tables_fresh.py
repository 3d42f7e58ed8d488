"""The checked-in tables in core_c/tables/ must be exactly what pywasm/tablegen generates today, so a
generator change cannot ship with stale tables (or tables edited by hand)."""

import filecmp
import os
import re
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


ARRAY = re.compile(r"const (\w+) (\w+)(?:\[\w+\])+ = \{(.*?)\n\};", re.S)
NUMBER = re.compile(r"UINT64_C\((0x[0-9a-f]+)\)|\b(\d+)\b")


def test_no_array_is_written_twice(native_tools):
    """Each generated array is written once: another table that needs its values refers to it (the games'
    hashes read hold'em's quinary shares, Triton's short deck the short deck's blocks), so no array equals
    another or the start of a longer one."""
    tables = os.path.join(native_tools["root"], "core_c", "tables")
    arrays = {}
    for name in sorted(os.listdir(tables)):
        if name.endswith(".c"):
            with open(os.path.join(tables, name)) as f:
                text = re.sub(r"^#(if|endif).*\n", "", f.read(), flags=re.M)
            for ctype, array, body in ARRAY.findall(text):
                values = tuple(int(hex_, 16) if hex_ else int(dec) for hex_, dec in NUMBER.findall(body))
                arrays[f"{name}:{array}"] = (ctype, values)
    assert len(arrays) > 20, f"found only {sorted(arrays)} in core_c/tables"
    names = sorted(arrays)
    repeats = []
    for i, first in enumerate(names):
        for second in names[i + 1:]:
            short, long_ = sorted((arrays[first][1], arrays[second][1]), key=len)
            if len(short) >= 16 and long_[:len(short)] == short:
                repeats.append(f"{first} ~ {second}")
    assert not repeats, f"arrays written twice (refer to one instead): {repeats}; regenerate: {REGENERATE}"
