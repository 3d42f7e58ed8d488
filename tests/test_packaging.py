"""The release path a user takes: sdist -> wheel built from that sdist -> install into a clean venv -> run.

One module-scoped build (`python -m build` builds the sdist, unpacks it and builds the wheel from it in an
isolated environment with the setuptools pinned in requirements-dev.txt), then each property is checked
on the artifacts. Needs the package index for that isolated environment, as `pip install` would.
"""

from __future__ import annotations

import os
import re
import struct
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="builds and installs with subprocesses")


def pinned(name: str) -> str:
    """The `name==version` line of requirements-dev.txt."""
    for line in (ROOT / "requirements-dev.txt").read_text().splitlines():
        if line.startswith(f"{name}=="):
            return line.strip()
    raise AssertionError(f"requirements-dev.txt pins no {name}")


@pytest.fixture(scope="module")
def artifacts(tmp_path_factory):
    out = tmp_path_factory.mktemp("dist")
    constraints = out / "constraints.txt"
    constraints.write_text(pinned("setuptools") + "\n")
    env = dict(os.environ, PIP_CONSTRAINT=str(constraints))
    done = subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)], env=env,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    sdists, wheels = sorted(out.glob("*.tar.gz")), sorted(out.glob("*.whl"))
    assert len(sdists) == 1 and len(wheels) == 1, os.listdir(out)
    return {"sdist": sdists[0], "wheel": wheels[0], "log": done.stdout + done.stderr, "dir": out}


def test_wheel_is_built_from_the_sdist(artifacts):
    # build's own report: without --sdist/--wheel it builds the wheel from the unpacked sdist
    assert re.search(r"Building wheel from sdist", artifacts["log"]), artifacts["log"][:2000]


def test_no_deprecation_banner(artifacts):
    log = artifacts["log"]
    assert "deprecated" not in log.lower() and "!!" not in log, \
        [line for line in log.splitlines() if "deprecat" in line.lower() or "!!" in line][:5]


def test_sdist_has_every_source_and_header(artifacts):
    with tarfile.open(artifacts["sdist"]) as tar:
        names = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
    needed = {str(p.relative_to(ROOT)) for p in (ROOT / "core_c").rglob("*") if p.suffix in (".c", ".h")}
    needed |= {"pywasm/pokerhash/_core.c", "LICENSE", "README.md", "setup.py", "pyproject.toml"}
    assert not needed - names, sorted(needed - names)
    assert not any(name.startswith("tests/") for name in names)


def test_wheel_has_no_sources_and_carries_types_and_license(artifacts):
    with zipfile.ZipFile(artifacts["wheel"]) as wheel:
        names = wheel.namelist()
    assert not [n for n in names if n.endswith((".c", ".h"))], "C sources in the wheel"
    assert "pokerhash/py.typed" in names and "pokerhash/__init__.pyi" in names
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)


def test_wheel_tags_are_per_python_version(artifacts):
    # The binding uses the buffer protocol, which joined the limited API only in 3.11, and we support
    # 3.9: so no abi3, a wheel per CPython version (docs/packaging.md).
    version = f"cp{sys.version_info.major}{sys.version_info.minor}"
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    assert artifacts["wheel"].name.endswith(f"-{version}-{version}-{platform}.whl"), artifacts["wheel"].name


def test_metadata(artifacts):
    with zipfile.ZipFile(artifacts["wheel"]) as wheel:
        meta_name = next(n for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))
        meta = wheel.read(meta_name).decode()
    fields = [line.split(": ", 1) for line in meta.split("\n\n", 1)[0].splitlines() if ": " in line]
    get = lambda key: [v for k, v in fields if k == key]  # noqa: E731
    import pokerhash
    assert get("Version") == [pokerhash.__version__]
    assert get("License-Expression") == ["MIT"] and get("License-File") == ["LICENSE"]
    assert get("Author-email") and len(get("Project-URL")) >= 2
    classifiers = get("Classifier")
    assert "Typing :: Typed" in classifiers
    for minor in range(9, 14):
        assert f"Programming Language :: Python :: 3.{minor}" in classifiers
    assert get("Requires-Python") == [">=3.9"]
    assert not get("Requires-Dist") or all("extra ==" in r for r in get("Requires-Dist")), "runtime deps"


def elf_sections(data: bytes) -> list:
    """Section names of a 64-bit little-endian ELF file (what the Linux wheels hold)."""
    assert data[:4] == b"\x7fELF" and data[4] == 2 and data[5] == 1, "not a 64-bit little-endian ELF"
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    headers = [struct.unpack_from("<IIQQQQ", data, shoff + i * shentsize) for i in range(shnum)]
    names_offset = headers[shstrndx][4]
    return [data[names_offset + h[0]:data.index(b"\0", names_offset + h[0])].decode() for h in headers]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the ELF section table")
def test_extension_is_stripped(artifacts):
    with zipfile.ZipFile(artifacts["wheel"]) as wheel:
        name = next(n for n in wheel.namelist() if n.endswith(".so"))
        sections = elf_sections(wheel.read(name))
    assert ".dynsym" in sections  # still exports PyInit__core
    assert not [s for s in sections if s.startswith(".debug") or s == ".symtab"], sections


def test_installs_into_a_clean_venv_and_runs(artifacts, tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps",
                    "--no-index", str(artifacts["wheel"])], check=True)
    smoke = (
        "import pokerhash as ph, pathlib;"
        "assert 'site-packages' in pathlib.Path(ph.__file__).parts, ph.__file__;"
        "assert ph.evaluate('As Ks Qs Js Ts 2c 3d') == 1;"
        "assert ph.describe(ph.evaluate('9s 9h 9d 4c 4s')) == 'Nines Full over Fours';"
        "assert list(ph.evaluate_batch(bytes(range(10)), 5)) == [ph.evaluate(range(5)), ph.evaluate(range(5, 10))];"
        "print(ph.__version__, ph.backend)"
    )
    # run from an empty directory so nothing resolves to the source tree
    done = subprocess.run([str(python), "-I", "-c", smoke], cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    import pokerhash
    assert done.stdout.split() == [pokerhash.__version__, "native"]
    cli = subprocess.run([str(venv / "bin" / "pokerhash"), "--version"], cwd=tmp_path, capture_output=True,
                         text=True)
    assert cli.returncode == 0 and cli.stdout.startswith(f"pokerhash {pokerhash.__version__}"), cli
