"""games.equity: exact counts against a brute-force equity oracle (every board dealt, every hand valued by
tests/games_oracle.py and tests/oracle.py), split and quartered pots, chunking and seeds, and bad input."""

import itertools
import math

import pytest

import games_oracle
import oracle as holdem_oracle
import pokerhash
from pokerhash import _core, games

np = pytest.importorskip("numpy")
POT = 5040


def ids(text: str):
    return games_oracle.parse(text)


def brute_force(game: str, hands, board: str = "", dead: str = "", library_values: bool = False) -> dict:
    """Deals every completion of the board and splits each pot by the rules, with the oracles' values (or,
    for the spots too big for numpy, the evaluator that test_games_values checks against them)."""
    hands = [ids(h) for h in hands]
    known = ids(board)
    used = set(known) | set(ids(dead)) | {c for h in hands for c in h}
    deck = [c for c in games_oracle.deck("shortdeck" if game.startswith("shortdeck") else "holdem").tolist()
            if c not in used]
    boards = np.array([known + list(more) for more in itertools.combinations(deck, 5 - len(known))], dtype=np.int64)
    high, low = [], []
    for hole in hands:
        holes = np.tile(np.array(hole), (len(boards), 1))
        if game == "omaha_hilo8":  # hold'em high of two hole and three board cards; eight-or-better low
            strength = None
            for pair in itertools.combinations(range(len(hole)), 2):
                for triple in itertools.combinations(range(5), 3):
                    keys = holdem_oracle.strength5_array(np.concatenate([holes[:, pair], boards[:, triple]], axis=1))
                    strength = keys if strength is None else np.maximum(strength, keys)
            high.append(-strength)
            low.append(games_oracle.scale("ace_five_8").omaha_values(holes, boards))
        elif library_values:
            high.append(games.evaluate_batch(np.ascontiguousarray(np.concatenate([holes, boards], axis=1), dtype=np.uint8),
                                             game=game).astype(np.int64))
        else:
            high.append(games_oracle.scale(game).values(np.concatenate([holes, boards], axis=1)))
    high = np.array(high)
    best_high = high.min(axis=0)
    share = np.zeros(high.shape, dtype=np.int64)
    high_share = np.zeros(high.shape, dtype=np.int64)
    split = np.zeros(len(boards), dtype=bool)
    if low:
        low = np.array(low)
        best_low = low.min(axis=0)
        split = best_low < games_oracle.NO_LOW
        low_winners = (low == best_low) & split
        share += np.where(low_winners, (POT // 2) // np.maximum(low_winners.sum(axis=0), 1), 0)
    high_winners = high == best_high
    high_share += np.where(high_winners, np.where(split, POT // 2, POT) // high_winners.sum(axis=0), 0)
    share += high_share
    return {"deals": len(boards), "share": share.sum(axis=1).tolist(), "high_share": high_share.sum(axis=1).tolist(),
            "win": (share == POT).sum(axis=1).tolist(), "tie": ((share > 0) & (share < POT)).sum(axis=1).tolist(),
            "lose": (share == 0).sum(axis=1).tolist(), "low_deals": int(split.sum())}


SPOTS = [
    ("shortdeck", ["Ah Kh", "Tc 9c", "7d 7s"], "Qh 8c 6h", ""),
    ("shortdeck_triton", ["Ah Kh", "Tc 9c", "7d 7s"], "Qh 8c 6h", "Jd"),
    ("shortdeck", ["As 9s", "Ts Th"], "8s 7s 6d 6c", ""),
    ("omaha_hilo8", ["As 2s 3d Kd", "Ah 2h Qc Qd"], "5c 7h 8d", ""),  # the same low twice: quartered pots
    ("omaha_hilo8", ["As 2s 3d Kd 9c", "4h 5h Qc Qd Jd", "Ac 3c 6s 7s 8s"], "2d 4c Th 9h", ""),
    ("omaha_hilo8", ["Ac 2c 3d 4d 5h Kh", "As Ks Qd Jd Th 9h"], "Kc 7h 8s", "2h 3s"),
]


@pytest.mark.parametrize("game, hands, board, dead", SPOTS)
def test_exact_counts_match_brute_force(game, hands, board, dead):
    want = brute_force(game, hands, board, dead)
    result = games.equity(hands, game=game, board=board, dead=dead, exact=True)
    assert result.exact and result.deals == want["deals"]
    assert list(result.win) == want["win"] and list(result.tie) == want["tie"] and list(result.lose) == want["lose"]
    assert result.low_deals == want["low_deals"]
    for i in range(len(hands)):
        assert result.equity[i] == want["share"][i] / (POT * want["deals"])
        assert result.high_equity[i] == want["high_share"][i] / (POT * want["deals"])
    assert math.isclose(sum(result.equity), 1.0)


def test_short_deck_preflop_counts_every_board():
    want = brute_force("shortdeck", ["As Ad", "Ks Kh"], library_values=True)
    result = games.equity(["As Ad", "Ks Kh"], game="shortdeck", exact=True)
    assert want["deals"] == result.deals == 201_376
    assert (list(result.win), list(result.tie), list(result.lose)) == (want["win"], want["tie"], want["lose"])


def test_quartered_pots():
    # Both players hold A-2 for the nut low on every board that makes one; the kings also take the high.
    result = games.equity(["As 2s Kd Kc", "Ah 2h Qc 9d"], game="omaha_hilo8", board="3c 6d Ks 8h", exact=True)
    assert result.low_deals == 40  # every river: 3-6-8 with A-2 is always a low
    assert result.win == (0, 0) and result.tie == (40, 40)
    # The kings' set holds every river here (no card gives the other hand a better high).
    assert result.equity == (0.75, 0.25) and result.low_equity == (0.25, 0.25) and result.high_equity == (0.5, 0.0)


def test_own_engine_matches_the_holdem_engine():
    """The generic engine with hold'em high is an independent count of what pokerhash.equity counts."""
    for hands, board in ((["AcAd", "KsKh"], ""), (["AhKhQdJd", "9s9c8s7c", "AsAd2c3h"], "Ts 6d 2h")):
        theirs = pokerhash.equity(hands, board=board, exact=True)
        holdings = [[tuple(pokerhash.parse_cards(h))] for h in hands]
        mine = _core.game_equity_exact(1, 0, holdings, None, board, "", 0,
                                       _core.game_equity_units(1, 0, holdings, None, board, ""))
        assert (tuple(mine["win"]), tuple(mine["tie"]), tuple(mine["lose"]), mine["deals"]) == \
            (theirs.win, theirs.tie, theirs.lose, theirs.deals)


def test_any_split_of_the_units_gives_the_same_integers():
    args = (1, 5, [[tuple(ids("As 2s 3d Kd"))], [tuple(ids("Ah Qh Qc 4d")), tuple(ids("7c 8c 9h Th"))]],
            [[1.0], [1.0, 0.5]], "5c 7h 9d", "")
    units = _core.game_equity_units(*args)
    whole = _core.game_equity_exact(*args, 0, units)
    rng = np.random.default_rng(3)
    cuts = sorted({0, units, *rng.integers(1, units, size=7).tolist()})
    parts = [_core.game_equity_exact(*args, a, b - a) for a, b in zip(cuts, cuts[1:])]
    for key in ("deals", "low_deals"):
        assert sum(p[key] for p in parts) == whole[key]
    for key in ("win", "tie", "lose", "share", "high_share"):
        assert [sum(p[key][i] for p in parts) for i in range(2)] == whole[key]
    assert math.isclose(sum(p["weight"] for p in parts), whole["weight"])


def test_weights_are_applied_and_threads_do_not_change_results():
    players = ["QQ+, AK", "JJ-99:0.5, AQs"]
    one = games.equity(players, game="shortdeck", board="Ts 7h 6c", exact=True, threads=1)
    two = games.equity(players, game="shortdeck", board="Ts 7h 6c", exact=True, threads=2)
    assert one == two and one.exact
    # the weighted equity is the weight-averaged equity of each holding pair
    heavy = games.equity(["QQ+, AK", "JJ-99, AQs"], game="shortdeck", board="Ts 7h 6c", exact=True)
    assert heavy.deals == one.deals and heavy.equity != one.equity


def test_omaha_ranges_weight_each_holding():
    """A range of two Omaha hands with weights is the weighted mix of the two spots (deal counts included)."""
    board, other = "9c 4d Tc", "KsKhQsJh"
    first, second = "As Ad 2c 3d", "Ah 2h 3h 4c"
    mixed = games.equity([pokerhash.Range([(first, 1.0), (second, 0.25)]), other], game="omaha_hilo8", board=board,
                         exact=True)
    a = games.equity([first, other], game="omaha_hilo8", board=board, exact=True)
    b = games.equity([second, other], game="omaha_hilo8", board=board, exact=True)
    assert mixed.deals == a.deals + b.deals and mixed.low_deals == a.low_deals + b.low_deals
    want = (a.equity[0] * a.deals + 0.25 * b.equity[0] * b.deals) / (a.deals + 0.25 * b.deals)
    assert math.isclose(mixed.equity[0], want, rel_tol=1e-12)
    assert math.isclose(mixed.equity[0] + mixed.equity[1], 1.0)


def test_monte_carlo_is_fixed_by_the_seed_and_agrees_with_exact():
    hands = ["As Ad 2c 3d", "Ks Kh Qs Jh"]
    a = games.equity(hands, game="omaha_hilo8", samples=60_000, seed=11, threads=1)
    b = games.equity(hands, game="omaha_hilo8", samples=60_000, seed=11, threads=2)
    assert a == b and not a.exact and a.seed == 11 and a.deals == 60_000
    exact = games.equity(hands, game="omaha_hilo8", board="9c 4d Tc", exact=True)
    sampled = games.equity(hands, game="omaha_hilo8", board="9c 4d Tc", samples=100_000, seed=5)
    for e, s, err in zip(exact.equity, sampled.equity, sampled.stderr):
        assert abs(e - s) < 5 * err
    assert abs(exact.low_deals / exact.deals - sampled.low_deals / sampled.deals) < 0.01
    # sample i depends on (seed, i) only: any split of [first, first + count) adds up to the same tally
    args = (2, 0, [[tuple(ids("As Ks"))], [tuple(ids("Qh Jh"))]], None, "", "")
    whole = _core.game_equity_sample(*args, 99, 0, 5000)
    left, right = _core.game_equity_sample(*args, 99, 0, 1234), _core.game_equity_sample(*args, 99, 1234, 3766)
    assert [l + r for l, r in zip(left["win"], right["win"])] == whole["win"]
    assert [l + r for l, r in zip(left["share"], right["share"])] == whole["share"]


def test_auto_mode_and_stderr_target():
    quick = games.equity(["AsAd", "KsKh"], game="shortdeck")
    assert quick.exact and quick.deals == math.comb(32, 5)
    sampled = games.equity(["AsAd", "random"], game="shortdeck", stderr=0.01)
    assert not sampled.exact and max(sampled.stderr) <= 0.01 and sampled.seed is not None
    many = games.equity(["AA, KK, QQ, AK", "random", "random"], game="shortdeck")  # too slow to enumerate
    assert not many.exact and many.deals == 1_000_000


def test_short_deck_ranges():
    any_hand = games.parse_range("random", game="shortdeck")
    assert len(any_hand) == math.comb(36, 2)
    assert all(c >= 16 for cards, _ in any_hand.id_combos() for c in cards)
    assert len(games.parse_range("QQ+, AKs", game="shortdeck")) == 22
    for text, card in (("A5s", "5c"), ("22+", "2c"), ("A6s-A4s", "4c")):
        with pytest.raises(ValueError, match=f"^card {card} is not in the short deck$"):
            games.parse_range(text, game="shortdeck")
    with pytest.raises(ValueError, match="^player 2: card 5c is not in the short deck$"):
        games.equity(["AA", "55"], game="shortdeck")
    with pytest.raises(ValueError, match="^player 1: card 5s is not in the short deck$"):
        games.equity(["5s Ad", "KK"], game="shortdeck")
    with pytest.raises(ValueError, match="^board card 2c is not in the short deck$"):
        games.equity(["AA", "KK"], game="shortdeck", board="2c 7d 8h")


@pytest.mark.parametrize("kwargs, message", [
    # pokerhash.equity's rule and messages (one implementation: _equity_jobs.py)
    ({"game": "shortdeck", "exact": True, "samples": 10}, "exact=True conflicts with samples=10: those set Monte Carlo"),
    ({"game": "shortdeck", "exact": True, "seed": 1, "stderr": 0.1}, "exact=True conflicts with stderr=0.1, seed=1"),
    ({"game": "razz"}, "unknown equity game 'razz'; equity games: shortdeck, shortdeck_triton, omaha_hilo8"),
    ({"game": "omaha_hilo8"}, "player 1: omaha_hilo8 hands have 4 to 6 cards, got 2"),
    ({"game": "omaha_hilo8", "players": ["AhAd2c3d", "KsKhQsJhTs"]},
     "all players must hold the same number of cards, got 4 and 5"),
    ({"game": "shortdeck", "board": "As Kd"}, "the board must have 0, 3, 4 or 5 cards, got 2"),
    ({"game": "shortdeck", "samples": 0}, "samples must be a positive integer, got 0"),
])
def test_bad_input(kwargs, message):
    with pytest.raises(ValueError) as error:
        kwargs = dict(kwargs)
        games.equity(kwargs.pop("players", ["AcAd", "KsKh"]), **kwargs)
    assert str(error.value).startswith(message)


@pytest.mark.parametrize("hand, message", [
    ("KsKhQs", "player 2: a range holds hands of 2 (hold'em) or 4 to 6 (Omaha) cards, got 3"),
    ("KsKhQsJs", "player 2: shortdeck hands have 2 cards, got 4"),
    (["Ks", "Kh", "5s"], "player 2: card 5s is not in the short deck"),
    ("", "player 2: a range holds hands of 2 (hold'em) or 4 to 6 (Omaha) cards, got 0"),
    (["Ks", "Xx"], "player 2: unknown card 'Xx'"),
])
def test_a_known_hand_of_the_wrong_size(hand, message):
    # The wording the JS games API reproduces (tests/web/test_games_web.py replays these on both sides).
    with pytest.raises(ValueError) as error:
        games.equity(["AsAd", hand], game="shortdeck")
    assert str(error.value) == message


def test_exact_refuses_what_would_take_long():
    players = ["random", "random", "random"]
    with pytest.raises(ValueError, match=r"^exact enumeration would take about .* use Monte Carlo \(exact=False\) "
                                         r"or pass force=True$"):
        games.equity(players, game="shortdeck", exact=True, threads=2)
    estimate = _core.game_equity_exact_seconds(2, 0, [[(51, 50)], [(47, 46)]], None, "", "")
    assert 0 < estimate < 1



def test_estimate_counts_only_the_combinations_free_of_shared_cards():
    # AA,KK against AA,KK on the short deck: 12 x 12 holding combinations, of which 84 share no card (each
    # pair of aces or kings is clear of 1 of its own kind and of all 6 of the other). The engine deals only
    # those 84, so the estimate is 84 single-combination spots (plus a few steps of the walk), not 144.
    aces = [(48 + a, 48 + b) for a in range(4) for b in range(a + 1, 4)]
    kings = [(44 + a, 44 + b) for a in range(4) for b in range(a + 1, 4)]
    ranges = _core.game_equity_exact_seconds(2, 0, [aces + kings, aces + kings], None, "", "")
    single = _core.game_equity_exact_seconds(2, 0, [[(51, 50)], [(47, 46)]], None, "", "")
    assert 83.5 < ranges / single < 85


def test_result_text():
    text = str(games.equity(["As 2s 3d Kd", "Ah 2h Qc Qd"], game="omaha_hilo8", board="5c 7h 8d", exact=True))
    assert "scoop" in text and "low" in text and "omaha_hilo8 exact: 820 deals" in text
