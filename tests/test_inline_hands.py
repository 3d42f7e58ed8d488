"""The inline evaluator (PH_INLINE_ALL) and the incremental hand (ph_hand, PH_HAND_API) give the library's
ph_evaluate answers: tests/c/test_inline.c (the library's calls) beside tests/c/inline_calls.c (the inline
forms, compiled as a C user compiles them)."""

import os
import platform
import re
import shutil
import subprocess

import pytest

from c_build import c_program
from core_build import core_includes, core_sources

# The wasm library's configuration, built natively: no 6-card rank-hash block, no flush table, no 8-/9-card
# blocks (6 cards then take the derived path of ph_hand_value and ph_evaluate).
WASM_TABLES = ("-DPH_SIX_CARD_TABLE=0", "-DPH_FLUSH_TABLE=0", "-DPH_LARGE_HAND_TABLES=0")


def run_section(binary, section, *options):
    run = subprocess.run([binary, section, *options], capture_output=True, text=True, timeout=600)
    print(run.stdout)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "OK: 0 failure(s)" in run.stdout
    return run.stdout


@pytest.fixture(scope="module")
def inline_binary(native_tools):
    return c_program(native_tools, "test_inline", extra=["inline_calls"])


def test_every_hand_inline_and_incremental_values_equal_ph_evaluate(inline_binary):
    out = run_section(inline_binary, "all")
    for k, hands in ((5, 2598960), (6, 20358520), (7, 133784560)):
        assert f"{k}-card hands: {hands}, all equal: yes" in out


@pytest.mark.parametrize("section", ["errors", "large"])
def test_inline_evaluate_gives_the_library_statuses_and_values(inline_binary, section):
    run_section(inline_binary, section)


def test_hand_check_accepts_only_five_to_seven_distinct_valid_cards(inline_binary):
    run_section(inline_binary, "check")


def test_wasm_table_configuration_agrees_too(native_tools):
    binary = c_program(native_tools, "test_inline", extra=["inline_calls"], flags=WASM_TABLES)
    for section in ("errors", "check", "all"):
        run_section(binary, section)


@pytest.mark.skipif(platform.machine() not in ("x86_64", "AMD64"), reason="POPCNT is an x86-64 option")
def test_a_popcount_build_agrees_too(native_tools):
    """A caller built for a CPU with POPCNT (-march=native gives it) takes the inline evaluator's other
    duplicate test, the bit count of the summed bits."""
    binary = c_program(native_tools, "test_inline", extra=["inline_calls"], flags=("-mpopcnt",))
    for section in ("errors", "check", "all"):
        run_section(binary, section)


@pytest.mark.skipif(platform.machine() not in ("x86_64", "AMD64"), reason="the run-time choice is x86-64's")
def test_the_library_finds_popcnt_for_the_inline_evaluator(inline_binary):
    """A plain x86-64 caller's inline evaluator reads ph_cpu_popcnt, which the library sets as it loads."""
    run_section(inline_binary, "dispatch")


@pytest.mark.skipif(platform.machine() not in ("x86_64", "AMD64"), reason="the run-time choice is x86-64's")
def test_the_inline_or_test_for_cpus_without_popcnt_agrees_too(inline_binary):
    """Where the CPU has POPCNT the sweeps above take the bit count; a CPU without it takes the OR of the
    cards' bits, forced here."""
    for section in ("errors", "all"):
        out = run_section(inline_binary, section, "without-popcnt")
        assert "the inline evaluator's OR test" in out


def _compilers(native_tools):
    found = [native_tools["cc"]] + [c for c in ("clang",) if shutil.which(c)]
    return [c for c in found if c]


def test_inline_header_compiles_pedantic_and_links_against_the_library(native_tools, tmp_path):
    """A C user's translation unit under PH_INLINE_ALL: strict C11 without warnings, with every compiler at
    hand, linked with the library's objects (which export ph_evaluate and ph_hand_* as well)."""
    if not native_tools["cc"]:
        pytest.skip("no C compiler")
    root = native_tools["root"]
    objects = tmp_path / "core"
    objects.mkdir()
    build = subprocess.run([native_tools["cc"], "-std=c11", "-O1", "-c", *core_includes(), *core_sources()],
                           capture_output=True, text=True, cwd=objects, timeout=600)
    assert build.returncode == 0, build.stderr
    for cc in _compilers(native_tools):
        exe = str(tmp_path / ("test_inline_" + os.path.basename(cc)))
        strict = ["-std=c11", "-O2", "-Wall", "-Wextra", "-pedantic", "-Werror", "-I" + os.path.join(root, "core_c", "include")]
        inline_object = str(tmp_path / "inline_calls.o")
        build = subprocess.run([cc, *strict, "-c", os.path.join(root, "tests", "c", "inline_calls.c"), "-o", inline_object],
                               capture_output=True, text=True, timeout=600)
        assert build.returncode == 0, cc + ": " + build.stderr
        link = subprocess.run([cc, "-std=c11", "-O2", *core_includes(), os.path.join(root, "tests", "c", "test_inline.c"),
                               inline_object, *sorted(str(p) for p in objects.glob("*.o")), "-o", exe],
                              capture_output=True, text=True, timeout=600)
        assert link.returncode == 0, cc + ": " + link.stderr
        run_section(exe, "errors")


def test_readme_inline_example_compiles_pedantic(native_tools, tmp_path):
    if not native_tools["cc"]:
        pytest.skip("no C compiler")
    root = native_tools["root"]
    with open(os.path.join(root, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    section = readme[readme.index("**Inline evaluator and incremental hands.**"):]
    example = re.search(r"```c\n(.*?)```", section, re.S).group(1)
    assert "#define PH_INLINE_ALL" in example and "ph_hand_value" in example
    source = tmp_path / "readme_inline.c"
    source.write_text(example)
    build = subprocess.run([native_tools["cc"], "-std=c11", "-O2", "-Wall", "-Wextra", "-pedantic", "-Werror",
                            "-I" + os.path.join(root, "core_c", "include"), "-c", str(source), "-o",
                            str(tmp_path / "readme_inline.o")], capture_output=True, text=True, timeout=600)
    assert build.returncode == 0, build.stderr
