"""web/serve.py (issue 13, item 10; issue 27, F9 and F10): a real server on 127.0.0.1 and a free port serves the
page's assets and nothing else, lists no directory, follows no link out of its directory, answers a malformed URL
with 400, drops idle and slow connections, and prints no traceback for a client that hangs up."""

import http.client
import importlib.util
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from conftest import IN_PYODIDE, REPO_ROOT

pytestmark = pytest.mark.skipif(IN_PYODIDE, reason="no sockets in Pyodide")
WEB = Path(REPO_ROOT) / "web"


def load_serve():
    spec = importlib.util.spec_from_file_location("pokerhash_serve", WEB / "serve.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


serve = load_serve() if not IN_PYODIDE else None


def running(servers, root=WEB, **options):
    server = serve.PageServer(0, root, **options)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
    servers.append(server)
    return server.server_address[1]


def stop(servers):
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def page():
    """The port of one PageServer serving web/ for the whole module."""
    servers = []
    yield running(servers)
    stop(servers)


@pytest.fixture
def start():
    """start(root, **options) -> port of a PageServer running in a thread; stopped after the test."""
    servers = []
    yield lambda *args, **options: running(servers, *args, **options)
    stop(servers)


def get(port, path, method="GET"):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.putrequest(method, path, skip_accept_encoding=True)
        connection.endheaders()
        response = connection.getresponse()
        return response.status, response.getheader("Content-Type"), response.read()
    finally:
        connection.close()


def raw_request(port, request: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as client:
        client.sendall(request)
        answer = b""
        while chunk := client.recv(65536):
            answer += chunk
    return answer


def test_the_page_and_its_assets_are_served(page):
    port = page
    status, kind, body = get(port, "/")
    assert status == 200 and kind == "text/html" and b"app/main.mjs" in body
    assert get(port, "/index.html")[:2] == (200, "text/html")
    assert get(port, "/app/main.mjs")[:2] == (200, "text/javascript")
    assert get(port, "/app/style.css")[:2] == (200, "text/css")
    status, kind, body = get(port, "/app/main.mjs", method="HEAD")
    assert (status, kind, body) == (200, "text/javascript", b"")


def test_the_page_is_cross_origin_isolated(page):
    port = page
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", "/")
    response = connection.getresponse()
    response.read()
    connection.close()
    assert response.getheader("Cross-Origin-Opener-Policy") == "same-origin"
    assert response.getheader("Cross-Origin-Embedder-Policy") == "require-corp"


@pytest.mark.parametrize("path", [
    "/build.sh", "/serve.py", "/need_apt.sh", "/package.json", "/package-lock.json", "/exports.txt",
    "/src/pokerhash.mjs", "/tools/measure_wasm_factor.py", "/node_modules/", "/node_modules/.package-lock.json",
    "/app/", "/dist/", "/pyodide/", "/README.md", "/../build.sh", "/app/../build.sh", "/%2e%2e/build.sh",
    "/.gitignore", "/app//main.mjs",
])
def test_nothing_but_the_page_assets(page, path):
    """Build scripts, sources, node_modules and directory listings are not the page's: 404."""
    status, _, body = get(page, path)
    assert status == 404, (path, body[:200])
    assert b"Directory listing" not in body


def test_another_directory_serves_its_files_but_lists_nothing(start, tmp_path):
    """--dir (a user's project in the web tests): any file of a served type below it; still no listing."""
    (tmp_path / "index.html").write_text("<p>user page</p>")
    (tmp_path / "node_modules" / "pokerhash" / "dist").mkdir(parents=True)
    (tmp_path / "node_modules" / "pokerhash" / "dist" / "core.wasm").write_bytes(b"\0asm")
    (tmp_path / "secret.txt").write_text("not a page type")
    port = start(tmp_path, allowed=None)
    assert get(port, "/")[:2] == (200, "text/html")
    assert get(port, "/node_modules/pokerhash/dist/core.wasm") == (200, "application/wasm", b"\0asm")
    assert get(port, "/node_modules/pokerhash/")[0] == 404
    assert get(port, "/secret.txt")[0] == 404


@pytest.mark.parametrize("target", [b"/%00", b"/app/main.mjs%00.html", b"/\x00", b"/%ff%fe", b"/%e2%82",
                                    b"/app\\main.mjs", b"/%0a", b"/%", b"/%zz", b"/app/main.mjs%2", b"/%g0/x.html"])
def test_a_malformed_url_gets_400(page, target):
    """A NUL or an undecodable URL used to drop the connection without an answer; a bad percent-escape ("%",
    "%zz"), which unquote() keeps as it is, used to get 404."""
    answer = raw_request(page, b"GET " + target + b" HTTP/1.1\r\nHost: x\r\n\r\n")
    assert answer.startswith(b"HTTP/1.0 400") or answer.startswith(b"HTTP/1.1 400"), answer[:100]


def test_an_idle_connection_is_dropped(start):
    """A client that connects and says nothing is disconnected after the timeout, not held forever."""
    port = start(timeout=0.5)
    with socket.create_connection(("127.0.0.1", port), timeout=30) as idle:
        assert idle.recv(1) == b""  # the server closed it (the 30 s client timeout would raise instead)


def test_idle_clients_cannot_starve_the_page(start):
    """With every connection slot held by idle clients, a real request is served once their timeout ends
    them (queued by the operating system meanwhile), instead of a thread per idle client forever."""
    port = start(timeout=0.5, max_connections=2)
    idle = [socket.create_connection(("127.0.0.1", port), timeout=30) for _ in range(4)]
    try:
        assert get(port, "/")[0] == 200
        assert threading.active_count() < 20
    finally:
        for client in idle:
            client.close()


def test_a_symbolic_link_serves_only_what_its_target_would(start, tmp_path):
    """With --dir, `leak.json -> /etc/passwd` was served: a link out of the directory, to a dot-file or to a type
    not served is 404 (as for a file that is not there, which tells nothing of what lies outside); links within
    the directory to files it serves still work."""
    root = tmp_path / "project"
    (root / "vendor" / "pkg").mkdir(parents=True)
    (root / "page.html").write_text("<p>page</p>")
    (root / "vendor" / "pkg" / "core.wasm").write_bytes(b"\0asm")
    (root / ".private.json").write_text('{"private": 1}')
    (root / "notes.txt").write_text("not a page type")
    (tmp_path / "secret.json").write_text('{"secret": 1}')
    (root / "leak.json").symlink_to(tmp_path / "secret.json")
    (root / "relative_leak.json").symlink_to("../secret.json")
    (root / "outside").symlink_to(tmp_path)
    (root / "dot.json").symlink_to(".private.json")
    (root / "notes.json").symlink_to("notes.txt")
    (root / "alias.html").symlink_to("page.html")
    (root / "pkg").symlink_to("vendor/pkg")
    port = start(root, allowed=None)
    for path in ("/leak.json", "/relative_leak.json", "/outside/secret.json", "/dot.json", "/notes.json"):
        status, _, body = get(port, path)
        assert status == 404 and b"secret" not in body and b"private" not in body, (path, status, body[:200])
    assert get(port, "/alias.html") == (200, "text/html", b"<p>page</p>")
    assert get(port, "/pkg/core.wasm") == (200, "application/wasm", b"\0asm")


def test_clients_trickling_their_request_heads_cannot_hold_every_slot(start):
    """Clients sending a request head a byte at a time and never finishing it held every connection slot for as
    long as they liked (the socket's timeout bounds the wait for each byte, not for the head), so real requests
    starved. The whole head now has `timeout` seconds: they are dropped, and a real request is answered."""
    port = start(timeout=0.5, max_connections=2)
    stop = threading.Event()
    slow = [socket.create_connection(("127.0.0.1", port), timeout=30) for _ in range(4)]

    def trickle(client):  # at most 20 s: the test ends it long before, on the fixed server
        for byte in b"GET / HTTP/1.1\r\nX-Slow: " + b"a" * 400:
            if stop.wait(0.05):
                return
            try:
                client.sendall(bytes([byte]))
            except OSError:  # dropped by the server
                return

    trickles = [threading.Thread(target=trickle, args=(client,), daemon=True) for client in slow]
    for thread in trickles:
        thread.start()
    try:
        began = time.monotonic()
        assert get(port, "/")[0] == 200  # the old server: a timeout (get's 10 s) while the slow clients go on
        assert time.monotonic() - began < 10
        for client in slow:  # already closed by the server: end of stream, or a reset for bytes it did not read
            try:
                assert client.recv(1) == b""
            except ConnectionResetError:
                pass
    finally:
        stop.set()
        for thread in trickles:
            thread.join(timeout=30)
        for client in slow:
            client.close()


def test_a_client_hanging_up_mid_answer_leaves_no_traceback(tmp_path):
    """A client that closed its connection while a file was being sent printed a traceback (ConnectionResetError
    or BrokenPipeError) on the server's stderr, even with --quiet. Now it is silent."""
    tasks = Path("/proc/self/task")
    if not tasks.is_dir():
        pytest.skip("waits for the server's connection thread to end by counting its threads in /proc")
    (tmp_path / "big.json").write_bytes(bytes(32 << 20))  # far more than the loopback socket buffers hold
    server = subprocess.Popen([sys.executable, "-u", str(WEB / "serve.py"), "--port", "0", "--quiet",
                               "--dir", str(tmp_path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        assert "http://127.0.0.1:" in line, line
        port = int(line.strip().rstrip("/").rsplit(":", 1)[1])
        with socket.create_connection(("127.0.0.1", port), timeout=30) as client:
            client.sendall(b"GET /big.json HTTP/1.1\r\nHost: x\r\n\r\n")
            assert b" 200 " in client.recv(4096).split(b"\r\n")[0]
            client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # close with a reset
        threads = Path(f"/proc/{server.pid}/task")
        deadline = time.monotonic() + 30
        while len(list(threads.iterdir())) > 1:  # the connection's thread has written whatever it would write
            assert time.monotonic() < deadline, "the server's connection thread did not end"
            time.sleep(0.05)
    finally:
        server.send_signal(signal.SIGINT)
        _, errors = server.communicate(timeout=30)
    assert errors == "", errors


def get_encoded(port, path, accept):
    """(status, Content-Encoding, Vary, body) of GET path sent with Accept-Encoding `accept` (None: no header)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.putrequest("GET", path, skip_accept_encoding=True)
        if accept is not None:
            connection.putheader("Accept-Encoding", accept)
        connection.endheaders()
        response = connection.getresponse()
        return response.status, response.getheader("Content-Encoding"), response.getheader("Vary"), response.read()
    finally:
        connection.close()


def test_precompressed_copies_are_served_only_to_clients_that_accept_them(start, tmp_path):
    """A file with FILE.br and FILE.gz beside it: brotli where accepted, else gzip, else the file itself, with
    Content-Encoding and Vary; a copy older than its file (a stale build) is not used; copies have no URL."""
    import gzip
    import os

    plain = b"let x = 1;\n" * 500
    (tmp_path / "app.mjs").write_bytes(plain)
    (tmp_path / "app.mjs.gz").write_bytes(gzip.compress(plain))
    (tmp_path / "app.mjs.br").write_bytes(b"brotli bytes stand in here")
    port = start(tmp_path, allowed=None)
    status, encoding, vary, body = get_encoded(port, "/app.mjs", "gzip, deflate, br")
    assert (status, encoding, vary, body) == (200, "br", "Accept-Encoding", b"brotli bytes stand in here")
    status, encoding, vary, body = get_encoded(port, "/app.mjs", "gzip, br;q=0")
    assert (status, encoding, vary) == (200, "gzip", "Accept-Encoding") and gzip.decompress(body) == plain
    assert get_encoded(port, "/app.mjs", "*;q=1, br;q=0")[1] == "gzip"
    assert get_encoded(port, "/app.mjs", "identity")[1:] == (None, "Accept-Encoding", plain)
    assert get_encoded(port, "/app.mjs", None)[1:] == (None, "Accept-Encoding", plain)
    assert get_encoded(port, "/app.mjs.gz", "gzip")[0] == 404
    stale = (tmp_path / "app.mjs").stat().st_mtime - 10
    for copy in ("app.mjs.gz", "app.mjs.br"):
        os.utime(tmp_path / copy, (stale, stale))
    assert get_encoded(port, "/app.mjs", "gzip, br")[1:] == (None, "Accept-Encoding", plain)
