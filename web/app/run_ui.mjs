// What both equity panels show around a run: the progress line (its unit, and the time left from the same
// estimate the long-run proposal quotes), and the proposal itself ("Run Monte Carlo instead" / "Run exact
// anyway") before an exact run estimated to take long.
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

/** The unit of a run's progress: exact runs count holding combinations (each with all its boards), Monte Carlo samples. */
export const progressUnit = (exact) => (exact ? 'hand combinations' : 'samples');

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
