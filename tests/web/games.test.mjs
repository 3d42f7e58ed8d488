// The other games' JS API against the native package (data written by test_games_web.py).
// Run: POKERHASH_GAMES_DATA=dir node --test tests/web/games.test.mjs
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const { PokerHash, PokerHashError, GAMES, EQUITY_GAMES } = await import(path.resolve(here, '../../web/dist/pokerhash.mjs'));
const ph = await PokerHash.load();
const dir = process.env.POKERHASH_GAMES_DATA;
const data = JSON.parse(readFileSync(path.join(dir, 'games.json'), 'utf8'));

test('games and scales', () => {
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

test('batch values equal the native ones', () => {
    for (const [file, { game, k, values }] of Object.entries(data.hands)) {
        const rows = new Uint8Array(readFileSync(path.join(dir, `${file}.u8`)));
        assert.deepEqual(Array.from(ph.gameEvaluateBatch(rows, k, game)), values, file);
    }
});

test('single hands: value, description, category, best five', () => {
    for (const hand of data.single) {
        assert.equal(ph.gameEvaluate(hand.cards, hand.game), hand.value);
        const analysis = ph.gameAnalyze(hand.cards, hand.game);
        assert.equal(analysis.description, hand.description);
        assert.equal(analysis.categoryName, hand.category);
        assert.equal(ph.gameCategoryName(hand.value, hand.game), hand.category);
        assert.deepEqual(analysis.bestFive, hand.best);
    }
});

test('the shared vectors (tests/vectors/games.txt)', () => {
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

test('Omaha rule in every game', () => {
    for (const [game, hole, board, value] of data.omaha) assert.equal(ph.gameOmahaEvaluate(hole, board, game), value);
});

test('equity equals the native package, seeded Monte Carlo to the last bit', () => {
    for (const spot of data.equity) {
        const r = ph.gameEquity(spot.players, {
            game: spot.game, board: spot.board, exact: spot.exact ?? undefined,
            samples: spot.samples ?? undefined, seed: spot.seed === null ? undefined : BigInt(spot.seed),
        });
        const n = spot.native;
        assert.equal(r.deals, n.deals);
        assert.equal(r.lowDeals, n.lowDeals);
        assert.deepEqual(r.players.map((p) => p.equity), n.equity);
        assert.deepEqual(r.players.map((p) => p.highEquity), n.high);
        assert.deepEqual(r.players.map((p) => [p.win, p.tie, p.lose]), n.win.map((w, i) => [w, n.tie[i], n.lose[i]]));
        if (n.stderr) assert.deepEqual(r.players.map((p) => p.stderr), n.stderr);
    }
});

test('bad input: the native messages', () => {
    for (const spot of data.errors) {
        assert.throws(() => ph.gameEquity(spot.players, {
            game: spot.game, board: spot.board ?? undefined, exact: spot.exact ?? undefined, samples: spot.samples ?? undefined,
        }), (e) => e instanceof PokerHashError && e.message === spot.native, JSON.stringify(spot));
    }
    const throwsWith = (fn, message, code) => assert.throws(fn, (e) => e instanceof PokerHashError && e.message === message && e.code === code);
    throwsWith(() => ph.gameEvaluate('5c 6d 7h 8s 9c', 'shortdeck'), 'card 5c is not in the short deck', 'card');
    throwsWith(() => ph.gameEvaluate('As Ks', 'ace_five'), 'a hand needs 5 to 9 cards, got 2', 'count');
    throwsWith(() => ph.gameEvaluate('As Ks Qs Js Ts', 'razz'),
        "unknown game 'razz'; games: holdem, shortdeck, shortdeck_triton, ace_five, ace_five_8, deuce_seven", 'argument');
    throwsWith(() => ph.gameDescribe(58, 'ace_five_8'), 'hand value 58 outside 1..57', 'argument');
    throwsWith(() => ph.gameEvaluateBatch(new Uint8Array([51, 47, 43, 39, 3]), 5, 'shortdeck'), 'row 0: card 2s is not in the short deck', 'card');
    throwsWith(() => ph.gameOmahaEvaluate('As Ks Qs', '2c 3c 4c', 'ace_five_8'), 'an Omaha hole needs 4 to 6 cards, got 3', 'count');
});
