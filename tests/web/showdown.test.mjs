// ph.showdown against tests/vectors/showdown.jsonl (Python's pokerhash.analysis.showdown on the native core):
// the same rows, values and counts on boards of 3, 4 and 5 cards with and without dead cards, the same refusals;
// then the JS-side contract: result types, the library's own messages, the heap left as it was.
// Run: node --test tests/web/showdown.test.mjs
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const { PokerHash, PokerHashError } = await import(path.resolve(here, '../../web/dist/pokerhash.mjs'));
const ph = await PokerHash.load();
const lines = readFileSync(path.resolve(here, '../vectors/showdown.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const boards = lines.filter((v) => 'rows' in v);
const refusals = lines.filter((v) => 'error' in v);

const throwsWith = (fn, message, code) =>
    assert.throws(fn, (e) => e instanceof PokerHashError && e.message === message && e.code === code);
const sum = (array) => array.reduce((a, b) => a + Number(b), 0);
const deadOption = (v) => (v.dead ? { dead: v.dead } : undefined);

test('the vector file holds a dozen boards of 3, 4 and 5 cards, with and without dead cards', () => {
    assert.match(lines[0].banner, /make_showdown_vectors\.py/);
    assert.ok(boards.length >= 12);
    for (const size of [3, 4, 5]) {
        assert.ok(boards.some((v) => ph.parseCards(v.board).length === size && v.dead));
        assert.ok(boards.some((v) => ph.parseCards(v.board).length === size && !v.dead));
    }
});

test('every board gives the rows, values and counts Python gives', () => {
    for (const v of boards) {
        const where = `${v.board} / dead ${v.dead || 'none'}`;
        const s = ph.showdown(v.board, deadOption(v));
        const n = s.values.length;
        assert.equal(n, v.rows, where);
        assert.equal(s.holes.length, 2 * n, where);
        assert.equal(s.byCategory.length, 30 * n, where);
        assert.equal(sum(s.values), v.values, where);
        assert.deepEqual([sum(s.wins), sum(s.ties), sum(s.losses)], [v.wins, v.ties, v.losses], where);
        const byCategory = [0, 1, 2].map((o) => Array.from({ length: 10 }, (_, c) => {
            let total = 0;
            for (let r = 0; r < n; r++) total += s.byCategory[30 * r + 10 * o + c];
            return total;
        }));
        assert.deepEqual(byCategory, v.by_category, where);
        for (const [hole, value, wins, ties, losses, split] of v.sample) {
            const [lo, hi] = ph.parseCards(hole).sort((a, b) => a - b);
            const r = Array.from({ length: n }, (_, i) => i).find((i) => s.holes[2 * i] === lo && s.holes[2 * i + 1] === hi);
            assert.notEqual(r, undefined, `${where}: no row for ${hole}`);
            assert.deepEqual([s.values[r], s.wins[r], s.ties[r], s.losses[r]], [value, wins, ties, losses], `${where}: ${hole}`);
            const row = Array.from(s.byCategory.subarray(30 * r, 30 * r + 30));
            assert.deepEqual(row, split.flat(), `${where}: ${hole} by category`);
        }
    }
});

test('refusals are worded as Python words them', () => {
    assert.ok(refusals.length >= 4);
    for (const v of refusals) {
        assert.throws(() => ph.showdown(v.board, deadOption(v)), (e) => e instanceof PokerHashError && e.message === v.error,
            `${v.board} / dead ${v.dead}: want ${v.error}`);
    }
});

test('rows are every pair of live cards in colex order, each row consistent', () => {
    const s = ph.showdown('Ks 7d 2c 3h', { dead: [51, 'Ah'] });
    assert.ok(s.holes instanceof Uint8Array && s.values instanceof Uint16Array);
    for (const counts of [s.wins, s.ties, s.losses, s.byCategory]) assert.ok(counts instanceof Float64Array);
    const used = new Set(ph.parseCards('Ks 7d 2c 3h As Ah'));
    let last = -1;
    for (let r = 0; r < s.values.length; r++) {
        const [lo, hi] = [s.holes[2 * r], s.holes[2 * r + 1]];
        assert.ok(lo < hi && !used.has(lo) && !used.has(hi));
        const colex = (hi * (hi - 1)) / 2 + lo;
        assert.ok(colex > last);
        last = colex;
        assert.equal(s.values[r], ph.evaluate([lo, hi, ...ph.parseCards('Ks 7d 2c 3h')]));
        // every opponent pair of the 44 cards left, on each of the 44 rivers it leaves... minus its own cards
        assert.equal(s.wins[r] + s.ties[r] + s.losses[r], 44 * ((43 * 42) / 2));
        for (let o = 0; o < 3; o++) {
            assert.equal(sum(s.byCategory.subarray(30 * r + 10 * o, 30 * r + 10 * o + 10)), [s.wins, s.ties, s.losses][o][r]);
        }
    }
    assert.equal(s.values.length, (46 * 45) / 2);
});

test('bad arguments are refused in the library\'s words', () => {
    throwsWith(() => ph.showdown('Ks 7d 2c', { dead: 'Ks' }), 'card Ks is both on the board and dead', 'duplicate');
    throwsWith(() => ph.showdown('Ks 7d'), 'the board must have 3, 4 or 5 cards, got 2', 'count');
    throwsWith(() => ph.showdown('Ks 7d Zz'), "unknown card 'Zz'", 'parse');
    throwsWith(() => ph.showdown('Ks 7d 2c', { dead: [52] }), 'card id 52 outside 0..51', 'card');
    throwsWith(() => ph.showdown(5), 'board must be card text or an array of cards, got number 5', 'type');
    throwsWith(() => ph.showdown('Ks 7d 2c', { deads: 'As' }), "unknown option 'deads' (known: dead)", 'argument');
    throwsWith(() => ph.showdown('Ks 7d 2c', 'As'), 'options must be an object, got string', 'type');
});

test('repeated calls reuse the heap: no growth, the same answer', () => {
    const first = ph.showdown('Th Jh Qh 2s 2d', { dead: 'Ah Kh 9h' });
    const heap = ph._core.HEAPU8.length;
    for (let i = 0; i < 200; i++) ph.showdown('Ks 7d 2c 3h 9s', { dead: i % 2 ? 'As' : null });
    assert.equal(ph._core.HEAPU8.length, heap);
    assert.deepEqual(ph.showdown('Th Jh Qh 2s 2d', { dead: 'Ah Kh 9h' }), first);
});
