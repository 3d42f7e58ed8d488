"""One version everywhere: _version.py is the source; the metadata, the C header and web/package.json follow."""

import json
import re
import sys
from pathlib import Path

import pytest

import pokerhash
from pokerhash import _backend

ROOT = Path(__file__).resolve().parent.parent
IN_PYODIDE = sys.platform == "emscripten"


def source_version() -> str:
    text = (ROOT / "pywasm" / "pokerhash" / "_version.py").read_text()
    return re.search(r'^__version__ = "([^"]+)"$', text, re.MULTILINE).group(1)


@pytest.mark.skipif(IN_PYODIDE, reason="reads the repository and the installed metadata")
def test_every_version_agrees():
    version = source_version()
    assert pokerhash.__version__ == version
    assert _backend.core.core_version == version  # ph_version() of the compiled core
    header = (ROOT / "core_c" / "include" / "pokerhash.h").read_text()
    parts = [re.search(rf"#define PH_VERSION_{p} (\d+)", header).group(1) for p in ("MAJOR", "MINOR", "PATCH")]
    assert ".".join(parts) == version
    assert json.loads((ROOT / "web" / "package.json").read_text())["version"] == version
    from importlib.metadata import version as installed
    assert installed("pokerhash") == version


@pytest.mark.skipif(IN_PYODIDE, reason="reads the repository")
def test_pyproject_reads_the_one_source():
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert 'dynamic = ["version"]' in pyproject
    assert 'version = { attr = "pokerhash._version.__version__" }' in pyproject
    assert not re.search(r'^version\s*=\s*"', pyproject, re.MULTILINE)
