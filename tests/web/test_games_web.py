"""The other games in the browser builds: the JS API under node against the native package (values,
descriptions, Omaha, equity of hands and ranges with a seed, error messages, the mode rule), and the page's
games panel in Chromium (each game, equity in the worker with Cancel and no long tasks, phone width; axe and
the touch-target checks of test_browser.py cover the panel too)."""

from __future__ import annotations

import json
import re
import time

import numpy as np
import pytest

from webtools import HERE, LONG_TASK_LIMIT_MS, ROOT, held_js_jobs, js_spelling, long_tasks, run_node

SCREENSHOTS = ROOT / "build" / "web-screenshots"  # gitignored; for a human look

# (game, cards per hand): six cards take the wasm build's path without 6-card blocks, 8 and 9 drop to 7
GAME_HANDS = [("shortdeck", 6), ("shortdeck", 9), ("shortdeck_triton", 7), ("ace_five", 6), ("ace_five", 7),
              ("ace_five_8", 8), ("deuce_seven", 6), ("deuce_seven", 9)]
# Equity spots JS must answer as native Python does: counts exactly, floats bit for bit ("weighted": exact
# float sums, compared to 1e-12). "deck_random" players stand for "random" in the short deck, in both languages:
# every two-card hand of its 36 cards, in the order the range parser gives them with the other cards dead
# (games.parse_range), so that a seed draws the same holdings.
EQUITY = [
    {"players": ["AhAd2c3d", "KsKhQsJh"], "game": "omaha_hilo8", "board": "9c 4d Tc", "exact": True},
    {"players": ["AsAd", "KsKh", "Th9h"], "game": "shortdeck", "board": "8h 7h 6c", "exact": True},
    {"players": ["AsKs", "QhJh"], "game": "shortdeck_triton", "samples": 50_000, "seed": 7},
    {"players": ["As2s3dKd5h", "Ah2hQcQdJd"], "game": "omaha_hilo8", "samples": 40_000, "seed": 2**64 - 1},
    {"players": ["AsKs", "TT+, AQs+"], "game": "shortdeck", "board": "9h 8h 7c", "exact": True},
    {"players": ["AsKs", "TT+:0.5, AQs+"], "game": "shortdeck", "board": "9h 8h 7c", "dead": "6c", "exact": True,
     "weighted": True},
    {"players": ["QQ+", "deck_random"], "game": "shortdeck", "samples": 40_000, "seed": 3},
    {"players": ["AhAd2c3d, AsKs2h3h:0.5", "KsKhQsJh"], "game": "omaha_hilo8", "board": "9c 4d Tc 8s", "exact": True,
     "weighted": True},
    {"players": ["AsAd", "KsKh"], "game": "shortdeck", "stderr": 0.004, "seed": 1},
    {"players": ["AsAd", "KsKh"], "game": "shortdeck"},  # auto: exact, as natively
]
# Bad input: (players, options); JS gives the native message in JS spelling (webtools.js_spelling).
ERRORS = [
    (["AsAd", "5s5d"], {"game": "shortdeck"}),
    (["AsAd", "KsKh"], {"game": "shortdeck", "board": "2c 7d 8h"}),
    (["AsAd", "KsKh"], {"game": "shortdeck", "dead": "5c"}),
    (["AsAd", "KsKh"], {"game": "shortdeck", "board": "Kh 7d 8h"}),
    (["AsAd", "AsKh"], {"game": "shortdeck"}),
    (["AdAs", "AsAd"], {"game": "shortdeck"}),
    (["AsAd", "KsKhQs"], {"game": "shortdeck"}),
    (["AsAd", ""], {"game": "shortdeck"}),
    (["AsAd", ["Ks", "Xx"]], {"game": "shortdeck"}),
    (["AsAd", "KsKh"], {"game": "omaha_hilo8"}),
    (["AsAd", "KsKh"], {"game": "razz"}),
    (["AsAd", "QQ+, 55"], {"game": "shortdeck"}),
    (["AsAd", "AA:0"], {"game": "shortdeck"}),
    (["AsAd", "QQ+, AX"], {"game": "shortdeck"}),
    (["AhAd2c3d", "KsKhQsJhTs"], {"game": "omaha_hilo8"}),
    (["AsAd", "KsKh"], {"game": "shortdeck", "board": "Ac 7d"}),
    (["AsAd", "KsKh"], {"game": "shortdeck", "samples": 0}),
    (["AsAd", "KsKh"], {"game": "shortdeck", "seed": -1}),
    (["AsAd", "KsKh"], {"game": "shortdeck", "stderr": -0.5}),
    # more cards than the deck holds: the hold'em wording, with the game's deck size
    (["2c2d2h2s3c3d", "3h3s4c4d4h4s", "5c5d5h5s6c6d", "6h6s7c7d7h7s", "8c8d8h8s9c9d", "9h9sTcTdThTs", "JcJdJhJsQcQd",
      "QhQsKcKdKhKs"], {"game": "omaha_hilo8"}),
    (["6c6d", "6h6s"], {"game": "shortdeck", "dead": "7c 7d 7h 7s 8c 8d 8h 8s 9c 9d 9h 9s Tc Td Th Ts Jc Jd Jh Js Qc Qd "
                                                      "Qh Qs Kc Kd Kh Ks"}),
]
# The mode rule's messages (PLAN decision 2, docs/design/equity-c-api.md). Conflicts of options are one rule
# with one wording for every game: their reference is the hold'em pokerhash.equity message for the same call
# (the Python side checks that games.equity words them alike, tests/test_games_equity.py).
MODE_CONFLICTS = [
    (["AsAd", "KsKh"], {"game": "shortdeck", "exact": True, "samples": 10}),
    (["AhAd2c3d", "KsKhQsJh"], {"game": "omaha_hilo8", "exact": True, "stderr": 0.1, "seed": 3}),
]
# Refusals carry each game's own estimate: their reference is games.equity. Minutes, hours and days here;
# years (one JS durationText for every game) are checked against hold'em's refusals (webtools.EQUITY_OPTION_ERRORS).
MODE_REFUSALS = [
    (["AsKs", "66+", "A6+", "K6+"], {"game": "shortdeck", "exact": True}),
    (["AsKs", "66+", "A6+", "K6+", "Q6+"], {"game": "shortdeck", "exact": True, "board": "Tc 9d 8h"}),
    (["AsKs", "66+", "A6+", "K6+", "Q6+", "J6+"], {"game": "shortdeck", "exact": True}),
]


def _native_player(player):
    return "random" if player == "deck_random" else player


def _native_equity(spot):
    from pokerhash import games

    options = {k: spot[k] for k in ("board", "dead", "exact", "samples", "seed", "stderr") if k in spot}
    return games.equity([_native_player(p) for p in spot["players"]], game=spot["game"], threads=1,
                        **options)


def _native_errors(cases, holdem=False):
    import pokerhash
    from pokerhash import games

    errors = []
    for players, options in cases:
        with pytest.raises((ValueError, TypeError)) as error:
            if holdem:
                pokerhash.equity(players, threads=1, **{k: v for k, v in options.items() if k != "game"})
            else:
                games.equity(players, threads=1, **options)
        errors.append({"players": players, "options": options, "native": str(error.value),
                       "js": js_spelling(str(error.value))})
    return errors


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
        r = _native_equity(spot)
        equity.append({**spot, "seed": str(spot["seed"]) if "seed" in spot else None,
                       "native": {"exact": r.exact, "equity": list(r.equity), "high": list(r.high_equity),
                                  "win": list(r.win), "tie": list(r.tie), "lose": list(r.lose),
                                  "winRate": list(r.win_rate), "tieRate": list(r.tie_rate),
                                  "loseRate": list(r.lose_rate), "deals": r.deals, "lowDeals": r.low_deals,
                                  "stderr": list(r.stderr) if r.stderr else None, "labels": ["random" if p == "deck_random" else label
                                             for p, label in zip(spot["players"], r.players)]}})
    errors, mode_errors = _native_errors(ERRORS), _native_errors(MODE_CONFLICTS, holdem=True) + _native_errors(MODE_REFUSALS)
    infos = {game: {"worst": games.info(game).worst, "categories": list(games.info(game).categories)}
             for game in games.GAMES}
    (out / "games.json").write_text(json.dumps({"hands": hands, "single": single, "omaha": omaha,
                                                "equity": equity, "errors": errors, "modeErrors": mode_errors,
                                                "infos": infos}))


@pytest.fixture(scope="module")
def games_data(tmp_path_factory):
    out = tmp_path_factory.mktemp("games")
    native_games(out)
    return out


def test_js_games_match_native(built, node, games_data):
    """Values, descriptions, Omaha, equity (hands and ranges, exact and seeded) and bad-input messages."""
    run_node(node, ["--test", HERE / "games.test.mjs"], timeout=300, env={"POKERHASH_GAMES_DATA": str(games_data)})


def test_js_game_equity_mode_messages_match_native(built, node, games_data):
    """gameEquity's conflicts and refusals are equity()'s (PLAN decision 2), as Python's games.equity words them."""
    run_node(node, ["--test", HERE / "games.test.mjs"], timeout=120,
             env={"POKERHASH_GAMES_DATA": str(games_data), "POKERHASH_GAMES_PART": "mode"})


# ---- the page (the booted page and the phone-width page of conftest.py, shared with test_browser.py) ------


def test_page_offers_each_game(page_session):
    from pokerhash import games

    page, _, console_errors = page_session
    page.wait_for_function("window.pokerhashGames && window.pokerhashGames.ready")
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
        assert page.text_content("#games-category") == games.category(value, game=game)
        assert f"game={json.dumps(game)}" in page.text_content("#games-code")
    page.select_option("#games-game", "shortdeck")
    page.fill("#games-hand", "5c 6d 7h 8s 9c")
    page.click("#games-form button[type=submit]")
    assert page.text_content("#games-error") == "card 5c is not in the short deck"
    assert page.get_attribute("#games-hand", "aria-invalid") == "true"
    assert not console_errors, console_errors


def set_game_players(page, players) -> None:
    """One field per player, as the equity panel: rows added or removed to match."""
    rows = "#games-eq-players .games-eq-player"
    while page.locator(rows).count() > len(players):
        page.locator(f"{rows} .remove").last.click()
    while page.locator(rows).count() < len(players):
        page.click("#games-eq-add")
    for i, text in enumerate(players):
        page.fill(f"#games-eq-p{i + 1}", text)


def set_game_form(page, game, players, board="", mode="auto", samples="", seed="") -> None:
    page.select_option("#games-eq-game", game)
    set_game_players(page, players)
    page.fill("#games-eq-board", board)
    page.select_option("#games-eq-mode", mode)
    if mode == "mc":
        page.fill("#games-eq-samples", samples)
        page.fill("#games-eq-seed", seed)


def run_game_equity(page, game, players, board="", mode="auto", samples="", seed="") -> dict:
    """Fills the games equity form, runs it and waits for the run to end; the run's {status, ms}."""
    set_game_form(page, game, players, board, mode, samples, seed)
    runs = page.evaluate("window.pokerhashGames.equityRuns")
    page.click("#games-eq-run")
    page.wait_for_function("n => window.pokerhashGames.equityRuns > n", arg=runs, timeout=120_000)
    return page.evaluate("window.pokerhashGames.lastEquity")


def games_table(page) -> list:
    return page.eval_on_selector_all("#games-eq-table tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))")


def test_page_game_equity_equals_native(page_session):
    """Omaha hi-lo exact with its high and low halves; short deck ranges, seeded Monte Carlo; a native message."""
    from pokerhash import games

    page, _, _ = page_session
    assert run_game_equity(page, "omaha_hilo8", ["As2s3dKd", "Ah2hQcQd"], board="5c 7h 8d")["status"] == "ok"
    native = games.equity(["As2s3dKd", "Ah2hQcQd"], game="omaha_hilo8", board="5c 7h 8d", exact=True)
    assert games_table(page) == [
        [str(i + 1), hand, f"{100 * e:.3f}%", f"{100 * h:.3f}%", f"{100 * lo:.3f}%", f"{100 * w:.2f}%", f"{100 * t:.2f}%"]
        for i, (hand, e, h, lo, w, t) in enumerate(zip(native.players, native.equity, native.high_equity,
                                                       native.low_equity, native.win_rate, native.tie_rate))]
    counts = page.eval_on_selector_all("#games-eq-counts-table tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))")
    assert counts == [[str(i + 1), hand, f"{w:,}", f"{t:,}", f"{n:,}"]
                      for i, (hand, w, t, n) in enumerate(zip(native.players, native.win, native.tie, native.lose))]
    assert page.text_content("#games-eq-summary").startswith(f"exact: {native.deals:,} deals, a qualifying low in ")
    players = ["AsKs", "TT+, AQs+", "JhTh"]
    run_game_equity(page, "shortdeck", players, board="9h 8c 6d", mode="mc", samples="60,000", seed="11")
    native = games.equity(players, game="shortdeck", board="9h 8c 6d", exact=False, samples=60_000, seed=11)
    assert [row[2] for row in games_table(page)] == [f"{100 * e:.3f}%± {100 * s:.3f}%" for e, s in zip(native.equity, native.stderr)]
    assert page.text_content("#games-eq-summary").startswith("Monte Carlo: 60,000 samples, seed 11 in ")
    assert 'games.equity(["AsKs", "TT+, AQs+", "JhTh"], game="shortdeck"' in page.text_content("#games-code")
    with pytest.raises(ValueError) as error:
        games.equity(["AsAd", "QQ+, 55"], game="shortdeck")
    assert run_game_equity(page, "shortdeck", ["AsAd", "QQ+, 55"])["status"] == "error"
    assert page.text_content("#games-eq-error") == str(error.value)


def test_page_game_equity_refuses_absurd_sample_counts(page_session):
    """Issue 13 item 5: more than 10**12 samples are refused before any work, with the library's message."""
    page, _, _ = page_session
    assert run_game_equity(page, "shortdeck", ["AsAd", "KsKh"], mode="mc", samples="99999999999999999999")["status"] == "error"
    assert page.text_content("#games-eq-error") == "samples must be at most 10**12, got 99999999999999999999"

def test_page_game_equity_runs_in_the_worker_and_cancels(page_session):
    """A long Omaha hi-lo run: the progress bar moves, no main-thread task over 200 ms, Cancel stops it."""
    page, _, _ = page_session
    set_game_form(page, "omaha_hilo8", ["As2s3dKd", "Ah2hQcQd", "9s8s7d6d"], mode="mc", samples="100,000,000")
    runs = page.evaluate("window.pokerhashGames.equityRuns")
    started = page.evaluate("performance.now()")
    page.click("#games-eq-run")
    page.wait_for_function("document.querySelector('#games-eq-progress').value > 0", timeout=60_000, polling=100)
    page.wait_for_timeout(1000)  # let it run a while: the page must stay free meanwhile
    clicked = time.perf_counter()
    page.click("#games-eq-cancel")
    page.wait_for_function("n => window.pokerhashGames.equityRuns > n", arg=runs, timeout=30_000)
    stopped_after = time.perf_counter() - clicked
    tasks = long_tasks(page, since=started)
    print(f"\ngames cancel: stopped {stopped_after:.2f} s after the click; main-thread tasks over 50 ms: {tasks}")
    assert page.evaluate("window.pokerhashGames.lastEquity.status") == "cancelled"
    assert page.text_content("#games-eq-summary") == "Cancelled." and page.is_hidden("#games-eq-busy")
    assert stopped_after < 3, f"Cancel took {stopped_after:.1f} s"  # ~1 s asked; slack for a loaded CI box
    assert max((t["ms"] for t in tasks), default=0) <= LONG_TASK_LIMIT_MS, tasks


def test_games_panel_fits_a_phone_and_screenshots(page_session, phone):
    page, _, _ = page_session
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("#games-panel").screenshot(path=str(SCREENSHOTS / "games.png"))
    phone.wait_for_function("window.pokerhashGames && window.pokerhashGames.ready")
    phone.locator("#games-panel").screenshot(path=str(SCREENSHOTS / "phone-games.png"))
    width = phone.evaluate("document.getElementById('games-panel').scrollWidth")
    assert width <= 375, f"the games panel is wider than a phone: {width}px"


def test_page_game_equity_errors_speak_the_page_and_mark_their_field(page_session):
    """The page audit: the library's advice named JS options the page has no control for, and no field was
    marked invalid."""
    page, _, _ = page_session
    for players, board, field in ((["AsAd", "2c2d"], "", "#games-eq-p2"), (["AsAd", "KsKh"], "Xx Yy Zz", "#games-eq-board")):
        assert run_game_equity(page, "shortdeck", players, board=board)["status"] == "error"
        marked = page.eval_on_selector_all("#games-eq-players input, #games-eq-board, #games-eq-samples, #games-eq-seed",
                                           "els => els.filter(e => e.getAttribute('aria-invalid') === 'true').map(e => '#' + e.id)")
        assert marked == [field], page.text_content("#games-eq-error")
    assert page.text_content("#games-eq-error") == "board: unknown card 'Xx'"
    assert run_game_equity(page, "shortdeck", ["AsAd", "KsKh"], mode="mc", samples="1,000", seed="007")["status"] == "ok"
    assert "seed=7" in page.text_content("#games-code")


def test_a_game_equity_result_of_an_edited_form_is_dimmed(page_session):
    """The result arrived for the form as it was at Run (the game changed meanwhile), shown as current; a page
    refusal left the previous call in the code block."""
    page, _, _ = page_session
    with held_js_jobs(page, "gameEquity"):
        set_game_form(page, "shortdeck", ["AsAd", "KsKh"])
        runs = page.evaluate("window.pokerhashGames.equityRuns")
        page.click("#games-eq-run")
        page.wait_for_function("document.querySelector('#games-eq-progress-text').textContent === 'starting…'")
        page.select_option("#games-eq-game", "omaha_hilo8")
    page.wait_for_function("n => window.pokerhashGames.equityRuns > n", arg=runs, timeout=60_000)
    assert page.evaluate("window.pokerhashGames.lastEquity.status") == "ok"
    assert "stale" in page.get_attribute("#games-eq-result", "class")
    assert page.text_content("#games-eq-summary").endswith("The form has changed since this run began: run it again for the one on screen.")
    assert run_game_equity(page, "shortdeck", ["AsAd", "KsKh"])["status"] == "ok"
    assert "stale" not in page.get_attribute("#games-eq-result", "class")
    page.fill("#games-eq-board", "Ac")  # an edit dims the result on show
    assert "stale" in page.get_attribute("#games-eq-result", "class")
    assert run_game_equity(page, "shortdeck", ["AsAd", "KsKh"], mode="mc", samples="abc")["status"] == "error"
    assert page.text_content("#games-code") == "# Not run: the page refused this input (the message above says why)."
    page.fill("#games-hand", "As Kd 7h 2c " * 3)
    page.click("#games-form button")
    assert page.text_content("#games-error") == "a hand needs 5 to 9 cards, got 12"
    assert page.text_content("#games-code") == "# Not run: the page refused this input (the message above says why)."
    page.fill("#games-hand", "Ah 7h 8h 9h Jh Ac Ad")
    page.click("#games-form button")
    assert page.is_hidden("#games-error")


def test_more_games_takes_a_field_per_player_and_offers_exact_anyway(page_session):
    """Issue 30: one habit for both equity panels. "More games" took every player in one ';'-separated field and
    refused a long exact run outright; now a field per player, and the same proposal as the equity panel:
    "Run exact anyway" runs it (progress with its unit and time left, Cancel), "Run Monte Carlo instead" runs
    that and the Method box says so."""
    page, _, _ = page_session
    set_game_form(page, "shortdeck", ["random"] * 4, mode="exact")
    assert page.locator("#games-eq-players .games-eq-player").count() == 4
    assert page.get_attribute("label[for='games-eq-p4']", "for") == "games-eq-p4"
    page.click("#games-eq-run")
    page.wait_for_selector("#games-eq-propose", state="visible")
    assert re.match(r"Exact enumeration would take about [\d,]+ (minutes|hours|days) here",
                    page.text_content("#games-eq-propose-text"))
    assert page.is_hidden("#games-eq-error")
    runs = page.evaluate("window.pokerhashGames.equityRuns")
    page.click("#games-eq-propose-exact")
    page.wait_for_function("document.querySelector('#games-eq-progress').value > 0", timeout=60_000, polling=100)
    text = page.text_content("#games-eq-progress-text")
    assert re.match(r"^\d+% · [\d,]+ of [\d,]+ hand combinations · about [\d,]+ \w+ left$", text), text
    page.click("#games-eq-cancel")
    page.wait_for_function("n => window.pokerhashGames.equityRuns > n", arg=runs, timeout=30_000)
    assert page.evaluate("window.pokerhashGames.lastEquity.status") == "cancelled"
    assert page.is_hidden("#games-eq-error") and page.input_value("#games-eq-mode") == "exact"
    assert "exact=True, force=True" in page.text_content("#games-code")  # the call that ran, in Python
    page.click("#games-eq-run")
    page.wait_for_selector("#games-eq-propose", state="visible")
    runs = page.evaluate("window.pokerhashGames.equityRuns")
    page.click("#games-eq-propose-mc")
    page.wait_for_function("n => window.pokerhashGames.equityRuns > n", arg=runs, timeout=120_000)
    assert page.evaluate("window.pokerhashGames.lastEquity.status") == "ok"
    assert page.input_value("#games-eq-mode") == "mc" and page.input_value("#games-eq-samples") == "1,000,000"
    assert page.text_content("#games-eq-summary").startswith("Monte Carlo: 1,000,000 samples, seed ")
    set_game_players(page, ["AsAd", "KsKh"])
