"""Serves the pokerhash page (web/) on 127.0.0.1 with the MIME types it needs.

    python3 web/serve.py [--port 8000] [--dir web]

Pyodide hangs without a word if .wasm is not application/wasm, and browsers refuse ES modules (.mjs)
not served as JavaScript, so both are set here rather than trusted to the system's mime.types. The page is
served cross-origin isolated (COOP/COEP): that gives its workers SharedArrayBuffer, through which the
Cancel button interrupts Python running in the Pyodide worker.

It is a development server for one person's browser (docs/security.md), not a web server: loopback only, and
only what the page loads. From web/ that is index.html and the files under app/, dist/ and pyodide/ (never
the build scripts, the sources or node_modules); from another --dir (a user's project in the tests), any file
below it. Files only, of the types above; no directory listings, no dot-files, no "..", and a symbolic link
only where its target is itself a file the server would serve (inside the root, not a dot-file, allowed):
anything else is 404, as for a file that is not there. A connection is dropped when a whole request head (the
request line and the headers) has not arrived TIMEOUT seconds after the server began waiting for it, however
the bytes trickle in, and at most MAX_CONNECTIONS are served at once (more wait to be accepted), so idle or
slow clients cannot pile up threads nor hold every slot for longer than TIMEOUT. A URL that does not decode
(bad percent-escapes, a NUL) gets 400. A client that goes away mid-answer is not an error: no traceback.

A file with a precompressed copy beside it (FILE.br, FILE.gz: web/build.sh writes them for the large assets)
is answered with that copy and its Content-Encoding when the request's Accept-Encoding takes it (brotli first),
with Vary: Accept-Encoding; the copies are never served under their own names.
"""

from __future__ import annotations

import argparse
import io
import os
import re
import shutil
import socket
import sys
import threading
import time
import urllib.parse
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Optional, Tuple

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
WEB = Path(__file__).resolve().parent
PAGE_ASSETS = ("index.html", "app/", "dist/", "pyodide/")  # what web/index.html loads, and nothing else
# The build's precompressed copies beside large files (web/precompress.mjs), best first: production servers
# send such files with Content-Encoding, and the page then moves a third of the bytes.
PRECOMPRESSED = (("br", ".br"), ("gzip", ".gz"))
TIMEOUT = 10.0  # seconds a connection has to send each request head, from when the server waits for it
MAX_CONNECTIONS = 32  # a browser opens about six per host
BAD_ESCAPE = re.compile(r"%(?![0-9A-Fa-f]{2})")  # "%", "%zz": unquote() would keep them as they are


class HeadReader(io.RawIOBase):
    """The connection's input, each read limited to what is left until `deadline`: the socket's own timeout
    bounds the wait for each byte only, which a client sending one byte a second never reaches."""

    def __init__(self, connection: socket.socket, timeout: float):
        self.connection, self.timeout, self.deadline = connection, timeout, time.monotonic() + timeout

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise socket.timeout("the request head did not arrive in time")  # TimeoutError since 3.10
        self.connection.settimeout(min(left, self.timeout))
        try:
            return self.connection.recv_into(buffer)
        finally:
            self.connection.settimeout(self.timeout)  # writes keep the plain timeout


class Handler(BaseHTTPRequestHandler):
    server: "PageServer"
    server_version = "pokerhash-serve"

    def setup(self) -> None:
        self.timeout = self.server.connection_timeout  # read by StreamRequestHandler.setup: the socket's timeout
        super().setup()
        self.rfile.close()  # the socket's own file: left open, it would keep the socket from closing
        self.head = HeadReader(self.connection, self.server.connection_timeout)
        self.rfile = io.BufferedReader(self.head)

    def handle_one_request(self) -> None:
        self.head.deadline = time.monotonic() + self.server.connection_timeout
        super().handle_one_request()

    def do_GET(self) -> None:
        self.send_file(with_body=True)

    def do_HEAD(self) -> None:
        self.send_file(with_body=False)

    def end_headers(self) -> None:
        # A rebuilt wasm must never be mixed with a cached glue file.
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:
        if self.server.verbose:
            super().log_message(format, *args)

    def send_file(self, with_body: bool) -> None:
        status, file = self.resolve()
        if file is None:
            self.send_error(status)
            return
        body, encoding = self.precompressed(file)
        try:
            stream = body.open("rb")
        except OSError:
            self.send_error(HTTPStatus.NOT_FOUND)
            return
        with stream:
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", MIME_TYPES[file.suffix])
            if encoding:
                self.send_header("Content-Encoding", encoding)
            self.send_header("Vary", "Accept-Encoding")  # caches must key the answer on what the client accepts
            self.send_header("Content-Length", str(os.fstat(stream.fileno()).st_size))
            self.end_headers()
            if with_body:
                shutil.copyfileobj(stream, self.wfile)

    def resolve(self) -> Tuple[int, Optional[Path]]:
        """(200, the file) for a URL the page may load, else (the error status, None)."""
        try:
            raw = urllib.parse.urlsplit(self.path).path
            path = urllib.parse.unquote(raw, errors="strict")
        except (ValueError, UnicodeDecodeError):  # "//[" (a bad host part), "%ff" (not UTF-8)
            return HTTPStatus.BAD_REQUEST, None
        if BAD_ESCAPE.search(raw):
            return HTTPStatus.BAD_REQUEST, None
        if not path.startswith("/") or any(c in path for c in "\x00\\") or any(ord(c) < 32 for c in path):
            return HTTPStatus.BAD_REQUEST, None
        if path.endswith("/"):
            path += "index.html"  # the page itself; other directories are never listed
        parts = path.split("/")[1:]
        if not self.servable(parts):
            return HTTPStatus.NOT_FOUND, None
        root = self.server.root
        file = root.joinpath(*parts)
        if not file.is_file():
            return HTTPStatus.NOT_FOUND, None
        target = file.resolve()  # a symbolic link serves only what its target's own URL would
        if not target.is_relative_to(root) or not self.servable(target.relative_to(root).parts):
            return HTTPStatus.NOT_FOUND, None
        return HTTPStatus.OK, target

    def precompressed(self, file: Path) -> Tuple[Path, Optional[str]]:
        """(the body to send, its Content-Encoding or None): the build's FILE.br or FILE.gz beside the file,
        when the client's Accept-Encoding takes that coding, the copy is a plain file inside the root and it
        is not older than the file (a stale copy would serve the previous build); else the file itself."""
        accepted = accepted_encodings(self.headers.get("Accept-Encoding", ""))
        for encoding, suffix in PRECOMPRESSED:
            if encoding not in accepted:
                continue
            copy = file.with_name(file.name + suffix)
            try:
                if (copy.is_file() and copy.resolve().is_relative_to(self.server.root)
                        and copy.stat().st_mtime >= file.stat().st_mtime):
                    return copy, encoding
            except OSError:
                continue
        return file, None

    def servable(self, parts) -> bool:
        """Whether the file at these path parts below the root is one the page may load."""
        if not parts or any(not part or part.startswith(".") for part in parts):  # "..", ".git", "a//b"
            return False
        relative = "/".join(parts)
        allowed = self.server.allowed
        if allowed is not None and not any(relative == a or (a.endswith("/") and relative.startswith(a))
                                           for a in allowed):
            return False
        return Path(parts[-1]).suffix in MIME_TYPES


def accepted_encodings(header: str) -> set:
    """The content codings an Accept-Encoding header allows ("gzip, br;q=0.5" -> {"gzip", "br"}): those
    named with a q above 0, and through "*" any coding it does not refuse by name."""
    allowed, refused, anything = set(), set(), False
    for item in header.split(","):
        name, _, params = item.strip().partition(";")
        name = name.strip().lower()
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if name == "*":
            anything = quality > 0
        elif name:
            (allowed if quality > 0 else refused).add(name)
    if anything:
        allowed |= {encoding for encoding, _ in PRECOMPRESSED} - refused
    return allowed


class PageServer(ThreadingHTTPServer):
    """A thread per connection, at most `max_connections` at once: a full server stops accepting (the
    operating system queues the rest) until a connection ends, by its client or by the timeout."""

    daemon_threads = True

    def __init__(self, port: int, root: Path, allowed=PAGE_ASSETS, timeout: float = TIMEOUT,
                 max_connections: int = MAX_CONNECTIONS, verbose: bool = False):
        self.root, self.allowed, self.connection_timeout, self.verbose = Path(root).resolve(), allowed, timeout, verbose
        self.slots = threading.BoundedSemaphore(max_connections)
        super().__init__(("127.0.0.1", port), Handler)

    def process_request(self, request, client_address) -> None:
        self.slots.acquire()
        try:
            super().process_request(request, client_address)
        except BaseException:
            self.slots.release()
            raise

    def process_request_thread(self, request, client_address) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()

    def handle_error(self, request, client_address) -> None:
        """A client that hung up or stopped reading mid-answer is the client's business: a line in the log,
        not a traceback on stderr. Anything else is a bug here and keeps its traceback."""
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError, socket.timeout)):
            if self.verbose:
                print(f"{client_address[0]}:{client_address[1]} went away: {sys.exc_info()[1]!r}", file=sys.stderr)
            return
        super().handle_error(request, client_address)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8000, help="0 picks a free port (printed)")
    parser.add_argument("--dir", default=str(WEB), help="directory to serve")
    parser.add_argument("--quiet", action="store_true", help="do not log requests")
    args = parser.parse_args()
    root = Path(args.dir).resolve()
    with PageServer(args.port, root, allowed=PAGE_ASSETS if root == WEB else None, verbose=not args.quiet) as server:
        print(f"serving {root} on http://127.0.0.1:{server.server_address[1]}/", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
