"""Fixtures of the browser-side tests: the built artifacts, node, the native backend's expectations, and the
page (one server, one Chromium, one booted page and one phone-width page for the whole session: Pyodide
takes seconds to boot, so test_browser.py and test_games_web.py share them).

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

from webtools import CHROMIUM, CHROMIUM_ARGS, DIST, HERE, LONG_TASKS, REQUIRED, ROOT, WEB, serve, write_native_data  # noqa: E402

BOOT_TIMEOUT_MS = 120_000


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


@pytest.fixture(scope="session")
def server(built):
    """web/serve.py serving the page on 127.0.0.1 and a free port; its URL."""
    with serve(WEB) as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def page_session(browser, server):
    """One booted page (Pyodide takes seconds), shared by the page checks, with every request logged and its
    main-thread long tasks recorded (window.__longTasks)."""
    context = browser.new_context(viewport={"width": 1100, "height": 1400})
    context.add_init_script(LONG_TASKS)
    page = context.new_page()
    requests, console_errors = [], []
    page.on("request", lambda request: requests.append(request.url))
    page.on("console", lambda message: message.type == "error" and console_errors.append(message.text))
    page.on("pageerror", lambda error: console_errors.append(str(error)))
    # Waiting on the page's console line, not wait_for_function: that would evaluate Playwright's helper
    # script and poll on the page's thread, which is what the boot's long tasks are measured on.
    with page.expect_console_message(lambda m: m.text.startswith("pokerhash: first Python result"),
                                     timeout=BOOT_TIMEOUT_MS):
        page.goto(server, wait_until="domcontentloaded")
    yield page, requests, console_errors
    context.close()


@pytest.fixture(scope="session")
def phone(browser, server):
    """The page at phone width (375 px, touch), once its JS engine has answered."""
    context = browser.new_context(viewport={"width": 375, "height": 812}, device_scale_factor=2, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    page.goto(server)
    page.wait_for_function("window.pokerhashPage && window.pokerhashPage.equityRuns > 0 && "
                           "window.pokerhashPage.histograms > 0", timeout=60_000)
    yield page
    context.close()
