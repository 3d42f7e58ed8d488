// The page: a hand evaluator with a card picker, an equity panel, a combination index panel and a benchmark. Results
// come from Python (pokerhash in Pyodide) once it has booted, and from the JS library until then.
import { CATEGORY_NAMES, cardName } from '../dist/pokerhash.mjs';
import { loadJs, loadPython, pyString, runPython } from './engines.mjs';
import { setupEquityPanel } from './equity_panel.mjs';

const $ = (id) => document.getElementById(id);
const metrics = (window.pokerhashPage = {
    jsReadyMs: null, pythonReadyMs: null, firstPythonEvalMs: null, equityRuns: 0, errors: [],
});
let js = null;
let py = null;
let selected = []; // card ids in the order they were given
const BENCH_HANDS = 1_000_000;

// ---- rendering helpers ----------------------------------------------------------------------------

const isRed = (card) => (card & 3) === 1 || (card & 3) === 2;

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
    element.textContent = message ?? '';
    if (input) input.setAttribute('aria-invalid', message ? 'true' : 'false');
}

function setStatus(id, state, text) {
    const pill = $(id);
    pill.dataset.state = state;
    pill.textContent = text;
}

const yieldToPaint = () => new Promise((resolve) => setTimeout(resolve, 30));

// ---- the card picker ------------------------------------------------------------------------------

function buildPicker() {
    const picker = $('picker');
    for (let suit = 3; suit >= 0; suit--) {
        for (let rank = 12; rank >= 0; rank--) {
            const card = 4 * rank + suit;
            const button = document.createElement('button');
            button.type = 'button';
            button.className = `pcard${isRed(card) ? ' red' : ''}`;
            button.dataset.card = String(card);
            button.setAttribute('aria-pressed', 'false');
            button.setAttribute('aria-label', cardName(card));
            const [r, s] = [...cardName(card, { symbols: true })];
            button.innerHTML = `${r === 'T' ? '10' : r}<span>${s}</span>`;
            button.addEventListener('click', () => toggleCard(card));
            picker.append(button);
        }
    }
}

function updatePicker(best = []) {
    for (const button of $('picker').children) {
        const card = Number(button.dataset.card);
        const on = selected.includes(card);
        button.setAttribute('aria-pressed', String(on));
        button.classList.toggle('best', best.includes(card));
        button.disabled = !on && selected.length >= 9;
    }
}

function toggleCard(card) {
    selected = selected.includes(card) ? selected.filter((c) => c !== card) : [...selected, card];
    $('hand-input').value = selected.map((c) => cardName(c)).join(' ');
    evaluateHand();
}

// ---- evaluating a hand ----------------------------------------------------------------------------

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

function analyze(text) {
    if (py) {
        const code = handCode(text);
        $('hand-code').textContent = code;
        const r = runPython(py, code);
        return { ...r, bestFive: r.best_five, engine: 'Python pokerhash (backend "wasm") in Pyodide' };
    }
    const hand = js.analyze(text);
    return { ...hand, cards: js.parseCards(text), category: CATEGORY_NAMES[hand.category], engine: 'JS pokerhash.mjs (Python still booting)' };
}

function evaluateHand() {
    const text = $('hand-input').value.trim();
    const error = $('hand-error');
    if (!text) {
        selected = [];
        updatePicker();
        showError(error, $('hand-input'), null);
        $('result').classList.add('stale');
        return;
    }
    try {
        selected = js.parseCards(text); // keeps the picker in step even when the hand is incomplete
    } catch {
        // the evaluation below reports it
    }
    try {
        const hand = analyze(text);
        selected = hand.cards;
        $('value').textContent = String(hand.value);
        $('category').textContent = hand.category;
        $('description').textContent = hand.description;
        showCards($('best-five'), hand.bestFive);
        $('engine-note').textContent = `computed by ${hand.engine}`;
        $('result').classList.remove('stale');
        showError(error, $('hand-input'), null);
        updatePicker(hand.bestFive);
        if (py && metrics.firstPythonEvalMs === null) metrics.firstPythonEvalMs = Math.round(performance.now());
    } catch (e) {
        showError(error, $('hand-input'), e.message);
        $('result').classList.add('stale');
        updatePicker();
    }
}

function randomHand() {
    const deck = Array.from({ length: 52 }, (_, i) => i);
    const hand = [];
    for (let i = 0; i < 7; i++) hand.push(deck.splice(Math.floor(Math.random() * deck.length), 1)[0]);
    $('hand-input').value = hand.map((c) => cardName(c)).join(' ');
    evaluateHand();
}

// ---- combination index ----------------------------------------------------------------------------

const rankCode = (text, order) => `import pokerhash as ph

cards = ph.parse_cards(${pyString(text)})
{"index": str(ph.rank_combination(cards, 52, ${pyString(order)})), "k": len(cards)}`;

const unrankCode = (index, k, order) => `import pokerhash as ph

cards = ph.unrank_combination(${index}, ${k}, 52, ${pyString(order)})
{"cards": [int(c) for c in cards]}`;

function combination(run) {
    showError($('comb-error'), null, null);
    try {
        run();
    } catch (e) {
        showError($('comb-error'), null, e.message);
    }
}

function showTotal(k) {
    $('comb-total').textContent = `C(52, ${k}) = ${js.comb(52, k).toLocaleString('en-US')}`;
}

function rank() {
    combination(() => {
        const text = $('rank-input').value;
        const order = $('order').value;
        $('rank-output').textContent = '';
        let index;
        let k;
        if (py) {
            const code = rankCode(text, order);
            $('comb-code').textContent = code;
            ({ index, k } = runPython(py, code));
        } else {
            const cards = js.parseCards(text);
            index = String(js.rankCombination(cards, 52, order));
            k = cards.length;
        }
        $('rank-output').textContent = BigInt(index).toLocaleString('en-US');
        showTotal(k);
    });
}

function unrank() {
    combination(() => {
        const raw = $('unrank-input').value.replaceAll(/[\s,_]/g, '');
        const k = Number($('unrank-k').value);
        const order = $('order').value;
        $('unrank-output').replaceChildren();
        if (!/^\d+$/.test(raw)) throw new Error(`index must be a whole number, got '${$('unrank-input').value}'`);
        let cards;
        if (py) {
            const code = unrankCode(raw, k, order);
            $('comb-code').textContent = code;
            ({ cards } = runPython(py, code));
        } else {
            cards = js.unrankCombination(BigInt(raw), k, 52, order);
        }
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

function randomHands(n, seed) {
    let state = seed >>> 0;
    const next = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    const deck = Uint8Array.from({ length: 52 }, (_, i) => i);
    const cards = new Uint8Array(n * 7);
    for (let i = 0; i < n; i++) {
        for (let j = 0; j < 7; j++) { // a partial Fisher-Yates shuffle: seven distinct cards
            const r = j + Math.floor(next() * (52 - j));
            [deck[j], deck[r]] = [deck[r], deck[j]];
            cards[i * 7 + j] = deck[j];
        }
    }
    return cards;
}

const rate = (perSecond) => `${(perSecond / 1e6).toFixed(1)} M/s`;

async function benchmark() {
    const button = $('bench-run');
    button.disabled = true;
    button.textContent = 'Running…';
    $('bench-note').textContent = '';
    try {
        await yieldToPaint();
        const cards = randomHands(BENCH_HANDS, 2024);
        const out = new Uint16Array(BENCH_HANDS);
        let best = Infinity;
        for (let i = 0; i < 3; i++) {
            const start = performance.now();
            js.evaluateBatch(cards, 7, out);
            best = Math.min(best, performance.now() - start);
        }
        const jsRate = BENCH_HANDS / (best / 1000);
        $('bench-js').textContent = rate(jsRate);
        let pyRate = 0;
        let note = 'Python is still booting: run again once it is ready.';
        if (py) {
            await yieldToPaint();
            py.FS.writeFile('/tmp/hands.u8', cards);
            $('bench-code').textContent = benchCode;
            const result = runPython(py, benchCode);
            pyRate = result.evals_per_s;
            $('bench-py').textContent = rate(pyRate);
            const pyValues = new Uint16Array(result.values.buffer, result.values.byteOffset, BENCH_HANDS);
            const agree = pyValues.every((v, i) => v === out[i]);
            note = agree ? `Both engines agree on all ${BENCH_HANDS.toLocaleString('en-US')} values.` : 'The engines DISAGREE.';
        }
        const top = Math.max(jsRate, pyRate);
        $('bench-js-bar').style.width = `${(100 * jsRate) / top}%`;
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
    buildPicker();
    for (let k = 1; k <= 9; k++) $('unrank-k').append(new Option(`${k} cards`, String(k), k === 7, k === 7));
    $('hand-form').addEventListener('submit', (e) => { e.preventDefault(); evaluateHand(); });
    $('hand-input').addEventListener('input', () => showError($('hand-error'), $('hand-input'), null));
    $('random-hand').addEventListener('click', randomHand);
    $('clear-hand').addEventListener('click', () => { $('hand-input').value = ''; evaluateHand(); $('hand-input').focus(); });
    $('rank-form').addEventListener('submit', (e) => { e.preventDefault(); rank(); });
    $('unrank-form').addEventListener('submit', (e) => { e.preventDefault(); unrank(); });
    $('order').addEventListener('change', () => { rank(); unrank(); });
    $('bench-run').addEventListener('click', benchmark);
    $('bench-code').textContent = benchCode;
    const equity = setupEquityPanel({ js: () => js, py: () => py, done: () => { metrics.equityRuns++; } });

    try {
        js = await loadJs();
        metrics.jsReadyMs = Math.round(performance.now());
        setStatus('js-status', 'ready', `JS · ready in ${metrics.jsReadyMs} ms`);
        $('core-version').textContent = `pokerhash core ${js.version}`;
        evaluateHand();
        rank();
        unrank();
        await equity.run();
    } catch (e) {
        setStatus('js-status', 'error', 'JS · failed');
        metrics.errors.push(String(e));
    }
    try {
        py = await loadPython();
        metrics.pythonReadyMs = Math.round(performance.now());
        setStatus('py-status', 'ready', `Python · ready in ${(metrics.pythonReadyMs / 1000).toFixed(1)} s`);
        evaluateHand();
        rank();
        await equity.run();
    } catch (e) {
        setStatus('py-status', 'error', 'Python · failed to boot');
        $('hand-code').textContent = `Pyodide failed to start: ${e.message}`;
        metrics.errors.push(String(e));
    }
}

start();
