"""Fixtures of the browser-side tests: the built artifacts, node, and the native backend's expectations.

The tests need `web/build.sh` to have run (README's test command does it first); a missing artifact is a
failure, not a skip. Every expectation comes from the native extension (`import pokerhash`), so the wasm
builds are checked against the same C core compiled natively. Every test here is marked `web`.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from webtools import DIST, HERE, REQUIRED, ROOT, write_native_data  # noqa: E402


def pytest_collection_modifyitems(items):
    for item in items:
        if Path(str(item.fspath)).parent == HERE:
            item.add_marker(pytest.mark.web)


@pytest.fixture(scope="session")
def built() -> Path:
    missing = [str(p.relative_to(ROOT)) for p in REQUIRED if not p.exists()]
    assert not missing, f"web artifacts missing (run `bash web/build.sh`): {missing}"
    return DIST


@pytest.fixture(scope="session")
def node() -> str:
    path = shutil.which("node")
    assert path, "node is not installed (apt-get install nodejs)"
    return path


@pytest.fixture(scope="session")
def native_data(tmp_path_factory) -> Path:
    """The native backend's answers, written as raw arrays and JSON for the node and Pyodide harnesses."""
    return write_native_data(tmp_path_factory.mktemp("native"))
