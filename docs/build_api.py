"""Builds the API reference (HTML) from the docstrings and the type stubs: `python docs/build_api.py [OUT]`.

`./build.sh docs` runs it into build/api/; tests/test_docs.py runs it in CI, so a docstring or stub that
pdoc cannot read fails the build instead of rotting. pdoc reads the signatures from pokerhash/__init__.pyi;
for an overloaded function the stub holds only the overloads, so the reference shows the runtime
signature and the docstring says what each input gives.
"""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

import pdoc
import pdoc.doc
import pdoc.doc_pyi

_patch_doc = pdoc.doc_pyi._patch_doc


def _patch_unless_overloaded(target_doc, stub_mod):
    stub_doc = stub_mod.get(target_doc.qualname) if target_doc.qualname else None
    if isinstance(target_doc, pdoc.doc.Function) and isinstance(stub_doc, pdoc.doc.Function) \
            and stub_doc.docstring == pdoc.doc_pyi.overload_docstr:
        return  # keep the runtime signature: the stub's would read (*args, **kwds)
    _patch_doc(target_doc, stub_mod)


def build(out: Path) -> None:
    pdoc.doc_pyi._patch_doc = _patch_unless_overloaded
    pdoc.render.configure(docformat="google", footer_text="pokerhash API reference")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # an unreadable stub or annotation fails the build
        pdoc.pdoc("pokerhash", output_directory=out)


if __name__ == "__main__":
    build(Path(sys.argv[1] if len(sys.argv) > 1 else "build/api"))
    print(f"API reference in {sys.argv[1] if len(sys.argv) > 1 else 'build/api'}/pokerhash.html")
