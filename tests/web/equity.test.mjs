// The JS equity, range and Omaha API against the native extension's answers, and its own rules (mode,
// refusal, progress, cancel, winners). The pytest driver (test_node.py)
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

test('hands and ranges, hold\'em and Omaha, exact and seeded Monte Carlo equal native Python', () => {
    const spots = readJson('equity.json');
    assert.ok(spots.length >= 12);
    for (const spot of spots) {
        const options = { board: spot.board, dead: spot.dead, exact: spot.exact };
        if (!spot.exact) Object.assign(options, { samples: spot.samples, seed: BigInt(spot.seed) });
        const r = ph.equity(spot.players, options);
        const want = spot.native;
        const what = spot.players.join(' vs ');
        assert.equal(r.exact, spot.exact, what);
        assert.equal(r.deals, want.deals, what);
        assert.deepEqual(r.players.map((p) => p.win), want.win, what);
        assert.deepEqual(r.players.map((p) => p.tie), want.tie, what);
        assert.deepEqual(r.players.map((p) => p.lose), want.lose, what);
        if (spot.weighted) { // float sums over chunks: the same up to rounding
            r.players.forEach((p, i) => assert.ok(Math.abs(p.equity - want.equity[i]) < 1e-12, `${what}: ${p.equity} ${want.equity[i]}`));
        } else {
            assert.deepEqual(r.players.map((p) => p.equity), want.equity, what); // the same floats, bit for bit
        }
        if (!spot.exact) {
            assert.deepEqual(r.players.map((p) => p.stderr), want.stderr, what);
            assert.equal(r.seed, BigInt(spot.seed));
        }
        for (const p of r.players) { // weighted rates of each outcome, summing to one
            assert.ok(Math.abs(p.winRate + p.tieRate + p.loseRate - 1) < 1e-12, what);
            if (!spot.weighted && spot.exact) assert.equal(p.winRate, p.win / r.deals, what);
        }
    }
});

test('bad spots and options fail with the native message, in JS spelling', () => {
    // "exact=True conflicts with samples=10" natively is "exact: true conflicts with samples: 10" here
    // (webtools.js_spelling); the refusals name the same estimate on one thread.
    const errors = readJson('equity_errors.json');
    assert.ok(errors.some((e) => e.native.startsWith('exact enumeration would take about')));
    for (const { players, board, dead, options, js } of errors) {
        const given = { board, dead, ...options };
        assert.throws(() => ph.equity(players, given), (e) => e instanceof PokerHashError && e.message === js,
            `${JSON.stringify(players)} ${JSON.stringify(given)} should fail with ${js}`);
    }
});

test('mode: samples/stderr/seed mean Monte Carlo, otherwise exact when the estimate is at most 2 s', () => {
    assert.equal(ph.equity(['AcAd', 'KsKh']).exact, true);
    assert.equal(ph.equity(['AcAd', 'KsKh'], { seed: 3 }).deals, 1_000_000); // a seed alone: Monte Carlo, default samples
    const bySamples = ph.equity(['AcAd', 'KsKh'], { samples: 70_000 });
    assert.equal(bySamples.exact, false);
    assert.equal(typeof bySamples.seed, 'bigint');
    const byStderr = ph.equity(['AcAd', 'KsKh'], { stderr: 0.01, seed: 1 });
    assert.equal(byStderr.deals, 65_536); // stops after the first batch whose errors are small enough
    assert.ok(Math.max(...byStderr.players.map((p) => p.stderr)) <= 0.01);
    const small = ph.equityEstimate(['AcAd', 'KsKh']);
    assert.ok(small.exact && small.seconds > 0 && small.nativeSeconds < 2);
    assert.equal(small.seconds, small.nativeSeconds * ph.hostFactor());
    const large = ph.equityEstimate(['AsKs', 'random']);
    assert.equal(large.exact, large.nativeSeconds <= 2);
    assert.ok(!ph.equityEstimate(['random', 'random', 'random']).exact);
    const auto = ph.equity(['AhKh', 'random', 'QQ+'], { board: 'Ts 6d 2h' }); // exact would be long: sampled
    assert.equal(auto.exact, ph.equityEstimate(['AhKh', 'random', 'QQ+'], { board: 'Ts 6d 2h' }).exact);
    if (!auto.exact) {
        assert.equal(auto.deals, 1_000_000);
        assert.equal(typeof auto.seed, 'bigint');
    }
});

test('exact: true refuses conflicts and runs estimated over 60 s unless forced', () => {
    throwsWith(() => ph.equity(['AcAd', 'KsKh'], { exact: true, samples: 10 }),
        'exact: true conflicts with samples: 10: those set Monte Carlo; drop them, or pass exact: false (or leave exact: undefined) to sample', 'argument');
    assert.throws(() => ph.equity(['random', 'random', 'random'], { exact: true, board: 'Ts 6d 2h' }), (e) => e.code === 'argument' &&
        /^exact enumeration would take about [\d,]+ minutes on 1 thread; use Monte Carlo \(exact: false\) or pass force: true$/.test(e.message));
    throwsWith(() => ph.equity(['AcAd', 'KsKh'], { force: 'yes' }), "force must be true or false, got 'yes'", 'type');
    // the mode follows the native estimate (as Python's does), whatever the wasm engine's speed
    for (const players of [['AhKh', 'random', 'AA'], ['AhKh', 'random', 'KK+'], ['AhKh', 'random', 'QQ+']]) {
        const estimate = ph.equityEstimate(players);
        assert.equal(estimate.exact, estimate.nativeSeconds <= 2, players.join(' vs '));
        assert.equal(estimate.seconds, estimate.nativeSeconds * ph.hostFactor(), 'the time shown is this host\'s');
    }
});

test('the host factor: measured once per load unless pinned, and every time shown is the native estimate times it', async () => {
    // The suite pins POKERHASH_HOST_FACTOR=1 (tests/conftest.py) as it pins Python's; a load option sets it too.
    const pinned = process.env.POKERHASH_HOST_FACTOR;
    delete process.env.POKERHASH_HOST_FACTOR;
    try {
        const measuring = await PokerHash.load();
        const started = performance.now();
        const factor = measuring.hostFactor();
        const probeMs = performance.now() - started;
        assert.ok(factor >= 0.25 && factor <= 40 && factor !== 1, `measured ${factor}`);
        assert.ok(probeMs < 2000, `the probe took ${probeMs} ms`);
        assert.equal(measuring.hostFactor(), factor, 'measured once');
        const estimate = measuring.equityEstimate(['QQ+, AKs', 'JJ-99, AQs']);
        assert.equal(estimate.seconds, estimate.nativeSeconds * factor);
        const r = measuring.equity(['QQ+, AKs', 'JJ-99, AQs'], { exact: true });
        assert.equal(r.estimatedSeconds, r.nativeSeconds * factor);
        await measuring.loadGames();
        const game = measuring.gameEquityEstimate(['AsKs', 'QhJh'], { game: 'shortdeck' });
        assert.equal(game.seconds, game.nativeSeconds * factor);
        process.env.POKERHASH_HOST_FACTOR = '2.5';
        const fromEnv = await PokerHash.load();
        assert.equal(fromEnv.hostFactor(), 2.5);
        process.env.POKERHASH_HOST_FACTOR = 'fast';
        const bad = await PokerHash.load();
        throwsWith(() => bad.equityEstimate(['AcAd', 'KsKh']), "POKERHASH_HOST_FACTOR='fast': expected a positive number " +
            "(this host's seconds per second of the equity cost model), or unset to measure it", 'argument');
    } finally {
        process.env.POKERHASH_HOST_FACTOR = pinned;
        if (pinned === undefined) delete process.env.POKERHASH_HOST_FACTOR;
    }
    const three = await PokerHash.load({ hostFactor: 3, games: true });
    assert.equal(three.hostFactor(), 3);
    const estimate = three.equityEstimate(['AhKh', 'QQ+']);
    assert.equal(estimate.seconds, 3 * estimate.nativeSeconds);
    const g = three.gameEquity(['AsAd', 'KsKh'], { game: 'shortdeck' });
    assert.equal(g.estimatedSeconds, 3 * g.nativeSeconds);
    await assert.rejects(PokerHash.load({ hostFactor: 0 }), (e) => e instanceof PokerHashError && e.code === 'argument' &&
        e.message === "hostFactor must be a positive number (this host's wasm seconds per second of the native estimate), got 0");
});

test('equityAsync: progress, the same result as equity(), and force: true with a cancel', async () => {
    const seen = [];
    const r = await ph.equityAsync(['QQ+, AKs', 'random'], { samples: 200_000, seed: 9, onProgress: (d, t) => seen.push([d, t]) });
    assert.deepEqual(r.players.map((p) => p.equity), ph.equity(['QQ+, AKs', 'random'], { samples: 200_000, seed: 9 }).players.map((p) => p.equity));
    assert.deepEqual(seen.map(([d]) => d), [65536, 131072, 196608, 200000]);
    assert.ok(seen.every(([, t]) => t === 200_000));
    const controller = new AbortController();
    let progress = 0;
    const forced = ph.equityAsync(['random', 'random', 'random'], {
        exact: true, force: true, signal: controller.signal,
        onProgress: (done) => { progress = done; if (!controller.signal.aborted) controller.abort(); },
    });
    await assert.rejects(forced, (e) => e.name === 'AbortError');
    assert.ok(progress > 0, 'the forced run started');
});

test('equityAsync stops promptly when cancelled and leaves the heap as it was', async () => {
    ph.equity(['random', 'random', 'random'], { samples: 1000, seed: 1 });
    const before = ph._core.HEAPU8.length;
    const controller = new AbortController();
    let done = 0;
    const run = ph.equityAsync(['random', 'random', 'random'], { samples: 100_000_000, seed: 1, signal: controller.signal, onProgress: (d) => { done = d; } });
    setTimeout(() => controller.abort(), 300);
    const started = performance.now();
    await assert.rejects(run, (e) => e.name === 'AbortError');
    const stoppedAfter = performance.now() - started;
    console.log(`cancelled after ${done.toLocaleString('en-US')} samples, ${Math.round(stoppedAfter)} ms after the start`);
    assert.ok(done > 0 && done < 100_000_000);
    assert.equal(ph._core.HEAPU8.length, before);
});

test('winners: the best hands at a showdown, ties included', () => {
    assert.deepEqual(ph.winners(['AsKs', 'QdQh'], 'Ah 7d 2c 9h Tc'), [0]);
    assert.deepEqual(ph.winners(['AsKs', 'AdKd', '2c2d'], 'Ah Kh 7d 7c 9s'), [0, 1]);
    assert.deepEqual(ph.winners(['As Ks Qs Js Ts', '2c 2d 2h 2s 3c']), [0]);
    assert.deepEqual(ph.winners(['AhKhQdJd', '9s9c8s7c'], 'Th 9h 2h 3c 4d'), [0]);
    throwsWith(() => ph.winners(['AsKs', 'AsQd'], 'Ah 7d 2c'), 'card As is in hand 2 and hand 1', 'duplicate');
    throwsWith(() => ph.winners(['AsKs', 'QdQh'], 'Ks 7d 2c 9h Tc'), 'card Ks is in hand 1 and the board', 'duplicate');
    throwsWith(() => ph.winners(['AsKs', 'QdQhJc'], 'Ah 7d 2c'), 'all hands must have the same number of cards, got 2 and 3', 'count');
    throwsWith(() => ph.winners([]), 'hands must be a non-empty array of hands', 'type');
});

test('Monte Carlo: a seed fixes the result, no seed draws one and reports it', () => {
    const timeless = ({ seconds, ...rest }) => rest; // eslint-disable-line no-unused-vars
    const a = ph.equity(['AhKhQdJd', 'AsAd2c3h'], { samples: 5000, seed: 9 });
    assert.deepEqual(timeless(ph.equity(['AhKhQdJd', 'AsAd2c3h'], { samples: 5000, seed: 9n })), timeless(a));
    assert.equal(a.exact, false);
    assert.equal(a.deals, 5000);
    const b = ph.equity(['AcAd', 'KsKh'], { samples: 1000 });
    assert.equal(typeof b.seed, 'bigint');
    assert.deepEqual(timeless(ph.equity(['AcAd', 'KsKh'], { samples: 1000, seed: b.seed })), timeless(b));
});

test('omahaEvaluate equals native Python on random hands', () => {
    const cases = readJson('omaha.json');
    for (const [hole, board, value] of cases) assert.equal(ph.omahaEvaluate(hole, board), value, `${hole} | ${board}`);
    assert.equal(ph.omahaEvaluate('AhKhQdJd', 'ThTs9c2d5c'), 4208);
});

test('bad equity and Omaha input names the problem', () => {
    throwsWith(() => ph.equity('AcAd KsKh'), 'players must be an array of hands or ranges, one per player', 'type');
    throwsWith(() => ph.equity(['AcAd', 5]), 'player 2 must be a hand or a range, got number', 'type');
    throwsWith(() => ph.equity(['AcAd', ph.parseRange('AA:0')]), 'player 2 has an empty range', 'argument');
    throwsWith(() => ph.equity(['AcAd']), 'equity needs 2 to 10 players, got 1', 'count');
    throwsWith(() => ph.equity(['AcAd', 'AcKh']), "card Ac is in player 2's hand and player 1's hand", 'duplicate');
    throwsWith(() => ph.equity(['AcAd', 'KsKh'], { board: 'Ks 2c 3c' }), "card Ks is in player 2's hand and the board", 'duplicate');
    throwsWith(() => ph.equity(['AcAd', 'KsKh'], { board: '2c 3c 4c', dead: '2c' }), 'card 2c is both on the board and dead', 'duplicate');
    throwsWith(() => ph.equity(['AcAd', 'KsKh'], { board: '2c 3c' }), 'the board must have 0, 3, 4 or 5 cards, got 2', 'count');
    throwsWith(() => ph.equity(['AcAd', 'KsKhQs']), "player 2's hand has 3 cards; hold'em hands have 2, Omaha hands 4 to 6", 'count');
    throwsWith(() => ph.equity(['AcAd', 'KsKhQsJs']),
        'all players must hold the same number of cards (2 for hold\'em, 4 to 6 for Omaha), got 2 and 4', 'count');
    throwsWith(() => ph.equity(['AcAd', 'KsXx']), "player 2: unknown range token 'KsXx'", 'parse');
    throwsWith(() => ph.equity(['AcAd', ['Ks', 'Xx']]), "unknown card 'Xx'", 'parse');
    throwsWith(() => ph.equity(['AcAd', 'KsKh'], { samples: 0 }), 'samples must be a positive integer, got 0', 'argument');
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
