"""The C core's calls go one way (issue 25): no two files of core_c/src call each other, and the feature
folders form no cycle, so each file and folder can be read and changed with only what lies below it.

A file's calls are the ph_ names it calls inside a function or macro body (a header's static inline functions
count as that header's calls); the file that defines a name answers for it."""

import os
import re
from glob import glob
from itertools import combinations

from conftest import REPO_ROOT

SRC = os.path.join(REPO_ROOT, "core_c", "src")
CALL = re.compile(r"\b(ph_\w+)\s*\(")
DEFINITION = re.compile(r"^[A-Za-z_][\w \*]*?\b(ph_\w+)\s*\([^;{]*?\)\s*\{", re.M)


def code_of(path):
    """The file without comments and string literals."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    return re.sub(r'"(\\.|[^"\\])*"', '""', text)


def calls_in_bodies(code):
    """ph_ names called inside braces or in a macro's body: prototypes are not calls."""
    found, depth = set(), 0
    for line in code.split("\n"):
        if line.lstrip().startswith("#define"):
            found |= set(CALL.findall(line.split(")", 1)[-1]))
            continue
        for match in re.finditer(r"[{}]|\b(ph_\w+)\s*\(", line):
            if match.group(0) == "{":
                depth += 1
            elif match.group(0) == "}":
                depth -= 1
            elif depth > 0:
                found.add(match.group(1))
    return found


def call_graph():
    """{file: files it calls}, paths relative to core_c/src."""
    files = sorted(os.path.relpath(p, SRC) for p in glob(os.path.join(SRC, "**", "*.[ch]"), recursive=True))
    code = {f: code_of(os.path.join(SRC, f)) for f in files}
    owner = {name: f for f in files for name in DEFINITION.findall(code[f])}
    return {f: {owner[name] for name in calls_in_bodies(code[f]) if owner.get(name, f) != f} for f in files}


def test_no_two_files_call_each_other():
    graph = call_graph()
    assert len(graph) > 40, sorted(graph)  # the walk found the core
    both_ways = [(a, b) for a, b in combinations(sorted(graph), 2) if b in graph[a] and a in graph[b]]
    assert not both_ways, both_ways


def test_feature_folders_call_one_way():
    folders = {}
    for f, callees in call_graph().items():
        folders.setdefault(os.path.dirname(f), set()).update(os.path.dirname(c) for c in callees)
    assert "" not in folders, "every file of core_c/src lies in a feature folder"
    placed, order = set(), []
    while len(placed) < len(folders):  # peel the folders that call only placed ones
        ready = sorted(d for d, callees in folders.items() if d not in placed and callees - {d} <= placed)
        assert ready, f"feature folders that call each other in a cycle: {sorted(set(folders) - placed)}"
        placed |= set(ready)
        order += ready
    assert order[0] == "common", order
