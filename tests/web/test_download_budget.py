"""What a web developer's users download: the hold'em core PokerHash.load() fetches stays within 100 KB gzipped
(evaluator, equity, ranges, combinatorics and analysis; its largest tables are derived at load), and the other
games come separately (pokerhash_games.wasm, fetched by loadGames()) within their own budget. Sizes are
gzip -9, as a server compresses them; web/build.sh prints them too."""

import gzip

from webtools import DIST

HOLDEM_CORE_GZIP_BUDGET = 100 * 1024  # measured 89,670 bytes (193,723 raw) when this budget was set
GAMES_GZIP_BUDGET = 260 * 1024  # measured 236,919 bytes (567,195 raw): the whole library, fetched on first use of a game


def gzipped(path) -> int:
    return len(gzip.compress(path.read_bytes(), 9))


def test_the_holdem_core_loaded_by_default_is_within_100_kb_gzipped(built):
    size = gzipped(DIST / "pokerhash_core.wasm")
    print(f"\npokerhash_core.wasm: {(DIST / 'pokerhash_core.wasm').stat().st_size:,} bytes, {size:,} gzipped")
    assert size <= HOLDEM_CORE_GZIP_BUDGET, f"the hold'em core is {size:,} bytes gzipped, budget {HOLDEM_CORE_GZIP_BUDGET:,}"


def test_the_other_games_come_separately_within_their_budget(built):
    size = gzipped(DIST / "pokerhash_games.wasm")
    print(f"\npokerhash_games.wasm: {(DIST / 'pokerhash_games.wasm').stat().st_size:,} bytes, {size:,} gzipped")
    assert size <= GAMES_GZIP_BUDGET, f"the games module is {size:,} bytes gzipped, budget {GAMES_GZIP_BUDGET:,}"
    glue = {name: (DIST / f"{name}.mjs").read_text() for name in ("pokerhash_core", "pokerhash_games")}
    assert "_ph_game_evaluate" not in glue["pokerhash_core"] and "_ph_game_evaluate" in glue["pokerhash_games"]
