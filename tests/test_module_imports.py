"""The package's modules call one way: no module imports another that imports it back, directly or around a
longer loop, counting imports inside functions too (a deferred import is still a call back)."""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "pywasm" / "pokerhash"


def imported_modules(path: Path, modules: set) -> set:
    """The package modules that `path` imports anywhere in its code ("__init__" for the package itself)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            absolute = node.level == 0 and (node.module or "").split(".")[0] == "pokerhash"
            if not (node.level == 1 or absolute):
                continue
            parts = (node.module or "").split(".")[1 if absolute else 0:]
            if parts and parts[0]:
                found.add(parts[0])
            else:  # from . import _a, f: submodules (_core is C), or public names of the package itself
                found.update(alias.name if alias.name in modules or alias.name.startswith("_") else "__init__"
                             for alias in node.names)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == "pokerhash":
                    found.add(parts[1] if len(parts) > 1 else "__init__")
    return (found & modules) - {path.stem}


def import_graph() -> dict:
    modules = {path.stem for path in PACKAGE.glob("*.py")}
    return {path.stem: imported_modules(path, modules) for path in PACKAGE.glob("*.py")}


def cycles(graph: dict) -> list:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index, low, stack, on_stack, groups = {}, {}, [], set(), []

    def visit(module):
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for other in sorted(graph[module]):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in on_stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while not group or group[-1] != module:
                group.append(stack.pop())
                on_stack.discard(group[-1])
            if len(group) > 1:
                groups.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return groups


def test_no_two_modules_import_each_other():
    graph = import_graph()
    assert len(graph) > 20 and "_core" not in graph  # the package's Python modules, read
    assert graph["_equity"] >= {"_equity_jobs", "_equity_spot"}  # deferred and package-level forms are seen
    pairs = sorted({tuple(sorted((a, b))) for a, targets in graph.items() for b in targets if a in graph[b]})
    assert not pairs, pairs
    assert not cycles(graph), cycles(graph)


@pytest.mark.parametrize("source, found", [
    ("from . import _a, _b", {"_a", "_b"}),
    ("from . import evaluate, _core", {"__init__"}),
    ("def f():\n    from ._a import x", {"_a"}),
    ("import pokerhash._b as b", {"_b"}),
    ("from pokerhash._a import x", {"_a"}),
    ("from pokerhash import _b, evaluate", {"__init__", "_b"}),
    ("from .. import _a\nimport os", set()),
])
def test_the_import_reader_sees_every_form(tmp_path, source, found):
    path = tmp_path / "_self.py"
    path.write_text(source)
    assert imported_modules(path, {"__init__", "_a", "_b", "_self"}) == found


def test_a_loop_of_three_is_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
