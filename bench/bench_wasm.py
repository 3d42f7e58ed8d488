"""The browser-side figures: node (pokerhash wasm vs phe and poker-evaluator), then the page in headless
Chromium: boot -> first Python evaluation, and its benchmark (JS -> WASM and Python-in-Pyodide -> WASM).

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
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    subprocess.run(["node", str(ROOT / "bench" / "bench_wasm.mjs")], check=True)
    page_figures()
