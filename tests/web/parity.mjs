// The ES-module library (web/dist/pokerhash.mjs) against the native extension's answers in DATA_DIR
// (written by conftest.py): all 2,598,960 five-card hands, a million random 6-9 card hands, single-hand
// calls, descriptions of every value, combination rank/unrank in both orders, and hand_index.
// Usage: node parity.mjs DATA_DIR. Prints one JSON line {ok, checked, mismatches, seconds}.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const { PokerHash } = await import(path.resolve(here, '../../web/dist/pokerhash.mjs'));
const dataDir = process.argv[2];
const started = performance.now();
const ph = await PokerHash.load();

const load = (name, Type) => {
    const bytes = readFileSync(path.join(dataDir, name));
    return new Type(bytes.buffer, bytes.byteOffset, bytes.byteLength / Type.BYTES_PER_ELEMENT);
};
const readJson = (name) => JSON.parse(readFileSync(path.join(dataDir, name), 'utf8'));

const checked = {};
const mismatches = [];
const expect = (what, got, want) => {
    checked[what] = (checked[what] ?? 0) + 1;
    if (got !== want && mismatches.length < 20) mismatches.push({ what, got: String(got), want: String(want) });
};
const sameArrays = (what, got, want) => {
    expect(`${what} length`, got.length, want.length);
    for (let i = 0; i < want.length; i++) {
        if (got[i] !== want[i]) {
            expect(`${what} at ${i}`, got[i], want[i]);
            return;
        }
    }
    checked[what] = (checked[what] ?? 0) + want.length;
};

// Every five-card hand, enumerated by the library itself in the order the native side used.
const five = ph.combinations(52, 5);
sameArrays('combinations(52,5)', five, load('cards_5.u8', Uint8Array));
sameArrays('values of all 5-card hands', ph.evaluateBatch(five, 5), load('values_5.u16', Uint16Array));
const histogram = ph.valueHistogram(5);
const perValue = new Float64Array(7463);
for (const v of load('values_5.u16', Uint16Array)) perValue[v]++;
sameArrays('valueHistogram(5)', histogram, perValue);

for (const k of [6, 7, 8, 9]) {
    const cards = load(`cards_${k}.u8`, Uint8Array);
    const want = load(`values_${k}.u16`, Uint16Array);
    sameArrays(`values of random ${k}-card hands`, ph.evaluateBatch(cards, k), want);
    for (let i = 0; i < want.length; i += 499) {
        const row = Array.from(cards.subarray(i * k, i * k + k));
        expect(`evaluate(ids) k=${k}`, ph.evaluate(row), want[i]);
        const text = row.map((c) => ph.cardName(c, { symbols: i % 2 === 0 })).join(i % 3 ? ' ' : '');
        expect(`evaluate(text) k=${k}`, ph.evaluate(text), want[i]);
        const best = ph.bestFive(row);
        expect(`bestFive value k=${k}`, ph.evaluate(best), want[i]);
    }
}

readJson('values.json').forEach(([category, description, ranks], i) => {
    const value = i + 1;
    expect('category', ph.category(value), category);
    expect('describe', ph.describe(value), description);
    expect('valueRanks', ph.valueRanks(value).join(), ranks.join());
});

for (const { n, k, items, colex, lex } of readJson('ranks.json')) {
    for (const [order, want] of [['colex', colex], ['lex', lex]]) {
        expect(`rankCombination ${order}`, String(ph.rankCombination(items, n, order)), want);
        const index = BigInt(want) > BigInt(Number.MAX_SAFE_INTEGER) ? BigInt(want) : Number(want);
        expect(`unrankCombination ${order}`, ph.unrankCombination(index, k, n, order).join(), items.join());
    }
}

const sevens = load('cards_7.u8', Uint8Array);
load('hand_index_7.u32', Uint32Array).forEach((want, i) => {
    expect('handIndex', ph.handIndex(Array.from(sevens.subarray(i * 7, i * 7 + 7))), want);
});

const seconds = (performance.now() - started) / 1000;
const total = Object.values(checked).reduce((a, b) => a + b, 0);
console.log(JSON.stringify({ ok: mismatches.length === 0, total, checked, mismatches, seconds }));
