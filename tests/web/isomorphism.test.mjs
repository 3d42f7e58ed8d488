// ph.handIndexer against tests/vectors/isomorphism.jsonl (Python's pokerhash.HandIndexer on the native core):
// the same indexes round by round and the same canonical hands for hold'em and Omaha; then the JS-side contract:
// the index rule (numbers up to 2**53, BigInts past it), batches on typed arrays, the library's messages.
// Run: node --test tests/web/isomorphism.test.mjs
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const { PokerHash, PokerHashError } = await import(path.resolve(here, '../../web/dist/pokerhash.mjs'));
const ph = await PokerHash.load();
const lines = readFileSync(path.resolve(here, '../vectors/isomorphism.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const hands = lines.filter((v) => 'rounds' in v);

const throwsWith = (fn, message, code) =>
    assert.throws(fn, (e) => e instanceof PokerHashError && e.message === message && e.code === code);

test('the vectors give their indexes and canonical hands', () => {
    assert.match(lines[0].banner, /make_isomorphism_vectors\.py/);
    assert.ok(hands.length >= 40);
    const indexers = new Map();
    for (const v of hands) {
        const key = v.rounds.join(',');
        if (!indexers.has(key)) indexers.set(key, ph.handIndexer(v.rounds));
        const indexer = indexers.get(key);
        assert.deepEqual(indexer.indexAll(v.text), v.indexes, v.text);
        assert.equal(indexer.index(v.cards), v.indexes[v.indexes.length - 1]);
        assert.equal(indexer.index(new Uint8Array(v.cards)), v.indexes[v.indexes.length - 1]);
        assert.deepEqual(indexer.unindex(-1, v.indexes[v.indexes.length - 1]), v.canonical);
        assert.deepEqual(indexer.canonical(v.cards), v.canonical);
        assert.equal(indexer.isCanonical(v.canonical), true);
    }
});

test('sizes follow the index rule: numbers up to 2**53, BigInts past it', () => {
    const holdem = ph.handIndexer([2, 3, 1, 1]);
    assert.deepEqual([0, 1, 2, 3].map((r) => holdem.size(r)), [169, 1286792, 55190538, 2428287420]);
    assert.deepEqual(ph.handIndexer([4, 3, 1, 1]).rounds.length, 4);
    assert.equal(ph.handIndexer([4, 3, 1, 1]).size(), 389802959832);
    assert.equal(ph.handIndexer([2, 5]).size(), 123156254);
    const big = ph.handIndexer([13, 6]);
    assert.equal(typeof big.size(), 'bigint');
    assert.equal(typeof big.size(0), 'number');
    const index = big.index('2c3c4c5c6c7c8c9cTcJcQcKcAc 2d3d4d5d6d7d');
    assert.equal(typeof index, 'bigint');
    assert.equal(big.index(big.unindex(1, index)), index);
    assert.ok(big.indexBatch(new Uint8Array(big.unindex(1, 5n))) instanceof BigUint64Array);
});

test('renamed suits share an index, other hands do not', () => {
    const holdem = ph.handIndexer([2, 3, 1, 1]);
    assert.equal(holdem.index('AsKs Qs7h2d'), holdem.index('AhKh Qh7c2s'));
    assert.notEqual(holdem.index('AsKs Qs7h2d'), holdem.index('AsKh Qs7h2d'));
    assert.deepEqual(holdem.indexAll('AsKs Qs7h2d 3c'), [holdem.index('AsKs'), holdem.index('AsKs Qs7h2d'), holdem.index('AsKs Qs7h2d 3c')]);
    assert.equal(holdem.isCanonical('AcKc'), true);
    assert.equal(holdem.isCanonical('AsKs'), false);
});

test('batches agree with single calls', () => {
    const holdem = ph.handIndexer([2, 3, 1, 1]);
    const n = 500;
    const rows = new Uint8Array(7 * n);
    let seed = 12345;
    for (let i = 0; i < n; i++) {
        const deck = Array.from({ length: 52 }, (_, c) => c);
        for (let j = 0; j < 7; j++) {
            seed = (seed * 1103515245 + 12345) % 2147483648;
            const pick = j + (seed % (52 - j));
            [deck[j], deck[pick]] = [deck[pick], deck[j]];
            rows[7 * i + j] = deck[j];
        }
    }
    const last = holdem.indexBatch(rows);
    assert.ok(last instanceof Float64Array && last.length === n);
    for (let i = 0; i < n; i += 37) assert.equal(last[i], holdem.index(rows.subarray(7 * i, 7 * i + 7)));
    const every = holdem.indexBatch(rows, { everyRound: true });
    assert.equal(every.length, 4 * n);
    for (let i = 0; i < n; i++) assert.equal(every[4 * i + 3], last[i]);
    const canonical = holdem.unindexBatch(3, last);
    assert.deepEqual(holdem.indexBatch(canonical), last);
    assert.ok(holdem.isCanonicalBatch(canonical).every((flag) => flag === 1));
    const flops = holdem.indexBatch(canonical.filter((_, i) => i % 7 < 5), { round: 1 });
    for (let i = 0; i < n; i++) assert.equal(flops[i], every[4 * i + 1]);
});

test('bad input gets the library errors', () => {
    const holdem = ph.handIndexer([2, 3, 1, 1]);
    throwsWith(() => holdem.index('AsAs'), 'duplicate card As', 'duplicate');
    throwsWith(() => holdem.index('AsKsQs'), 'expected 2, 5, 6 or 7 cards (rounds [2, 3, 1, 1]), got 3', 'count');
    throwsWith(() => holdem.unindex(0, 169), 'index 169 outside 0..168 (round 0)', 'range');
    throwsWith(() => holdem.size(4), 'round 4 outside 0..3 (4 rounds)', 'range');
    throwsWith(() => ph.handIndexer([13, 13]), 'rounds [13, 13] have 2**64 canonical hands or more: no 64-bit index', 'overflow');
    throwsWith(() => ph.handIndexer([2, 0]), 'round 1 deals 0 cards: every round deals at least one', 'count');
    throwsWith(() => ph.handIndexer([30, 23]), 'the rounds deal 53 cards, more than the 52 of a deck', 'count');
    throwsWith(() => ph.handIndexer([]), 'rounds must have 1 to 8 rounds, got 0', 'count');
    throwsWith(() => ph.handIndexer('23'), 'rounds must be an array of card counts, got string', 'type');
    throwsWith(() => holdem.indexBatch(new Uint8Array([0, 1, 2, 3, 4, 5, 5])), 'row 0: duplicate card', 'duplicate');
    throwsWith(() => holdem.indexBatch(new Uint8Array([0, 1, 2])), 'rows hold 3 bytes, not whole rows of 7 cards', 'argument');
    throwsWith(() => holdem.unindexBatch(0, [1, 500]), 'row 1: index out of range', 'range');
    const freed = ph.handIndexer([2]);
    freed.free();
    throwsWith(() => freed.index('AsKs'), 'this hand indexer was freed', 'argument');
});
