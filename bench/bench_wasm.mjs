// Random 7-card hands per second: pokerhash's WebAssembly build against the npm evaluators phe and
// poker-evaluator, in one node process over the same pre-generated hands (and our C kernel alone, over rows
// already in the module's heap: the figure beside a native loop); then exact equity of AcAd vs
// KsKh preflop (all 1,712,304 boards) in wasm, beside the native figure when --native-ms gives it.
// Usage: node bench/bench_wasm.mjs [HANDS=2000000] [--json] [--native-ms=MS] [--native-batch=EVALS_PER_S]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomHands, rowsOf } from './js/hands.mjs';
import { phe, pokerEvaluator } from './js/peers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const { PokerHash } = await import(path.resolve(here, '../web/dist/pokerhash.mjs'));
const args = process.argv.slice(2);
const HANDS = Number(args.find((a) => /^\d+$/.test(a)) ?? 2_000_000);
const NATIVE_MS = Number(args.find((a) => a.startsWith('--native-ms='))?.split('=')[1] ?? NaN);
const NATIVE_BATCH = Number(args.find((a) => a.startsWith('--native-batch='))?.split('=')[1] ?? NaN);
const K = 7;
const REPEATS = 5;

/** Best evals/s over REPEATS runs of `run(out)` (the first run also warms the JIT). */
function measure(run, hands) {
    const out = new Uint16Array(hands);
    let best = Infinity;
    for (let i = 0; i < REPEATS; i++) {
        const start = performance.now();
        run(out);
        best = Math.min(best, performance.now() - start);
    }
    return { perSecond: hands / (best / 1000), out };
}

const ph = await PokerHash.load();
const cards = randomHands(HANDS, K, 7);
const results = [];

const batch = measure((out) => ph.evaluateBatch(cards, K, out), HANDS);
results.push({ name: 'pokerhash wasm, evaluateBatch', ...batch });
const rows = rowsOf(cards, K, (id) => id);
results.push({ name: 'pokerhash wasm, evaluate(array)', ...measure((out) => {
    for (let i = 0; i < rows.length; i++) out[i] = ph.evaluate(rows[i]);
}, HANDS) });
const kernel = kernelAlone();
results.push({ name: 'wasm kernel alone (rows in heap)', ...kernel });
for (const make of [phe, pokerEvaluator]) {
    const peer = make(cards, K);
    const result = measure(peer.run, HANDS);
    const agree = peer.sameScale ? result.out.every((v, i) => v === batch.out[i]) : null;
    results.push({ name: peer.name, ...result, agree });
}

/**
 * The C batch kernel alone: the rows are copied into the module's heap once, outside the timing. The gap to
 * evaluateBatch is its copy of each chunk's rows in and values out, which a caller's JS arrays need; this is
 * the figure to set beside a native batch loop over rows already in memory. Reaches the module through the
 * wrapper's private `_core`, as the library itself calls it.
 */
function kernelAlone() {
    const core = ph._core;
    const input = core._malloc(cards.length), output = core._malloc(2 * HANDS), badRow = core._malloc(4);
    try {
        core.HEAPU8.set(cards, input);
        const result = measure(() => {
            if (core._ph_evaluate_batch(input, HANDS, K, output, badRow) !== 0) throw new Error('kernel: bad row');
        }, HANDS);
        const out = core.HEAPU16.slice(output >> 1, (output >> 1) + HANDS);
        return { ...result, out, agree: out.every((v, i) => v === batch.out[i]) };
    } finally {
        for (const block of [input, output, badRow]) core._free(block);
    }
}

/** Best time in ms of `run()` over `rounds` runs, after one warm-up (the first builds nothing for hold'em). */
function bestMs(run, rounds) {
    run();
    let best = Infinity;
    for (let i = 0; i < rounds; i++) {
        const start = performance.now();
        run();
        best = Math.min(best, performance.now() - start);
    }
    return best;
}

const aaKk = ph.equity(['AcAd', 'KsKh']);
if (aaKk.deals !== 1_712_304 || aaKk.players[0].win !== 1_388_072) throw new Error('AcAd vs KsKh: wrong counts');
const equityMs = bestMs(() => ph.equity(['AcAd', 'KsKh']), 50);
const ours = results[0].perSecond;
if (args.includes('--json')) {
    console.log(JSON.stringify({
        evaluators: results.map(({ name, perSecond, agree }) => ({ name, perSecond, agree })),
        equityAcAdKsKhExactMs: equityMs,
    }));
} else {
    console.log(`${HANDS.toLocaleString('en-US')} random ${K}-card hands, node ${process.version}, best of ${REPEATS}`);
    for (const { name, perSecond, agree } of results) {
        const ratio = ours / perSecond;
        const check = agree === null || agree === undefined ? '' : agree ? '  (same values)' : '  (VALUES DIFFER)';
        console.log(`  ${name.padEnd(34)} ${(perSecond / 1e6).toFixed(1).padStart(7)} M evals/s   batch is ${ratio.toFixed(1).padStart(6)}x${check}`);
    }
    if (Number.isFinite(NATIVE_BATCH)) {
        console.log(`native batch (CPython extension, 1 thread, random 7-card rows, just before): ${(NATIVE_BATCH / 1e6).toFixed(1)} M evals/s; wasm/native ${(ours / NATIVE_BATCH).toFixed(2)}x (kernel alone ${(kernel.perSecond / NATIVE_BATCH).toFixed(2)}x)`);
    }
    const native = Number.isFinite(NATIVE_MS) ? `; native (CPython, 1 thread) ${NATIVE_MS.toFixed(2)} ms, wasm/native ${(equityMs / NATIVE_MS).toFixed(1)}x` : '';
    console.log(`exact equity AcAd vs KsKh preflop (1,712,304 boards), best of 50: wasm ${equityMs.toFixed(2)} ms${native}`);
}
