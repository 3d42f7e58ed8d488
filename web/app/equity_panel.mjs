// The equity panel: 2 to 10 players (hands or ranges), board, dead cards, and the method (automatic, exact,
// Monte Carlo). Runs in a worker: pokerhash.equity in Pyodide once Python has booted (the snippet shown is
// the text that ran), the JS library before. A progress bar and Cancel follow the run; when exact
// enumeration would take long, the panel says how long (the C core's estimate for this engine on this host)
// and proposes Monte Carlo. Results read as a player reads them: equity, win and tie per player, the counts
// behind them on demand.
import { Cancelled, REFUSED_CODE, notRunCode, pyString } from './engines.mjs';
import { showStreets } from './charts.mjs';
import { group, percent, refuseTooManyCards, sampleCount, seedValue } from './format.mjs';
import { playerFields, playerNamed } from './players.mjs';
import { progressReporter, progressUnit, proposal, proposalText, showCounts } from './run_ui.mjs';

const $ = (id) => document.getElementById(id);
const START_PLAYERS = ['AcAd', 'KsKh'];
const SUGGESTIONS = ['QQ+, AKs', 'random', 'T9s', '22-55', 'AJo+'];
const PROPOSE_SECONDS = 10; // exact runs estimated longer than this are offered Monte Carlo first
const MC_INSTEAD = { mode: 'mc', samples: '1000000', seed: null }; // what "Run Monte Carlo instead" runs


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
    "win_rate": list(r.win_rate), "tie_rate": list(r.tie_rate),
    "win": list(r.win), "tie": list(r.tie), "lose": list(r.lose),
    "deals": r.deals, "exact": r.exact, "seed": None if r.seed is None else str(r.seed), "seconds": r.seconds,
}`;
}

export function setupEquityPanel(engines) {
    // The run under way from its first check on ({ cancelled, job }): another submit is ignored till it ends, and
    // a Cancel during the checks is kept for the job they would start (it used to reach no job and be lost).
    let current = null;
    // The spot (typed()) each figure was computed from: a figure dims once the spot on screen is another one.
    const shownSpot = { result: null, streets: null };
    const players = playerFields({
        list: $('eq-players'), add: $('eq-add'), rowClass: 'eq-player', idPrefix: 'eq-p', describedBy: 'eq-error',
        suggestions: SUGGESTIONS, onChange: () => edited(),
    });
    const offer = proposal('eq', $('eq-run'));

    /** The spot as typed, field by field (samples and seed count in Monte Carlo only): one string, to compare. */
    function typed() {
        const mode = $('eq-mode').value;
        return JSON.stringify([players.values(), $('eq-board').value,
            $('eq-dead').value, mode, ...(mode === 'mc' ? [$('eq-samples').value, $('eq-seed').value] : [])]);
    }

    /** After any change of the spot (typing, a player added or removed): the proposal and figures of another spot go. */
    function edited() {
        offer.hide();
        streetsReady();
        const now = typed();
        if (shownSpot.result !== now) $('eq-result').classList.add('stale');
        if (shownSpot.streets !== now) $('streets').classList.add('stale');
    }

    /** Equity by street needs a flop: without one the button is off and says why. */
    function streetsReady() {
        let cards = -1;
        try {
            cards = engines.js()?.parseCards($('eq-board').value).length ?? -1;
        } catch {
            // a bad board: Equity by street reports it as Run does
        }
        const noFlop = cards >= 0 && cards < 3;
        $('eq-streets').disabled = noFlop || current !== null;
        $('eq-streets-why').hidden = !noFlop;
    }

    function showError(message) {
        $('eq-error').hidden = !message;
        $('eq-error').textContent = message || '';
        // Point at the input the message names, when it names one.
        const which = playerNamed(message);
        players.markInvalid(which);
        $('eq-board').setAttribute('aria-invalid', String(/board/.test(message ?? '') && !which));
        $('eq-dead').setAttribute('aria-invalid', String(/dead/.test(message ?? '') && !which));
        $('eq-samples').setAttribute('aria-invalid', String(/^samples/.test(message ?? '')));
        $('eq-seed').setAttribute('aria-invalid', String(/^seed/.test(message ?? '')));
        if (message) $('eq-result').classList.add('stale');
    }

    function showResult(r, engine) {
        const cell = (text, className) => {
            const td = document.createElement('td');
            td.textContent = text;
            if (className) td.className = className;
            return td;
        };
        $('eq-table').tBodies[0].replaceChildren(...r.players.map((name, i) => {
            const tr = document.createElement('tr');
            const equity = cell(percent(r.equity[i]), 'equity');
            if (r.stderr.length) {
                const small = document.createElement('small');
                small.textContent = `± ${percent(r.stderr[i])}`;
                equity.append(small);
            }
            const bar = document.createElement('span');
            bar.className = 'share';
            bar.setAttribute('aria-hidden', 'true');
            bar.style.width = `${(100 * r.equity[i]).toFixed(1)}%`;
            equity.append(bar);
            tr.append(cell(String(i + 1)), cell(name, 'hand'), equity, cell(percent(r.winRate[i], 2)), cell(percent(r.tieRate[i], 2)));
            return tr;
        }));
        showCounts('eq', r.exact, r.players.map((hand, i) => ({ hand, win: r.win[i], tie: r.tie[i], lose: r.lose[i] })));
        const what = r.exact ? `exact: ${group(r.deals)} deals` : `Monte Carlo: ${group(r.deals)} samples, seed ${r.seed}`;
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
        const spotPlayers = players.values();
        const board = cardsOf('eq-board', 'board', 5, 'the board must have 0, 3, 4 or 5 cards');
        const dead = cardsOf('eq-dead', 'dead cards', 52, 'dead cards: a deck has 52 cards');
        const mode = $('eq-mode').value;
        const method = { mode };
        if (mode === 'mc') {
            method.samples = sampleCount($('eq-samples').value);
            method.seed = seedValue($('eq-seed').value);
        }
        return { players: spotPlayers, board, dead, method, typed: typed() };
    }

    /** Runs task(run) unless a run is already being checked or running: a double click starts one job, not two. */
    async function alone(task) {
        if (current) return;
        const run = { cancelled: false, job: null };
        current = run;
        showError(null); // a new action: no message of an earlier one stays on screen
        busy(true, 'checking…');
        try {
            await task(run);
        } finally {
            current = null;
            busy(false);
        }
    }

    function busy(on, text = '') {
        $('eq-busy').hidden = !on;
        $('eq-run').disabled = on;
        if (on) $('eq-streets').disabled = true;
        else streetsReady();
        $('eq-progress').value = 0; // determinate from the start: an indeterminate bar repaints every frame
        $('eq-progress-text').textContent = text;
    }

    /** Runs one spot in Python (when booted) or the JS worker; resolves when shown (or failed, or cancelled). */
    async function execute(run, { players: spotPlayers, board, dead, method, typed: spot }, estimate) {
        const exact = method.mode === 'exact' || (method.mode === 'auto' && estimate.exact);
        const progress = progressReporter('eq', progressUnit(exact), exact ? estimate.seconds : undefined);
        const started = performance.now();
        const py = engines.py();
        const code = equityCode(spotPlayers, board, dead, method);
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
            job = engines.jsWorker().run('equity', { players: spotPlayers, options }, progress);
            engine = `JS pokerhash.mjs in a Web Worker (${engines.pyWaiting()})`;
        }
        run.job = job;
        busy(true, 'starting…');
        let status = 'ok';
        try {
            const answered = await job.promise;
            const r = py ? { ...answered, winRate: answered.win_rate, tieRate: answered.tie_rate } : fromJs(answered);
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

    /** Sets the Method controls to what is about to run, so that they read what ran. */
    function showMethod(method) {
        $('eq-mode').value = method.mode;
        $('equity-form').querySelector('.eq-mc').hidden = method.mode !== 'mc';
        if (method.mode === 'mc') {
            $('eq-samples').value = group(method.samples);
            $('eq-seed').value = method.seed ?? '';
        }
    }

    /** "Run Monte Carlo instead" or "Run exact anyway" for the spot the proposal was made for. */
    function answer(spot, estimate, choice) {
        // "anyway": forced, or Python would refuse a run its own host estimate puts over a minute
        const method = choice === 'mc' ? MC_INSTEAD : { mode: 'exact', force: true };
        showMethod(method);
        alone((run) => execute(run, { ...spot, method, typed: typed() }, estimate));
    }

    const runSpot = () => alone(async (run) => {
        offer.hide();
        let spot;
        let estimate;
        try {
            spot = inputs();
            // Every input check and the cost estimate first, in the JS worker (ranges take milliseconds).
            estimate = await engines.jsWorker().run('estimate', { players: spot.players, board: spot.board, dead: spot.dead }).promise;
            engines.estimated(estimate);
            if (!run.cancelled && spot.method.mode === 'exact' && estimate.seconds > PROPOSE_SECONDS) {
                // An edit during the checks withdraws the proposal before it is made, as it would withdraw it after.
                if (spot.typed === typed()) offer.show(proposalText(estimate.seconds), (choice) => answer(spot, estimate, choice));
                $('eq-code').textContent = notRunCode('waiting for the choice of method');
                return;
            }
        } catch (e) {
            $('eq-code').textContent = REFUSED_CODE;
            showError(e.message);
            engines.done({ status: 'error', ms: 0, engine: 'checks' });
            return;
        }
        await execute(run, spot, estimate);
    });

    players.set(START_PLAYERS);
    $('eq-mode').addEventListener('change', () => {
        $('equity-form').querySelector('.eq-mc').hidden = $('eq-mode').value !== 'mc';
    });
    $('equity-form').addEventListener('submit', (e) => {
        e.preventDefault();
        runSpot();
    });
    $('eq-cancel').addEventListener('click', () => {
        showError(null);
        if (!current) return;
        current.cancelled = true;
        current.job?.cancel();
    });
    // The proposal answers for the spot it was made for: any edit of the form withdraws it.
    $('equity-form').addEventListener('input', edited);
    $('eq-streets').addEventListener('click', () => alone(async (run) => {
        try {
            const { players: spotPlayers, board, dead, typed: spot } = inputs();
            if (engines.js().parseCards(board).length < 3) throw new Error('equity by street needs a board of 3 to 5 cards');
            await engines.jsWorker().run('estimate', { players: spotPlayers, board, dead }).promise; // the usual checks and messages
            if (run.cancelled) throw new Cancelled();
            const job = engines.jsWorker().run('streets', { players: spotPlayers, board, dead }, (done, total) => {
                $('eq-progress').max = total;
                $('eq-progress').value = done;
                $('eq-progress-text').textContent = `street ${done} of ${total}`;
            });
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
    return {
        run: runSpot,
        /** Once the JS library is loaded: the board can be read, so Equity by street knows whether it has a flop. */
        ready: streetsReady,
    };
}

/** The JS library's answer in the shape the Python snippet returns. */
function fromJs(r) {
    const pick = (key) => r.players.map((p) => p[key]);
    return {
        players: pick('hand'), equity: pick('equity'), stderr: r.exact ? [] : pick('stderr'),
        winRate: pick('winRate'), tieRate: pick('tieRate'),
        win: pick('win'), tie: pick('tie'), lose: pick('lose'), deals: r.deals, exact: r.exact,
        seed: r.seed, seconds: r.seconds,
    };
}
