// Reliability of the JS library (issue 13): bounded work and output, options and BigInt arguments named in
// every message, a wasm heap that stays flat over 10^5 calls (error paths included) with the module usable
// after every error, and adversarial arguments that let only a PokerHashError escape.
// Run: node --test tests/web/reliability.test.mjs
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const here = path.dirname(fileURLToPath(import.meta.url));
const { PokerHash, PokerHashError, MAX_SAMPLES, cardName } = await import(path.resolve(here, '../../web/dist/pokerhash.mjs'));
const ph = await PokerHash.load({ games: true });
const CODES = new Set(['type', 'parse', 'card', 'duplicate', 'count', 'argument', 'range', 'overflow']);

const throwsWith = (fn, message, code) => assert.throws(fn,
    (e) => e instanceof PokerHashError && e.message === message && e.code === code, `should fail with ${message}`);
// the async methods reject instead (their callers await them; nothing is thrown synchronously)
const rejectsWith = (fn, message, code) => {
    let promise;
    assert.doesNotThrow(() => { promise = fn(); });
    return assert.rejects(promise, (e) => e instanceof PokerHashError && e.message === message && e.code === code,
        `should reject with ${message}`);
};

// Python's words (_equity_jobs.mc_limits), with JS's option name
const DAYS = ': that many would take days; pass stderr to stop at a precision instead';

test('absurd Monte Carlo sample counts are refused up front, naming the limit', async () => {
    assert.equal(MAX_SAMPLES, 10 ** 12);
    const over = `samples must be at most 10**12, got 1000000000001${DAYS}`;
    throwsWith(() => ph.equity(['AcAd', 'KsKh'], { samples: 10 ** 12 + 1 }), over, 'argument');
    throwsWith(() => ph.equity(['AcAd', 'KsKh'], { samples: 10n ** 12n + 1n }), over, 'argument');
    throwsWith(() => ph.equity(['AcAd', 'KsKh'], { samples: 2n ** 64n }), `samples must be at most 10**12, got 18446744073709551616${DAYS}`, 'argument');
    throwsWith(() => ph.gameEquity(['AsAd', 'KsKh'], { game: 'shortdeck', samples: 1e15 }), `samples must be at most 10**12, got 1000000000000000${DAYS}`, 'argument');
    await rejectsWith(() => ph.equityAsync(['AcAd', 'KsKh'], { samples: 1e13 }), `samples must be at most 10**12, got 10000000000000${DAYS}`, 'argument');
    // the limit itself is a count like any other: the run starts (lazily, batch by batch) and stops when asked
    const controller = new AbortController();
    let done = 0;
    const run = ph.equityAsync(['AcAd', 'KsKh'], {
        samples: MAX_SAMPLES, seed: 1, signal: controller.signal,
        onProgress: (d, total) => { done = d; assert.equal(total, MAX_SAMPLES); controller.abort(); },
    });
    await assert.rejects(run, (e) => e.name === 'AbortError');
    assert.equal(done, 65_536);
});

test('outputs too large for one array are refused, naming the size and the way out', () => {
    throwsWith(() => ph.combinations(35, 14, 624), '2319958776 rows of 14 do not fit in one array (at most 2**30 bytes); ' +
        'take them in chunks with start and count', 'argument');
    throwsWith(() => ph.combinationMasks(64, 32, 0), '1832624140942590534 masks do not fit in one array (at most 2**27); ' +
        'take them in chunks with start and count', 'argument');
    assert.equal(ph.combinations(35, 14, 624, 3).length, 42); // the same range in a chunk
});

test('BigInt arguments read as the numbers they are', () => {
    assert.equal(ph.evaluateBatch(new Uint8Array([51, 47, 43, 39, 35]), 5n)[0], 1);
    assert.equal(ph.gameEvaluateBatch(new Uint8Array([51, 47, 43, 39, 35]), 5n, 'holdem')[0], 1);
    assert.equal(ph.evaluate([51n, 47n, 43n, 39n, 35n]), 1);
    assert.equal(ph.describe(236n), 'Nines Full over Fours');
    assert.deepEqual(ph.valueRanks(1n), ph.valueRanks(1));
    assert.equal(ph.category(7462n), 9);
    assert.equal(ph.gameDescribe(1n, 'holdem'), ph.gameDescribe(1, 'holdem'));
    assert.equal(ph.comb(52n, 5n), 2598960n);
    assert.deepEqual(ph.unrankCombination(5n, 2n, 4n), ph.unrankCombination(5, 2, 4));
    assert.equal(ph.rankCombination([1n, 3n], 4n), ph.rankCombination([1, 3], 4));
    assert.deepEqual(ph.combinations(4n, 2n, 1n, 2n), ph.combinations(4, 2, 1, 2));
    assert.deepEqual(ph.combinationMasks(4n, 2n), ph.combinationMasks(4, 2));
    assert.deepEqual(ph.valueHistogram(5n, 0n, 1000n), ph.valueHistogram(5, 0, 1000));
    assert.equal(ph.quinaryHash([0n, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4n], 4n), 0);
    assert.equal(cardName(51n), 'As');
    assert.equal(ph.equity(['AcAd', 'KsKh'], { samples: 1000n, seed: 1, stderr: 1n }).deals, 1000);
    // and a wrong BigInt is named with every digit, never as a value the check accepts
    throwsWith(() => ph.evaluateBatch(new Uint8Array(10), 10n), 'k must be 5 to 9, got 10', 'count');
    throwsWith(() => ph.valueHistogram(2n ** 64n + 5n), 'k must be 5 to 9, got 18446744073709551621', 'count');
    throwsWith(() => ph.evaluate([2n ** 70n, 1, 2, 3, 4]), 'card id 1180591620717411303424 outside 0..51', 'card');
    throwsWith(() => ph.unrankCombination(0, 2n ** 53n + 1n, 4), 'k must be 0..n, got 9007199254740993 for n=4', 'argument');
});

test('null, undefined and wrong-type options are named, not a bare TypeError', async () => {
    const players = ['AcAd', 'KsKh'];
    throwsWith(() => ph.equity(players, null), 'options must be an object, got null', 'type');
    throwsWith(() => ph.equity(players, 5), 'options must be an object, got number', 'type');
    throwsWith(() => ph.equity(players, [1]), 'options must be an object, got Array', 'type');
    await rejectsWith(() => ph.equityAsync(players, null), 'options must be an object, got null', 'type');
    throwsWith(() => ph.equityEstimate(players, 'fast'), 'options must be an object, got string', 'type');
    throwsWith(() => ph.gameEquity(players, null), 'options must be an object, got null', 'type');
    await rejectsWith(() => ph.gameEquityAsync(players, null), 'options must be an object, got null', 'type');
    throwsWith(() => ph.gameEquityEstimate(players, null), 'options must be an object, got null', 'type');
    throwsWith(() => ph.parseRange('AA', null), 'options must be an object, got null', 'type');
    throwsWith(() => cardName(1, null), 'options must be an object, got null', 'type');
    const cardsType = 'must be card text or an array of cards, got'; // Python's words, with JS's types
    throwsWith(() => ph.equity(players, { board: 5 }), `board ${cardsType} number 5`, 'type');
    throwsWith(() => ph.equity(players, { dead: {} }), `dead ${cardsType} Object`, 'type');
    throwsWith(() => ph.gameEquity(['AsAd', 'KsKh'], { game: 'shortdeck', board: true }), `board ${cardsType} boolean true`, 'type');
    throwsWith(() => ph.parseRange('AA', { dead: 7.5 }), `dead ${cardsType} number 7.5`, 'type');
    throwsWith(() => ph.equity(players, { samples: null }), 'samples must be a positive integer, got null', 'argument');
    throwsWith(() => ph.equity(players, { exact: null }), 'exact must be true or false, got null', 'type');
    assert.deepEqual(ph.equity(players, { board: null, dead: undefined }).deals, 1_712_304); // null: no cards, as Python's None
    assert.equal(ph.equity(players, undefined).exact, true);
});

test('async options of the wrong type reject with their name', async () => {
    const players = ['AcAd', 'KsKh'];
    await assert.rejects(ph.equityAsync(players, { samples: 10, signal: 'stop' }),
        (e) => e instanceof PokerHashError && e.message === 'signal must be an AbortSignal, got string');
    await assert.rejects(ph.equityAsync(players, { samples: 10, onProgress: 3 }),
        (e) => e instanceof PokerHashError && e.message === 'onProgress must be a function, got number');
    await assert.rejects(ph.gameEquityAsync(['AsAd', 'KsKh'], { game: 'shortdeck', samples: 10, signal: {} }),
        (e) => e instanceof PokerHashError && e.message === 'signal must be an AbortSignal, got Object');
});

test("card text with the emoji presentation selector ('A♠️', as phones type it) reads as the card", () => {
    assert.deepEqual(ph.parseCards('A♠️ K♥️'), [51, 46]);
    assert.deepEqual(ph.parseCards('A\u2660\uFE0E'), [51]); // the text presentation selector too
    assert.equal(ph.evaluate('A♠️ K♠️ Q♠️ J♠️ T♠️'), 1);
    assert.equal(ph.evaluate(['A♠️', 'K♠️', 'Q♠️', 'J♠️', '10♠️']), 1);
    assert.deepEqual(ph.parseRange('A♠️K♠️').combos, [{ cards: [47, 51], weight: 1 }]);
    assert.equal(ph.equity(['A♠️A♦️', 'K♠️K♥️'], { board: '2♣️ 3♣️ 4♦️ 5♥️ 9♠️' }).deals, 1);
    throwsWith(() => ph.evaluate('A♠️ K♠️ Q♠️ J♠️ X♠️'), "unknown card 'X♠'", 'parse');
});

/** Bytes the wasm allocator has handed out and not taken back (struct mallinfo's uordblks). */
function makeInUse(core) {
    const info = core._malloc(64);
    return () => {
        core._mallinfo(info);
        return core.HEAPU32[(info >> 2) + 7];
    };
}

const swallow = (fn) => {
    try {
        fn();
    } catch (e) {
        if (!(e instanceof PokerHashError)) throw e;
        return e;
    }
    return null;
};

test('the wasm heap stays flat over 10^5 calls, error paths included, and every error leaves the module usable', async () => {
    const rows = new Uint8Array(5 * 64).map((_, i) => [0, 4, 8, 13, 17][i % 5]);
    const badRows = rows.slice();
    badRows[5 * 40 + 3] = 8;
    const longText = `${'As '.repeat(400)}Xx`; // past the scratch area: a temporary block
    const quick = [ // tens of microseconds each
        () => ph.evaluate('As Ks Qs Js Ts 9s 8s'),
        () => ph.evaluate('As Ks Qs Js Xx'),
        () => ph.evaluate(longText),
        () => ph.evaluate([51, 51, 1, 2, 3]),
        () => ph.evaluateBatch(rows, 5),
        () => ph.evaluateBatch(badRows, 5),
        () => ph.analyze('9c 9d 9h 4s 4c 2d 3h'),
        () => ph.describe(7463),
        () => ph.handIndex('As Ks Qs'),
        () => ph.combinations(52, 5, 1000, 50),
        () => ph.combinations(35, 14, 624),
        () => ph.unrankCombination(10n ** 20n, 5, 52),
        () => ph.parseRange('QQ+, AKx'),
        () => ph.omahaEvaluate('AhKhQdJd', 'ThTs9c2d5c'),
        () => ph.gameEvaluate('8c 6d 4h 2s Ac', 'ace_five_8'),
        () => ph.equity(['AcAd', 'KsKh'], null),
        () => ph.equity(['AcAd', 'AcKh']),
    ];
    const slow = [ // a few hundred microseconds each: every equity family, to the end and failing inside the job
        () => ph.parseRange('QQ+, AKs, A5s-A2s:0.5'),
        () => ph.equity(['AcAd', 'KsKh'], { board: '2c 3c 4d 5h 9s' }),
        () => ph.equity(['AhKhQdJd', 'AsAd2c3h'], { samples: 20, seed: 3 }),
        () => ph.equity(['AA', 'AA', 'AA'], { board: 'Ac Ad 2c' }),
        () => ph.gameEquity(['AsAd', 'KsKh'], { game: 'shortdeck', board: '6c 7d 8h 9s Tc' }),
        () => ph.gameEquity(['AsAd', '5c5d'], { game: 'shortdeck' }),
        () => ph.equityEstimate(['AcAd', 'KsKh', 'QQ+']),
    ];
    for (const call of [...quick, ...slow]) swallow(call); // lazy tables and the reusable batch block are built once
    const inUse = makeInUse(ph._core);
    const heapBefore = ph._core.HEAPU8.length;
    const bytesBefore = inUse();
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0; // a stack per error would be most of the time spent
    let calls = 0;
    let errors = 0;
    const call = (fn) => {
        calls++;
        if (swallow(fn)) {
            errors++;
            assert.equal(ph.evaluate([51, 47, 43, 39, 35]), 1); // usable after the error
        }
    };
    try {
        for (let round = 0; calls < 100_000; round++) {
            quick.forEach(call);
            if (round % 10 === 0) slow.forEach(call);
        }
    } finally {
        Error.stackTraceLimit = stackTraceLimit;
    }
    for (let i = 0; i < 20; i++) { // runs cancelled in their first chunk free their spot too
        const controller = new AbortController();
        const run = ph.equityAsync(['AcAd', 'KsKh'], { samples: 10 ** 9, signal: controller.signal, onProgress: () => controller.abort() });
        await assert.rejects(run, (e) => e.name === 'AbortError');
    }
    assert.ok(errors > calls / 3, `${errors} errors in ${calls} calls`);
    assert.equal(inUse(), bytesBefore, 'bytes in use by the wasm allocator');
    assert.equal(ph._core.HEAPU8.length, heapBefore, 'wasm memory size');
});

// ---- adversarial arguments ------------------------------------------------------------------------------

/** A small seeded generator (mulberry32): the same run every time, so a failure reproduces. */
function generator(seed) {
    let a = seed >>> 0;
    return () => {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = Math.imul(a ^ (a >>> 15), 1 | a);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

test('adversarial arguments: only a PokerHashError naming the problem escapes, and the module stays usable', () => {
    const random = generator(13);
    const pick = (list) => list[Math.floor(random() * list.length)];
    const unicode = () => {
        const pieces = ['A', 's', 'K', '♠', '♥', '\uFE0F', '\u200D', '😀', '\uD800', '\0', ',', ' ', 'T', '1', '0', ':', '-', '+', 'é', '\u202E'];
        return Array.from({ length: Math.floor(random() * 12) }, () => pick(pieces)).join('');
    };
    const numbers = [0, 1, -1, 5, 7, 9, 51, 52, 64, 65, 1.5, -0, NaN, Infinity, -Infinity, 2 ** 31, 2 ** 53, 1e308, Number.MIN_VALUE];
    const bigints = [0n, 5n, -1n, 51n, 52n, 2n ** 63n, 2n ** 64n, -(2n ** 70n)];
    const cards = ['As Ks Qs Js Ts', 'AsKs', 'AhKhQdJd', '2c 3d', 'QQ+, AKs', 'random', 'AA:1e308', 'A♠️K♠️', '', 'Xx'];
    const typed = () => pick([new Uint8Array(5).map(() => random() * 60), new Int8Array([-1, 2, 3, 4, 5]), new Float64Array([51, 47, 43, 39, 35.5]),
        new Uint16Array(10), new BigUint64Array([51n, 47n]), new Uint8Array(0), new Uint8Array(new SharedArrayBuffer(10))]);
    const value = (depth = 0) => {
        switch (Math.floor(random() * 9)) {
        case 0: return pick(numbers);
        case 1: return pick(bigints);
        case 2: return unicode();
        case 3: return pick(cards);
        case 4: return typed();
        case 5: return depth < 2 ? Array.from({ length: Math.floor(random() * 6) }, () => value(depth + 1)) : [];
        case 6: return pick([null, undefined, true, false, Symbol('x'), () => 1, new Date(0), { combos: 5 }, { combos: [{ cards: [99] }] }]);
        case 7: return depth < 2 ? Object.fromEntries(['board', 'dead', 'exact', 'seed', 'game', 'omaha', 'symbols', 'order']
            .filter(() => random() < 0.3).map((key) => [key, value(depth + 1)])) : {};
        default: return pick(['holdem', 'shortdeck', 'omaha_hilo8', 'colex', 'lex', '__proto__', 'constructor']);
        }
    };
    // Work stays small: Monte Carlo runs take at most 300 samples, exact runs are never forced, histograms and
    // combinations get an explicit count, so no valid draw can start a long job.
    const equityOptions = () => {
        const o = value() ?? {};
        if (o && typeof o === 'object' && !Array.isArray(o)) {
            Object.assign(o, { samples: pick([300, 0, -5, 1.5, NaN, 10 ** 13, 2n ** 64n, '10', null]), force: false });
            if (random() < 0.3) o.stderr = pick([0, -1, NaN, 'x', 0.5]);
        }
        return o;
    };
    const players = () => (random() < 0.7 ? Array.from({ length: Math.floor(random() * 4) }, () => (random() < 0.5 ? pick(cards) : value())) : value());
    const small = () => pick([...numbers.slice(0, 12), ...bigints, unicode(), null, undefined]);
    const calls = [
        () => ph.evaluate(value()),
        () => ph.evaluate(value(), value(), value(), value(), value()),
        () => ph.evaluateBatch(value(), value(), value()),
        () => ph.analyze(value()),
        () => ph.parseCards(value()),
        () => ph.cardName(value(), value()),
        () => ph.describe(value()),
        () => ph.category(value()),
        () => ph.valueRanks(value()),
        () => ph.valueHistogram(value(), small(), pick([0, 1, 100, -1, 1.5, 2n ** 64n, null])),
        () => ph.quinaryHash(value(), value()),
        () => ph.handIndex(value()),
        () => ph.comb(small(), small()),
        () => ph.rankCombination(value(), small(), value()),
        () => ph.unrankCombination(small(), small(), small(), value()),
        () => ph.combinations(small(), small(), small(), pick([0, 1, 3, -1, 0.5, NaN, 2n ** 64n, 'x'])),
        () => ph.combinationMasks(small(), small(), small(), pick([0, 2, -1, 2n ** 65n, Infinity])),
        () => ph.parseRange(random() < 0.5 ? unicode() : value(), value()),
        () => ph.winners(players(), value()),
        () => ph.omahaEvaluate(value(), value()),
        () => ph.equity(players(), equityOptions()),
        () => ph.equityEstimate(players(), value()),
        () => ph.gameInfo(value()),
        () => ph.gameEvaluate(value(), value()),
        () => ph.gameEvaluateBatch(value(), value(), value(), value()),
        () => ph.gameOmahaEvaluate(value(), value(), value()),
        () => ph.gameCategoryName(value(), value()),
        () => ph.gameAnalyze(value(), value()),
        () => ph.gameEquity(players(), { ...(equityOptions() ?? {}), game: pick(['shortdeck', 'omaha_hilo8', 'holdem', value()]) }),
    ];
    const refused = new Map();
    for (let i = 0; i < 10_000; i++) {
        const call = calls[i % calls.length];
        try {
            call();
        } catch (e) {
            assert.ok(e instanceof PokerHashError, `call ${i} (${call}) threw ${e?.name}: ${e?.message}`);
            assert.ok(CODES.has(e.code) && e.message.length > 5 && !/undefined is not|Cannot read|is not a function/.test(e.message),
                `call ${i}: ${e.code} ${e.message}`);
            refused.set(e.code, (refused.get(e.code) ?? 0) + 1);
        }
        assert.equal(ph.evaluate('As Ks Qs Js Ts'), 1);
    }
    assert.ok(refused.size >= 6, JSON.stringify([...refused]));
});

test('ids after a long card text land in the grown memory, not in a detached view', () => {
    // A text past the scratch area is parsed in a malloc'd block, which may grow the wasm memory; the ids
    // after it were written into the old, detached view, so the value came from stale bytes (6671 for a
    // royal flush).
    ph.evaluate('2c 3d 4h 5s 7c');
    assert.equal(ph.evaluate([' '.repeat(12e6) + 'As', 47, 43, 39, 35]), 1);
    assert.equal(ph.evaluate('As Ks Qs Js Ts'), 1);
});

test('typos in option names, DataViews as cards and a bad wasm binary are named', async () => {
    throwsWith(() => ph.equity(['AcAd', 'KsKh'], { bord: '2c 3c 4c' }),
        "unknown option 'bord' (known: board, dead, omaha, exact, samples, stderr, seed, force)", 'argument');
    throwsWith(() => ph.gameEquity(['AsAd', 'KsKh'], { game: 'shortdeck', omaha: true }),
        "unknown option 'omaha' (known: game, board, dead, exact, samples, stderr, seed, force)", 'argument');
    throwsWith(() => ph.parseRange('AK', { daed: 'As' }), "unknown option 'daed' (known: dead)", 'argument');
    await rejectsWith(() => ph.equityAsync(['AcAd', 'KsKh'], { samples: 10, onProgres: () => {} }),
        "unknown option 'onProgres' (known: board, dead, omaha, exact, samples, stderr, seed, force, signal, onProgress)", 'argument');
    throwsWith(() => ph.parseCards(new DataView(new ArrayBuffer(4))),
        'cards must be card names (string), card ids (integer) or an array of them', 'type');
    await assert.rejects(PokerHash.load({ wasmBinary: new Uint8Array(10) }),
        (e) => e instanceof PokerHashError && e.code === 'argument' && e.message.startsWith('cannot load the pokerhash WebAssembly module (wasmBinary): '));
    assert.equal(ph.evaluate('As Ks Qs Js Ts'), 1);
});

test('batch messages name what is wrong: the length of out, the row of a game batch with a BigInt k', () => {
    throwsWith(() => ph.evaluateBatch(new Uint8Array(14), 7, new Uint16Array(3)),
        'out must be a Uint16Array of 2 values, got one of 3', 'argument');
    throwsWith(() => ph.gameEvaluateBatch(new Uint8Array([0, 47, 43, 39, 35, 34, 33]), 7n, 'shortdeck'),
        'row 0: card 2c is not in the short deck', 'card');
    throwsWith(() => ph.winners(['AsKs', '2c3c'], '2d 3d 4d 5d 6d 7d'), 'the board has at most 5 cards, got 6', 'count');
});

test('a { combos } player is checked like parsed text: ids, sizes, weights, and no heap is lost', () => {
    const equity = (combos) => ph.equity(['AcAd', { combos }], { samples: 10, seed: 1 });
    throwsWith(() => equity([{ cards: [300, 45], weight: 1 }]), 'player 2: combo 1: card id 300 outside 0..51', 'card');
    throwsWith(() => equity([{ cards: [1.5, 45] }]), 'player 2: combo 1: card id 1.5 outside 0..51', 'card');
    throwsWith(() => equity([{ cards: [8, 9] }, { cards: [8, 9, 10] }]), 'player 2: combo 2 holds 3 cards, combo 1 holds 2', 'count');
    throwsWith(() => equity([null]), 'player 2: combo 1 must be { cards, weight } with an array of card ids, got null', 'type');
    throwsWith(() => equity([{ cards: [44, 45], weight: 'x' }]), "player 2: combo 1: weight must be a finite number >= 0, got 'x'", 'argument');
    throwsWith(() => ph.gameEquity(['AsAd', { combos: [null] }], { game: 'shortdeck' }),
        'player 2: combo 1 must be { cards, weight } with an array of card ids, got null', 'type');
    // bigints read as the numbers they are (they threw a bare TypeError and leaked the spot's heap block)
    const before = ph._core.HEAPU8.length;
    for (let i = 0; i < 2000; i++) assert.equal(equity([{ cards: [44n, 45n], weight: 1n }]).deals, 10);
    assert.equal(ph._core.HEAPU8.length, before);
});

test('the second JS audit: own options only, lying and detached arrays, sparse giants, duplicate combos', () => {
    const heads = ['AcAd', 'KsKh'];
    // Options come from the object's own keys: an inherited board or a polluted Object.prototype changes nothing.
    throwsWith(() => ph.equity(heads, Object.create({ board: 'Ts 6d 2h' })), 'options must be a plain object ({ ... }), got Object', 'type');
    throwsWith(() => ph.equity(heads, new Map()), 'options must be a plain object ({ ... }), got Map', 'type');
    throwsWith(() => ph.equity(heads, { [Symbol('board')]: 'Ts 6d 2h' }), 'options cannot have symbol keys', 'argument');
    Object.prototype.samples = 10; // eslint-disable-line no-extend-native
    try {
        const r = ph.equity(heads);
        assert.equal(r.exact, true);
        assert.equal(r.deals, 1_712_304);
    } finally {
        delete Object.prototype.samples;
    }
    // Messages never throw their own TypeError.
    for (const weird of [Object.create(null), Symbol('x')]) {
        assert.throws(() => ph.cardName(weird), PokerHashError);
        assert.throws(() => ph.describe(weird), PokerHashError);
    }
    // A typed array's true length and state, whatever its class says.
    class Liar extends Uint8Array {
        get length() { return 5000; }
    }
    assert.deepEqual([...ph.evaluateBatch(new Liar([48, 49, 50, 51, 44]), 5)], [ph.evaluate([48, 49, 50, 51, 44])]);
    const gone = new Uint8Array([48, 49, 50, 51, 44]);
    structuredClone(gone.buffer, { transfer: [gone.buffer] });
    throwsWith(() => ph.evaluateBatch(gone, 5), 'cards: its ArrayBuffer is detached (transferred away)', 'argument');
    const shared = new Uint8Array(20);
    throwsWith(() => ph.evaluateBatch(shared.subarray(0, 10), 5, new Uint16Array(shared.buffer, 4, 2)), 'out must not overlap cards', 'argument');
    // Lengths are bounded before anything walks a sparse array's claimed 2**32 - 1 entries.
    const giant = [];
    giant.length = 2 ** 32 - 1;
    giant[0] = 'AsKs';
    throwsWith(() => ph.winners(giant, 'Ah 7d 2c'), 'hands must have at most 26 entries, got 4294967295', 'count');
    throwsWith(() => ph.equity([{ combos: giant }, 'KsKh']), 'player 1: a range has at most 20358520 combos, got 4294967295', 'argument');
    throwsWith(() => ph.quinaryHash(new Array(13), 0), 'q must be 13 digits 0..4 summing to k (0..9)', 'argument');
    // An items Proxy that changes its length after the checks: read once.
    let reads = 0;
    const shifty = new Proxy([1, 3], { get: (t, key) => (key === 'length' ? (reads++ ? 200 : 2) : t[key]) });
    assert.equal(ph.rankCombination(shifty, 5), ph.rankCombination([1, 3], 5));
    // A combo given twice counts once, with its last weight (Python's Range); weight 0 removes it.
    const twice = ph.equity([{ combos: [{ cards: [48, 49] }, { cards: [49, 48] }, { cards: [50, 51] }] }, 'KsKh']);
    const once = ph.equity([{ combos: [{ cards: [48, 49] }, { cards: [50, 51] }] }, 'KsKh']);
    assert.equal(twice.deals, once.deals);
    assert.equal(twice.players[0].equity, once.players[0].equity);
    throwsWith(() => ph.equity([{ combos: [{ cards: [48, 49], weight: 0 }] }, 'KsKh']), 'player 1 has an empty range', 'argument');
    // Short-deck "random" holds its combos in the parser's order, as Python's does, so a seed draws alike.
    const outside = Array.from({ length: 16 }, (_, c) => c); // 2c..5s
    const options = { game: 'shortdeck', samples: 20_000, seed: 1 };
    assert.deepEqual(ph.gameEquity(['AsKs', 'random'], options).players.map((p) => p.equity),
        ph.gameEquity(['AsKs', ph.parseRange('random', { dead: outside })], options).players.map((p) => p.equity));
});

// ---- the third JS audit: async runs, messages ---------------------------------------------------------------

/** Calls fn with every unhandled rejection recorded, and fails if there was one (a tick after fn settles). */
async function withoutUnhandledRejections(fn) {
    const unhandled = [];
    const record = (reason) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
        await fn();
        await new Promise((resolve) => { setTimeout(resolve, 10); });
    } finally {
        process.off('unhandledRejection', record);
    }
    assert.deepEqual(unhandled, [], 'unhandled rejections');
}

/** node unrefs the timer of AbortSignal.timeout(): a timer of the test's own keeps its event loop alive meanwhile. */
async function keptAlive(promise) {
    const timer = setInterval(() => {}, 1000);
    try {
        return await promise;
    } finally {
        clearInterval(timer);
    }
}

const ASYNC_RUNS = [ // four chunks each, so a run that goes on past its first callback is seen
    ['equityAsync', ['AcAd', 'KsKh'], { samples: 4 * 65_536, seed: 1 }],
    ['gameEquityAsync', ['AsAd', 'KsKh'], { game: 'shortdeck', samples: 4 * 16_384, seed: 1 }],
];

test('an onProgress that throws, or an async one that rejects, rejects the run with its error and stops it', async () => {
    const inUse = makeInUse(ph._core);
    const before = inUse();
    await withoutUnhandledRejections(async () => {
        for (const [method, players, options] of ASYNC_RUNS) {
            for (const kind of ['throws', 'rejects', 'rejects later', 'thenable']) {
                const error = new Error(kind);
                const callback = {
                    throws: () => { throw error; },
                    rejects: async () => { throw error; },
                    'rejects later': async () => {
                        await new Promise((resolve) => { setTimeout(resolve, 5); });
                        throw error;
                    },
                    thenable: () => ({ then: (resolve, reject) => reject(error) }),
                }[kind];
                let calls = 0;
                const onProgress = () => {
                    calls++;
                    return callback();
                };
                await assert.rejects(ph[method](players, { ...options, onProgress }), (e) => e === error, `${method}, ${kind}`);
                assert.equal(calls, 1, `${method}, ${kind}: the run stops at the failed callback`);
            }
            // a callback that resolves lets the run go on, and is awaited before the next chunk
            let pending = 0;
            const result = await ph[method](players, {
                ...options,
                onProgress: async () => {
                    assert.equal(pending, 0);
                    pending++;
                    await new Promise((resolve) => { setTimeout(resolve, 1); });
                    pending--;
                },
            });
            assert.equal(result.deals, options.samples);
        }
    });
    assert.equal(inUse(), before, 'every stopped run freed its spot');
    assert.equal(ph.evaluate('As Ks Qs Js Ts'), 1);
});

test('an abort while an async onProgress is pending rejects at once with the reason', async () => {
    const never = () => new Promise(() => {}); // a callback that never settles: only the abort can end the run
    await withoutUnhandledRejections(async () => {
        for (const [method, players, options] of ASYNC_RUNS) {
            const controller = new AbortController();
            const later = ph[method](players, {
                ...options, signal: controller.signal, onProgress: () => { setTimeout(() => controller.abort(), 0); return never(); },
            });
            await assert.rejects(later, (e) => e === controller.signal.reason && e.name === 'AbortError', method);
            const timeout = AbortSignal.timeout(10);
            await assert.rejects(keptAlive(ph[method](players, { ...options, signal: timeout, onProgress: never })),
                (e) => e === timeout.reason && e.name === 'TimeoutError', method);
        }
    });
});

test("a timeout signal rejects with its TimeoutError, as fetch() does; abort(reason) with that reason", async () => {
    const timeout = AbortSignal.timeout(1);
    await keptAlive(new Promise((resolve) => { timeout.addEventListener('abort', resolve); }));
    for (const [method, players, options] of ASYNC_RUNS) {
        await assert.rejects(ph[method](players, { ...options, signal: timeout }),
            (e) => e === timeout.reason && e instanceof DOMException && e.name === 'TimeoutError', method);
        const controller = new AbortController();
        const reason = new Error('the user left');
        await assert.rejects(ph[method](players, { ...options, signal: controller.signal, onProgress: () => controller.abort(reason) }),
            (e) => e === reason, method);
    }
});

/**
 * A real signal as a page sees an iframe's: not `instanceof AbortSignal`. node's vm contexts have no
 * AbortController, so the signal gets a prototype made in another context, holding AbortSignal's accessors.
 */
function foreignController() {
    const controller = new AbortController();
    const prototype = vm.runInNewContext('({})');
    const own = Object.getOwnPropertyDescriptors;
    Object.defineProperties(prototype, { ...own(EventTarget.prototype), ...own(AbortSignal.prototype) });
    Object.setPrototypeOf(controller.signal, prototype);
    return controller;
}

test('signals of another realm and objects that behave as AbortSignals are taken; anything else is named', async () => {
    const [method, players, options] = ASYNC_RUNS[0];
    const foreign = foreignController();
    assert.equal(foreign.signal instanceof AbortSignal, false);
    assert.equal((await ph[method](players, { ...options, signal: foreign.signal })).deals, options.samples);
    await assert.rejects(ph[method](players, { ...options, signal: foreign.signal, onProgress: () => foreign.abort() }),
        (e) => e === foreign.signal.reason && e.name === 'AbortError');
    // a polyfill of old, from another realm too: no reason, no throwIfAborted
    const polyfill = vm.runInNewContext(`({
        aborted: false,
        listeners: new Set(),
        addEventListener(type, listener) { this.listeners.add(listener); },
        removeEventListener(type, listener) { this.listeners.delete(listener); },
        abort() {
            this.aborted = true;
            for (const listener of [...this.listeners]) listener();
        },
    })`);
    assert.equal((await ph[method](players, { ...options, signal: polyfill })).deals, options.samples);
    await assert.rejects(ph[method](players, { ...options, signal: polyfill, onProgress: () => polyfill.abort() }),
        (e) => e instanceof DOMException && e.name === 'AbortError');
    polyfill.aborted = false;
    await assert.rejects(ph[method](players, {
        ...options, signal: polyfill, onProgress: () => { setTimeout(() => polyfill.abort(), 0); return new Promise(() => {}); },
    }), (e) => e instanceof DOMException && e.name === 'AbortError');
    assert.equal(polyfill.listeners.size, 0, 'the abort listeners are removed');
    // what is not a signal is refused by name, never read as one
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    for (const [signal, type] of [['stop', 'string'], [{}, 'Object'], [new EventTarget(), 'EventTarget'], [null, 'null'],
        [{ aborted: 'no', addEventListener() {}, removeEventListener() {} }, 'Object'], [{ aborted: false }, 'Object'],
        [revoked.proxy, 'object']]) {
        await rejectsWith(() => ph[method](players, { ...options, signal }), `signal must be an AbortSignal, got ${type}`, 'type');
    }
});

test('user text in messages is cut to a short start and its length', () => {
    const huge = 'X'.repeat(10_000_000);
    const cut = `${'X'.repeat(40)}…`;
    const length = '(10,000,000 characters)';
    throwsWith(() => ph.evaluate(huge), `unknown card '${cut}' ${length}`, 'parse');
    throwsWith(() => ph.parseCards(['As', `Kd ${huge}`]), `unknown card '${cut}' ${length}`, 'parse');
    throwsWith(() => ph.equity(['AcAd', 'KsKh'], { board: `2c 3c ${huge}` }), `unknown card '${cut}' ${length}`, 'parse');
    throwsWith(() => ph.gameInfo(huge), `unknown game '${cut}' ${length}; games: holdem, shortdeck, shortdeck_triton, ` +
        'ace_five, ace_five_8, deuce_seven', 'argument');
    throwsWith(() => ph.gameEquity(['AsAd', 'KsKh'], { game: huge }),
        `unknown equity game '${cut}' ${length}; equity games: shortdeck, shortdeck_triton, omaha_hilo8`, 'argument');
    throwsWith(() => ph.equity(['AcAd', 'KsKh'], { [huge]: 1 }), `unknown option '${cut}' ${length} (known: board, dead, ` +
        'omaha, exact, samples, stderr, seed, force)', 'argument');
    throwsWith(() => ph.describe(huge), `hand value '${cut}' ${length} outside 1..7462`, 'argument');
    const digits = String(10n ** 100_000n);
    throwsWith(() => ph.cardName(10n ** 100_000n), `card id ${digits.slice(0, 40)}… (100,001 characters) outside 0..51`, 'card');
    const Named = { [huge]: class {} }[huge]; // a class may name itself anything
    throwsWith(() => ph.equity(['AcAd', 'KsKh'], new Named()), `options must be a plain object ({ ... }), got ${cut} ${length}`, 'type');
    // characters are code points, as Python and the C core count them: an emoji is one, never cut in two
    const emoji = `${'X'.repeat(39)}😀${huge}`;
    throwsWith(() => ph.gameInfo(emoji), `unknown game '${'X'.repeat(39)}😀…' (10,000,040 characters); games: holdem, ` +
        'shortdeck, shortdeck_triton, ace_five, ace_five_8, deuce_seven', 'argument');
    throwsWith(() => ph.gameInfo('😀'.repeat(40)), `unknown game '${'😀'.repeat(40)}'; games: holdem, shortdeck, ` +
        'shortdeck_triton, ace_five, ace_five_8, deuce_seven', 'argument');
    throwsWith(() => ph.evaluate('Y'.repeat(40)), `unknown card '${'Y'.repeat(40)}'`, 'parse');
    // an unknown card is named up to the separators of the library's parser
    for (const separator of ' ,;\t\r\n') throwsWith(() => ph.evaluate(`As Ks Qx${separator}Js Ts`), "unknown card 'Qx'", 'parse');
    // control characters show as \xNN, as in Python's messages
    throwsWith(() => ph.gameInfo('a\u0000b'), "unknown game 'a\\x00b'; games: holdem, shortdeck, shortdeck_triton, " +
        'ace_five, ace_five_8, deuce_seven', 'argument');
});

test("winners names its board, and equity and gameEquity word 'not enough cards' alike", () => {
    throwsWith(() => ph.winners(['AsKs', 'QdQh'], 5), 'board must be card text or an array of cards, got number 5', 'type');
    assert.deepEqual(ph.winners(['As Ks Qs Js Ts', 'Ah Kh Qh Jh 9h']), [0]); // no board given: none
    const ids = Array.from({ length: 48 }, (_, i) => i);
    const omaha = Array.from({ length: 8 }, (_, p) => ids.slice(6 * p, 6 * p + 6));
    const fiftyThree = 'not enough cards: 8 players with 6 cards each, a board of 5 and 0 dead cards need 53 > 52';
    throwsWith(() => ph.equity(omaha), fiftyThree, 'count');
    throwsWith(() => ph.gameEquity(omaha, { game: 'omaha_hilo8' }), fiftyThree, 'count');
    const dead = ph.gameInfo('shortdeck').deck.slice(4, 32); // 28 of the 32 cards the two hands leave
    throwsWith(() => ph.gameEquity(['6c6d', '6h6s'], { game: 'shortdeck', dead }),
        'not enough cards: 2 players with 2 cards each, a board of 5 and 28 dead cards need 37 > 36', 'count');
});

// ---- the bindings agree (Python's words in tests/test_range_weights.py and tests/test_showdown_inputs.py) -----

const TINY = 'weight must be 0 or a number that does not round to 0.0 as a float, got ';

test('a range weight too small for a float is refused, not read as weight 0', () => {
    throwsWith(() => ph.parseRange('AK:1e-400'), `${TINY}'1e-400' in range token 'AK:1e-400'`, 'parse');
    throwsWith(() => ph.parseRange('QQ+, AK:-1e-400'), `${TINY}'-1e-400' in range token 'AK:-1e-400'`, 'parse');
    throwsWith(() => ph.equity(['AcAd', 'KK, AK:2e-324']), `player 2: ${TINY}'2e-324' in range token 'AK:2e-324'`, 'parse');
    assert.equal(ph.parseRange('AK:3e-324').combos[0].weight, Number.MIN_VALUE); // rounds up to the smallest float
    assert.equal(ph.parseRange('AK:0e-400').combos.length, 0); // a written 0 still removes the combos
    // a JS number is a float already: 1e-400 is 0 before the library sees it, and weight 0 removes the combo
    throwsWith(() => ph.equity([{ combos: [{ cards: [48, 49], weight: 1e-400 }] }, 'KsKh']), 'player 1 has an empty range', 'argument');
});

test('winners reads null as no board and names a wrong board as equity does', () => {
    assert.deepEqual(ph.winners(['As Ks Qs Js Ts', 'Ah Kh Qh Jh 9h'], null), [0]); // Python's None
    assert.deepEqual(ph.winners(['As Ks Qs Js Ts', 'Ah Kh Qh Jh 9h'], undefined), [0]);
    throwsWith(() => ph.winners(['AsKs', 'QdQh'], null), 'hand 1 plays 2 + 0 board cards = 2; a hand needs 5 to 9 cards', 'count');
    for (const [board, message] of [
        [5, 'board must be card text or an array of cards, got number 5'],
        [5n, 'board must be card text or an array of cards, got bigint 5'],
        [true, 'board must be card text or an array of cards, got boolean true'],
        [{}, 'board must be card text or an array of cards, got Object'],
        [new Map(), 'board must be card text or an array of cards, got Map'],
        [new DataView(new ArrayBuffer(3)), 'board must be card text or an array of cards, got DataView'],
        [['As', {}], 'board: cards must be card names (string), card ids (integer) or an array of them'],
    ]) {
        throwsWith(() => ph.winners(['AsKs', 'QdQh'], board), message, 'type');
        throwsWith(() => ph.equity(['AsKs', 'QdQh'], { board }), message, 'type');
    }
});

test('winners names the hand that is wrong, counted from 1 as Python does', () => {
    for (const [hand, message, code] of [
        [5, 'hand 2 must be card text or an array of cards, got number 5', 'type'],
        [{}, 'hand 2 must be card text or an array of cards, got Object', 'type'],
        [null, 'hand 2 must be card text or an array of cards, got null', 'type'],
        [undefined, 'hand 2 must be card text or an array of cards, got undefined', 'type'],
        [['Qd', {}], 'hand 2: cards must be card names (string), card ids (integer) or an array of them', 'type'],
        ['QdXx', "hand 2: unknown card 'Xx'", 'parse'],
        [[5, 99], 'hand 2: card id 99 outside 0..51', 'card'],
        ['QdQd', 'hand 2: duplicate card Qd', 'duplicate'],
    ]) throwsWith(() => ph.winners(['AsKs', hand], 'Ah 7d 2c'), message, code);
    throwsWith(() => ph.winners(['AsKs', , 'QdQh'], 'Ah 7d 2c'), 'hand 2 must be card text or an array of cards, got undefined', 'type');
    assert.deepEqual(ph.winners([new Uint8Array([51, 47]), [42n, 'Qs']], new Int16Array([0, 4, 9])), [1]);
});

test('rankCombination takes what its types say: bigint items and any typed array, never a DataView', () => {
    const want = ph.rankCombination([1, 2, 3], 52);
    for (const items of [[1n, 2, 3n], new Int32Array([1, 2, 3]), new Float64Array([1, 2, 3]), new BigUint64Array([1n, 2n, 3n])]) {
        assert.equal(ph.rankCombination(items, 52), want);
    }
    assert.equal(ph.quinaryHash([1n, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 1n), ph.quinaryHash([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 1));
    // a DataView has no elements: it was a bare TypeError from the length getter, and an empty combo in equity
    throwsWith(() => ph.rankCombination(new DataView(new ArrayBuffer(3)), 52), 'items must be an array of integers', 'type');
    throwsWith(() => ph.equity([{ combos: [{ cards: new DataView(new ArrayBuffer(2)) }] }, 'KsKh']),
        'player 1: combo 1 must be { cards, weight } with an array of card ids, got Object', 'type');
});

test('a load error echoes a long path once, cut, and keeps the underlying error as its cause', async () => {
    const long = `/no/such/${'a'.repeat(10_000)}.wasm`;
    const cut = `'${long.slice(0, 40)}…' (10,014 characters)`;
    for (const [wasmUrl, shown, reason] of [
        [`file://${long}`, `'file://${long.slice(0, 33)}…' (10,021 characters)`, 'the path is too long'],
        [long, cut, 'Failed to parse URL from (the URL)'],
        ['file:///no/such/file.wasm', "'file:///no/such/file.wasm'", 'no such file'],
    ]) {
        await assert.rejects(PokerHash.load({ wasmUrl }), (e) => {
            assert.ok(e instanceof PokerHashError && e.code === 'argument');
            assert.equal(e.message, `cannot load the pokerhash WebAssembly module from ${shown}: ${reason}`);
            assert.ok(e.cause instanceof Error); // node's or the engine's own error, whole
            return true;
        });
    }
    await assert.rejects(PokerHash.load({ wasmUrl: new URL(`file://${long}`) }), (e) => e.message.length < 200 && e.cause?.code === 'ENAMETOOLONG');
    await assert.rejects(PokerHash.load({ wasmBinary: new Uint8Array(10) }), (e) => e.cause !== undefined &&
        /^cannot load the pokerhash WebAssembly module \(wasmBinary\): CompileError: .*magic word/.test(e.message) && !e.message.includes('Aborted'));
    await assert.rejects(PokerHash.load({ wasmUrl: 5 }), (e) => e instanceof PokerHashError && e.code === 'type' &&
        e.message === 'wasmUrl must be a string or a URL, got number');
    assert.equal(ph.evaluate('As Ks Qs Js Ts'), 1);
});

// ---- issue 27: failed allocations, detached buffers, polluted prototypes, hostile arguments ---------------------

/** With Object.prototype or Array.prototype[key] set to value while fn runs (a polluted prototype). */
function polluted(prototype, key, value, fn) {
    Object.defineProperty(prototype, key, { value, configurable: true, writable: true, enumerable: false });
    try {
        return fn();
    } finally {
        delete prototype[key];
    }
}

/** A Uint8Array of ids whose buffer was transferred away: it reads as length 0. */
function detachedCards(ids = [0, 13, 26]) {
    const view = new Uint8Array(ids);
    structuredClone(view.buffer, { transfer: [view.buffer] });
    return view;
}

test('card text that wasm memory cannot hold is refused; nothing is written at address 0 and the module stays usable', async () => {
    // A module whose memory cannot grow: its malloc answers 0 for anything past the scratch area. The text used
    // to be copied to address 0, over the static data: every later card was "unknown" and describe() garbage.
    const small = await PokerHash.load();
    const malloc = small._core._malloc;
    small._core._malloc = (bytes) => (bytes > 1024 ? 0 : malloc(bytes));
    const text = 'As Ks Qs Js Ts '.repeat(20_000);
    try {
        throwsWith(() => small.evaluate(text), 'cannot allocate 300000 bytes of wasm memory for card text', 'argument');
        throwsWith(() => small.parseCards(['Kd', text]), 'cannot allocate 300000 bytes of wasm memory for card text', 'argument');
        throwsWith(() => small.equity(['AcAd', 'KsKh'], { board: text }), 'cannot allocate 300000 bytes of wasm memory for card text', 'argument');
        assert.equal(small.evaluate('As Ks Qs Js Ts'), 1);
    } finally {
        small._core._malloc = malloc;
    }
    assert.equal(small.evaluate('As Ks Qs Js Ts'), 1);
    assert.equal(small.describe(1), ph.describe(1));
    assert.equal(small.describe(7462), ph.describe(7462));
    throwsWith(() => small.evaluate(text), 'more than 64 cards', 'count'); // the same text, with memory to hold it
});

test('a typed array whose buffer was transferred away is refused as board, dead or cards, never read as no cards', () => {
    const gone = 'its ArrayBuffer is detached (transferred away)';
    // the board used to read as none: a preflop run of 1,712,304 deals instead of the 990 of the flop given
    throwsWith(() => ph.equity(['AsAd', 'QsQh'], { board: detachedCards() }), `board: ${gone}`, 'argument');
    throwsWith(() => ph.equity(['AsAd', 'QsQh'], { dead: detachedCards() }), `dead: ${gone}`, 'argument');
    throwsWith(() => ph.equityEstimate(['AsAd', 'QsQh'], { board: detachedCards() }), `board: ${gone}`, 'argument');
    throwsWith(() => ph.gameEquity(['AsAd', 'KsKh'], { game: 'shortdeck', board: detachedCards([16, 17, 18]) }), `board: ${gone}`, 'argument');
    throwsWith(() => ph.gameEquity(['AsAd', 'KsKh'], { game: 'shortdeck', dead: detachedCards([16]) }), `dead: ${gone}`, 'argument');
    throwsWith(() => ph.parseRange('AA', { dead: detachedCards() }), `dead: ${gone}`, 'argument');
    throwsWith(() => ph.winners(['AsKs', 'QdQh'], detachedCards()), `board: ${gone}`, 'argument');
    throwsWith(() => ph.showdown(detachedCards()), `board: ${gone}`, 'argument');
    throwsWith(() => ph.showdown('Ks 7d 2c', { dead: detachedCards() }), `dead: ${gone}`, 'argument');
    throwsWith(() => ph.parseCards(detachedCards()), `cards: ${gone}`, 'argument');
    throwsWith(() => ph.handIndex(detachedCards()), `cards: ${gone}`, 'argument');
    throwsWith(() => ph.omahaEvaluate('AhKhQdJd', detachedCards()), `board: ${gone}`, 'argument');
    throwsWith(() => ph.gameOmahaEvaluate(detachedCards(), 'AhKhQd', 'holdem'), `hole: ${gone}`, 'argument');
    throwsWith(() => ph.equity(['AcAd', { combos: [{ cards: detachedCards([44, 45]) }] }]),
        `player 2: combo 1's cards: ${gone}`, 'argument');
    throwsWith(() => ph.gameEquity(['AsAd', { combos: [{ cards: detachedCards([44, 45]) }] }], { game: 'shortdeck' }),
        `player 2: combo 1's cards: ${gone}`, 'argument');
    assert.equal(ph.equity(['AsAd', 'QsQh'], { board: new Uint8Array([0, 13, 26]) }).deals, 990);
});

test('a { combos } player reads only its own properties, and holes in card arrays are refused, never read from a prototype', () => {
    const mixed = { combos: [{ cards: [44, 45] }, { cards: [40, 41], weight: 1 }] }; // KcKd (weight left out), QcQd
    const clean = ph.equity(['AhAs', mixed]);
    for (const [key, value] of [['weight', 0.25], ['text', 'polluted'], ['cards', [2, 3]], ['combos', [{ cards: [2, 3] }]]]) {
        polluted(Object.prototype, key, value, () => {
            const r = ph.equity(['AhAs', mixed]);
            assert.equal(r.deals, clean.deals, key);
            assert.deepEqual(r.players.map((p) => [p.hand, p.equity]), clean.players.map((p) => [p.hand, p.equity]), key);
            const game = ph.gameEquity(['AhAs', mixed], { game: 'shortdeck', samples: 100, seed: 1 });
            assert.equal(game.players[1].hand, '', key);
            throwsWith(() => ph.equity(['AhAs', {}]), 'player 2 must be a hand or a range, got Object', 'type');
            throwsWith(() => ph.equity(['AhAs', { combos: [{ weight: 1 }] }]),
                'player 2: combo 1 must be { cards, weight } with an array of card ids, got Object', 'type');
        });
    }
    // a hole reads Array.prototype[1]: here a card, a hand, a combo, an item; each must be refused instead
    polluted(Array.prototype, 1, 47, () => {
        throwsWith(() => ph.evaluate([51, , 43, 39, 35]), 'card 2 is missing (a hole in the array)', 'type'); // eslint-disable-line no-sparse-arrays
        throwsWith(() => ph.equity(['AcAd', 'QsQh'], { board: [2, , 7] }), 'board: card 2 is missing (a hole in the array)', 'type'); // eslint-disable-line no-sparse-arrays
        throwsWith(() => ph.equity(['AcAd', { combos: [{ cards: [44, , ] }] }]), // eslint-disable-line no-sparse-arrays
            'player 2: combo 1: card 2 is missing (a hole in the array)', 'type');
        throwsWith(() => ph.rankCombination([3, , 50], 52), 'items must be an array of integers', 'type'); // eslint-disable-line no-sparse-arrays
    });
    polluted(Array.prototype, 1, 'KsKh', () => {
        throwsWith(() => ph.equity(['AcAd', , ]), 'player 2 must be a hand or a range, got undefined', 'type'); // eslint-disable-line no-sparse-arrays
        throwsWith(() => ph.gameEquity(['AcAd', , ], { game: 'shortdeck' }), 'player 2 must be a hand or a range, got undefined', 'type'); // eslint-disable-line no-sparse-arrays
        throwsWith(() => ph.winners(['AcAd', , ], 'Ah 7d 2c'), 'hand 2 must be card text or an array of cards, got undefined', 'type'); // eslint-disable-line no-sparse-arrays
    });
    polluted(Array.prototype, 1, { cards: [46, 47] }, () => {
        throwsWith(() => ph.equity(['AcAd', { combos: [{ cards: [44, 45] }, , ] }]), // eslint-disable-line no-sparse-arrays
            'player 2: combo 2 is missing (a hole in the array)', 'type');
    });
    polluted(Array.prototype, 3, 0, () => {
        const digits = [0, 0, 0, , 0, 0, 0, 0, 0, 0, 0, 0, 0]; // eslint-disable-line no-sparse-arrays
        throwsWith(() => ph.quinaryHash(digits, 0), 'q must be 13 digits 0..4 summing to k (0..9)', 'argument');
    });
    assert.equal(ph.equity(['AhAs', mixed]).players[1].equity, clean.players[1].equity);
});

test('hostile arguments (revoked Proxies, throwing getters and traps) reject with a PokerHashError whose cause is the original', async () => {
    const revoked = (target) => {
        const { proxy, revoke } = Proxy.revocable(target, {});
        revoke();
        return proxy;
    };
    const boom = new Error('boom');
    const raise = () => { throw boom; };
    const trapping = new Proxy([48, 49], { get: raise, has: raise, getOwnPropertyDescriptor: raise, ownKeys: raise, getPrototypeOf: raise });
    const getter = Object.defineProperty([48, 49], 0, { get: raise });
    const hostiles = [revoked([]), revoked({}), trapping, getter, { get board() { return raise(); } }, ['As', revoked([])],
        { combos: revoked([]) }, { combos: [revoked({})] }, { combos: [{ get cards() { return raise(); } }] },
        { combos: [{ cards: [44, 45], get weight() { return raise(); } }] }, { combos: [{ cards: revoked([]) }] }];
    const calls = {
        evaluate: ['As Ks Qs Js Ts'], evaluateBatch: [new Uint8Array(5), 5], analyze: ['As Ks Qs Js Ts'], parseCards: ['As'],
        cardName: [1, {}], describe: [1], handIndex: ['As'], rankCombination: [[1, 2], 5, 'colex'],
        unrankCombination: [1, 2, 5, 'colex'], combinations: [5, 2, 0, 2], quinaryHash: [new Array(13).fill(0), 0],
        parseRange: ['AA', {}], winners: [['AsKs', 'QdQh'], 'Ah 7d 2c 9h Tc'], omahaEvaluate: ['AhKhQdJd', 'ThTs9c'],
        equity: [['AcAd', 'KsKh'], { samples: 10, seed: 1 }], equityEstimate: [['AcAd', 'KsKh'], {}],
        gameEvaluate: ['As Ks Qs Js Ts', 'holdem'], gameOmahaEvaluate: ['AhKhQdJd', 'ThTs9c', 'holdem'],
        gameEquity: [['AsAd', 'KsKh'], { game: 'shortdeck', samples: 10, seed: 1 }], showdown: ['Ks 7d 2c', {}],
        gameEquityEstimate: [['AsAd', 'KsKh'], { game: 'shortdeck' }],
        equityAsync: [['AcAd', 'KsKh'], { samples: 10, seed: 1 }],
        gameEquityAsync: [['AsAd', 'KsKh'], { game: 'shortdeck', samples: 10, seed: 1 }],
    };
    let tried = 0;
    for (const [method, args] of Object.entries(calls)) {
        for (let position = 0; position < args.length; position++) {
            for (const inside of [false, true]) {
                if (inside && !Array.isArray(args[position])) continue;
                for (const hostile of hostiles) {
                    const given = args.slice();
                    given[position] = inside ? [args[position][0], hostile] : hostile;
                    tried++;
                    let error;
                    try {
                        await ph[method](...given);
                    } catch (e) {
                        error = e;
                    }
                    const where = `${method}, argument ${position}${inside ? ' (inside)' : ''}`;
                    if (error === undefined) continue; // some positions ignore what they are given (cardName's options {})
                    assert.ok(error instanceof PokerHashError, `${where}: ${error?.name}: ${error?.message}`);
                    assert.ok(CODES.has(error.code), where);
                    if (error.cause !== undefined) {
                        assert.ok(error.cause === boom || error.cause instanceof TypeError, where);
                        assert.ok(error.message.startsWith('reading '), `${where}: ${error.message}`);
                    }
                    assert.equal(ph.evaluate('As Ks Qs Js Ts'), 1);
                }
            }
        }
    }
    assert.ok(tried > 500, `${tried} calls`);
    // what the message and the cause say
    assert.throws(() => ph.evaluate(revoked([])), (e) => e instanceof PokerHashError && e.code === 'argument' &&
        /^reading an argument failed: TypeError: .*revoked/.test(e.message) && e.cause instanceof TypeError);
    assert.throws(() => ph.equity(['AcAd', 'KsKh'], { get board() { return raise(); } }), (e) => e instanceof PokerHashError &&
        e.message === 'reading options.board failed: Error: boom' && e.cause === boom);
    await assert.rejects(ph.equityAsync(['AcAd', { combos: [{ get cards() { return raise(); } }] }]),
        (e) => e instanceof PokerHashError && e.cause === boom && e.message === 'reading an argument failed: Error: boom');
});

test('a range text too long for the wasm heap is refused before any allocation, never given a wrapped size', async () => {
    // A 900 MB text needs a work area past 2**32 bytes, which wraps in wasm32's size_t: malloc handed out a small
    // block. The capacity is faked here (as for a text that long) rather than a gigabyte allocated.
    const fresh = await PokerHash.load();
    const core = fresh._core;
    const { _malloc: malloc, _ph_range_capacity: capacity } = core;
    const sizes = [];
    core._malloc = (bytes) => {
        sizes.push(bytes);
        return malloc(bytes);
    };
    core._ph_range_capacity = () => 2 ** 28; // combos of 16 bytes: 2**32 bytes, past the heap
    try {
        throwsWith(() => fresh.parseRange('QQ+, AKs'), 'a range text of 8 bytes (UTF-8) is too long: parsing it needs more ' +
            'than the 2,147,483,648 bytes the wasm heap can hold', 'argument');
        throwsWith(() => fresh.equity(['AcAd', 'QQ+, AKs']), 'player 2: a range text of 8 bytes (UTF-8) is too long: parsing ' +
            'it needs more than the 2,147,483,648 bytes the wasm heap can hold', 'argument');
        assert.deepEqual(sizes, []);
    } finally {
        Object.assign(core, { _malloc: malloc, _ph_range_capacity: capacity });
    }
    assert.equal(fresh.parseRange('QQ+, AKs').combos.length, 22);
});
