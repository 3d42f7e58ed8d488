"""The browser-side figures: node (pokerhash wasm vs phe and poker-evaluator, and exact equity AcAd vs KsKh
beside the native extension's), then the page in headless Chromium: boot -> first Python evaluation, its
benchmark (JS -> WASM and Python-in-Pyodide -> WASM) and its equity panel's AcAd vs KsKh run.

    .venv/bin/python bench/bench_wasm.py      (after web/build.sh)
"""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def page_figures() -> None:
    from playwright.sync_api import sync_playwright

    server = subprocess.Popen([sys.executable, str(ROOT / "web" / "serve.py"), "--port", "0", "--quiet"],
                              stdout=subprocess.PIPE, text=True)
    try:
        url = server.stdout.readline().split()[-1]
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.goto(url)
            page.wait_for_function("window.pokerhashPage && window.pokerhashPage.firstPythonEvalMs !== null",
                                   timeout=120_000)
            metrics = page.evaluate("window.pokerhashPage")
            page.click("#bench-run")
            page.wait_for_function("document.querySelector('#bench-note').textContent.length > 0", timeout=120_000)
            print(f"page (Chromium): JS library ready {metrics['jsReadyMs']} ms; "
                  f"boot -> first Python evaluation {metrics['firstPythonEvalMs']} ms")
            print(f"page benchmark, 1M random 7-card hands: JS -> WASM {page.text_content('#bench-js')}, "
                  f"Python (Pyodide) -> WASM {page.text_content('#bench-py')}; {page.text_content('#bench-note')}")
            page.wait_for_function("window.pokerhashPage.equityRuns >= 2", timeout=60_000)  # JS, then Python
            runs = page.evaluate("window.pokerhashPage.equityRuns")
            page.click("#eq-run")  # AcAd vs KsKh exact, the panel's start: once more, warm
            page.wait_for_function("n => window.pokerhashPage.equityRuns > n", arg=runs, timeout=60_000)
            print(f"page equity panel, AcAd vs KsKh: {page.text_content('#eq-summary')}")
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)


def native_equity_ms(rounds: int = 50) -> float:
    """Best time of the native extension's exact AcAd vs KsKh on one thread: the figure wasm is set beside."""
    import time

    import pokerhash

    best = float("inf")
    for _ in range(rounds + 1):
        start = time.perf_counter()
        pokerhash.equity(["AcAd", "KsKh"], exact=True, threads=1)
        best = min(best, time.perf_counter() - start)
    return 1000 * best


def native_batch_rate(hands: int = 2_000_000, rounds: int = 5) -> float:
    """Best evals/s of the native batch (one thread) over random 7-card rows: the figure wasm is set beside."""
    import time

    import numpy as np

    import pokerhash

    rng = np.random.default_rng(7)
    rows = np.argsort(rng.random((hands, 52)), axis=1)[:, :7].astype(np.uint8)  # 7 distinct cards a row
    out = np.empty(hands, np.uint16)
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        pokerhash._core.evaluate_batch_into(rows, 7, out)  # one thread, as the wasm batch
        best = min(best, time.perf_counter() - start)
    return hands / best


if __name__ == "__main__":
    subprocess.run(["node", str(ROOT / "bench" / "bench_wasm.mjs"), f"--native-ms={native_equity_ms():.4f}",
                    f"--native-batch={native_batch_rate():.0f}"], check=True)
    page_figures()
