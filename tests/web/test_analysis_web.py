"""The Analysis panel in headless Chromium (the page fixtures of conftest.py): a hand's strength distribution on a flop
and the Ultimate Texas Hold'em preflop strategy, computed by the C core in the JS worker, equal to the native
package's answers; Cancel mid-solve and a page that recovers; axe-core on the drawn charts."""

from __future__ import annotations

import itertools
import time

from test_browser import serious_axe_violations

TEN_TO_ACE_DEAD = list(range(32))  # the 2s to the 9s out: the same game on 20 cards, seconds instead of a minute


def run_analysis(page, form: str, timeout: int = 120_000) -> dict:
    runs = page.evaluate("window.pokerhashAnalysis.runs")
    page.click(f"#{form}-run")
    page.wait_for_function("n => window.pokerhashAnalysis.runs > n", arg=runs, timeout=timeout)
    return page.evaluate("window.pokerhashAnalysis.last")


def native_strengths(hole: str, flop: str) -> list:
    """Per turn and river, the hole's river strength (wins + ties / 2) / opponents, from the native showdown counts."""
    import pokerhash
    from pokerhash import analysis

    hole_ids = sorted(int(c) for c in pokerhash.parse_cards(hole))
    flop_ids = [int(c) for c in pokerhash.parse_cards(flop)]
    left = [c for c in range(52) if c not in hole_ids + flop_ids]
    out = []
    for low, high in itertools.combinations(left, 2):
        r = analysis.showdown(flop_ids + [low, high])
        row = next(i for i, pair in enumerate(r.holes.tolist()) if pair == hole_ids)
        wins, ties, losses = int(r.wins[row]), int(r.ties[row]), int(r.losses[row])
        out.append((wins + ties / 2) / (wins + ties + losses))
    return out


def test_strength_distribution_chart_equals_native(page_session):
    import pokerhash

    page, _, _ = page_session
    page.fill("#strength-hole", "AhKh")
    page.fill("#strength-flop", "Qh 7h 2c")
    last = run_analysis(page, "strength")
    assert last["status"] == "ok", page.text_content("#strength-error")
    strengths = native_strengths("AhKh", "Qh 7h 2c")
    assert len(strengths) == 1081
    bands = [0] * 20
    for s in strengths:
        bands[min(19, int(s * 20))] += 1
    rows = page.eval_on_selector_all("#strength-table tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))")
    assert [int(row[1].replace(",", "")) for row in rows] == bands
    assert rows[0][0] == "0–5%" and rows[-1][0] == "95–100%"
    assert page.locator("#strength-chart svg rect").count() == 20
    mean = page.evaluate("window.pokerhashAnalysis.strengthMean")
    assert abs(mean - sum(strengths) / len(strengths)) < 1e-12
    equity = pokerhash.equity(["AhKh", "random"], board="Qh 7h 2c", exact=True).equity[0]
    assert abs(mean - equity) < 1e-12  # every runout has as many opponents: the mean is the equity against one
    caption = page.text_content("#strength-caption")
    assert caption.startswith("AhKh on Qh 7h 2c: river hand strength over 1,081 turns and rivers; mean ") and \
        f"{100 * equity:.2f}%" in caption
    page.fill("#strength-flop", "Qh 7h Ah")
    run_analysis(page, "strength")
    assert page.text_content("#strength-error") == "duplicate card Ah in the hole and on the flop"
    page.fill("#strength-flop", "Qh 7h 2c")
    assert not serious_axe_violations(page, ["color-contrast", "aria-hidden-focus", "svg-img-alt", "th-has-data-cells",
                                             "td-headers-attr", "label", "button-name"])


def test_uth_preflop_chart_equals_native_on_the_ten_to_ace_deck(page_session):
    """The C solver's exact job on a 20-card deck (the same code as the full deck's; no answer is stored)."""
    from pokerhash import analysis

    page, _, _ = page_session
    page.select_option("#uth-deck", "ten")
    last = run_analysis(page, "uth")
    assert last["status"] == "ok", page.text_content("#uth-error")
    native = analysis.ultimate_texas_holdem(dead=TEN_TO_ACE_DEAD, progress=False)
    cells = page.eval_on_selector_all("#uth-table td[data-action]", "els => els.map(e => [e.dataset.hand, e.dataset.action, e.textContent])")
    assert len(cells) == len(native.preflop) == 25  # T..A: 5 pairs, 10 suited, 10 offsuit
    plays = {"raise4": "4x", "raise3": "3x", "check": "check"}
    for hand, action, text in cells:
        decision = native.preflop[hand]
        ev = float(getattr(decision, f"ev_{action}"))
        assert action == decision.action, hand
        assert text == f"{hand}{plays[action]} {'+' if ev >= 0 else ''}{ev:.2f}", (hand, text)
    assert page.locator("#uth-table td.none").count() == 169 - 25
    edge = float(native.house_edge)  # a 20-card deck makes flushes and straights common: the Blind favours the player
    assert (f"house edge {100 * edge:.3f}%" if edge >= 0 else f"the player's edge {-100 * edge:.3f}%") in page.text_content("#uth-caption")
    assert not serious_axe_violations(page, ["color-contrast", "th-has-data-cells", "td-headers-attr", "label"])


def test_uth_full_solve_shows_progress_and_cancels_and_the_page_recovers(page_session):
    page, _, _ = page_session
    page.select_option("#uth-deck", "full")
    runs = page.evaluate("window.pokerhashAnalysis.runs")
    page.click("#uth-run")
    page.wait_for_function("document.querySelector('#uth-progress').value > 0", timeout=60_000, polling=100)
    text = page.text_content("#uth-progress-text")
    assert text.endswith("of 22,100 flops") or " of 22,100 flops · about " in text, text
    clicked = time.perf_counter()
    page.click("#uth-cancel")
    page.wait_for_function("n => window.pokerhashAnalysis.runs > n", arg=runs, timeout=30_000)
    stopped_after = time.perf_counter() - clicked
    assert page.evaluate("window.pokerhashAnalysis.last.status") == "cancelled"
    assert page.text_content("#analysis-note") == "Ultimate Texas Hold'em: preflop strategy: cancelled."
    assert page.is_hidden("#uth-busy") and page.is_enabled("#uth-run")
    assert stopped_after < 3, f"Cancel took {stopped_after:.1f} s"
    page.select_option("#uth-deck", "ten")  # the worker goes on working
    assert run_analysis(page, "uth")["status"] == "ok"
    assert "stale" not in page.get_attribute("#uth", "class")
