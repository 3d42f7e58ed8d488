// Card text read in JS (web/src/card_text.mjs) against the C parser it stands in for: every string of up to
// three characters over an alphabet of the spellings and their near misses, and random longer ones, read
// the same (ids) or are left to the C parser; the public calls give the C parser's values and messages.
import assert from 'node:assert/strict';
import test from 'node:test';
import { PokerHash } from '../../web/dist/pokerhash.mjs';
import { cardOfName, readCardText } from '../../web/dist/card_text.mjs';

const ph = await PokerHash.load();
const core = ph._core;
const ALPHABET = ['A', 'a', 'K', 'q', 'T', 't', '1', '0', '2', '9', 's', 'S', 'h', 'D', 'c', '♠', '♧', '♨', '☃', 'x',
    ' ', ',', ';', '\t', '\n', '\uFE0F', 'é'];

/** The C parser's answer for text: an array of ids, or null when it refuses it. */
function cParse(text) {
    const bytes = new TextEncoder().encode(text);
    const at = core._malloc(bytes.length + 1), out = core._malloc(64), offset = core._malloc(8);
    try {
        core.HEAPU8.set(bytes, at);
        const count = core._ph_cards_parse(at, bytes.length, out, 64, offset);
        return count < 0 ? null : Array.from(core.HEAPU8.subarray(out, out + count));
    } finally {
        core._free(at);
        core._free(out);
        core._free(offset);
    }
}

/** readCardText's answer: ids, or null when it leaves the text to the C parser. */
function jsRead(text) {
    const at = core._malloc(64);
    try {
        const count = readCardText(text, core.HEAPU8, at, 64);
        return count < 0 ? null : Array.from(core.HEAPU8.subarray(at, at + count));
    } finally {
        core._free(at);
    }
}

function* strings(length, prefix = '') {
    yield prefix;
    if (length === 0) return;
    for (const c of ALPHABET) yield* strings(length - 1, prefix + c);
}

test('every short string: the JS reader gives the C parser ids, or leaves the text to it', () => {
    let read = 0;
    for (const text of strings(3)) {
        const ours = jsRead(text);
        if (ours === null) continue;
        assert.deepEqual(ours, cParse(text), JSON.stringify(text));
        read++;
    }
    assert.ok(read > 500, `the JS reader read only ${read} strings`);
    for (const text of strings(2)) {
        const id = cardOfName(text);
        if (id >= 0) assert.deepEqual([id], cParse(text), JSON.stringify(text));
        else assert.equal(jsRead(text)?.length === 1 && text.length === 2, false, JSON.stringify(text));
    }
});

test('random longer strings: the same ids as the C parser wherever the JS reader reads them', () => {
    let state = 7;
    const next = (n) => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) % n;
    const names = ['As', '10h', 'tc', 'K♠', '9D', ' ', ',', ';', '1', 'x', 'A', '\uFE0F'];
    for (let i = 0; i < 20000; i++) {
        let text = '';
        for (let j = next(12); j > 0; j--) text += names[next(names.length)];
        const ours = jsRead(text);
        if (ours !== null) assert.deepEqual(ours, cParse(text), JSON.stringify(text));
    }
});

test('hands from names and from text never call the C parser; other text still does, with its messages', () => {
    const parse = core._ph_cards_parse;
    let calls = 0;
    core._ph_cards_parse = (...args) => (calls++, parse(...args));
    try {
        assert.equal(ph.evaluate(['Ah', 'Kh', 'Qh', 'Jh', 'Th', '2c', '3d']), 1);
        assert.equal(ph.evaluate('Ah Kh Qh Jh 10h 2c 3d'), 1);
        assert.equal(ph.evaluate('a♥,k♥;q♥ j♥\tt♥'), 1);
        assert.equal(ph.omahaEvaluate('AhKhQdJd', 'Th 9h 2c 3d 4s'), ph.omahaEvaluate([50, 46, 41, 37], [34, 30, 0, 5, 11]));
        assert.equal(calls, 0);
        assert.equal(ph.evaluate(['A♥️', 'K♥', 'Q♥', 'J♥', 'T♥']), 1); // the variation selector: the C path
        assert.equal(calls, 1);
        assert.throws(() => ph.evaluate(['Ah', 'Kh', 'Qh', 'Jh', '1h']), { message: "unknown card '1h'", code: 'parse' });
        assert.throws(() => ph.evaluate('Ah Kh Qh Jh Th Ah'), { message: 'duplicate card Ah', code: 'duplicate' });
        assert.throws(() => ph.evaluate('Ah Kh Qh Jh T'), { message: "unknown card 'T'", code: 'parse' });
        assert.throws(() => ph.omahaEvaluate('AhKhQdJd', 'Ah 9h 2c'), { message: 'duplicate card Ah', code: 'duplicate' });
        assert.throws(() => ph.evaluate(Array(65).fill('As')), { message: 'more than 64 cards', code: 'count' });
    } finally {
        core._ph_cards_parse = parse;
    }
});
