// One call at a time from card names, in one node process: pokerhash's JS API (web/dist, over the wasm core)
// against the npm evaluators phe, @pokertools/evaluator, poker-evaluator and pokersolver, each through its own
// entry point for the same input (an array of names, one text string), over the same random hands; and Omaha
// high from text beside the native Python extension's per-call time.
// Usage: node bench/bench_js.mjs [HANDS=20000] [--json] [--python=PYTHON] [--dist=DIR]
// (--dist: another build's web/dist, e.g. main's, for a before/after in the same conditions)
// Peers are imported from $PH_JS_PEERS (a folder holding node_modules, e.g. after
// `cd /tmp/jspeers && npm install phe @pokertools/evaluator poker-evaluator pokersolver`), else from web/;
// a peer that cannot be imported is skipped and named. --python (default python3, with pywasm/ on
// PYTHONPATH) times pokerhash.omaha_evaluate from text; skipped when that import fails.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomHands } from './js/hands.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const args = process.argv.slice(2);
const dist = path.resolve(args.find((a) => a.startsWith('--dist='))?.split('=')[1] ?? path.join(root, 'web/dist'));
const { PokerHash } = await import(path.join(dist, 'pokerhash.mjs'));
const HANDS = Number(args.find((a) => /^\d+$/.test(a)) ?? 20_000);
const JSON_OUT = args.includes('--json');
const PYTHON = args.find((a) => a.startsWith('--python='))?.split('=')[1] ?? 'python3';
const REPEATS = 7;
const NAMES = Array.from({ length: 52 }, (_, id) => '23456789TJQKA'[id >> 2] + 'cdhs'[id & 3]);

const requirers = [process.env.PH_JS_PEERS, path.join(root, 'web')].filter(Boolean)
    .map((dir) => createRequire(path.join(path.resolve(dir), 'package.json')));
const skipped = [];

/** The module `name` from the first folder that has it, else null (and the peer is listed as skipped). */
function peer(name) {
    for (const require of requirers) {
        try {
            const lib = require(name);
            // the version from the package's own package.json, which its "exports" may not list
            const main = require.resolve(name);
            const json = JSON.parse(readFileSync(path.join(main.slice(0, main.lastIndexOf(`node_modules${path.sep}${name.replace('/', path.sep)}`)), 'node_modules', name, 'package.json'), 'utf8'));
            return { lib, version: json.version };
        } catch { /* the next folder */ }
    }
    skipped.push(name);
    return null;
}

/** Best nanoseconds a call of fn(i) over `count` inputs takes, over REPEATS passes (the first warms the JIT). */
function perCall(fn, count) {
    let sink = 0;
    let best = Infinity;
    for (let r = 0; r < REPEATS; r++) {
        const start = process.hrtime.bigint();
        for (let i = 0; i < count; i++) sink += fn(i) ? 1 : 0;
        best = Math.min(best, Number(process.hrtime.bigint() - start) / count);
    }
    if (sink < 0) console.log(sink);
    return best;
}

const ph = await PokerHash.load();
const cards = randomHands(HANDS, 7, 30);
const arrays = Array.from({ length: HANDS }, (_, i) => Array.from(cards.subarray(7 * i, 7 * i + 7), (id) => NAMES[id]));
const texts = arrays.map((names) => names.join(' '));
const values = arrays.map((names) => ph.evaluate(names));

const groups = {
    'array of 7 names': [['pokerhash', (i) => ph.evaluate(arrays[i])]],
    'one text of 7 cards': [['pokerhash', (i) => ph.evaluate(texts[i])]],
};
const phe = peer('phe');
if (phe) {
    groups['array of 7 names'].push([`phe ${phe.version} evaluateCards`, (i) => phe.lib.evaluateCards(arrays[i])]);
    groups['one text of 7 cards'].push([`phe ${phe.version} evaluateBoard`, (i) => phe.lib.evaluateBoard(texts[i])]);
    if (!arrays.every((names, i) => phe.lib.evaluateCards(names) === values[i])) throw new Error('phe disagrees with pokerhash');
}
const pokertools = peer('@pokertools/evaluator');
if (pokertools) {
    groups['array of 7 names'].push([`@pokertools/evaluator ${pokertools.version} evaluateStrings`, (i) => pokertools.lib.evaluateStrings(arrays[i])]);
    groups['one text of 7 cards'].push([`@pokertools/evaluator ${pokertools.version} evaluateBoard`, (i) => pokertools.lib.evaluateBoard(texts[i])]);
}
const pokerEvaluator = peer('poker-evaluator');
if (pokerEvaluator) { // names only (no text entry point): the text is split, as a caller would
    groups['array of 7 names'].push([`poker-evaluator ${pokerEvaluator.version} evalHand`, (i) => pokerEvaluator.lib.evalHand(arrays[i]).value]);
    groups['one text of 7 cards'].push([`poker-evaluator ${pokerEvaluator.version} evalHand(split)`, (i) => pokerEvaluator.lib.evalHand(texts[i].split(' ')).value]);
}
const pokersolver = peer('pokersolver');
if (pokersolver) {
    groups['array of 7 names'].push([`pokersolver ${pokersolver.version} Hand.solve`, (i) => pokersolver.lib.Hand.solve(arrays[i]).rank]);
    groups['one text of 7 cards'].push([`pokersolver ${pokersolver.version} Hand.solve(split)`, (i) => pokersolver.lib.Hand.solve(texts[i].split(' ')).rank]);
}

// Omaha high: four hole cards and a five-card board, both as text, as a person types them.
const omaha = Array.from({ length: HANDS }, (_, i) => {
    const row = Array.from(randomHands(1, 9, 1000 + i), (id) => NAMES[id]);
    return [row.slice(0, 4).join(''), row.slice(4).join(' ')];
});
groups['Omaha from text'] = [['pokerhash', (i) => ph.omahaEvaluate(omaha[i][0], omaha[i][1])]];

const results = [];
for (const [group, entries] of Object.entries(groups)) {
    for (const [name, fn] of entries) results.push({ group, name, ns: perCall(fn, HANDS) });
}
const python = pythonOmaha();
if (python !== null) results.push({ group: 'Omaha from text', name: 'pokerhash Python (native extension)', ns: python });

/** Python's per-call time of pokerhash.omaha_evaluate over the same texts, or null when it cannot run. */
function pythonOmaha() {
    const code = `import json,sys,time,pokerhash as ph
pairs=json.load(sys.stdin)
best=1e9
for _ in range(${REPEATS}):
    t=time.perf_counter()
    for h,b in pairs: ph.omaha_evaluate(h,b)
    best=min(best,(time.perf_counter()-t)/len(pairs))
print(best*1e9)`;
    try {
        const env = { ...process.env, PYTHONPATH: [path.join(root, 'pywasm'), process.env.PYTHONPATH].filter(Boolean).join(path.delimiter) };
        return Number(execFileSync(PYTHON, ['-c', code], { input: JSON.stringify(omaha), env, stdio: ['pipe', 'pipe', 'ignore'] }).toString());
    } catch {
        skipped.push(`Python (${PYTHON} cannot import pokerhash)`);
        return null;
    }
}

if (JSON_OUT) {
    console.log(JSON.stringify({ hands: HANDS, results, skipped }, null, 1));
} else {
    console.log(`${HANDS} random hands, best of ${REPEATS} passes, node ${process.version}`);
    for (const group of Object.keys(groups)) {
        const rows = results.filter((r) => r.group === group);
        const ours = rows[0].ns;
        console.log(`\n${group}`);
        for (const { name, ns } of rows) {
            const ratio = name === 'pokerhash' ? '' : `  (pokerhash ${(ns / ours).toFixed(2)}x faster)`;
            console.log(`  ${name.padEnd(52)} ${(ns / 1000).toFixed(3).padStart(8)} us/call${ratio}`);
        }
    }
    if (skipped.length) console.log(`\nskipped (not importable): ${skipped.join(', ')}`);
}
