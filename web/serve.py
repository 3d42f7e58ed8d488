"""Serves the pokerhash page (web/) on 127.0.0.1 with the MIME types it needs.

    python3 web/serve.py [--port 8000] [--dir web]

Pyodide hangs without a word if .wasm is not application/wasm, and browsers refuse ES modules (.mjs)
not served as JavaScript, so both are set here rather than trusted to the system's mime.types. The page is
served cross-origin isolated (COOP/COEP): that gives its workers SharedArrayBuffer, through which the
Cancel button interrupts Python running in the Pyodide worker.
"""

from __future__ import annotations

import argparse
import functools
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".css": "text/css",
    ".html": "text/html",
    ".json": "application/json",
    ".zip": "application/zip",
    ".so": "application/octet-stream",
    ".py": "text/plain; charset=utf-8",
    ".pyi": "text/plain; charset=utf-8",
    ".ts": "text/plain; charset=utf-8",
    ".mts": "text/plain; charset=utf-8",
    ".whl": "application/zip",
}


class Handler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def end_headers(self) -> None:
        # A rebuilt wasm must never be mixed with a cached glue file.
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:
        if self.server.verbose:
            super().log_message(format, *args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8000, help="0 picks a free port (printed)")
    parser.add_argument("--dir", default=str(Path(__file__).resolve().parent), help="directory to serve")
    parser.add_argument("--quiet", action="store_true", help="do not log requests")
    args = parser.parse_args()
    handler = functools.partial(Handler, directory=args.dir)
    with ThreadingHTTPServer(("127.0.0.1", args.port), handler) as server:
        server.verbose = not args.quiet
        print(f"serving {args.dir} on http://127.0.0.1:{server.server_address[1]}/", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
