"""The page end to end in headless Chromium: boots offline, evaluates typed and picked hands with the
native values, computes equity (exact and seeded Monte Carlo) as native does, reports bad input, runs the
benchmark, and never leaves 127.0.0.1."""

from __future__ import annotations

import subprocess
import sys
from urllib.parse import urlparse

import pytest

from webtools import ROOT, WEB

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SCREENSHOTS = ROOT / "build" / "web-screenshots"  # build/ is gitignored; kept for a human look
BOOT_TIMEOUT_MS = 120_000


@pytest.fixture(scope="module")
def server(built):
    process = subprocess.Popen([sys.executable, str(WEB / "serve.py"), "--port", "0", "--quiet"],
                               stdout=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline()
        assert "http://127.0.0.1:" in line, f"serve.py did not start: {line!r}"
        yield line.split()[-1]
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def page_session(browser, server):
    """One booted page (Pyodide takes seconds), shared by the checks below, with every request logged."""
    context = browser.new_context(viewport={"width": 1100, "height": 1400})
    page = context.new_page()
    requests, console_errors = [], []
    page.on("request", lambda request: requests.append(request.url))
    page.on("console", lambda message: message.type == "error" and console_errors.append(message.text))
    page.on("pageerror", lambda error: console_errors.append(str(error)))
    page.goto(server, wait_until="domcontentloaded")
    page.wait_for_function("window.pokerhashPage && window.pokerhashPage.firstPythonEvalMs !== null",
                           timeout=BOOT_TIMEOUT_MS)
    yield page, requests, console_errors
    context.close()


def evaluate_text(page, text: str) -> None:
    page.fill("#hand-input", text)
    page.click("#hand-form button[type=submit]")


def test_boots_with_python_and_reports_boot_time(page_session):
    page, _, console_errors = page_session
    metrics = page.evaluate("window.pokerhashPage")
    print(f"\npage: JS ready {metrics['jsReadyMs']} ms, Python ready {metrics['pythonReadyMs']} ms, "
          f"boot -> first Python evaluation {metrics['firstPythonEvalMs']} ms")
    assert metrics["errors"] == []
    assert "ready" in page.text_content("#py-status")
    assert "Python pokerhash" in page.text_content("#engine-note")
    assert not console_errors, console_errors


def test_typed_hands_give_native_values(page_session):
    import pokerhash

    page, _, _ = page_session
    for text in ["As Ks Qs Js Ts", "9c 9d 9h 4s 4c 2d 3h", "7c 5d 4h 3s 2c", "Ah Kh 2c 3d 4s 5h 9c 9s",
                 "2c 2d 2h 2s 3c 3d 3h 3s Kd"]:
        evaluate_text(page, text)
        page.wait_for_function("t => document.querySelector('#hand-code').textContent.includes(t)", arg=text)
        value = pokerhash.evaluate(text)
        assert page.text_content("#value") == str(value), text
        assert page.text_content("#description") == pokerhash.describe(value)
        assert page.text_content("#category") == str(pokerhash.category(value))
        best = [str(c) for c in pokerhash.best_five(text)]
        highlighted = page.eval_on_selector_all(".pcard.best", "els => els.map(e => e.getAttribute('aria-label'))")
        assert sorted(highlighted) == sorted(best), text
        assert page.is_hidden("#hand-error")


def test_picked_hand_gives_native_value(page_session):
    import pokerhash

    page, _, _ = page_session
    page.click("#clear-hand")
    picked = ["Qd", "Qh", "8c", "8s", "3h", "Qs", "Tc"]
    for name in picked:
        page.click(f".pcard[aria-label='{name}']")
    assert page.input_value("#hand-input") == " ".join(picked)
    value = pokerhash.evaluate(picked)
    assert page.text_content("#value") == str(value)
    assert page.text_content("#description") == pokerhash.describe(value) == "Queens Full over Eights"
    assert page.locator(".pcard[aria-pressed=true]").count() == 7
    assert page.locator(".pcard.best").count() == 5
    page.click(".pcard[aria-label='Tc']")  # unpicking works too
    assert page.input_value("#hand-input") == " ".join(picked[:-1])


@pytest.mark.parametrize("text, message", [
    ("As Ks Qs Js", "a hand needs 5 to 9 cards, got 4"),
    ("As Ks Qs Js Xx", "unknown card 'Xx'"),
    ("As Ks Qs Js As", "duplicate card As"),
    ("As Ks Qs Js Ts 9s 8s 7s 6s 5s", "a hand needs 5 to 9 cards, got 10"),
])
def test_bad_hand_shows_the_error(page_session, text, message):
    page, _, _ = page_session
    evaluate_text(page, text)
    assert page.is_visible("#hand-error")
    assert page.text_content("#hand-error") == message
    assert page.get_attribute("#hand-input", "aria-invalid") == "true"


def run_equity(page, players, board="", dead="", mode="exact", samples="", seed="") -> None:
    """Sets the equity panel to `players` (adding or removing rows), runs it and waits for that run."""
    while page.locator(".eq-player").count() > len(players):
        page.locator(".eq-player .remove").last.click()
    while page.locator(".eq-player").count() < len(players):
        page.click("#eq-add")
    for i, text in enumerate(players):
        page.fill(f"#eq-p{i + 1}", text)
    page.fill("#eq-board", board)
    page.fill("#eq-dead", dead)
    page.select_option("#eq-mode", mode)
    if mode == "mc":
        page.fill("#eq-samples", samples)
        page.fill("#eq-seed", seed)
    runs = page.evaluate("window.pokerhashPage.equityRuns")
    page.click("#eq-run")
    page.wait_for_function("n => window.pokerhashPage.equityRuns > n", arg=runs, timeout=60_000)


def equity_table(page) -> list:
    return page.eval_on_selector_all("#eq-table tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))")


def test_equity_panel_exact_aces_vs_kings(page_session):
    import pokerhash

    page, _, _ = page_session
    run_equity(page, ["AcAd", "KsKh"])
    native = pokerhash.equity(["AcAd", "KsKh"], exact=True)
    assert native.win == (1_388_072, 317_694) and native.tie == (6_538, 6_538) and native.deals == 1_712_304
    assert page.is_hidden("#eq-error")
    assert equity_table(page) == [
        ["1", "AcAd", f"{100 * native.equity[0]:.3f}%", "1,388,072", "6,538", "317,694"],
        ["2", "KsKh", f"{100 * native.equity[1]:.3f}%", "317,694", "6,538", "1,388,072"],
    ]
    summary = page.text_content("#eq-summary")
    print(f"\npage equity: {summary}")
    assert summary.startswith("exact: 1,712,304 boards in ") and "Pyodide" in summary
    assert 'ph.equity(["AcAd", "KsKh"], board="", dead="",' in page.text_content("#eq-code")


def test_equity_panel_ranges_and_seeded_monte_carlo(page_session):
    import pokerhash

    page, _, _ = page_session
    players = ["AcAd", "KsKh", "QQ+, AKs"]
    run_equity(page, players, board="Ts 6d 2h", mode="mc", samples="200,000", seed="42")
    native = pokerhash.equity(players, board="Ts 6d 2h", exact=False, samples=200_000, seed=42)
    table = equity_table(page)
    assert [row[2] for row in table] == [f"{100 * e:.3f}%± {100 * s:.3f}%" for e, s in zip(native.equity, native.stderr)]
    assert [row[3:] for row in table] == [[f"{n:,}" for n in counts] for counts in zip(native.win, native.tie, native.lose)]
    assert page.text_content("#eq-summary").startswith("Monte Carlo: 200,000 samples, seed 42 in ")
    run_equity(page, ["AcAd", "KsKh"])  # leaves the panel as it started


def test_equity_panel_adds_and_removes_players(page_session):
    page, _, _ = page_session
    for _ in range(8):
        page.click("#eq-add")
    assert page.locator(".eq-player").count() == 10 and page.is_disabled("#eq-add")
    while page.locator(".eq-player").count() > 2:
        page.locator(".eq-player .remove").last.click()
    assert page.is_disabled(".eq-player .remove >> nth=0") and page.is_enabled("#eq-add")
    assert page.input_value("#eq-p2") == "KsKh"


@pytest.mark.parametrize("players, board, dead", [
    (["AcAd", "AcKh"], "", ""),
    (["AcAd", "QQ+, AX"], "", ""),
    (["AcAd", "KsKh"], "2c 3c", ""),
    (["AcAd", "KsKh"], "", "Kh"),
])
def test_equity_panel_bad_input_shows_the_error(page_session, players, board, dead):
    import pokerhash

    page, _, _ = page_session
    with pytest.raises(ValueError) as native:
        pokerhash.equity(players, board=board, dead=dead)
    run_equity(page, players, board=board, dead=dead)
    assert page.is_visible("#eq-error")
    assert page.text_content("#eq-error") == str(native.value)
    assert "stale" in page.get_attribute("#eq-result", "class")
    invalid = page.eval_on_selector_all(".eq-player input", "els => els.map(e => e.getAttribute('aria-invalid'))")
    assert invalid[1] == ("true" if "player 2" in str(native.value) else "false")
    run_equity(page, ["AcAd", "KsKh"])
    assert page.is_hidden("#eq-error")


def test_rank_and_unrank_panel(page_session):
    import pokerhash

    page, _, _ = page_session
    page.select_option("#order", "lex")
    page.fill("#rank-input", "2c 3c 4c 5c 6c 7c 8c")
    page.click("#rank-form button")
    want = pokerhash.rank_combination(pokerhash.parse_cards("2c 3c 4c 5c 6c 7c 8c"), 52, "lex")
    assert page.text_content("#rank-output").replace(",", "") == str(want)
    page.fill("#unrank-input", "133784559")
    page.click("#unrank-form button")
    names = page.eval_on_selector_all("#unrank-output .mini", "els => els.map(e => e.title)")
    assert names == [str(pokerhash.Card(c)) for c in pokerhash.unrank_combination(133784559, 7, 52, "lex")]
    page.fill("#unrank-input", "133784560")
    page.click("#unrank-form button")
    assert page.text_content("#comb-error") == "index 133784560 outside 0..C(52,7)-1 = 0..133784559"
    page.select_option("#order", "colex")


def test_benchmark_runs_and_shows_rates(page_session):
    page, _, _ = page_session
    page.click("#bench-run")
    page.wait_for_function("document.querySelector('#bench-note').textContent.length > 0", timeout=120_000)
    js_rate, py_rate = page.text_content("#bench-js"), page.text_content("#bench-py")
    print(f"\npage benchmark: JS -> WASM {js_rate}, Python -> WASM {py_rate}")
    assert js_rate.endswith("M/s") and float(js_rate.split()[0]) > 1
    assert py_rate.endswith("M/s") and float(py_rate.split()[0]) > 1
    assert "agree" in page.text_content("#bench-note")


def test_screenshots_and_phone_width(page_session, browser, server):
    page, _, _ = page_session
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    evaluate_text(page, "9c 9d 9h 4s 4c 2d 3h")
    page.screenshot(path=str(SCREENSHOTS / "desktop.png"), full_page=True)
    page.locator("#equity-panel").screenshot(path=str(SCREENSHOTS / "desktop-equity.png"))
    phone = browser.new_context(viewport={"width": 375, "height": 812}, device_scale_factor=2, is_mobile=True)
    try:
        mobile = phone.new_page()
        mobile.goto(server)
        mobile.wait_for_function("window.pokerhashPage && window.pokerhashPage.equityRuns > 0", timeout=60_000)
        width = mobile.evaluate("document.documentElement.scrollWidth")
        assert width <= 375, f"the page scrolls sideways at phone width: {width}px"
        mobile.screenshot(path=str(SCREENSHOTS / "phone.png"), full_page=True)
        mobile.locator("#equity-panel").screenshot(path=str(SCREENSHOTS / "phone-equity.png"))
    finally:
        phone.close()


def test_every_request_stayed_on_localhost(page_session):
    _, requests, _ = page_session
    assert requests
    hosts = {urlparse(url).hostname for url in requests if not url.startswith(("data:", "blob:"))}
    assert hosts == {"127.0.0.1"}, hosts
