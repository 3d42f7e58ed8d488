"""The other games in the browser builds: the JS API under node against the native package (values,
descriptions, Omaha, equity with a seed, error messages), and the page offering each game in Chromium."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest

from webtools import HERE, ROOT, WEB, run_node

SCREENSHOTS = ROOT / "build" / "web-screenshots"  # gitignored; for a human look

# (game, cards per hand): six cards take the wasm build's path without 6-card blocks, 8 and 9 drop to 7
GAME_HANDS = [("shortdeck", 6), ("shortdeck", 9), ("shortdeck_triton", 7), ("ace_five", 6), ("ace_five", 7),
              ("ace_five_8", 8), ("deuce_seven", 6), ("deuce_seven", 9)]
EQUITY = [
    {"players": ["AhAd2c3d", "KsKhQsJh"], "game": "omaha_hilo8", "board": "9c 4d Tc", "exact": True},
    {"players": ["AsAd", "KsKh", "Th9h"], "game": "shortdeck", "board": "8h 7h 6c", "exact": True},
    {"players": ["AsKs", "QhJh"], "game": "shortdeck_triton", "samples": 50_000, "seed": 7},
    {"players": ["As2s3dKd5h", "Ah2hQcQdJd"], "game": "omaha_hilo8", "samples": 40_000, "seed": 2**64 - 1},
]
ERRORS = [
    {"players": ["AsAd", "5s5d"], "game": "shortdeck"},
    {"players": ["AsAd", "KsKh"], "game": "shortdeck", "board": "2c 7d 8h"},
    {"players": ["AsAd", "KsKh"], "game": "shortdeck", "board": "Kh 7d 8h"},
    {"players": ["AsAd", "KsKh"], "game": "omaha_hilo8"},
    {"players": ["AsAd", "KsKh"], "game": "razz"},
    {"players": ["AsAd", "KsKh"], "game": "shortdeck", "exact": True, "samples": 10},
]


def native_games(out) -> None:
    from pokerhash import games

    rng = np.random.default_rng(99)
    hands, single = {}, []
    for game, k in GAME_HANDS:
        deck = np.array([int(c) for c in games.info(game).deck], dtype=np.uint8)
        rows = np.ascontiguousarray(deck[np.argsort(rng.random((20_000, len(deck))), axis=1)[:, :k]])
        rows.tofile(out / f"{game}_{k}.u8")
        values = games.evaluate_batch(rows, game=game)
        hands[f"{game}_{k}"] = {"game": game, "k": k, "values": values.tolist()}
        for row in rows[:40]:
            value = games.evaluate(row.tolist(), game=game)
            single.append({"game": game, "cards": row.tolist(), "value": value,
                           "description": games.describe(value, game=game),
                           "category": games.category(value, game=game),
                           "best": [int(c) for c in games.best_five(row.tolist(), game=game)]})
    omaha = []
    for game in dict(GAME_HANDS):
        deck = [int(c) for c in games.info(game).deck]
        for hole_len, board_len in ((4, 5), (5, 4), (6, 3)):
            for _ in range(30):
                cards = rng.permutation(deck)[: hole_len + board_len].tolist()
                omaha.append([game, cards[:hole_len], cards[hole_len:],
                              games.omaha_evaluate(cards[:hole_len], cards[hole_len:], game=game)])
    equity = []
    for spot in EQUITY:
        r = games.equity(spot["players"], game=spot["game"], board=spot.get("board"), exact=spot.get("exact"),
                         samples=spot.get("samples"), seed=spot.get("seed"))
        equity.append({**spot, "seed": str(spot["seed"]) if "seed" in spot else None,
                       "native": {"equity": list(r.equity), "high": list(r.high_equity), "win": list(r.win),
                                  "tie": list(r.tie), "lose": list(r.lose), "deals": r.deals,
                                  "lowDeals": r.low_deals, "stderr": list(r.stderr) if r.stderr else None}})
    errors = []
    for spot in ERRORS:
        with pytest.raises(ValueError) as error:
            games.equity(spot["players"], game=spot["game"], board=spot.get("board"), exact=spot.get("exact"),
                         samples=spot.get("samples"))
        errors.append({**spot, "native": str(error.value)})
    infos = {game: {"worst": games.info(game).worst, "categories": list(games.info(game).categories)}
             for game in games.GAMES}
    (out / "games.json").write_text(json.dumps({"hands": hands, "single": single, "omaha": omaha,
                                                "equity": equity, "errors": errors, "infos": infos}))


def test_js_games_match_native(built, node, tmp_path):
    native_games(tmp_path)
    run_node(node, ["--test", HERE / "games.test.mjs"], timeout=300, env={"POKERHASH_GAMES_DATA": str(tmp_path)})


# ---- the page -------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def page_server(built):
    process = subprocess.Popen([sys.executable, str(WEB / "serve.py"), "--port", "0", "--quiet"],
                               stdout=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline()
        assert "http://127.0.0.1:" in line, f"serve.py did not start: {line!r}"
        yield line.split()[-1]
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_page_offers_each_game(page_server):
    from playwright.sync_api import sync_playwright

    from pokerhash import games

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                             args=["--headless", "--no-sandbox", "--disable-gpu"])
        try:
            page = browser.new_page(viewport={"width": 1000, "height": 1400})
            # The panel runs on the JS library alone: leave Pyodide unbooted (the rest of the page reports it)
            page.route("**/pyodide/**", lambda route: route.abort())
            errors = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(page_server, wait_until="domcontentloaded")
            page.wait_for_function("window.pokerhashGames && window.pokerhashGames.ready", timeout=60_000)
            offered = page.eval_on_selector_all("#games-game option", "els => els.map(e => e.value)")
            assert offered == list(games.GAMES)
            for game, text in (("shortdeck", "As Ks Qs Js Ts 6c 7d"), ("shortdeck_triton", "Ts 9d 8c 7h 6s Td Tc"),
                               ("ace_five", "8c 6d 4h 2s Ac Kd Kh"), ("ace_five_8", "9c 6d 4h 2s Ac Kd Kh"),
                               ("deuce_seven", "7c 5c 4c 3c 2c 8d"), ("holdem", "9s 9h 9d 4c 4s")):
                page.select_option("#games-game", game)
                page.fill("#games-hand", text)
                page.click("#games-form button[type=submit]")
                value = games.evaluate(text, game=game)
                page.wait_for_function("v => document.querySelector('#games-value').textContent === v", arg=str(value))
                assert page.text_content("#games-description") == games.describe(value, game=game)
            page.select_option("#games-game", "shortdeck")
            page.fill("#games-hand", "5c 6d 7h 8s 9c")
            page.click("#games-form button[type=submit]")
            assert page.text_content("#games-error") == "card 5c is not in the short deck"
            # equity: Omaha hi-lo with its split and quartered pots
            native = games.equity(["As2s3dKd", "Ah2hQcQd"], game="omaha_hilo8", board="5c 7h 8d", exact=True)
            page.select_option("#games-eq-game", "omaha_hilo8")
            page.fill("#games-eq-players", "As2s3dKd; Ah2hQcQd")
            page.fill("#games-eq-board", "5c 7h 8d")
            page.click("#games-eq-form button[type=submit]")
            page.wait_for_function("document.querySelector('#games-eq-table tbody').children.length === 2")
            cells = page.eval_on_selector_all("#games-eq-table tbody tr", "rows => rows.map(r => r.cells[2].textContent)")
            assert cells == [f"{100 * e:.3f}%" for e in native.equity]
            assert not errors, errors
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.locator("#games-panel").screenshot(path=str(SCREENSHOTS / "games.png"))
            page.set_viewport_size({"width": 375, "height": 812})  # the panel must fit a phone
            width = page.evaluate("document.getElementById('games-panel').scrollWidth")
            assert width <= 375, f"the games panel is wider than a phone: {width}px"
        finally:
            browser.close()
