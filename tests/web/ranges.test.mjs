// Range notation in JS against the reference answers in tests/vectors/ranges.jsonl: the C parser in wasm
// gives the same combos, order, weights, normalized text and messages as the reference Python parser.
// Run: node --test tests/web/ranges.test.mjs
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const { PokerHash, PokerHashError, cardName } = await import(path.resolve(here, '../../web/dist/pokerhash.mjs'));
const ph = await PokerHash.load();
const vectors = readFileSync(path.resolve(here, '../vectors/ranges.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));

/** Python's repr() of a float, from JS's shortest round-trip digits. */
function pythonRepr(x) {
    const [mantissa, exp] = x.toExponential().split('e');
    const exponent = Number(exp);
    const negative = mantissa.startsWith('-');
    const digits = mantissa.replace('-', '').replace('.', '');
    let body;
    if (exponent >= -4 && exponent < 16) {
        if (exponent < 0) body = `0.${'0'.repeat(-exponent - 1)}${digits}`;
        else {
            const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
            body = `${whole}.${digits.slice(exponent + 1) || '0'}`;
        }
    } else {
        body = `${digits[0]}${digits.length > 1 ? `.${digits.slice(1)}` : ''}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
    }
    return (negative ? '-' : '') + body;
}

const comboName = (cards) => [...cards].sort((a, b) => b - a).map((c) => cardName(c)).join('');

test('every shared vector parses as the reference parser says', () => {
    assert.ok(vectors.length >= 500);
    const bad = [];
    for (const [text, dead, normalized, want] of vectors) {
        let got;
        let gotText = '';
        try {
            const range = ph.parseRange(text, { dead });
            gotText = range.text;
            got = `= ${range.combos.map((c) => comboName(c.cards) + (c.weight === 1 ? '' : `:${pythonRepr(c.weight)}`)).join(' ')}`;
        } catch (e) {
            assert.ok(e instanceof PokerHashError, String(e));
            got = `! ${e.message}`;
        }
        if (got !== want || (want.startsWith('=') && gotText !== normalized)) bad.push(`${JSON.stringify(text)}: ${got.slice(0, 120)} | want ${want.slice(0, 120)}`);
    }
    assert.deepEqual(bad, []);
});

test('parseRange: shape, dead cards and bad arguments', () => {
    const r = ph.parseRange('AKs, QQ:0.5');
    assert.equal(r.text, 'AKs, QQ:0.5');
    assert.equal(r.handSize, 2);
    assert.deepEqual(r.combos[0], { cards: [44, 48], weight: 1 });
    assert.equal(r.combos.at(-1).weight, 0.5);
    assert.equal(ph.parseRange('AK', { dead: 'As Kd' }).combos.length, 9);
    assert.equal(ph.parseRange('AhKhQdJd').handSize, 4);
    assert.equal(ph.parseRange('AA:0').handSize, 0);
    assert.throws(() => ph.parseRange(5), (e) => e instanceof PokerHashError && e.message === 'a range must be text, got number' && e.code === 'type');
    assert.throws(() => ph.parseRange('AKx'), (e) => e.message === "unknown range token 'AKx'" && e.code === 'parse');
    assert.throws(() => ph.parseRange(' '), (e) => e.message === 'empty range: no hands given' && e.code === 'argument');
    assert.throws(() => ph.parseRange('AA', { dead: 'Xx' }), (e) => e.message === "unknown card 'Xx'");
});

test('the wasm heap stays bounded over many parses', () => {
    ph.parseRange('random');
    const before = ph._core.HEAPU8.length;
    for (let i = 0; i < 100; i++) {
        ph.parseRange('QQ+, AKs, random:0.5');
        try {
            ph.parseRange('QQ+, AKx');
        } catch {
            // expected
        }
    }
    assert.equal(ph._core.HEAPU8.length, before);
});
