"""Wrong uses of pokerhash that the stubs must reject: each line marked `# expect-error` must be reported by
mypy and by pyright, and nothing else (tests/test_types.py). If the checkers saw pokerhash as untyped,
these would pass silently."""

import numpy as np
import numpy.typing as npt

import pokerhash as ph

name: str = ph.evaluate("As Ks Qs Js Ts")  # expect-error
ph.evaluate(2.5)  # expect-error
values: npt.NDArray[np.uint8] = ph.evaluate_batch(np.zeros((3, 5), dtype=np.uint8))  # expect-error
plain: npt.NDArray[np.uint16] = ph.evaluate_batch([[0, 1, 2, 3, 4]])  # expect-error
rank: str = ph.Card("As").rank  # expect-error
ph.Deck(seed=1).deal("2")  # expect-error
ph.winners("AsAd", board=3.0)  # expect-error
first: str = ph.winners(["AsAd", "KsKh"], "2c 3d 4h")[0]  # expect-error
ph.EquityResult(players=("a", "b"))  # expect-error
ph.percentile("236")  # expect-error
ph.value_table("7")  # expect-error
table_rank: str = ph.value_table(5).rank("As Ks Qs Js Ts")  # expect-error
ph.map_combinations(len, 52, "5")  # expect-error
ph.equity(["AsAd", "KsKh"], force="yes")  # expect-error
short_value: str = ph.games.evaluate("As Ks Qs Js Ts", game="shortdeck")  # expect-error
