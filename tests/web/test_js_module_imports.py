"""The JS modules call one way, as the Python package's do (tests/test_module_imports.py): no module of the library
(web/src) or the page (web/app) imports one that imports it back, directly or around a longer loop."""

import re
from pathlib import Path

from webtools import WEB

IMPORT = re.compile(r"""(?:^|\n)\s*(?:import|export)\b[^'";]*?\bfrom\s*['"](\.{1,2}/[^'"]+)['"]|import\(\s*['"](\.{1,2}/[^'"]+)['"]""")


def local_imports(path: Path) -> set:
    """The .mjs files `path` imports by a relative path (static or dynamic), with ../dist/ read as ../src/ (the page
    imports the library as built, which is web/src copied)."""
    text = path.read_text(encoding="utf-8")
    found = set()
    for static, dynamic in IMPORT.findall(text):
        target = (path.parent / (static or dynamic)).resolve()
        if target.parent == (WEB / "dist").resolve():
            target = WEB / "src" / target.name
        if target.suffix == ".mjs" and target.exists():
            found.add(target.resolve())
    return found


def test_no_js_module_imports_one_that_imports_it_back():
    modules = sorted(p.resolve() for folder in ("src", "app") for p in (WEB / folder).glob("*.mjs"))
    graph = {m: local_imports(m) for m in modules}
    assert graph[(WEB / "src" / "equity.mjs").resolve()], "the import reader found nothing: its pattern is stale"
    loops = []

    def walk(module, trail):
        for target in graph.get(module, ()):
            if target in trail:
                loops.append(" -> ".join(p.name for p in trail[trail.index(target):] + [target]))
            elif target not in seen:
                walk(target, trail + [target])
        seen.add(module)

    seen: set = set()
    for module in modules:
        if module not in seen:
            walk(module, [module])
    assert not loops, loops
