// The JS examples of web/README.md and of README.md's "In the browser" section, run against web/dist: every
// line must run, and a line whose comment starts with a value (`// 1: ...`, `// 'Nines Full over Fours'`,
// `// [0]`, `// 133784560n`, `// { worst: 1404, noLow: null, deck }`: those values, that key) must give it, so the docs cannot
// drift from the built library. Run: node --test tests/web/readme.test.mjs
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const lib = await import(path.resolve(root, 'web/dist/pokerhash.mjs'));
const AsyncFunction = (async () => {}).constructor;

/** The ```js blocks of a markdown text. */
const jsBlocks = (markdown) => [...markdown.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);

/** README.md's browser section alone: the other sections are other people's. */
function browserSection(markdown) {
    const start = markdown.indexOf('\n## In the browser');
    assert.ok(start >= 0, "README.md has no '## In the browser' section");
    const end = markdown.indexOf('\n## ', start + 1);
    return markdown.slice(start, end < 0 ? undefined : end);
}

// A literal at the start of a comment: a number or bigint, a quoted string, an array, null, or an object whose
// `key: literal` entries are checked and whose bare `key` entries must exist (the rest is prose: `deck (36 ids)`).
const SCALAR = String.raw`-?\d[\d_]*(?:\.\d+)?n?|'[^']*'|null|true|false`;
const LEADING = new RegExp(String.raw`^(${SCALAR}|\[[^\]]*\])(?=$|[:\s;,])`);

function expected(comment) {
    if (comment.startsWith('{')) {
        const entries = topLevelEntries(comment);
        const values = entries.map((e) => e.match(new RegExp(String.raw`^(\w+): (${SCALAR})$`))).filter(Boolean);
        const keys = entries.filter((e) => /^\w+$/.test(e));
        return { partial: Object.fromEntries(values.map((m) => [m[1], literal(m[2])])), keys };
    }
    const m = comment.match(LEADING);
    return m ? { value: literal(m[1]) } : null;
}

/** '{ a, b: [{ c, d }], e: 1 } prose' -> ['a', 'b: [{ c, d }]', 'e: 1']: the outer object's entries. */
function topLevelEntries(text) {
    const entries = [];
    let depth = 0, entry = '';
    for (const ch of text) {
        if ('{[('.includes(ch)) depth += 1;
        if ('}])'.includes(ch)) depth -= 1;
        if (depth === 0) break; // the outer object closed
        if (depth === 1 && ch === ',') { entries.push(entry.trim()); entry = ''; } else if (depth > 1 || ch !== '{') entry += ch;
    }
    return [...entries, entry.trim()];
}

const literal = (text) => Function(`"use strict"; return (${text.replace(/(\d)_(?=\d)/g, '$1')});`)();

function check(actual, want, line) {
    if ('value' in want) {
        assert.deepEqual(ArrayBuffer.isView(actual) ? [...actual] : actual, want.value, line);
    } else {
        for (const [key, value] of Object.entries(want.partial)) assert.deepEqual(actual[key], value, `${line}: ${key}`);
        for (const key of want.keys) assert.ok(key in actual, `${line}: no ${key}`);
    }
}

/** One block as the body of an async function: imports become destructuring, checked lines call __check. */
function program(block) {
    const checks = [];
    const lines = block.split('\n').map((raw) => {
        const line = raw.replace(/import \{([^}]*)\} from 'pokerhash';/, 'const {$1} = __lib;');
        const comment = line.match(/;\s+\/\/\s*(.*)$/);
        if (!comment || /^\s*(const|let|import)\b/.test(line)) return line;
        const at = comment.index;
        const want = expected(comment[1].trim());
        if (!want) return line;
        checks.push(want);
        return `__check(${line.slice(0, at)}, __want[${checks.length - 1}], ${JSON.stringify(raw.trim())});`;
    });
    return { body: lines.join('\n'), checks };
}

// What the examples leave to the reader: rows of card ids, an AbortSignal, a progress callback.
const rows = new Uint8Array([51, 47, 43, 39, 35, 0, 1, 12, 13, 14, 15, 16, 17, 18]);
const signal = new AbortController().signal;
const onProgress = () => {};

async function runBlocks(blocks) {
    let checked = 0;
    const onCheck = (actual, want, line) => { check(actual, want, line); checked += 1; };
    for (const block of blocks) {
        const { body, checks } = program(block);
        // A block that loads the library itself declares `ph`; the others use one loaded here.
        const names = ['__lib', '__check', '__want', 'rows', 'signal', 'onProgress'];
        const args = [lib, onCheck, checks, rows, signal, onProgress];
        if (!/\bconst ph\b/.test(body)) { names.push('ph'); args.push(await lib.PokerHash.load()); }
        await new AsyncFunction(...names, body)(...args);
    }
    return checked;
}

test('web/README.md: every example runs and gives the value its comment states', async () => {
    const blocks = jsBlocks(readFileSync(path.join(root, 'web/README.md'), 'utf8'));
    assert.ok(blocks.length >= 3, `${blocks.length} js blocks`);
    const checked = await runBlocks(blocks);
    assert.ok(checked >= 16, `only ${checked} commented values checked`);
});

test("README.md's browser section: every example runs and gives the value its comment states", async () => {
    const blocks = jsBlocks(browserSection(readFileSync(path.join(root, 'README.md'), 'utf8')));
    assert.ok(blocks.length >= 1);
    const checked = await runBlocks(blocks);
    assert.ok(checked >= 4, `only ${checked} commented values checked`);
});

test('figures the prose states', async () => {
    const ph = await lib.PokerHash.load({ games: true });
    const heads = ph.equity(['AcAd', 'KsKh']);
    assert.equal(heads.exact, true);
    assert.equal(heads.deals, 1_712_304); // "every one of the 1,712,304 boards"
    assert.equal(typeof ph.comb(64, 32), 'bigint');
    assert.equal(ph.comb(64, 32) + 1n, 1832624140942590535n);
    const info = ph.gameInfo('shortdeck');
    assert.equal(info.deck.length, 36);
    assert.deepEqual(lib.GAMES, ['holdem', 'shortdeck', 'shortdeck_triton', 'ace_five', 'ace_five_8', 'deuce_seven']);
    for (const [game, worst] of [['holdem', 7462], ['shortdeck', 1404], ['shortdeck_triton', 1404], ['ace_five', 6175],
        ['ace_five_8', 57], ['deuce_seven', 7462]]) assert.equal(ph.gameInfo(game).worst, worst, game); // the table
    assert.equal(ph.gameDescribe(28, 'ace_five_8'), 'Eight Low: 8-6-4-2-A');
    assert.throws(() => ph.gameEvaluate('5c 6c 7c 8c 9c', 'shortdeck'), (e) => e.message === 'card 5c is not in the short deck');
    const unknown = (() => { try { ph.parseRange('AKx'); } catch (e) { return e; } return null; })();
    assert.ok(unknown instanceof lib.PokerHashError && typeof unknown.code === 'string');
    assert.match(unknown.message, /unknown range token 'AKx'/);
});
