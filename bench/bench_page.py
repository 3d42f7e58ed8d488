"""The page's first load in headless Chromium (web/serve.py on 127.0.0.1, an empty cache each run): the bytes it
moves, how many requests and which of them came compressed, when the JS engine first answers and when Python is
ready (the page's own metrics: milliseconds from navigation). Needs `bash web/build.sh` (it writes the .br/.gz
copies serve.py sends) and Playwright with Debian's chromium (/usr/bin/chromium).

    python3 bench/bench_page.py [RUNS=3] [--json] [--web=DIR]

--web serves another checkout's built web/ (e.g. main's, for a before/after), with this serve.py.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))

from webtools import CHROMIUM, CHROMIUM_ARGS, WEB, load_page, serve  # noqa: E402


def main() -> None:
    from playwright.sync_api import sync_playwright

    runs = int(next((a for a in sys.argv[1:] if a.isdigit()), "3"))
    web = Path(next((a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--web=")), WEB))
    loads = []
    with serve(web) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            loads = [load_page(browser, url) for _ in range(runs)]
        finally:
            browser.close()
    if "--json" in sys.argv:
        print(json.dumps(loads, indent=1))
        return
    last = loads[-1]
    print(f"page first load, {runs} runs (empty cache each): {len(last['requests'])} requests, "
          f"{last['bytes'] / 1e6:.2f} MB on the wire")
    for load in loads:
        print(f"  JS first answer {load['jsReadyMs']:>6} ms   Python ready {load['pythonReadyMs']:>6} ms   "
              f"{load['bytes']:,} bytes")
    print("largest transfers:")
    for request in sorted(last["requests"], key=lambda r: -r["bytes"])[:8]:
        print(f"  {request['bytes']:>10,}  {request['encoding'] or 'identity':8}  {request['url'].split('/', 3)[-1]}")


if __name__ == "__main__":
    main()
