// The equity panel: 2 to 10 players (hands or ranges), board, dead cards, and the method (automatic, exact,
// Monte Carlo). Runs in a worker: pokerhash.equity in Pyodide once Python has booted (the snippet shown is
// the text that ran), the JS library before. A progress bar and Cancel follow the run; when exact
// enumeration would take long, the panel says how long (the C core's estimate) and proposes Monte Carlo.
import { Cancelled, REFUSED_CODE, notRunCode, pyString } from './engines.mjs';
import { showStreets } from './charts.mjs';
import { group, percent, refuseTooManyCards, sampleCount, seedValue } from './format.mjs';

const $ = (id) => document.getElementById(id);
const MIN_PLAYERS = 2;
const MAX_PLAYERS = 10;
const START_PLAYERS = ['AcAd', 'KsKh'];
const SUGGESTIONS = ['QQ+, AKs', 'random', 'T9s', '22-55', 'AJo+'];
const PROPOSE_SECONDS = 10; // exact runs estimated longer than this are offered Monte Carlo first
const FORCE_SECONDS = 60; // and past this exact needs force=True (PLAN decision 2)


/** The Python the panel runs: the public API only; report(done, total) is the page's progress bar. */
export function equityCode(players, board, dead, method) {
    let mode = '';
    if (method.mode === 'exact') mode = `exact=True${method.force ? ', force=True' : ''}, `;
    if (method.mode === 'mc') mode = `exact=False, samples=${method.samples}, seed=${method.seed ?? 'None'}, `;
    return `import pokerhash as ph

# report(done, total) moves the page's progress bar
r = ph.equity([${players.map(pyString).join(', ')}], board=${pyString(board)}, dead=${pyString(dead)},
              ${mode}progress=report)
{
    "players": list(r.players), "equity": list(r.equity), "stderr": list(r.stderr or []),
    "win": list(r.win), "tie": list(r.tie), "lose": list(r.lose),
    "deals": r.deals, "exact": r.exact, "seed": None if r.seed is None else str(r.seed), "seconds": r.seconds,
}`;
}

/** "about 40 seconds", "about 3 hours". */
function rough(seconds) {
    const units = [[120, 1, 'second'], [7200, 60, 'minute'], [172800, 3600, 'hour'], [Infinity, 86400, 'day']];
    const [, size, name] = units.find(([limit]) => seconds < limit);
    const n = Math.max(1, Math.round(seconds / size));
    return `about ${group(n)} ${name}${n === 1 ? '' : 's'}`;
}

export function setupEquityPanel(engines) {
    const list = $('eq-players');
    // The run under way from its first check on ({ cancelled, job }): another submit is ignored till it ends, and
    // a Cancel during the checks is kept for the job they would start (it used to reach no job and be lost).
    let current = null;
    let pending = null; // a run waiting for the proposal's answer
    // The spot (typed()) each figure was computed from: a figure dims once the spot on screen is another one.
    const shownSpot = { result: null, streets: null };

    const rows = () => [...list.querySelectorAll('.eq-player')];

    /** The spot as typed, field by field (samples and seed count in Monte Carlo only): one string, to compare. */
    function typed() {
        const mode = $('eq-mode').value;
        return JSON.stringify([rows().map((row) => row.querySelector('input').value), $('eq-board').value,
            $('eq-dead').value, mode, ...(mode === 'mc' ? [$('eq-samples').value, $('eq-seed').value] : [])]);
    }

    /** After any change of the spot (typing, a player added or removed): the proposal and figures of another spot go. */
    function edited() {
        hideProposal();
        const now = typed();
        if (shownSpot.result !== now) $('eq-result').classList.add('stale');
        if (shownSpot.streets !== now) $('streets').classList.add('stale');
    }

    function renumber() {
        const all = rows();
        all.forEach((row, i) => {
            const input = row.querySelector('input');
            const label = row.querySelector('label');
            input.id = `eq-p${i + 1}`;
            label.htmlFor = input.id;
            label.textContent = `Player ${i + 1}`;
            const remove = row.querySelector('.remove');
            remove.setAttribute('aria-label', `Remove player ${i + 1}`);
            remove.disabled = all.length <= MIN_PLAYERS;
        });
        $('eq-add').disabled = all.length >= MAX_PLAYERS;
    }

    function addPlayer(value) {
        const row = document.createElement('div');
        row.className = 'row eq-player';
        const label = document.createElement('label');
        const input = document.createElement('input');
        input.type = 'text';
        input.spellcheck = false;
        input.value = value;
        input.setAttribute('aria-describedby', 'eq-error');
        const remove = document.createElement('button');
        remove.type = 'button';
        remove.className = 'secondary remove';
        remove.textContent = '✕';
        remove.addEventListener('click', () => {
            // Keyboard users keep their place: focus goes to the next player's field (or the last one's).
            const next = row.nextElementSibling ?? row.previousElementSibling;
            row.remove();
            renumber();
            edited();
            next?.querySelector('input')?.focus();
        });
        row.append(label, input, remove);
        list.append(row);
        renumber();
        return input;
    }

    function showError(message) {
        $('eq-error').hidden = !message;
        $('eq-error').textContent = message || '';
        // Point at the input the message names, when it names one.
        const player = /^player (\d+)|player (\d+)'s/.exec(message ?? '');
        const which = player ? Number(player[1] ?? player[2]) : 0;
        rows().forEach((row, i) => row.querySelector('input').setAttribute('aria-invalid', String(i + 1 === which)));
        $('eq-board').setAttribute('aria-invalid', String(/board/.test(message ?? '') && !which));
        $('eq-dead').setAttribute('aria-invalid', String(/dead/.test(message ?? '') && !which));
        $('eq-samples').setAttribute('aria-invalid', String(/^samples/.test(message ?? '')));
        $('eq-seed').setAttribute('aria-invalid', String(/^seed/.test(message ?? '')));
        if (message) $('eq-result').classList.add('stale');
    }

    function showResult(r, engine) {
        const body = $('eq-table').tBodies[0];
        body.replaceChildren(...r.players.map((name, i) => {
            const tr = document.createElement('tr');
            const cells = [String(i + 1), name, null, group(r.win[i]), group(r.tie[i]), group(r.lose[i])];
            cells.forEach((text, c) => {
                const td = document.createElement('td');
                if (c === 1) td.className = 'hand';
                if (c === 2) {
                    td.className = 'equity';
                    td.textContent = percent(r.equity[i]);
                    if (r.stderr.length) {
                        const small = document.createElement('small');
                        small.textContent = `± ${percent(r.stderr[i])}`;
                        td.append(small);
                    }
                    const bar = document.createElement('span');
                    bar.className = 'share';
                    bar.setAttribute('aria-hidden', 'true');
                    bar.style.width = `${(100 * r.equity[i]).toFixed(1)}%`;
                    td.append(bar);
                } else {
                    td.textContent = text;
                }
                tr.append(td);
            });
            return tr;
        }));
        const what = r.exact ? `exact: ${group(r.deals)} boards` : `Monte Carlo: ${group(r.deals)} samples, seed ${r.seed}`;
        $('eq-summary').textContent = `${what} in ${r.seconds.toFixed(3)} s — ${engine}`;
        $('eq-result').classList.remove('stale');
    }

    /** The field's cards read by the JS library, so that a bad card names its field ("board: unknown card 'Zz'"). */
    function cardsOf(id, field, most, rule) {
        const text = $(id).value.trim();
        refuseTooManyCards(engines.js(), text, most, rule);
        try {
            engines.js().parseCards(text);
        } catch (e) {
            throw new Error(`${field}: ${e.message}`);
        }
        return text;
    }

    function inputs() {
        const players = rows().map((row) => row.querySelector('input').value);
        const board = cardsOf('eq-board', 'board', 5, 'the board must have 0, 3, 4 or 5 cards');
        const dead = cardsOf('eq-dead', 'dead cards', 52, 'dead cards: a deck has 52 cards');
        const mode = $('eq-mode').value;
        const method = { mode };
        if (mode === 'mc') {
            method.samples = sampleCount($('eq-samples').value);
            method.seed = seedValue($('eq-seed').value);
        }
        return { players, board, dead, method, typed: typed() };
    }

    /** Runs task(run) unless a run is already being checked or running: a double click starts one job, not two. */
    async function alone(task) {
        if (current) return;
        const run = { cancelled: false, job: null };
        current = run;
        busy(true, 'checking…');
        try {
            await task(run);
        } finally {
            current = null;
            busy(false);
        }
    }

    function hideProposal() {
        $('eq-propose').hidden = true;
        pending = null;
    }

    function busy(on, text = '') {
        $('eq-busy').hidden = !on;
        $('eq-run').disabled = on;
        $('eq-streets').disabled = on;
        $('eq-progress').value = 0; // determinate from the start: an indeterminate bar repaints every frame
        $('eq-progress-text').textContent = text;
    }

    function progress(done, total) {
        $('eq-progress').max = total;
        $('eq-progress').value = done;
        $('eq-progress-text').textContent = `${group(done)} of ${group(total)}`;
    }

    /** Runs one spot in Python (when booted) or the JS worker; resolves when shown (or failed, or cancelled). */
    async function execute(run, { players, board, dead, method, typed: spot }) {
        const started = performance.now();
        const py = engines.py();
        const code = equityCode(players, board, dead, method);
        let job;
        let engine;
        if (run.cancelled) { // during its checks: the job is never started
            $('eq-code').textContent = notRunCode('cancelled before it started', code);
            job = { promise: Promise.reject(new Cancelled()), cancel() {} };
        } else if (py) {
            $('eq-code').textContent = code;
            job = py.run(code, progress);
            engine = 'Python pokerhash (backend "wasm") in Pyodide, in a Web Worker';
        } else {
            $('eq-code').textContent = notRunCode(`the JS library ran it (${engines.pyWaiting()}); in Python it reads`, code);
            const options = { board, dead };
            if (method.mode === 'exact') Object.assign(options, { exact: true, force: !!method.force });
            if (method.mode === 'mc') {
                Object.assign(options, { exact: false, samples: BigInt(method.samples) });
                if (method.seed !== null) options.seed = BigInt(method.seed);
            }
            job = engines.jsWorker().run('equity', { players, options }, progress);
            engine = `JS pokerhash.mjs in a Web Worker (${engines.pyWaiting()})`;
        }
        run.job = job;
        busy(true, 'starting…');
        let status = 'ok';
        try {
            let r = await job.promise;
            if (!py) r = fromJs(r);
            showResult(r, engine);
            showError(null);
            shownSpot.result = spot;
            if (spot !== typed()) { // edited during the run: the figures are those of the spot as it was at Run
                $('eq-result').classList.add('stale');
                $('eq-summary').textContent += '. The spot has changed since this run began: run it again for the one on screen.';
            }
        } catch (e) {
            status = e.name === 'Cancelled' ? 'cancelled' : 'error';
            if (status === 'cancelled') {
                $('eq-summary').textContent = 'Cancelled.';
                $('eq-result').classList.add('stale');
            } else {
                showError(e.message);
            }
        } finally {
            busy(false);
            engines.done({ status, ms: performance.now() - started, engine: py ? 'python' : 'js' });
        }
    }

    function propose(spot, seconds) {
        pending = { spot, seconds };
        $('eq-propose-text').textContent = `Exact enumeration would take ${rough(seconds)} here (the C core's estimate). ` +
            'Monte Carlo gives the equity to about ±0.05% in a second or two.';
        $('eq-propose').hidden = false;
        $('eq-propose-mc').focus();
    }

    const runSpot = () => alone(async (run) => {
        hideProposal();
        let spot;
        try {
            spot = inputs();
            // Every input check and the cost estimate first, in the JS worker (ranges take milliseconds).
            const estimate = await engines.jsWorker().run('estimate', { players: spot.players, board: spot.board, dead: spot.dead }).promise;
            if (!run.cancelled && spot.method.mode === 'exact' && estimate.seconds > PROPOSE_SECONDS) {
                // An edit during the checks withdraws the proposal before it is made, as it would withdraw it after.
                if (spot.typed === typed()) propose(spot, estimate.seconds);
                $('eq-code').textContent = notRunCode('waiting for the choice of method');
                return;
            }
        } catch (e) {
            $('eq-code').textContent = REFUSED_CODE;
            showError(e.message);
            engines.done({ status: 'error', ms: 0, engine: 'checks' });
            return;
        }
        await execute(run, spot);
    });

    addPlayer(START_PLAYERS[0]);
    addPlayer(START_PLAYERS[1]);
    $('eq-add').addEventListener('click', () => {
        addPlayer(SUGGESTIONS[(rows().length - MIN_PLAYERS) % SUGGESTIONS.length]).focus();
        edited();
    });
    $('eq-mode').addEventListener('change', () => {
        $('equity-form').querySelector('.eq-mc').hidden = $('eq-mode').value !== 'mc';
    });
    $('equity-form').addEventListener('submit', (e) => {
        e.preventDefault();
        runSpot();
    });
    $('eq-cancel').addEventListener('click', () => {
        if (!current) return;
        current.cancelled = true;
        current.job?.cancel();
    });
    // The proposal answers for the spot it was made for: any edit of the form withdraws it.
    $('equity-form').addEventListener('input', edited);
    $('eq-propose').addEventListener('keydown', (e) => {
        if (e.key !== 'Escape') return;
        hideProposal();
        $('eq-run').focus();
    });
    $('eq-propose-mc').addEventListener('click', () => {
        const { spot } = pending;
        hideProposal();
        alone((run) => execute(run, { ...spot, method: { mode: 'mc', samples: '1000000', seed: null } }));
    });
    $('eq-propose-exact').addEventListener('click', () => {
        const { spot, seconds } = pending;
        hideProposal();
        alone((run) => execute(run, { ...spot, method: { mode: 'exact', force: seconds > FORCE_SECONDS } }));
    });
    $('eq-streets').addEventListener('click', () => alone(async (run) => {
        try {
            const { players, board, dead, typed: spot } = inputs();
            if (engines.js().parseCards(board).length < 3) throw new Error('equity by street needs a board of 3 to 5 cards');
            await engines.jsWorker().run('estimate', { players, board, dead }).promise; // the usual checks and messages
            if (run.cancelled) throw new Cancelled();
            const job = engines.jsWorker().run('streets', { players, board, dead }, progress);
            run.job = job;
            $('streets-note').textContent = '';
            busy(true, 'street by street…');
            showStreets($('streets'), await job.promise);
            shownSpot.streets = spot;
            $('streets').classList.toggle('stale', spot !== typed()); // edited during the run: dimmed, and said
            if (spot !== typed()) $('streets-note').textContent = 'Equity by street: the spot has changed since this run began.';
            showError(null);
            engines.streets();
        } catch (e) {
            // The figure on show is for an earlier spot now: dimmed, and a cancel says so.
            $('streets').classList.add('stale');
            if (e.name === 'Cancelled') $('streets-note').textContent = 'Equity by street: cancelled.';
            else showError(e.message);
        }
    }));
    return { run: runSpot };
}

/** The JS library's answer in the shape the Python snippet returns. */
function fromJs(r) {
    const pick = (key) => r.players.map((p) => p[key]);
    return {
        players: pick('hand'), equity: pick('equity'), stderr: r.exact ? [] : pick('stderr'),
        win: pick('win'), tie: pick('tie'), lose: pick('lose'), deals: r.deals, exact: r.exact,
        seed: r.seed, seconds: r.seconds,
    };
}
