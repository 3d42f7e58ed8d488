// What both equity panels show around a run: the progress line (its unit, and the time left from the same
// estimate the long-run proposal quotes), the proposal itself ("Run Monte Carlo instead" / "Run exact
// anyway") before an exact run estimated to take long, and the counts behind a result's percentages.
import { group } from './format.mjs';

/** "about 40 seconds", "about 3 hours". */
export function rough(seconds) {
    const units = [[120, 1, 'second'], [7200, 60, 'minute'], [172800, 3600, 'hour'], [Infinity, 86400, 'day']];
    const [, size, name] = units.find(([limit]) => seconds < limit);
    const n = Math.max(1, Math.round(seconds / size));
    return `about ${group(n)} ${name}${n === 1 ? '' : 's'}`;
}

/**
 * Seconds left of a run `fraction` done after `elapsed` seconds. With the exact estimate (`estimate`
 * seconds, this engine on this host) it starts from the estimate and moves to the measured pace as the run
 * goes: the estimate's share left, weighted by the share left, plus the pace's, weighted by the share done.
 * Without one (Monte Carlo), the pace alone, once there is one.
 */
export function secondsLeft(fraction, elapsed, estimate) {
    const left = 1 - fraction;
    if (estimate !== undefined) return left * (left * estimate + elapsed);
    return fraction > 0 ? (elapsed * left) / fraction : undefined;
}

/** "12% · 143,044 of 2,331,473,976 hand combinations · about 2 hours left". */
export function progressText(done, total, unit, elapsed, estimate) {
    const fraction = total > 0 ? done / total : 0;
    const parts = [`${Math.floor(100 * fraction)}%`, `${group(done)} of ${group(total)} ${unit}`];
    const seconds = done < total ? secondsLeft(fraction, elapsed, estimate) : 0;
    if (seconds !== undefined && done < total) parts.push(`${rough(seconds)} left`);
    return parts.join(' · ');
}

/** The unit of an equity run's progress: exact runs count holding combinations (each with all its boards), Monte Carlo samples. */
export const progressUnit = (exact) => (exact ? 'hand combinations' : 'samples');

/**
 * The progress callback of a run started now, for the `${prefix}-progress` bar and its text: its unit, and the
 * time left from `estimate` (seconds of an exact run; undefined: the run's pace alone).
 */
export function progressReporter(prefix, unit, estimate) {
    const started = performance.now();
    const bar = document.getElementById(`${prefix}-progress`);
    const text = document.getElementById(`${prefix}-progress-text`);
    return (done, total) => {
        bar.max = total;
        bar.value = done;
        text.textContent = progressText(done, total, unit, (performance.now() - started) / 1000, estimate);
    };
}

/**
 * The proposal box `${prefix}-propose` with its text and two buttons. show(text, answer) opens it for one spot;
 * choosing calls answer('mc' | 'exact'); hide() withdraws it (any edit of the spot does).
 */
export function proposal(prefix, focusAfterEscape) {
    const $ = (id) => document.getElementById(`${prefix}-${id}`);
    let answer = null;
    const hide = () => {
        $('propose').hidden = true;
        answer = null;
    };
    const choose = (choice) => {
        const chosen = answer;
        hide();
        chosen?.(choice);
    };
    $('propose-mc').addEventListener('click', () => choose('mc'));
    $('propose-exact').addEventListener('click', () => choose('exact'));
    $('propose').addEventListener('keydown', (e) => {
        if (e.key !== 'Escape') return;
        hide();
        focusAfterEscape.focus();
    });
    return {
        hide,
        show(text, onAnswer) {
            answer = onAnswer;
            $('propose-text').textContent = text;
            $('propose').hidden = false;
            $('propose-mc').focus();
        },
    };
}

/** The proposal's words for an exact run of `seconds` (this engine's estimate). */
export const proposalText = (seconds) => `Exact enumeration would take ${rough(seconds)} here (the C core's estimate ` +
    "for this engine on this machine). Monte Carlo gives the equity to about ±0.05% in a second or two.";

/**
 * The counts behind a result's percentages in the `${prefix}-counts` details (closed: on demand): per player
 * (`players`: [{ hand, win, tie, lose }]) the deals (exact) or samples won, tied and lost.
 */
export function showCounts(prefix, exact, players) {
    const details = document.getElementById(`${prefix}-counts`);
    const counted = exact ? 'deals' : 'samples';
    const element = (tag, text, attributes = {}) => {
        const e = document.createElement(tag);
        e.textContent = text;
        Object.assign(e, attributes);
        return e;
    };
    const table = element('table', '', { id: `${prefix}-counts-table` });
    const head = element('tr', '');
    head.append(...['#', 'Hand or range', `Won (${counted})`, 'Tied', 'Lost'].map((text) => element('th', text, { scope: 'col' })));
    table.append(element('caption', 'Counts per player', { className: 'sr-only' }), element('thead', ''), element('tbody', ''));
    table.tHead.append(head);
    table.tBodies[0].append(...players.map((p, i) => {
        const tr = element('tr', '');
        tr.append(element('td', String(i + 1)), element('td', p.hand, { className: 'hand' }),
            ...[p.win, p.tie, p.lose].map((n) => element('td', group(n))));
        return tr;
    }));
    const wrap = element('div', '', { className: 'table-wrap' });
    wrap.append(table);
    const summary = element('summary', `Counts: ${counted} won, tied and lost`);
    details.replaceChildren(summary, wrap);
    details.hidden = false;
}
