"""The Ultimate Texas Hold'em oracles check each other before anything is checked against them: the C brute
force's two walks, the numpy street-by-street oracle, the direct raise formula and suit symmetry."""

from itertools import combinations

import pytest

np = pytest.importorskip("numpy")

import pokerhash as ph  # noqa: E402
import uth_oracle  # noqa: E402
from uth_brute import ranks_dead, solve_uth  # noqa: E402

def ids(text):
    return [int(c) for c in ph.parse_cards(text)]


SUIT_SWAP = {0: 1, 1: 0, 2: 3, 3: 2}  # c<->d, h<->s


def swap_suits(card):
    return card - card % 4 + SUIT_SWAP[card % 4]


@pytest.mark.parametrize("dead,allow_3x", [
    (ranks_dead(9), True),                                      # J..A, suit-symmetric
    (ranks_dead(9) + ids("Qh"), False),         # J..A but Qh, without 3x
    (ranks_dead(10) + ids("AsKd"), True),        # Q..A but As Kd: 10 cards
])
def test_brute_force_board_walk_matches_plain_recursion(native_tools, dead, allow_3x):
    assert solve_uth(native_tools, dead, allow_3x) == solve_uth(native_tools, dead, allow_3x, naive=True)


def test_brute_force_matches_street_by_street_oracle_on_ten_cards(native_tools):
    dead = ranks_dead(10) + ids("QcQd")  # A, K, Qh, Qs live: 10 cards
    for allow_3x in (True, False):
        brute = solve_uth(native_tools, dead, allow_3x)
        total_best = total_wager = 0
        for hole in combinations([c for c in range(52) if c not in dead], 2):
            sums = uth_oracle.preflop_sums(hole, dead, allow_3x)
            assert brute["holes"][hole] == (sums["check"], sums["raise3"], sums["raise4"]), hole
            assert brute["deals_per_hole"] == sums["deals"]
            total_best += sums["best"]
            total_wager += sums["wager"]
        assert (brute["total_best"], brute["total_wager"]) == (total_best, total_wager)
        assert brute["deals"] == 45 * brute["deals_per_hole"] == 45 * 28 * 20 * 3  # holes x dealer holes x flops x turn+rivers


def test_brute_force_raises_equal_direct_sum_over_boards_and_dealers(native_tools):
    dead = ranks_dead(8)
    brute = solve_uth(native_tools, dead)
    live = [c for c in range(52) if c not in dead]
    for hole in [(48, 49), (32, 37), (40, 44), (33, 51)]:  # AA, TJ off, QK suited, TdAs
        rest = [c for c in live if c not in hole]
        raise3 = raise4 = 0
        for board in combinations(rest, 5):
            player = ph.evaluate(list(hole) + list(board))
            dealers = uth_oracle.pairs_of([c for c in rest if c not in board])
            boards = np.broadcast_to(np.array(board, dtype=np.uint8), (len(dealers), 5))
            dealer_values = ph.evaluate_batch(np.ascontiguousarray(np.hstack([dealers, boards])))
            # Each 5-card board is 10 deals: C(5, 3) ways to be flop + turn/river.
            raise3 += 10 * int(uth_oracle.showdown_half_antes(player, dealer_values, 3).sum())
            raise4 += 10 * int(uth_oracle.showdown_half_antes(player, dealer_values, 4).sum())
        assert brute["holes"][hole][1:] == (raise3, raise4), hole


def test_brute_force_matches_street_by_street_oracle_for_holes_of_twelve_cards(native_tools):
    dead = ranks_dead(10)  # Q..A: 12 cards
    brute = solve_uth(native_tools, dead)
    for hole in [(40, 45), (44, 50)]:
        sums = uth_oracle.preflop_sums(hole, dead)
        assert brute["holes"][hole] == (sums["check"], sums["raise3"], sums["raise4"])


def test_brute_force_equal_on_suit_isomorphic_holes(native_tools):
    brute = solve_uth(native_tools, ranks_dead(8))
    by_class = {}
    for (lo, hi), sums in brute["holes"].items():
        by_class.setdefault((lo // 4, hi // 4, lo % 4 == hi % 4), set()).add(sums)
    assert len(by_class) == 25  # 5 pairs, 10 suited, 10 offsuit
    assert all(len(sums) == 1 for sums in by_class.values())


def test_brute_force_follows_a_suit_relabelling_of_an_asymmetric_deck(native_tools):
    dead = ranks_dead(8) + ids("AsKd")
    brute = solve_uth(native_tools, dead)
    swapped = solve_uth(native_tools, [swap_suits(c) for c in dead])
    assert brute["total_best"] == swapped["total_best"]
    assert brute["total_wager"] == swapped["total_wager"]
    for (lo, hi), sums in brute["holes"].items():
        assert swapped["holes"][tuple(sorted((swap_suits(lo), swap_suits(hi))))] == sums
    # The deck really is asymmetric: JcQc and JdQd (Kd dead) differ.
    assert brute["holes"][(36, 40)] != brute["holes"][(37, 41)]
