// The equity panel: 2 to 10 players (hands or ranges), board, dead cards, exact or Monte Carlo. Computed
// by pokerhash.equity in Pyodide (the snippet shown is the text that ran); before Python has booted,
// hands alone are computed by the JS library, and ranges wait for Python.
import { pyString, runPython } from './engines.mjs';

const $ = (id) => document.getElementById(id);
const MIN_PLAYERS = 2;
const MAX_PLAYERS = 10;
const START_PLAYERS = ['AcAd', 'KsKh'];
const SUGGESTIONS = ['QQ+, AKs', 'random', 'T9s', '22-55', 'AJo+'];
// Pyodide runs on the page's thread: an exact run that would take minutes stops here instead.
const TIME_LIMIT_S = 10;

/** The Python the panel runs: the public API only, and a deadline through the progress callback. */
export function equityCode(players, board, dead, exact, samples, seed) {
    const method = exact ? 'exact=True' : `exact=False, samples=${samples}, seed=${seed ?? 'None'}`;
    return `import time
import pokerhash as ph

deadline = time.perf_counter() + ${TIME_LIMIT_S}  # Pyodide shares the page's thread: never freeze it for long

def progress(done, total):
    if done < total and time.perf_counter() > deadline:
        raise TimeoutError(f"stopped after ${TIME_LIMIT_S} s at {done:,} of {total:,} work units: try Monte Carlo")

r = ph.equity([${players.map(pyString).join(', ')}], board=${pyString(board)}, dead=${pyString(dead)},
              ${method}, progress=progress)
{
    "players": list(r.players), "equity": list(r.equity), "stderr": list(r.stderr or []),
    "win": list(r.win), "tie": list(r.tie), "lose": list(r.lose),
    "deals": r.deals, "exact": r.exact, "seed": None if r.seed is None else str(r.seed), "seconds": r.seconds,
}`;
}

const count = (n) => Number(n).toLocaleString('en-US');
const percent = (x) => `${(100 * x).toFixed(3)}%`;

/** A whole number typed with optional separators ("1,000,000"); null when blank. */
function wholeNumber(text, what) {
    const raw = text.replaceAll(/[\s,_]/g, '');
    if (!raw) return null;
    if (!/^\d+$/.test(raw)) throw new Error(`${what} must be a whole number, got '${text.trim()}'`);
    return raw;
}

export function setupEquityPanel(engines) {
    const list = $('eq-players');

    function rows() {
        return [...list.querySelectorAll('.eq-player')];
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
            row.remove();
            renumber();
        });
        row.append(label, input, remove);
        list.append(row);
        renumber();
        return input;
    }

    function showError(message) {
        $('eq-error').hidden = !message;
        $('eq-error').textContent = message ?? '';
        // Point at the input the message names, when it names one.
        const player = /^player (\d+)|player (\d+)'s/.exec(message ?? '');
        const which = player ? Number(player[1] ?? player[2]) : 0;
        rows().forEach((row, i) => row.querySelector('input').setAttribute('aria-invalid', String(i + 1 === which)));
        $('eq-board').setAttribute('aria-invalid', String(/board/.test(message ?? '') && !which));
        $('eq-dead').setAttribute('aria-invalid', String(/dead/.test(message ?? '') && !which));
        if (message) $('eq-result').classList.add('stale');
    }

    function showResult(r, engine) {
        const body = $('eq-table').tBodies[0];
        body.replaceChildren(...r.players.map((name, i) => {
            const tr = document.createElement('tr');
            const cells = [String(i + 1), name, null, count(r.win[i]), count(r.tie[i]), count(r.lose[i])];
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
                    bar.style.width = `${(100 * r.equity[i]).toFixed(1)}%`;
                    td.append(bar);
                } else {
                    td.textContent = text;
                }
                tr.append(td);
            });
            return tr;
        }));
        const what = r.exact ? `exact: ${count(r.deals)} ${r.allHands ? 'boards' : 'deals (boards × range hands)'}`
            : `Monte Carlo: ${count(r.deals)} samples, seed ${r.seed}`;
        $('eq-summary').textContent = `${what} in ${r.seconds.toFixed(3)} s · computed by ${engine}`;
        $('eq-result').classList.remove('stale');
    }

    /** A player's text reads as one hand (not a range) the way pokerhash.equity decides it. */
    function isHand(text) {
        if (text.includes(',')) return false;
        try {
            engines.js().parseCards(text);
            return true;
        } catch {
            return false;
        }
    }

    async function run() {
        const button = $('eq-run');
        showError(null);
        const players = rows().map((row) => row.querySelector('input').value.trim());
        const board = $('eq-board').value.trim();
        const dead = $('eq-dead').value.trim();
        const exact = $('eq-mode').value === 'exact';
        try {
            const samples = exact ? null : wholeNumber($('eq-samples').value, 'samples') ?? '1000000';
            const seed = exact ? null : wholeNumber($('eq-seed').value, 'seed');
            const empty = players.findIndex((p) => !p);
            if (empty >= 0) throw new Error(`player ${empty + 1} has no hand or range`);
            button.disabled = true;
            button.textContent = 'Running…';
            await new Promise((resolve) => setTimeout(resolve, 30)); // let "Running…" paint
            const allHands = players.every(isHand);
            const py = engines.py();
            if (py) {
                const code = equityCode(players, board, dead, exact, samples, seed);
                $('eq-code').textContent = code;
                showResult({ ...runPython(py, code), allHands }, 'Python pokerhash (backend "wasm") in Pyodide');
            } else if (allHands) {
                showResult(jsEquity(engines.js(), players, board, dead, exact, samples, seed), 'JS pokerhash.mjs (Python still booting)');
            } else {
                throw new Error('ranges need the Python package, which is still booting: try again in a moment');
            }
        } catch (e) {
            showError(e.message);
        } finally {
            button.disabled = false;
            button.textContent = 'Run';
            engines.done?.(); // lets tests and benchmarks wait for this run, not an earlier one
        }
    }

    START_PLAYERS.forEach(addPlayer);
    $('eq-add').addEventListener('click', () => {
        addPlayer(SUGGESTIONS[(rows().length - MIN_PLAYERS) % SUGGESTIONS.length]).focus();
    });
    $('eq-mode').addEventListener('change', () => {
        document.querySelector('.eq-mc').hidden = $('eq-mode').value === 'exact';
    });
    $('equity-form').addEventListener('submit', (e) => {
        e.preventDefault();
        run();
    });
    $('eq-code').textContent = equityCode(START_PLAYERS, '', '', true, null, null);
    return { run };
}

/** The JS library's answer in the shape the Python snippet returns. */
function jsEquity(js, players, board, dead, exact, samples, seed) {
    const started = performance.now();
    const options = exact ? { board, dead, exact } : { board, dead, exact, samples: Number(samples) };
    if (!exact && seed !== null) options.seed = BigInt(seed);
    const r = js.equity(players, options);
    const pick = (key) => r.players.map((p) => p[key]);
    return {
        players: pick('hand'), equity: pick('equity'), stderr: exact ? [] : pick('stderr'),
        win: pick('win'), tie: pick('tie'), lose: pick('lose'), deals: r.deals, exact: r.exact,
        seed: exact ? null : String(r.seed), seconds: (performance.now() - started) / 1000, allHands: true,
    };
}
