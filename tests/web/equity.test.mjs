// The JS equity and Omaha API against the native extension's answers. The pytest driver (test_node.py)
// writes them to $POKERHASH_NATIVE_DATA (equity.json, omaha.json; see webtools.py) and runs
//   node --test tests/web/equity.test.mjs
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const { PokerHash, PokerHashError } = await import(path.resolve(here, '../../web/dist/pokerhash.mjs'));
const ph = await PokerHash.load();
const dataDir = process.env.POKERHASH_NATIVE_DATA;
assert.ok(dataDir, 'POKERHASH_NATIVE_DATA must name the native data directory (test_node.py sets it)');
const readJson = (name) => JSON.parse(readFileSync(path.join(dataDir, name), 'utf8'));

const throwsWith = (fn, message, code) =>
    assert.throws(fn, (e) => e instanceof PokerHashError && e.message === message && e.code === code);

test('AcAd vs KsKh preflop, exact: every board counted', () => {
    const r = ph.equity(['AcAd', 'KsKh']);
    assert.equal(r.exact, true);
    assert.equal(r.deals, 1_712_304);
    assert.deepEqual(r.players.map((p) => [p.hand, p.win, p.tie, p.lose]),
        [['AcAd', 1_388_072, 6_538, 317_694], ['KsKh', 317_694, 6_538, 1_388_072]]);
    assert.equal(r.players[0].equity + r.players[1].equity, 1);
    assert.deepEqual(ph.equity([[48, 49], ['Ks', 'Kh']], { exact: true }).players.map((p) => p.win), [1_388_072, 317_694]);
});

test('hold\'em and Omaha spots equal native Python, exact and seeded Monte Carlo', () => {
    const spots = readJson('equity.json').filter((spot) => spot.js);
    assert.ok(spots.length >= 5);
    for (const spot of spots) {
        const options = { board: spot.board, dead: spot.dead, exact: spot.exact };
        if (!spot.exact) Object.assign(options, { samples: spot.samples, seed: BigInt(spot.seed) });
        const r = ph.equity(spot.players, options);
        const want = spot.native;
        const what = spot.players.join(' vs ');
        assert.equal(r.deals, want.deals, what);
        assert.deepEqual(r.players.map((p) => p.win), want.win, what);
        assert.deepEqual(r.players.map((p) => p.tie), want.tie, what);
        assert.deepEqual(r.players.map((p) => p.lose), want.lose, what);
        assert.deepEqual(r.players.map((p) => p.equity), want.equity, what); // the same floats, bit for bit
        if (!spot.exact) {
            assert.deepEqual(r.players.map((p) => p.stderr), want.stderr, what);
            assert.equal(BigInt(r.seed), BigInt(spot.seed));
        }
    }
});

test('Monte Carlo: a seed fixes the result, no seed draws one and reports it', () => {
    const a = ph.equity(['AhKhQdJd', 'AsAd2c3h'], { samples: 5000, seed: 9 });
    assert.deepEqual(ph.equity(['AhKhQdJd', 'AsAd2c3h'], { samples: 5000, seed: 9n }), a);
    assert.equal(a.exact, false);
    assert.equal(a.deals, 5000);
    const b = ph.equity(['AcAd', 'KsKh'], { samples: 1000 });
    assert.ok(typeof b.seed === 'number' || typeof b.seed === 'bigint');
    assert.deepEqual(ph.equity(['AcAd', 'KsKh'], { samples: 1000, seed: b.seed }), b);
});

test('omahaEvaluate equals native Python on random hands', () => {
    const cases = readJson('omaha.json');
    for (const [hole, board, value] of cases) assert.equal(ph.omahaEvaluate(hole, board), value, `${hole} | ${board}`);
    assert.equal(ph.omahaEvaluate('AhKhQdJd', 'ThTs9c2d5c'), 4208);
});

test('bad equity and Omaha input names the problem', () => {
    throwsWith(() => ph.equity('AcAd KsKh'), 'players must be an array of hands, one per player', 'type');
    throwsWith(() => ph.equity(['AcAd']), 'equity needs 2 to 10 players, got 1', 'count');
    throwsWith(() => ph.equity(['AcAd', 'AcKh']), "card Ac is in player 2's hand and player 1's hand", 'duplicate');
    throwsWith(() => ph.equity(['AcAd', 'KsKh'], { board: 'Ks 2c 3c' }), "card Ks is in player 2's hand and the board", 'duplicate');
    throwsWith(() => ph.equity(['AcAd', 'KsKh'], { board: '2c 3c 4c', dead: '2c' }), 'card 2c is both on the board and dead', 'duplicate');
    throwsWith(() => ph.equity(['AcAd', 'KsKh'], { board: '2c 3c' }), 'the board must have 0, 3, 4 or 5 cards, got 2', 'count');
    throwsWith(() => ph.equity(['AcAd', 'KsKhQs']), "player 2's hand has 3 cards; hold'em hands have 2, Omaha hands 4 to 6", 'count');
    throwsWith(() => ph.equity(['AcAd', 'KsKhQsJs']),
        'all players must hold the same number of cards (2 for hold\'em, 4 to 6 for Omaha), got 2 and 4', 'count');
    throwsWith(() => ph.equity(['AcAd', 'KsXx']), "player 2: unknown card 'Xx'", 'parse');
    throwsWith(() => ph.equity(['AcAd', 'KsKh'], { samples: 0 }), 'samples must be a positive integer, got 0', 'argument');
    throwsWith(() => ph.equity(['AcAd', 'KsKh'], { samples: 10, seed: -1 }),
        'seed must be a non-negative integer below 2**64, got -1', 'argument');
    throwsWith(() => ph.omahaEvaluate('As Ks Qs', 'Ts 9s 2c'), 'an Omaha hole needs 4 to 6 cards, got 3', 'count');
    throwsWith(() => ph.omahaEvaluate('As Ks Qs Js', 'Ts 9s'), 'an Omaha board needs 3 to 5 cards, got 2', 'count');
    throwsWith(() => ph.omahaEvaluate('As Ks Qs Js', 'Ts Ks 2c'), 'duplicate card Ks', 'duplicate');
});

test('the wasm heap stays bounded over many equity calls', () => {
    ph.equity(['AhKhQdJd', 'AsAd2c3h'], { board: '9c 8c 7d' }); // builds the Omaha table once
    const before = ph._core.HEAPU8.length;
    for (let i = 0; i < 2000; i++) {
        ph.equity(['AhKhQdJd', 'AsAd2c3h'], { board: '9c 8c 7d 6s' });
        try {
            ph.equity(['AcAd', 'AcKh']);
        } catch {
            // expected
        }
    }
    assert.equal(ph._core.HEAPU8.length, before);
});
