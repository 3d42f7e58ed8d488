// The Analysis panel: a hand's strength distribution on a flop and the Ultimate Texas Hold'em preflop strategy,
// both computed by the C core in the JS worker (ph.strengthDistributionAsync, ph.ultimateTexasHoldemAsync) with a
// progress bar and Cancel, drawn by analysis_charts.mjs.
import { cardName } from '../dist/pokerhash.mjs';
import { showStrength, showUth } from './analysis_charts.mjs';
import { progressReporter } from './run_ui.mjs';

const $ = (id) => document.getElementById(id);
const TEN_TO_ACE_DEAD = Array.from({ length: 32 }, (_, card) => card); // the 2s to the 9s out: a 20-card deck

/**
 * Wires the panel. engines: jsWorker() (the long work).
 * window.pokerhashAnalysis counts the runs and keeps the last one's { job, status } for the tests.
 */
export function setupAnalysisPanel(engines) {
    const metrics = (window.pokerhashAnalysis = { runs: 0, last: null });
    const running = {}; // per chart ('strength', 'uth'): the job under way, { cancel }

    function showError(prefix, message) {
        $(`${prefix}-error`).hidden = !message;
        $(`${prefix}-error`).textContent = message ?? '';
    }

    /** Runs one worker job for chart `prefix` with its progress line and Cancel; show(result) draws it. */
    async function run(prefix, job, args, unit, show) {
        if (running[prefix]) return;
        showError(prefix, null);
        $('analysis-note').textContent = '';
        const started = performance.now();
        const progress = progressReporter(prefix, unit);
        $(`${prefix}-busy`).hidden = false;
        $(`${prefix}-run`).disabled = true;
        $(`${prefix}-progress`).value = 0;
        $(`${prefix}-progress-text`).textContent = 'starting…';
        let status = 'ok';
        try {
            running[prefix] = engines.jsWorker().run(job, args, progress);
            show(await running[prefix].promise);
            $(prefix).classList.remove('stale');
        } catch (e) {
            status = e.name === 'Cancelled' ? 'cancelled' : 'error';
            $(prefix).classList.add('stale');
            if (status === 'cancelled') $('analysis-note').textContent = `${$(`${prefix}-title`).textContent}: cancelled.`;
            else showError(prefix, e.message);
        } finally {
            running[prefix] = null;
            $(`${prefix}-busy`).hidden = true;
            $(`${prefix}-run`).disabled = false;
            metrics.runs++;
            metrics.last = { job, status, ms: performance.now() - started };
        }
    }

    $('strength-form').addEventListener('submit', (e) => {
        e.preventDefault();
        const hole = $('strength-hole').value;
        const flop = $('strength-flop').value;
        run('strength', 'strength', { hole, flop }, 'runouts', (r) => {
            const names = { hole: r.hole.map((c) => cardName(c)).join(''), flop: r.flop.map((c) => cardName(c)).join(' ') };
            metrics.strengthMean = showStrength($('strength'), r, names);
        });
    });
    $('uth-form').addEventListener('submit', (e) => {
        e.preventDefault();
        const dead = $('uth-deck').value === 'ten' ? TEN_TO_ACE_DEAD : [];
        run('uth', 'uth', { dead, allow3x: $('uth-3x').checked }, 'flops', (r) => showUth($('uth'), r));
    });
    for (const prefix of ['strength', 'uth']) {
        $(`${prefix}-cancel`).addEventListener('click', () => running[prefix]?.cancel());
        // A chart of other inputs than those on screen is dimmed.
        $(`${prefix}-form`).addEventListener('input', () => $(prefix).classList.add('stale'));
    }
}
