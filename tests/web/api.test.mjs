// The JS API's contract beyond parity: accepted inputs, BigInt handling and the error for each bad input.
// Run: node --test tests/web/api.test.mjs
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const lib = await import(path.resolve(here, '../../web/dist/pokerhash.mjs'));
const { PokerHash, PokerHashError, CATEGORY_NAMES, cardName } = lib;
const ph = await PokerHash.load();

const throwsWith = (fn, message, code) =>
    assert.throws(fn, (e) => e instanceof PokerHashError && e instanceof Error && e.message === message && e.code === code);

test('evaluate accepts text, ids, names and separate arguments', () => {
    assert.equal(ph.evaluate('As Ks Qs Js Ts'), 1);
    assert.equal(ph.evaluate('AsKsQsJsTs'), 1);
    assert.equal(ph.evaluate('a♠,k♠,q♠,j♠,10♠'), 1);
    assert.equal(ph.evaluate([51, 47, 43, 39, 35]), 1);
    assert.equal(ph.evaluate(51, 'Ks', 43, 'J♠', '10s'), 1);
    assert.equal(ph.evaluate(new Uint8Array([51, 47, 43, 39, 35])), 1);
    assert.equal(ph.evaluate('7c 5d 4h 3s 2c'), 7462);
});

test('analysis of a hand', () => {
    const hand = ph.analyze('9c 9d 9h 4s 4c 2d 3h');
    assert.deepEqual(hand, {
        value: 236, category: 3, categoryName: 'Full House', description: 'Nines Full over Fours',
        bestFive: [30, 29, 28, 11, 8],
    });
    assert.deepEqual(ph.bestFive('9c 9d 9h 4s 4c 2d 3h'), hand.bestFive);
    assert.equal(CATEGORY_NAMES[ph.category(1)], 'Royal Flush');
    assert.equal(ph.categoryName(7462), 'High Card');
    assert.deepEqual(ph.valueRanks(236), [7, 7, 7, 2, 2]);
    assert.equal(cardName(51), 'As');
    assert.equal(ph.cardName(0, { symbols: true }), '2♣');
    assert.deepEqual(ph.parseCards('As, 2c Td'), [51, 0, 33]);
    assert.match(ph.version, /^\d+\.\d+\.\d+$/);
});

test('batches: values, chunking across wasm calls, reuse of out', () => {
    const n = 700_000; // more than one internal chunk
    const cards = new Uint8Array(n * 5);
    for (let i = 0; i < n; i++) cards.set(i % 2 ? [51, 47, 43, 39, 35] : [0, 4, 8, 13, 17], i * 5);
    const out = new Uint16Array(n);
    assert.equal(ph.evaluateBatch(cards, 5, out), out);
    assert.equal(out[0], ph.evaluate([0, 4, 8, 13, 17]));
    assert.equal(out[n - 1], 1);
    assert.equal(ph.evaluateBatch(new Uint8Array(0), 7).length, 0);
    cards[(n - 2) * 5 + 4] = 0;
    throwsWith(() => ph.evaluateBatch(cards, 5), `row ${n - 2}: duplicate card`, 'duplicate');
});

test('the 64-bit rule: binomials and combination ranks are always BigInt', () => {
    assert.equal(ph.comb(52, 7), 133784560n);
    assert.equal(ph.comb(64, 32) + 1n, 1832624140942590535n); // issue 11: comb(64, 32) + 1 used to throw
    assert.equal(ph.comb(7, 8), 0n);
    assert.equal(typeof ph.rankCombination([0, 1, 2], 52), 'bigint');
    assert.equal(ph.rankCombination([0, 1, 2], 52), 0n);
    assert.deepEqual(ph.unrankCombination(5, 2, 4), ph.unrankCombination(5n, 2, 4));
    assert.equal(typeof ph.handIndex('As Ks'), 'number');
    assert.equal(typeof ph.equity(['AcAd', 'KsKh'], { samples: 10, seed: 1 }).seed, 'bigint');
    assert.equal(typeof ph.equity(['AcAd', 'KsKh']).deals, 'number');
});

test('64-bit combination indexes are exact past 2**53', () => {
    const total = ph.comb(64, 32);
    assert.equal(total, 1832624140942590534n);
    for (const index of [total - 1n, 2n ** 53n + 1n, 9007199254740993n]) {
        for (const order of ['colex', 'lex']) {
            const items = ph.unrankCombination(index, 32, 64, order);
            assert.equal(ph.rankCombination(items, 64, order), index);
        }
    }
    assert.deepEqual(ph.unrankCombination(133784559, 7, 52), [45, 46, 47, 48, 49, 50, 51]);
    assert.equal(ph.rankCombination([45, 46, 47, 48, 49, 50, 51], 52, 'lex'), 133784559n);
    assert.deepEqual(Array.from(ph.combinations(7, 3, 33)), [3, 5, 6, 4, 5, 6]);
    assert.deepEqual(Array.from(ph.combinations(64, 32, total - 1n)), Array.from({ length: 32 }, (_, i) => 32 + i));
    assert.deepEqual(Array.from(ph.combinationMasks(4, 2)), [3n, 5n, 6n, 9n, 10n, 12n]);
    assert.equal(BigInt(ph.handIndex('As Ks Qs Js Ts 9s 8s')), ph.rankCombination(ph.parseCards('As Ks Qs Js Ts 9s 8s'), 52));
    assert.equal(ph.quinaryHash([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4], 4), 0);
});

test('bad input names the problem', () => {
    throwsWith(() => ph.evaluate('As Ks Qs Js'), 'a hand needs 5 to 9 cards, got 4', 'count');
    throwsWith(() => ph.evaluate('As Ks Qs Js Ts 9s 8s 7s 6s 5s'), 'a hand needs 5 to 9 cards, got 10', 'count');
    throwsWith(() => ph.evaluate('As Ks Qs Js Xx'), "unknown card 'Xx'", 'parse');
    throwsWith(() => ph.evaluate('As Ks Qs Js T'), "unknown card 'T'", 'parse');
    throwsWith(() => ph.evaluate('As Ks Qs Js As'), 'duplicate card As', 'duplicate');
    throwsWith(() => ph.evaluate([52, 1, 2, 3, 4]), 'card id 52 outside 0..51', 'card');
    throwsWith(() => ph.evaluate([1.5, 1, 2, 3, 4]), 'card id 1.5 outside 0..51', 'card');
    throwsWith(() => ph.evaluate({}), 'cards must be card names (string), card ids (integer) or an array of them', 'type');
    throwsWith(() => ph.evaluateBatch([1, 2, 3, 4, 5], 5), 'cards must be a Uint8Array, got Array', 'type');
    throwsWith(() => ph.evaluateBatch(new Uint16Array(5), 5), 'cards must be a Uint8Array, got Uint16Array', 'type');
    throwsWith(() => ph.evaluateBatch(new Uint8Array(10), 4), 'k must be 5 to 9, got 4', 'count');
    throwsWith(() => ph.evaluateBatch(new Uint8Array(11), 5), 'cards hold 11 bytes, not a multiple of k=5', 'argument');
    throwsWith(() => ph.evaluateBatch(new Uint8Array([0, 1, 2, 3, 60]), 5), 'row 0: card id outside 0..51', 'card');
    throwsWith(() => ph.evaluateBatch(new Uint8Array(10), 5, new Uint16Array(3)),
        'out must be a Uint16Array of 2 values, got one of 3', 'argument');
    throwsWith(() => ph.describe(0), 'hand value 0 outside 1..7462', 'argument');
    throwsWith(() => ph.category(7463), 'hand value 7463 outside 1..7462', 'argument');
    throwsWith(() => ph.comb(100, 50), 'C(100,50) does not fit in 64 bits', 'overflow');
    throwsWith(() => ph.rankCombination([1, 9], 9), 'item 9 outside 0..n-1 for n=9', 'card');
    throwsWith(() => ph.rankCombination([3, 1, 3], 9), 'duplicate item 3', 'duplicate');
    throwsWith(() => ph.rankCombination([1], 65), 'n must be 0..64, got 65', 'argument');
    throwsWith(() => ph.rankCombination([1], 9, 'random'), "order must be 'colex' or 'lex', got 'random'", 'argument');
    throwsWith(() => ph.unrankCombination(35, 3, 7), 'index 35 outside 0..C(7,3)-1 = 0..34', 'range');
    throwsWith(() => ph.unrankCombination(0, 8, 7), 'k must be 0..n, got 8 for n=7', 'argument');
    throwsWith(() => ph.unrankCombination(-1, 3, 7), 'index must be a non-negative integer below 2**64, got -1', 'argument');
    throwsWith(() => ph.unrankCombination(2n ** 64n, 3, 7), 'index must be a non-negative integer below 2**64, got 18446744073709551616', 'argument');
    throwsWith(() => ph.combinations(7, 3, 30, 10), 'range 30..40 outside 0..C(7,3) = 35', 'range');
    throwsWith(() => ph.handIndex('As Ks Qs Js Ts 9s 8s 7s'), 'hand_index takes 1 to 7 cards, got 8', 'count');
    throwsWith(() => cardName(52), 'card id 52 outside 0..51', 'card');
    throwsWith(() => ph.quinaryHash([5], 1), 'q must be 13 digits 0..4 summing to k (0..9)', 'argument');
});

test('the wasm heap stays bounded over many calls', () => {
    const before = ph._core.HEAPU8.length;
    for (let i = 0; i < 20000; i++) {
        ph.evaluate('As Ks Qs Js Ts 9s 8s');
        try {
            ph.evaluate('As Ks Qs Js Xx');
        } catch {
            // expected
        }
    }
    assert.equal(ph._core.HEAPU8.length, before);
});
