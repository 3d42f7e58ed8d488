// The page: a hand evaluator with a card picker, an equity panel, hand-category histograms, a combination
// index panel, the other games (games_panel.mjs), whole-deal analysis (analysis_panel.mjs) and a benchmark. Results come from Python (pokerhash in Pyodide, in a Web Worker) once it has
// booted, and from the JS library until then; long work always runs in a worker, so the page never freezes.
import { CATEGORY_NAMES, cardName } from '../dist/pokerhash.mjs';
import { JsWorker, PyWorker, loadJs, notRunCode, pageChecks, pyString } from './engines.mjs';
import { setupEquityPanel } from './equity_panel.mjs';
import { setupGamesPanel } from './games_panel.mjs';
import { setupAnalysisPanel } from './analysis_panel.mjs';
import { showHistogram } from './charts.mjs';
import { echo } from '../dist/common.mjs';
import { group, refuseTooManyCards, wholeNumber } from './format.mjs';
import { buildPicker, isRed } from './picker.mjs';

const $ = (id) => document.getElementById(id);
const metrics = (window.pokerhashPage = {
    jsReadyMs: null, pythonReadyMs: null, firstPythonEvalMs: null, handEvals: 0, lastHand: null, equityRuns: 0, lastEquity: null,
    histograms: 0, streets: 0, errors: [], wheel: null, superseded: 0, lastEstimate: null,
});
let js = null; // the JS library on this thread: single hands, estimates
let jsWorker = null;
let py = null; // the Python worker, once booted
let pyFailure = null; // why Pyodide could not start: the JS engine answers for good, and the notes say so
const pyWaiting = () => (pyFailure !== null ? 'Python failed to boot' : 'Python still booting');
/** The Python-code note of a quick answer the JS library gave: why Python did not run it. */
const jsAnswered = (code) => notRunCode(`the JS library answered (${
    py ? 'Python busy with a longer run' : pyFailure !== null ? `Python failed to boot: ${pyFailure}` : pyWaiting()}); in Python it reads`, code);
let selected = []; // card ids in the order they were given
let updatePicker = () => {};
const BENCH_HANDS = 1_000_000;

// ---- rendering helpers ----------------------------------------------------------------------------

function miniCard(card) {
    const span = document.createElement('span');
    span.className = `mini${isRed(card) ? ' red' : ''}`;
    span.textContent = cardName(card, { symbols: true });
    span.title = cardName(card);
    return span;
}

function showCards(element, cards) {
    element.replaceChildren(...cards.map(miniCard));
}

function showError(element, input, message) {
    element.hidden = !message;
    element.textContent = message || '';
    if (input) input.setAttribute('aria-invalid', message ? 'true' : 'false');
}

function setStatus(id, state, text) {
    const pill = $(id);
    pill.dataset.state = state;
    pill.textContent = text;
}

/** Ends the current task, so that no stretch of start-up work holds the thread for long (Long Tasks). */
const nextTask = () => new Promise((resolve) => { setTimeout(resolve, 0); });

class Superseded extends Error {
    constructor() {
        super('superseded');
        this.name = 'Superseded';
    }
}

/**
 * Latest request wins, for one field: request(f) runs f() and rejects with Superseded, answer and error alike,
 * once a newer request of the field has begun. While Python is busy the JS library answers a later input at once,
 * so an earlier request's Python answer (or error) can arrive after it and must not replace it. Requests the page
 * answers itself (a refusal, an empty field) go through here too: they are newer requests as well.
 */
function latest() {
    let generation = 0;
    const drop = () => {
        metrics.superseded++;
        return new Superseded();
    };
    return async (f) => {
        const mine = ++generation;
        let value;
        try {
            value = await f();
        } catch (e) {
            if (mine !== generation) throw drop();
            throw e;
        }
        if (mine !== generation) throw drop();
        return value;
    };
}

// ---- evaluating a hand ----------------------------------------------------------------------------

function toggleCard(card) {
    if (!selected.includes(card) && selected.length >= 9) return; // nine cards at most
    selected = selected.includes(card) ? selected.filter((c) => c !== card) : [...selected, card];
    $('hand-input').value = selected.map((c) => cardName(c)).join(' ');
    evaluateHand({ picking: true });
}

const handCode = (hand) => `import pokerhash as ph

hand = ${pyString(hand)}
value = ph.evaluate(hand)
{
    "cards": [int(c) for c in ph.parse_cards(hand)],
    "value": value,
    "category": str(ph.category(value)),
    "description": ph.describe(value),
    "best_five": [int(c) for c in ph.best_five(hand)],
}`;

const handRequest = latest();

/**
 * The hand of `text`, or null for an empty field or, while cards are being picked (`picking`), for a hand not
 * complete yet: the picker stays quiet until the fifth card, where typing 4 cards and Evaluate is a mistake.
 */
async function analyze(text, picking) {
    if (!text) {
        $('hand-code').textContent = notRunCode('no cards entered');
        return null;
    }
    if (picking && selected.length < 5) {
        $('hand-code').textContent = notRunCode(`${selected.length} of at least 5 cards picked`);
        return null;
    }
    pageChecks($('hand-code'), () => refuseTooManyCards(js, text, 9, 'a hand needs 5 to 9 cards'));
    const code = handCode(text);
    // One hand takes microseconds: it does not wait in the Python worker's queue behind a long equity run.
    if (py && !py.busy) {
        $('hand-code').textContent = code;
        const r = await py.run(code).promise;
        return { ...r, bestFive: r.best_five, engine: 'Python pokerhash (backend "wasm") in Pyodide, in a Web Worker' };
    }
    $('hand-code').textContent = jsAnswered(code);
    const hand = js.analyze(text);
    return { ...hand, cards: js.parseCards(text), category: CATEGORY_NAMES[hand.category], engine: `JS pokerhash.mjs (${py ? 'Python busy with a longer run' : pyWaiting()})` };
}

async function evaluateHand({ picking = false } = {}) {
    const text = $('hand-input').value.trim();
    const error = $('hand-error');
    try {
        selected = js.parseCards(text); // keeps the picker in step even when the hand is incomplete
    } catch {
        // the evaluation below reports it
    }
    try {
        const hand = await handRequest(() => analyze(text, picking));
        if (!hand) {
            updatePicker(selected);
            showError(error, $('hand-input'), null);
            $('result').classList.add('stale');
            metrics.handEvals++;
            return;
        }
        selected = hand.cards;
        $('value').textContent = String(hand.value);
        $('category').textContent = hand.category;
        $('description').textContent = hand.description;
        showCards($('best-five'), hand.bestFive);
        $('engine-note').textContent = `computed by ${hand.engine}`;
        $('result').classList.remove('stale');
        showError(error, $('hand-input'), null);
        updatePicker(selected, hand.bestFive);
        if (py && metrics.firstPythonEvalMs === null) {
            metrics.firstPythonEvalMs = Math.round(performance.now());
            console.info(`pokerhash: first Python result ${metrics.firstPythonEvalMs} ms after navigation`);
        }
    } catch (e) {
        if (e.name === 'Superseded') return;
        showError(error, $('hand-input'), e.message);
        $('result').classList.add('stale');
        updatePicker(selected);
    }
    metrics.lastHand = text;
    metrics.handEvals++;
}

function randomHand() {
    const deck = Array.from({ length: 52 }, (_, i) => i);
    const hand = [];
    for (let i = 0; i < 7; i++) hand.push(deck.splice(Math.floor(Math.random() * deck.length), 1)[0]);
    $('hand-input').value = hand.map((c) => cardName(c)).join(' ');
    evaluateHand();
}

// ---- hand categories ------------------------------------------------------------------------------

const histogramCode = (k) => `import pokerhash as ph

counts = ph.value_histogram(${k})  # hands of each value 1..7462 over all C(52, ${k}) hands
by_category = [0] * 10
for value in range(1, 7463):
    by_category[ph.category(value)] += counts[value]`;

let histogramJob = null;

async function histogram() {
    histogramJob?.cancel();
    const k = Number($('hist-k').value);
    $('hist-code').textContent = histogramCode(k);
    $('hist-progress').hidden = false;
    const job = jsWorker.run('histogram', { k }, (done, total) => {
        $('hist-progress').max = total;
        $('hist-progress').value = done;
    });
    histogramJob = job;
    try {
        const result = await job.promise;
        showHistogram($('hist-table'), result);
        $('hist-caption').textContent = `Hands per category among all ${group(result.total)} hands of ${k} cards`;
        metrics.histograms++;
    } catch (e) {
        if (e.name !== 'Cancelled') $('hist-caption').textContent = `Counting failed: ${e.message}`;
    } finally {
        if (histogramJob === job) {
            histogramJob = null;
            $('hist-progress').hidden = true;
        }
    }
}

// ---- combination index ----------------------------------------------------------------------------

const rankCode = (text, order) => `import pokerhash as ph

cards = ph.parse_cards(${pyString(text)})
{"index": str(ph.rank_combination(cards, 52, ${pyString(order)})), "k": len(cards)}`;

const unrankCode = (index, k, order) => `import pokerhash as ph

cards = ph.unrank_combination(${index}, ${k}, 52, ${pyString(order)})
{"cards": [int(c) for c in cards]}`;

const RANK_RULE = 'enter 1 to 52 cards'; // a set of 0 cards has index 0 of 1, an answer nobody asked for
const rankRequest = latest();
const unrankRequest = latest();

/**
 * One rank or unrank, the latest request of its field wins (`request`): compute() answers, show() displays the
 * answer; an error goes to the line under its own field (`id`-error), the other field's stays.
 */
async function combination(id, request, compute, show) {
    const input = $(`${id}-input`);
    const error = $(`${id}-error`);
    showError(error, input, null);
    $(`${id}-output`).replaceChildren();
    try {
        show(await request(compute));
    } catch (e) {
        if (e.name !== 'Superseded') showError(error, input, e.message);
    }
}

function showTotal(k) {
    $('comb-total').textContent = `C(52, ${k}) = ${group(js.comb(52, k))}`;
}

function rank() {
    const text = $('rank-input').value;
    const order = $('order').value;
    return combination('rank', rankRequest, async () => {
        pageChecks($('comb-code'), () => refuseTooManyCards(js, text, 52, RANK_RULE));
        const code = rankCode(text, order);
        let index;
        let k;
        if (py && !py.busy) { // a quick answer does not queue behind a long Python run
            $('comb-code').textContent = code;
            ({ index, k } = await py.run(code).promise);
        } else {
            $('comb-code').textContent = jsAnswered(code);
            const cards = js.parseCards(text);
            index = String(js.rankCombination(cards, 52, order));
            k = cards.length;
        }
        if (k === 0) throw new Error(RANK_RULE);
        return { index, k };
    }, ({ index, k }) => {
        $('rank-output').textContent = group(BigInt(index));
        showTotal(k);
    });
}

function unrank() {
    const text = $('unrank-input').value;
    const k = Number($('unrank-k').value);
    const order = $('order').value;
    return combination('unrank', unrankRequest, async () => {
        // Digits without leading zeros (they go into Python code too), checked against C(52, k) here in the
        // library's words: a 5,000-digit index would otherwise stop at Python's int-from-text limit.
        const raw = pageChecks($('comb-code'), () => {
            const digits = wholeNumber(text, 'index');
            if (digits === null) throw new Error("index must be a whole number, got ''");
            const last = BigInt(js.comb(52, k)) - 1n;
            if (BigInt(digits) > last) throw new Error(`index ${echo(digits)} outside 0..C(52,${k})-1 = 0..${last}`);
            return digits;
        });
        const code = unrankCode(raw, k, order);
        if (py && !py.busy) { // a quick answer does not queue behind a long Python run
            $('comb-code').textContent = code;
            return (await py.run(code).promise).cards;
        }
        $('comb-code').textContent = jsAnswered(code);
        return js.unrankCombination(BigInt(raw), k, 52, order);
    }, (cards) => {
        showCards($('unrank-output'), cards);
        showTotal(k);
    });
}

// ---- benchmark ------------------------------------------------------------------------------------

const benchCode = `import time
import pokerhash as ph

cards = bytearray(open("/tmp/hands.u8", "rb").read())  # the same 1,000,000 hands
best = float("inf")
for _ in range(3):
    start = time.perf_counter()
    values = ph.evaluate_batch(cards, 7)
    best = min(best, time.perf_counter() - start)
{"evals_per_s": len(values) / best, "values": values.tobytes()}`;

const rate = (perSecond) => `${(perSecond / 1e6).toFixed(1)} M/s`;

async function benchmark() {
    const button = $('bench-run');
    button.disabled = true;
    button.textContent = 'Running…';
    $('bench-note').textContent = '';
    try {
        const jsResult = await jsWorker.run('benchmark', { hands: BENCH_HANDS, seed: 2024 }).promise;
        $('bench-js').textContent = rate(jsResult.evalsPerSecond);
        let pyRate = 0;
        let note = pyFailure !== null ? 'Python failed to boot: the JS engine alone ran.' : 'Python is still booting: run again once it is ready.';
        if (py) {
            $('bench-code').textContent = benchCode;
            const result = await py.run(benchCode, null, { '/tmp/hands.u8': jsResult.cards }).promise;
            pyRate = result.evals_per_s;
            $('bench-py').textContent = rate(pyRate);
            const pyValues = new Uint16Array(result.values.buffer, result.values.byteOffset, BENCH_HANDS);
            const agree = pyValues.every((v, i) => v === jsResult.values[i]);
            note = agree ? `Both engines agree on all ${group(BENCH_HANDS)} values.` : 'The engines DISAGREE.';
        }
        const top = Math.max(jsResult.evalsPerSecond, pyRate);
        $('bench-js-bar').style.width = `${(100 * jsResult.evalsPerSecond) / top}%`;
        $('bench-py-bar').style.width = `${(100 * pyRate) / top}%`;
        $('bench-note').textContent = note;
    } catch (e) {
        $('bench-note').textContent = `Benchmark failed: ${e.message}`;
    } finally {
        button.disabled = false;
        button.textContent = 'Run benchmark';
    }
}

// ---- start ----------------------------------------------------------------------------------------

async function start() {
    const python = new PyWorker(); // boots Pyodide in its worker while the rest starts
    await nextTask();
    updatePicker = buildPicker($('picker'), toggleCard);
    for (let k = 1; k <= 9; k++) $('unrank-k').append(new Option(`${k} cards`, String(k), k === 7, k === 7));
    $('hand-form').addEventListener('submit', (e) => { e.preventDefault(); evaluateHand(); });
    $('hand-input').addEventListener('input', () => showError($('hand-error'), $('hand-input'), null));
    $('random-hand').addEventListener('click', randomHand);
    $('clear-hand').addEventListener('click', () => { $('hand-input').value = ''; evaluateHand(); $('hand-input').focus(); });
    $('rank-form').addEventListener('submit', (e) => { e.preventDefault(); rank(); });
    $('unrank-form').addEventListener('submit', (e) => { e.preventDefault(); unrank(); });
    $('order').addEventListener('change', () => { rank(); unrank(); });
    $('unrank-k').addEventListener('change', unrank); // the cards shown are for the size on screen
    $('bench-run').addEventListener('click', benchmark);
    $('hist-run').addEventListener('click', histogram);
    $('hist-k').addEventListener('change', histogram);
    $('bench-code').textContent = benchCode;
    const equity = setupEquityPanel({
        js: () => js, jsWorker: () => jsWorker, py: () => py, pyWaiting,
        done: (run) => { metrics.equityRuns++; metrics.lastEquity = run; }, // every run: ok, error or cancelled
        streets: () => { metrics.streets++; },
        estimated: (estimate) => { metrics.lastEstimate = estimate; }, // the estimate of the run (or proposal) on screen
    });

    try {
        jsWorker = new JsWorker();
        await nextTask();
        js = await loadJs();
        await nextTask();
        metrics.jsReadyMs = Math.round(performance.now());
        setStatus('js-status', 'ready', `JS · ready in ${metrics.jsReadyMs} ms`);
        $('core-version').textContent = `pokerhash core ${js.version}`;
        equity.ready();
        evaluateHand();
        await nextTask();
        await js.loadGames(); // the other games' module (pokerhash_games.wasm), after the first answer
        setupGamesPanel({ js: () => js, jsWorker: () => jsWorker });
        await nextTask();
        setupAnalysisPanel({ jsWorker: () => jsWorker });
        await nextTask();
        rank();
        await nextTask();
        unrank();
        await jsWorker.ready;
        histogram();
        await equity.run();
    } catch (e) {
        setStatus('js-status', 'error', 'JS · failed');
        metrics.errors.push(String(e));
    }
    try {
        const info = await python.ready;
        py = python;
        metrics.wheel = info.wheel;
        metrics.pythonReadyMs = Math.round(performance.now());
        setStatus('py-status', 'ready', `Python · ready in ${(metrics.pythonReadyMs / 1000).toFixed(1)} s`);
        await evaluateHand();
        await rank();
        await equity.run();
    } catch (e) {
        pyFailure = e.message;
        setStatus('py-status', 'error', 'Python · failed to boot');
        metrics.errors.push(String(e));
        evaluateHand(); // its notes said "Python still booting"; its code block now says why Python failed
    }
}

start();
