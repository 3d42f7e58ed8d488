"""Builds the pokerhash wheel for Pyodide: the Python package plus the C core as an Emscripten side module.

    python3 web/pyodide_wheel.py DIST_DIR        (web/build.sh runs it; writes DIST_DIR/pokerhash-*.whl)

Installable with pyodide.loadPackage(url) or micropip.install(url) in any Pyodide of the pinned ABI
(JupyterLite, PyScript, a page of one's own). The tag is py3-none-pyemscripten_<abi>_wasm32: the side module
is loaded through ctypes (pokerhash/_wasm_core.py), so it depends on Pyodide's ABI (the Emscripten build
of its runtime, `info.abi_version` of the pinned pyodide-lock.json) but on no CPython ABI. Pyodide
314.0.7's micropip 0.11.1 accepts pyemscripten_2026_0_wasm32 (the PEP 783 name PyPI uses), as it accepts
emscripten_5_0_3_wasm32; loadPackage(url) does not look at the tag. The archive is deterministic: sorted
entries, fixed timestamps.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import sys
import zipfile
from pathlib import Path

WEB = Path(__file__).resolve().parent
ROOT = WEB.parent
PACKAGE = ROOT / "pywasm" / "pokerhash"
LOCK = WEB / "node_modules" / "pyodide" / "pyodide-lock.json"
EPOCH = (2020, 1, 1, 0, 0, 0)  # fixed entry times: the same inputs give the same bytes


def platform_tag() -> str:
    info = json.loads(LOCK.read_text())["info"]
    assert info["arch"] == "wasm32", info
    return f"pyemscripten_{info['abi_version']}_{info['arch']}"


def project_metadata() -> dict:
    """Name, version, summary and Python requirement from the one source of each (pyproject, _version.py)."""
    pyproject = (ROOT / "pyproject.toml").read_text()
    field = lambda name: re.search(rf'^{name} = "([^"]*)"', pyproject, re.M)[1]  # noqa: E731
    version = re.search(r'__version__ = "([^"]+)"', (PACKAGE / "_version.py").read_text())[1]
    return {"name": field("name"), "version": version, "summary": field("description"),
            "requires_python": field("requires-python")}


def digest(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def build(dist: Path) -> Path:
    meta = project_metadata()
    tag = f"py3-none-{platform_tag()}"
    info_dir = f"{meta['name']}-{meta['version']}.dist-info"
    files = {f"pokerhash/{p.name}": p.read_bytes() for p in sorted(PACKAGE.iterdir())
             if p.suffix in (".py", ".pyi") or p.name == "py.typed"}
    files["pokerhash/pokerhash_core.so"] = (dist / "pokerhash_core.so").read_bytes()
    files[f"{info_dir}/METADATA"] = (
        "Metadata-Version: 2.1\n"
        f"Name: {meta['name']}\nVersion: {meta['version']}\nSummary: {meta['summary']}\n"
        f"Requires-Python: {meta['requires_python']}\nLicense: MIT\n"
        "Classifier: Programming Language :: Python :: 3\nClassifier: Typing :: Typed\n").encode()
    files[f"{info_dir}/WHEEL"] = (
        "Wheel-Version: 1.0\nGenerator: pokerhash web/pyodide_wheel.py\nRoot-Is-Purelib: false\n"
        f"Tag: {tag}\n").encode()
    record = "".join(f"{name},{digest(data)},{len(data)}\n" for name, data in files.items())
    files[f"{info_dir}/RECORD"] = (record + f"{info_dir}/RECORD,,\n").encode()
    wheel = dist / f"{meta['name']}-{meta['version']}-{tag}.whl"
    for old in dist.glob(f"{meta['name']}-*.whl"):
        old.unlink()
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in files.items():
            entry = zipfile.ZipInfo(name, EPOCH)
            entry.external_attr = 0o644 << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, data)
    (dist / "wheel.json").write_text(json.dumps({"wheel": wheel.name, "tag": tag}) + "\n")
    return wheel


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__.split("\n\n")[1])
    print(build(Path(sys.argv[1]).resolve()))
