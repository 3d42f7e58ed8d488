"""RSS stays flat over 10**5 calls of each main entry point, error paths included (issue 13, item 13).

tests/leak_cases.py runs in a child and reports each entry point's RSS growth, scaled to 10**5 calls;
a leak of 32 bytes a call would grow it by 3 MiB, past the tolerance. The self-check entry point keeps 64
bytes a call, so the test is shown to catch a leak of that size."""

import json
import os
import subprocess
import sys

import pytest

pytest.importorskip("numpy")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOLERANCE = 2 << 20  # bytes over 10**5 calls: ~20 bytes a call; RSS moves in pages, the allocator in arenas


def growths():
    if not os.path.exists("/proc/self/statm"):
        pytest.skip("reads RSS from /proc")
    done = subprocess.run([sys.executable, os.path.join(ROOT, "tests", "leak_cases.py"), "--self-check"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def test_memory_stays_flat_over_many_calls(native_tools):
    grown = growths()
    assert grown.pop("keeps 64 bytes a call") > TOLERANCE, "the measurement misses a 64-byte-a-call leak"
    leaks = {name: f"{size >> 10} KiB" for name, size in grown.items() if size > TOLERANCE}
    assert not leaks, f"RSS grew over 10**5 calls: {leaks}"
