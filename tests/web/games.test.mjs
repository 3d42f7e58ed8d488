// The other games' JS API against the native package (data written by test_games_web.py).
// Run: POKERHASH_GAMES_DATA=dir node --test tests/web/games.test.mjs; with POKERHASH_GAMES_PART=mode only the
// mode rule's messages are checked (test_games_web.py reports them as a test of their own), otherwise the rest.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const { PokerHash, PokerHashError, GAMES, EQUITY_GAMES } = await import(path.resolve(here, '../../web/dist/pokerhash.mjs'));
const ph = await PokerHash.load({ games: true });
const dir = process.env.POKERHASH_GAMES_DATA;
const data = JSON.parse(readFileSync(path.join(dir, 'games.json'), 'utf8'));
const modePart = process.env.POKERHASH_GAMES_PART === 'mode';
const rest = { skip: modePart };
const throwsWith = (fn, message, code) => assert.throws(fn, (e) => e instanceof PokerHashError && e.message === message && e.code === code);
const throwsLike = (fn, { players, options, js }) => assert.throws(() => fn(players, options),
    (e) => e instanceof PokerHashError && e.message === js, `${JSON.stringify(players)} ${JSON.stringify(options)} should fail with ${js}`);

test('games and scales', rest, () => {
    assert.deepEqual([...GAMES], Object.keys(data.infos));
    assert.deepEqual(Object.keys(EQUITY_GAMES), ['shortdeck', 'shortdeck_triton', 'omaha_hilo8']);
    for (const [game, info] of Object.entries(data.infos)) {
        const js = ph.gameInfo(game);
        assert.equal(js.worst, info.worst);
        assert.deepEqual(js.categories, info.categories);
    }
    assert.equal(ph.gameInfo('shortdeck').deck.length, 36);
    assert.equal(ph.gameInfo('ace_five_8').noLow, 57);
});

test('batch values equal the native ones', rest, () => {
    for (const [file, { game, k, values }] of Object.entries(data.hands)) {
        const rows = new Uint8Array(readFileSync(path.join(dir, `${file}.u8`)));
        assert.deepEqual(Array.from(ph.gameEvaluateBatch(rows, k, game)), values, file);
    }
});

test('single hands: value, description, category, best five', rest, () => {
    for (const hand of data.single) {
        assert.equal(ph.gameEvaluate(hand.cards, hand.game), hand.value);
        const analysis = ph.gameAnalyze(hand.cards, hand.game);
        assert.equal(analysis.description, hand.description);
        assert.equal(analysis.categoryName, hand.category);
        assert.equal(ph.gameCategoryName(hand.value, hand.game), hand.category);
        assert.deepEqual(analysis.bestFive, hand.best);
    }
});

test('the shared vectors (tests/vectors/games.txt)', rest, () => {
    const lines = readFileSync(path.resolve(here, '../vectors/games.txt'), 'utf8').split('\n');
    let checked = 0;
    for (const line of lines.filter((l) => l.trim() && !l.startsWith('#'))) {
        const [game, cards, value, description] = line.split('|').map((s) => s.trim());
        const got = ph.gameEvaluate(cards, game);
        if (value !== '*') assert.equal(got, Number(value), line);
        assert.equal(ph.gameDescribe(got, game), description, line);
        checked++;
    }
    assert.ok(checked >= 20);
});

test('Omaha rule in every game', rest, () => {
    for (const [game, hole, board, value] of data.omaha) assert.equal(ph.gameOmahaEvaluate(hole, board, game), value);
});

test('equity equals the native package, seeded Monte Carlo to the last bit', rest, () => {
    assert.ok(data.equity.length >= 8);
    for (const spot of data.equity) {
        const options = { game: spot.game };
        for (const key of ['board', 'dead', 'exact', 'samples', 'stderr']) if (spot[key] !== undefined) options[key] = spot[key];
        if (spot.seed !== null) options.seed = BigInt(spot.seed);
        const players = spot.players.map((p) => (p === 'deck_random' ? 'random' : p));
        const r = ph.gameEquity(players, options);
        const n = spot.native;
        const what = `${spot.game}: ${players.join(' vs ')}`;
        assert.equal(r.exact, n.exact, what);
        assert.equal(r.deals, n.deals, what);
        assert.equal(r.lowDeals, n.lowDeals, what);
        assert.deepEqual(r.players.map((p) => [p.win, p.tie, p.lose]), n.win.map((w, i) => [w, n.tie[i], n.lose[i]]), what);
        assert.deepEqual(r.players.map((p) => p.hand), n.labels, what);
        const floats = { equity: n.equity, highEquity: n.high, winRate: n.winRate, tieRate: n.tieRate, loseRate: n.loseRate };
        for (const [key, want] of Object.entries(floats)) {
            const got = r.players.map((p) => p[key]);
            if (spot.weighted) got.forEach((x, i) => assert.ok(Math.abs(x - want[i]) < 1e-12, `${what} ${key}: ${x} ${want[i]}`));
            else assert.deepEqual(got, want, `${what} ${key}`);
        }
        r.players.forEach((p) => assert.ok(Math.abs(p.equity - p.highEquity - p.lowEquity) < 1e-15, what));
        if (n.stderr) assert.deepEqual(r.players.map((p) => p.stderr), n.stderr, what);
        if (!r.exact) assert.equal(typeof r.seed, 'bigint', what);
    }
});

test('gameEquityAsync: progress, cancel, and the same numbers as gameEquity', rest, async () => {
    const options = { game: 'omaha_hilo8', board: '9c 4d Tc', samples: 50_000, seed: 5 };
    const seen = [];
    const r = await ph.gameEquityAsync(['AhAd2c3d', 'KsKhQsJh'], { ...options, onProgress: (d, t) => seen.push([d, t]) });
    assert.deepEqual(r.players.map((p) => p.equity), ph.gameEquity(['AhAd2c3d', 'KsKhQsJh'], options).players.map((p) => p.equity));
    assert.deepEqual(seen.map(([d]) => d), [16384, 32768, 49152, 50000]); // Python's batches of 16,384
    const controller = new AbortController();
    let done = 0;
    const before = ph._core.HEAPU8.length;
    const run = ph.gameEquityAsync(['AsKs', '66+', 'A6+', 'K6+'], {
        game: 'shortdeck', exact: true, force: true, signal: controller.signal,
        onProgress: (d) => { done = d; if (!controller.signal.aborted) controller.abort(); },
    });
    await assert.rejects(run, (e) => e.name === 'AbortError');
    assert.ok(done > 0, 'the forced run started');
    assert.equal(ph._core.HEAPU8.length, before);
    const estimate = ph.gameEquityEstimate(['AsKs', '66+', 'A6+', 'K6+'], { game: 'shortdeck' });
    assert.ok(!estimate.exact && estimate.nativeSeconds > 60);
    assert.equal(estimate.seconds, estimate.nativeSeconds * ph.hostFactor());
    assert.ok(ph.gameEquityEstimate(['AsAd', 'KsKh'], { game: 'shortdeck' }).exact);
});

test('bad input: the native messages', rest, () => {
    assert.ok(data.errors.length >= 10);
    for (const spot of data.errors) throwsLike((players, options) => ph.gameEquity(players, options), spot);
    throwsWith(() => ph.gameEquity(['AsAd', 5], { game: 'shortdeck' }), 'player 2 must be a hand or a range, got number', 'type');
    throwsWith(() => ph.gameEvaluate('5c 6d 7h 8s 9c', 'shortdeck'), 'card 5c is not in the short deck', 'card');
    throwsWith(() => ph.gameEvaluate('As Ks', 'ace_five'), 'a hand needs 5 to 9 cards, got 2', 'count');
    throwsWith(() => ph.gameEvaluate('As Ks Qs Js Ts', 'razz'),
        "unknown game 'razz'; games: holdem, shortdeck, shortdeck_triton, ace_five, ace_five_8, deuce_seven", 'argument');
    throwsWith(() => ph.gameDescribe(58, 'ace_five_8'), 'hand value 58 outside 1..57', 'argument');
    throwsWith(() => ph.gameEvaluateBatch(new Uint8Array([51, 47, 43, 39, 3]), 5, 'shortdeck'), 'row 0: card 2s is not in the short deck', 'card');
    throwsWith(() => ph.gameEvaluateBatch(new Uint8Array([51, 47, 43, 39, 51]), 5, 'shortdeck'), 'row 0: duplicate card', 'duplicate');
    throwsWith(() => ph.gameEvaluateBatch(new Uint8Array([51, 47, 43, 39, 60]), 5, 'ace_five'), 'row 0: card id outside 0..51', 'card');
    throwsWith(() => ph.gameOmahaEvaluate('As Ks Qs', '2c 3c 4c', 'ace_five_8'), 'an Omaha hole needs 4 to 6 cards, got 3', 'count');
});

test('the mode rule: conflicts and refusals as equity() words them and native games.equity too', { skip: !modePart }, () => {
    assert.ok(data.modeErrors.some((e) => e.native.startsWith('exact enumeration would take about')));
    for (const spot of data.modeErrors) throwsLike((players, options) => ph.gameEquity(players, options), spot);
    // one rule with hold'em: the same words for the same conflict
    const holdem = (() => { try { ph.equity(['AsAd', 'KsKh'], { exact: true, samples: 10 }); } catch (e) { return e.message; } return null; })();
    assert.throws(() => ph.gameEquity(['AsAd', 'KsKh'], { game: 'shortdeck', exact: true, samples: 10 }), (e) => e.message === holdem);
});

test("load() fetches the hold'em core only: the other games need loadGames() (or gameEquityAsync, which loads them)", rest, async () => {
    const core = await PokerHash.load();
    assert.equal(core.evaluate('As Ks Qs Js Ts'), 1);
    assert.equal(core.omahaEvaluate('AhKhQdJd', 'Th 9h 2c 3d 4s'), ph.omahaEvaluate('AhKhQdJd', 'Th 9h 2c 3d 4s'));
    const notLoaded = "the other games are not loaded: call `await ph.loadGames()` first, or load with PokerHash.load({ games: true })";
    throwsWith(() => core.gameEvaluate('8c 6d 4h 2s Ac Kd Kh', 'ace_five_8'), notLoaded, 'argument');
    throwsWith(() => core.gameInfo('shortdeck'), notLoaded, 'argument');
    await Promise.all([core.loadGames(), core.loadGames()]);
    const engine = core._games();
    await core.loadGames();
    assert.equal(core._games(), engine, 'later calls keep the first load');
    assert.equal(core.gameEvaluate('8c 6d 4h 2s Ac Kd Kh', 'ace_five_8'), ph.gameEvaluate('8c 6d 4h 2s Ac Kd Kh', 'ace_five_8'));
    const fresh = await PokerHash.load();
    const spot = ['AsKs', 'QhQd'];
    const options = { game: 'shortdeck', board: 'Ts 9s 6h', exact: true };
    assert.deepEqual((await fresh.gameEquityAsync(spot, options)).equity, ph.gameEquity(spot, options).equity);
    const retried = await PokerHash.load();
    await assert.rejects(retried.loadGames({ wasmBinary: 5 }),
        (e) => e instanceof PokerHashError && e.message === 'wasmBinary must be an ArrayBuffer or a Uint8Array, got number');
    await retried.loadGames(); // a failed load is not kept: the next call loads
    assert.equal(retried.gameEvaluate('As Ks Qs Js Ts 9s', 'shortdeck'), ph.gameEvaluate('As Ks Qs Js Ts 9s', 'shortdeck'));
});
