"""The JS library as an npm package (issue 11 item 4): `npm pack`, install the tarball into a fresh project
offline, import it from node and from a page in Chromium (the .wasm found next to the module, or where
`wasmUrl` says), and type-check a user file against the shipped .d.ts with the pinned TypeScript."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tarfile

import pytest

from webtools import HERE, ROOT, WEB, run_node, serve

EXPECTED_FILES = {
    "package.json", "README.md", "dist/pokerhash.mjs", "dist/common.mjs", "dist/equity.mjs", "dist/equity_job.mjs",
    "dist/games.mjs", "dist/ranges.mjs", "dist/analysis.mjs", "dist/uth.mjs", "dist/pokerhash_core.mjs",
    "dist/pokerhash_core.wasm", "dist/pokerhash.d.ts", "dist/pokerhash.d.mts", "dist/card_text.mjs",
    "dist/pokerhash_games.mjs", "dist/pokerhash_games.wasm", "dist/isomorphism.mjs",
}

USER_NODE = """
import { GAMES, PokerHash, PokerHashError } from 'pokerhash';
import meta from 'pokerhash/package.json' with { type: 'json' };
const ph = await PokerHash.load();
const r = ph.equity(['AcAd', 'KsKh']);
await ph.loadGames(); // pokerhash_games.wasm from the installed package
console.log(JSON.stringify({
    version: meta.version, core: ph.version, royal: ph.evaluate('As Ks Qs Js Ts'),
    win: r.players[0].win, range: ph.parseRange('QQ+').combos.length, comb: String(ph.comb(64, 32) + 1n),
    shortdeck: ph.gameEvaluate('As Ks Qs Js Ts 6c 7d', 'shortdeck'), games: GAMES.length,
    showdown: ph.showdown('Ks 7d 2c 3h 9s').wins.length,
    error: (() => { try { ph.evaluate('As As Ks Qs Js'); } catch (e) { return e instanceof PokerHashError && e.message; } })(),
}));
"""

PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>user page</title>
<script type="importmap">{"imports": {"pokerhash": "./node_modules/pokerhash/dist/pokerhash.mjs"}}</script>
<script type="module">
import { PokerHash } from 'pokerhash';
const byDefault = await PokerHash.load();
const elsewhere = await PokerHash.load({ wasmUrl: new URL('./static/core.wasm', location.href) });
await byDefault.loadGames(); // fetched next to the module, as the core is
window.result = { royal: byDefault.evaluate('As Ks Qs Js Ts'), kings: elsewhere.describe(elsewhere.evaluate('Kc Kd Kh 2s 2c')),
                  equity: byDefault.equity(['AcAd', 'KsKh']).players[0].win,
                  lowball: byDefault.gameDescribe(byDefault.gameEvaluate('8c 6d 4h 2s Ac Kd Kh', 'ace_five_8'), 'ace_five_8') };
</script></head><body><main><h1>user page</h1></main></body></html>
"""


def version() -> str:
    text = (ROOT / "pywasm" / "pokerhash" / "_version.py").read_text()
    return re.search(r'__version__ = "([^"]+)"', text)[1]


def test_package_json_version_is_the_python_version():
    package = json.loads((WEB / "package.json").read_text())
    assert package["name"] == "pokerhash" and not package.get("private")
    assert package["version"] == version(), "web/package.json must carry pywasm/pokerhash/_version.py's version"
    lock = json.loads((WEB / "package-lock.json").read_text())
    assert lock["version"] == lock["packages"][""]["version"] == version()
    assert package["exports"]["."]["types"] and package["exports"]["."]["default"].endswith(".mjs")


@pytest.fixture(scope="module")
def installed(built, node, tmp_path_factory):
    """A fresh project with the packed tarball installed (offline); its directory."""
    npm = shutil.which("npm")
    assert npm, "npm is not installed (apt-get install npm)"
    work = tmp_path_factory.mktemp("npm")
    packed = subprocess.run([npm, "pack", "--json", "--pack-destination", str(work)], cwd=WEB, capture_output=True,
                            text=True, timeout=120)
    assert packed.returncode == 0, packed.stderr
    info = json.loads(packed.stdout)[0]
    tarball = work / info["filename"]
    print(f"\nnpm pack: {info['filename']} {tarball.stat().st_size:,} bytes packed, {info['unpackedSize']:,} unpacked")
    with tarfile.open(tarball) as tar:
        names = {name.removeprefix("package/") for name in tar.getnames()}
    assert names == EXPECTED_FILES, f"unexpected package contents: {sorted(names ^ EXPECTED_FILES)}"
    app = work / "app"
    app.mkdir()
    (app / "package.json").write_text(json.dumps({"name": "user-app", "private": True, "type": "module"}))
    install = subprocess.run([npm, "install", str(tarball), "--offline", "--no-audit", "--no-fund", "--loglevel=error"],
                             cwd=app, capture_output=True, text=True, timeout=300)
    assert install.returncode == 0, install.stdout + install.stderr
    return app


def test_node_imports_the_installed_package(installed, node):
    (installed / "main.mjs").write_text(USER_NODE)
    report = json.loads(run_node(node, [installed / "main.mjs"], timeout=120).strip().splitlines()[-1])
    assert report == {"version": version(), "core": version(), "royal": 1, "win": 1_388_072, "range": 18,
                      "comb": "1832624140942590535", "shortdeck": 1, "games": 6, "showdown": 1081, "error": "duplicate card As"}


def test_user_typescript_checks_against_the_shipped_types(installed, node):
    """One tsc run over two user files against the installed package's .d.ts: tests/web/types_check.ts (every
    part of the API as users write it) compiles; a copy with one wrong type fails exactly there."""
    source = (HERE / "types_check.ts").read_text().replace("'../../web/dist/pokerhash.mjs'", "'pokerhash'")
    assert "from 'pokerhash'" in source
    (installed / "main.ts").write_text(source)
    (installed / "wrong.ts").write_text(source.replace("const total: bigint", "const total: number"))
    tsc = WEB / "node_modules" / "typescript" / "bin" / "tsc"
    done = subprocess.run([node, str(tsc), "--noEmit", "--strict", "--target", "es2022", "--module", "nodenext",
                           "--moduleResolution", "nodenext", "--lib", "es2022,dom", "main.ts", "wrong.ts"],
                          cwd=installed, capture_output=True, text=True, timeout=120)
    errors = [line for line in done.stdout.splitlines() if "error TS" in line]
    assert len(errors) == 1 and errors[0].startswith("wrong.ts(") and "bigint" in errors[0], done.stdout


def test_a_page_imports_the_installed_package(installed, browser):
    (installed / "index.html").write_text(PAGE)
    (installed / "static").mkdir()
    shutil.copy(installed / "node_modules" / "pokerhash" / "dist" / "pokerhash_core.wasm", installed / "static" / "core.wasm")
    with serve(installed) as url:
        context = browser.new_context()
        try:
            page = context.new_page()
            errors = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(url + "index.html")
            page.wait_for_function("window.result !== undefined", timeout=60_000)
            assert page.evaluate("window.result") == {
                "royal": 1, "kings": "Kings Full over Twos", "equity": 1_388_072, "lowball": "Eight Low: 8-6-4-2-A"}
            assert not errors, errors
        finally:
            context.close()
