// "More games": short deck, ace-to-five (razz), eight-or-better, deuce-to-seven hands on the page's thread
// (one hand takes microseconds), and short deck / Omaha hi-lo equity in the JS worker, with a progress bar
// and Cancel like the equity panel, players entered the same way (a field each) and a long exact run proposed
// Monte Carlo first ("Run exact anyway" forces it). The code block shows the same call in Python's pokerhash.games.
import { EQUITY_GAMES, GAMES, cardName } from '../dist/pokerhash.mjs';
import { REFUSED_CODE, notRunCode, pageChecks, pyString } from './engines.mjs';
import { group, percent, refuseTooManyCards, sampleCount, seedValue } from './format.mjs';
import { isRed } from './picker.mjs';
import { playerFields, playerNamed } from './players.mjs';
import { progressReporter, progressUnit, proposal, proposalText, showCounts } from './run_ui.mjs';

const LABELS = {
    holdem: "Hold'em (1..7462)",
    shortdeck: 'Short deck 6+ (1..1404)',
    shortdeck_triton: 'Short deck, trips > straight (1..1404)',
    ace_five: 'Ace-to-five low, razz (1..6175)',
    ace_five_8: 'Eight-or-better low (1..56, 57 = no low)',
    deuce_seven: 'Deuce-to-seven low (1..7462)',
};
const EQUITY_LABELS = {
    shortdeck: "Short deck hold'em", shortdeck_triton: 'Short deck, trips > straight', omaha_hilo8: 'Omaha hi-lo 8 or better',
};
const EXAMPLES = {
    holdem: 'As Ks Qh Jd Ts 9s 2c', shortdeck: 'Ah 7h 8h 9h Jh Ac Ad', shortdeck_triton: 'Ts 9d 8c 7h 6s Td Tc',
    ace_five: '8c 6d 4h 2s Ac Kd Kh', ace_five_8: '8c 6d 4h 2s Ac Kd Kh', deuce_seven: '7c 5c 4c 3c 2c 8d 9h',
};
const EQUITY_EXAMPLES = {
    shortdeck: [['AsAd', 'KK+, AQs'], ''], shortdeck_triton: [['AsKs', 'QhJh'], ''], omaha_hilo8: [['As2s3dKd', 'Ah2hQcQd'], '5c 7h 8d'],
};
const SUGGESTIONS = ['random', 'TT+, AQs', 'JhTh', '99-77'];
const PROPOSE_SECONDS = 10; // as the equity panel: exact runs estimated longer are offered Monte Carlo first

const $ = (id) => document.getElementById(id);

function showError(id, input, message) {
    $(id).hidden = !message;
    $(id).textContent = message || '';
    if (input) input.setAttribute('aria-invalid', message ? 'true' : 'false');
}

function miniCard(card) {
    const span = document.createElement('span');
    span.className = `mini${isRed(card) ? ' red' : ''}`;
    span.textContent = cardName(card, { symbols: true });
    span.title = cardName(card);
    return span;
}

function cell(tag, text, scope) {
    const element = document.createElement(tag);
    element.textContent = text;
    if (scope) element.scope = scope;
    return element;
}

/** The Python call the panel's equity run matches (pokerhash.games.equity). */
function equityCode(players, game, board, options) {
    let mode = '';
    if (options.exact === true) mode = `, exact=True${options.force ? ', force=True' : ''}`;
    if (options.exact === false) mode = `, exact=False, samples=${options.samples}${options.seed === undefined ? '' : `, seed=${options.seed}`}`;
    return `from pokerhash import games\n\nprint(games.equity([${players.map(pyString).join(', ')}], game=${pyString(game)}, ` +
        `board=${pyString(board)}${mode}))`;
}

/**
 * Wires the panel. engines: js() (the library on this thread), jsWorker() (long work), done(run) after
 * every equity run ({ status: 'ok' | 'error' | 'cancelled', ms }).
 */
export function setupGamesPanel(engines) {
    const metrics = (window.pokerhashGames = { ready: false, evaluations: 0, equityRuns: 0, lastEquity: null });
    let current = null; // the running equity job: { cancel }, or { cancel: null } while its checks run
    let shownSpot = null; // the equity form as typed (typed()) when the result on show was asked for
    const players = playerFields({
        list: $('games-eq-players'), add: $('games-eq-add'), rowClass: 'games-eq-player', idPrefix: 'games-eq-p',
        describedBy: 'games-eq-error', suggestions: SUGGESTIONS, onChange: () => edited(),
    });
    const offer = proposal('games-eq', $('games-eq-run'));

    /** The equity form as typed, field by field (samples and seed count in Monte Carlo only): one string, to compare. */
    function typed() {
        const mode = $('games-eq-mode').value;
        return JSON.stringify([$('games-eq-game').value, players.values(), $('games-eq-board').value, mode,
            ...(mode === 'mc' ? [$('games-eq-samples').value, $('games-eq-seed').value] : [])]);
    }

    /** A result of another spot than the one on screen is dimmed. */
    function edited() {
        offer.hide();
        if (shownSpot !== typed()) $('games-eq-result').classList.add('stale');
    }

    function evaluate() {
        const game = $('games-game').value;
        const text = $('games-hand').value;
        $('games-code').textContent = `from pokerhash import games\n\nvalue = games.evaluate(${pyString(text)}, game=${pyString(game)})\n` +
            `games.describe(value, game=${pyString(game)}), games.best_five(${pyString(text)}, game=${pyString(game)})`;
        try {
            pageChecks($('games-code'), () => refuseTooManyCards(engines.js(), text, 9, 'a hand needs 5 to 9 cards'));
            const hand = engines.js().gameAnalyze(text, game);
            $('games-value').textContent = String(hand.value);
            $('games-category').textContent = hand.categoryName;
            $('games-description').textContent = hand.description;
            $('games-best').replaceChildren(...hand.bestFive.map(miniCard));
            $('games-result').classList.remove('stale');
            showError('games-error', $('games-hand'), null);
        } catch (e) {
            showError('games-error', $('games-hand'), e.message);
            $('games-result').classList.add('stale');
        }
        metrics.evaluations++;
    }

    /** The error line, with the field it names marked invalid ("player 2: ...", "board...", "the board must...", "samples...", "seed..."). */
    function showEquityError(message) {
        showError('games-eq-error', null, message);
        players.markInvalid(playerNamed(message));
        const names = { 'games-eq-board': /^(the )?board\b/, 'games-eq-samples': /^samples/, 'games-eq-seed': /^seed/ };
        for (const [id, pattern] of Object.entries(names)) {
            $(id).setAttribute('aria-invalid', String(pattern.test(message ?? '')));
        }
    }

    function inputs() {
        const game = $('games-eq-game').value;
        const spotPlayers = players.values().map((text) => text.trim());
        const board = $('games-eq-board').value.trim();
        refuseTooManyCards(engines.js(), board, 5, 'the board must have 0, 3, 4 or 5 cards');
        try {
            engines.js().parseCards(board); // so that a bad card names its field, as the library's deck check does
        } catch (e) {
            throw new Error(`board: ${e.message}`);
        }
        const options = { game, board };
        const mode = $('games-eq-mode').value;
        if (mode === 'exact') options.exact = true;
        if (mode === 'mc') {
            options.exact = false;
            options.samples = BigInt(sampleCount($('games-eq-samples').value));
            const seed = seedValue($('games-eq-seed').value);
            if (seed !== null) options.seed = BigInt(seed);
        }
        return { players: spotPlayers, game, board, options, typed: typed() };
    }

    function busy(on, text = '') {
        $('games-eq-busy').hidden = !on;
        $('games-eq-run').disabled = on;
        $('games-eq-progress').value = 0;
        $('games-eq-progress-text').textContent = text;
    }

    function showResult(r) {
        const split = EQUITY_GAMES[r.game][1] !== null;
        const heads = ['#', 'Hand or range', 'Equity', ...(split ? ['High', 'Low', 'Scoop'] : ['Win']), split ? 'Split' : 'Tie'];
        const head = document.createElement('tr');
        head.append(...heads.map((h) => cell('th', h, 'col')));
        $('games-eq-table').tHead.replaceChildren(head);
        $('games-eq-table').tBodies[0].replaceChildren(...r.players.map((p, i) => {
            const tr = document.createElement('tr');
            const equity = cell('td', percent(p.equity));
            equity.className = 'equity';
            if (p.stderr) equity.append(cell('small', `± ${percent(p.stderr)}`));
            const hand = cell('td', p.hand);
            hand.className = 'hand';
            tr.append(cell('td', String(i + 1)), hand, equity);
            if (split) tr.append(cell('td', percent(p.highEquity)), cell('td', percent(p.lowEquity)));
            tr.append(cell('td', percent(p.winRate, 2)), cell('td', percent(p.tieRate, 2)));
            return tr;
        }));
        showCounts('games-eq', r.exact, r.players);
        const lows = split ? `, a qualifying low in ${percent(r.lowDeals / r.deals, 1)} of them` : '';
        const what = r.exact ? `exact: ${group(r.deals)} deals` : `Monte Carlo: ${group(r.deals)} samples, seed ${r.seed}`;
        $('games-eq-summary').textContent = `${what}${lows} in ${r.seconds.toFixed(3)} s — JS pokerhash.mjs in a Web Worker`;
        $('games-eq-result').classList.remove('stale');
        $('games-eq-result').hidden = false; // hidden until the first result
    }

    /** Sets the Method controls to what is about to run, so that they read what ran. */
    function showMethod(options) {
        const mode = options.exact === true ? 'exact' : options.exact === false ? 'mc' : 'auto';
        $('games-eq-mode').value = mode;
        $('games-eq-mc').hidden = mode !== 'mc';
        if (mode === 'mc') {
            $('games-eq-samples').value = group(options.samples);
            $('games-eq-seed').value = options.seed === undefined ? '' : String(options.seed);
        }
    }

    /** One run of a checked spot in the JS worker, shown when it ends (or fails, or is cancelled). */
    async function execute({ players: spotPlayers, game, board, options }, estimate) {
        const started = performance.now();
        let status = 'ok';
        showEquityError(null);
        const spot = typed();
        try {
            $('games-code').textContent = equityCode(spotPlayers, game, board, options);
            const exact = options.exact === true || (options.exact === undefined && estimate.exact);
            const progress = progressReporter('games-eq', progressUnit(exact), exact ? estimate.seconds : undefined);
            current = engines.jsWorker().run('gameEquity', { players: spotPlayers, options }, progress);
            busy(true, 'starting…');
            showResult(await current.promise);
            shownSpot = spot;
            if (spot !== typed()) { // edited during the run: the figures are those of the form as it was at Run
                $('games-eq-result').classList.add('stale');
                $('games-eq-summary').textContent += '. The form has changed since this run began: run it again for the one on screen.';
            }
        } catch (e) {
            status = e.name === 'Cancelled' ? 'cancelled' : 'error';
            if (status === 'cancelled') {
                $('games-eq-summary').textContent = 'Cancelled.';
                $('games-eq-result').hidden = false; // also before any result: the run must not just vanish
            } else {
                // The library's advice names JS options; on the page, the choice is the Method field.
                showEquityError(e.message.replace(/; use Monte Carlo \(exact: false\) or pass force: true$/,
                    ': choose Monte Carlo as the method'));
            }
            $('games-eq-result').classList.add('stale');
        } finally {
            current = null;
            busy(false);
            finished(status, started);
        }
    }

    function finished(status, started) {
        metrics.equityRuns++;
        metrics.lastEquity = { status, ms: performance.now() - started };
        engines.done?.(metrics.lastEquity);
    }

    /** "Run Monte Carlo instead" or "Run exact anyway" for the spot the proposal was made for. */
    function answer(request, estimate, choice) {
        const options = choice === 'mc'
            ? { game: request.game, board: request.board, exact: false, samples: 1_000_000n }
            : { ...request.options, exact: true, force: true }; // "anyway": past a minute the library wants force
        showMethod(options);
        if (!current) execute({ ...request, options }, estimate);
    }

    /** Run: the page's checks, the library's checks and estimate (in the worker), then the run or the proposal. */
    async function equity() {
        if (current) return;
        offer.hide();
        showEquityError(null); // a new action: no message of an earlier one stays on screen
        const started = performance.now();
        const checking = { cancelled: false, cancel() { this.cancelled = true; } }; // a Cancel now stops the run before it starts
        current = checking;
        busy(true, 'checking…');
        let request;
        let estimate;
        try {
            request = pageChecks($('games-code'), inputs);
            const { players: spotPlayers, game, board } = request;
            estimate = await engines.jsWorker().run('gameEstimate', { players: spotPlayers, options: { game, board } }).promise;
        } catch (e) {
            $('games-code').textContent = REFUSED_CODE; // not the call of an earlier run
            showEquityError(e.message);
        } finally {
            current = null;
            busy(false);
        }
        if (!estimate || checking.cancelled) {
            if (checking.cancelled) $('games-eq-summary').textContent = 'Cancelled.';
            $('games-eq-result').classList.add('stale');
            finished(estimate ? 'cancelled' : 'error', started);
            return;
        }
        if (request.options.exact === true && estimate.seconds > PROPOSE_SECONDS) {
            if (request.typed === typed()) offer.show(proposalText(estimate.seconds), (choice) => answer(request, estimate, choice));
            $('games-code').textContent = notRunCode('waiting for the choice of method');
            return;
        }
        await execute(request, estimate);
    }

    for (const game of GAMES) $('games-game').append(new Option(LABELS[game], game));
    for (const game of Object.keys(EQUITY_GAMES)) $('games-eq-game').append(new Option(EQUITY_LABELS[game], game));
    const pick = () => {
        $('games-hand').value = EXAMPLES[$('games-game').value];
        evaluate();
    };
    const pickEquity = () => {
        const [hands, board] = EQUITY_EXAMPLES[$('games-eq-game').value];
        players.set(hands);
        $('games-eq-board').value = board;
        edited();
    };
    $('games-game').addEventListener('change', pick);
    $('games-eq-game').addEventListener('change', pickEquity);
    $('games-eq-mode').addEventListener('change', () => { $('games-eq-mc').hidden = $('games-eq-mode').value !== 'mc'; });
    $('games-form').addEventListener('submit', (e) => { e.preventDefault(); evaluate(); });
    $('games-eq-form').addEventListener('input', edited);
    $('games-eq-form').addEventListener('submit', (e) => { e.preventDefault(); equity(); });
    $('games-eq-cancel').addEventListener('click', () => {
        showEquityError(null);
        current?.cancel();
    });
    $('games-game').value = 'shortdeck';
    pick();
    pickEquity();
    metrics.ready = true;
}
