"""What the page moves on a first visit (an empty cache): web/serve.py answers with the build's precompressed
copies (brotli where the browser accepts it, else gzip; web/precompress.mjs writes them), so the whole page,
Pyodide included, crosses the wire in at most 6 MB, every large file compressed. Times are printed here and
benchmarked by bench/bench_page.py."""

from webtools import load_page

PAGE_BYTES_BUDGET = 6_000_000
LARGE = 20_000  # bytes on the wire: a file this large must have come compressed


def test_the_page_moves_at_most_6_mb_with_its_large_files_compressed(browser, server):
    load = load_page(browser, server)
    largest = sorted(load["requests"], key=lambda r: -r["bytes"])
    print(f"\npage first load: {load['bytes']:,} bytes in {len(load['requests'])} requests; JS first answer "
          f"{load['jsReadyMs']} ms, Python ready {load['pythonReadyMs']} ms; largest: "
          + ", ".join(f"{r['url'].rsplit('/', 1)[-1]} {r['bytes']:,} ({r['encoding'] or 'identity'})" for r in largest[:5]))
    assert load["bytes"] <= PAGE_BYTES_BUDGET, largest[:8]
    uncompressed = [r for r in load["requests"] if r["bytes"] > LARGE and r["encoding"] not in ("br", "gzip")]
    assert not uncompressed, uncompressed
