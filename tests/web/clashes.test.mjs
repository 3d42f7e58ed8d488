// Heavily overlapping ranges in JS (Python's tests/test_equity_clashes.py): no deal at all is said at once,
// exact enumeration walks past clashing holdings (the C engine), and Monte Carlo whose samples would take
// minutes of redraws is refused with Python's rate. The pytest driver (test_clashes_node.py) writes Python's
// answers to $POKERHASH_CLASH_DATA and runs  node --test tests/web/clashes.test.mjs
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const { PokerHash, PokerHashError } = await import(path.resolve(here, '../../web/dist/pokerhash.mjs'));
const ph = await PokerHash.load({ games: true });
const dataFile = process.env.POKERHASH_CLASH_DATA;
assert.ok(dataFile, 'POKERHASH_CLASH_DATA must name the file of Python answers (test_clashes_node.py sets it)');
const python = JSON.parse(readFileSync(dataFile, 'utf8'));
const FOUR_PAIRS = 'AA,KK,QQ,JJ';
const times = (n, range) => Array(n).fill(range);

const throwsWith = (fn, check) => assert.throws(fn, (e) => e instanceof PokerHashError && check(e.message));

test('no deal at all is said at once, in every mode', () => {
    const noDeal = (m) => m === "no deal is possible: the players' ranges always share a card";
    throwsWith(() => ph.equity(times(10, FOUR_PAIRS)), noDeal);
    throwsWith(() => ph.equity(times(10, FOUR_PAIRS), { exact: true }), noDeal);
    throwsWith(() => ph.equity(times(10, FOUR_PAIRS), { exact: false }), noDeal);
    throwsWith(() => ph.equity(times(7, 'AA,KK,QQ'), { samples: 1000 }), noDeal);
});

test('the estimate prices the walk, and auto mode enumerates what sampling would take minutes over', () => {
    const none = ph.equityEstimate(times(10, FOUR_PAIRS));
    assert.equal(none.nativeSeconds, python.estimates.none);
    const eight = ph.equityEstimate(times(8, FOUR_PAIRS));
    assert.equal(eight.nativeSeconds, python.estimates.eight);
    assert.ok(eight.nativeSeconds > 2 && eight.exact, 'enumeration beats minutes of redraws');
    assert.equal(ph.equityEstimate(['random', 'random']).exact, false);
});

test('exact counts with clashes are Python\'s', () => {
    for (const { players, board, win, tie, lose } of python.exact) {
        const r = ph.equity(players, { board, exact: true });
        assert.deepEqual([r.players.map((p) => p.win), r.players.map((p) => p.tie), r.players.map((p) => p.lose)],
            [win, tie, lose], `${players} on ${board}`);
    }
});

test('Monte Carlo of rare deals is refused with Python\'s rate, and a few samples run', () => {
    const rate = `only about 1 in ${python.rarity} choices of the players' holdings is free of shared cards; `;
    const refused = (m) => m.startsWith(rate) &&
        /1,000,000 samples would take about [\d,]+ minutes on 1 thread; pass a smaller samples, or force: true$/.test(m);
    throwsWith(() => ph.equity(times(8, FOUR_PAIRS), { exact: false }), refused);
    throwsWith(() => ph.gameEquity(times(8, FOUR_PAIRS), { game: 'shortdeck' }), refused);
    const few = ph.equity(times(8, FOUR_PAIRS), { samples: 200, seed: 1 });
    assert.equal(few.deals, 200);
    assert.deepEqual(few.players.map((p) => p.equity), python.few); // batches cut as Python cuts them
});
