"""README.md and web/README.md speak to a user of the package (issue 30, "Words"): no references to the
project's internal notes (plans, issues, the task texts it grew from, a kit beside the developers' checkout),
how to install while no release is on PyPI or npm, and which benchmark command runs without the peer kit."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README, WEB_README = ROOT / "README.md", ROOT / "web" / "README.md"
if not README.exists():  # a copy of the tests without the repository around it (Pyodide)
    pytest.skip("the READMEs are not beside these tests", allow_module_level=True)

# What a user cannot look up: the plan's decisions, issue numbers, the task texts ("seed 001's table",
# "the seed articles"), a bare "the article", the peer kit's place beside the developers' checkout.
INTERNAL = [r"\bPLAN\b", r"\bissue \d+", r"\bseed \d{3}", r"\bseed articles?\b", r"\bthe article\b",
            r"\.\./shared", r"\bperfkit\b"]


def user_documents():
    """The two READMEs and every docs/ page README.md links to."""
    linked = sorted(set(re.findall(r"\bdocs/[\w/-]+\.md\b", README.read_text(encoding="utf-8"))))
    return [README, WEB_README, *(ROOT / name for name in linked)]


@pytest.mark.parametrize("path", user_documents(), ids=lambda p: str(p.relative_to(ROOT)))
def test_user_documents_name_nothing_internal(path):
    text = path.read_text(encoding="utf-8")
    found = [(pattern, line) for line in text.splitlines() for pattern in INTERNAL if re.search(pattern, line)]
    assert not found, found


def bash_lines(text):
    """The command lines of a document's bash blocks, comments cut."""
    blocks = re.findall(r"```bash\n(.*?)```", text, re.S)
    return [line.split("#")[0].strip() for block in blocks for line in block.splitlines()]


def test_readme_keeps_its_first_two_commands():
    assert bash_lines(README.read_text(encoding="utf-8"))[:2] == ["./build.sh serve", "./build.sh test"]


def test_install_is_said_for_before_a_release():
    for path in (README, WEB_README):
        text = path.read_text(encoding="utf-8")
        assert "No release is" in text and "npm pack" in text, path
        # the registry commands appear only as what does not work yet, never as a command to run
        assert "npm install pokerhash" not in bash_lines(text) and "pip install pokerhash" not in bash_lines(text)
    assert "python -m build" in README.read_text(encoding="utf-8")


def test_benchmarks_say_which_command_needs_the_peer_kit():
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## Benchmarks"):]
    assert "./build.sh bench           # needs only PyPI and npm" in section
    assert "peer kit" in section and "PERFKIT" in section
