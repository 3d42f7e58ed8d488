// Whole-deal analysis in JS: the showdown counts of every hole pair on a board, from the C core's sorted sweep
// (ph_showdown, core_c/src/analysis), the numbers Python's pokerhash.analysis.showdown gives.
import { AT_CARDS, AT_OUT, DECK_SIZE, fail } from './common.mjs';
import { boardAndDead } from './equity.mjs';

const HOLE_PAIRS = 1326; // C(52, 2): the most rows
const CATEGORIES = 10;
// One call's results in the library's reused heap block: the uint64 counts first (the block is 8-aligned).
const COUNTS_AT = 0;
const BY_CATEGORY_AT = COUNTS_AT + HOLE_PAIRS * 3 * 8;
const VALUES_AT = BY_CATEGORY_AT + HOLE_PAIRS * 3 * CATEGORIES * 8;
const HOLES_AT = VALUES_AT + HOLE_PAIRS * 2;
const RESULT_BYTES = HOLES_AT + HOLE_PAIRS * 2;

/** n uint64 counts at a heap address as doubles, exact: a count here is at most about a million (a flop's opponents
 * times its runouts), far below 2**53. */
function countsAt(ph, at, n) {
    const words = ph._core.HEAPU64.subarray(at >> 3, (at >> 3) + n);
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) out[i] = Number(words[i]);
    return out;
}

/**
 * Every hole pair free of the board (3, 4 or 5 cards) and the dead cards, with its value and the opponent pairs
 * it beats, ties and loses to (summed over every runout of a flop or turn); byCategory splits them by the
 * opponent's final category. Checks and words are the library's (the board's size, a card both on the board and
 * dead, too few cards left), then Python's rows: colex order of the pair.
 */
export function showdown(ph, board, dead) {
    const boardCards = ph._namedCards(board, 'board');
    const deadCards = ph._optionCards(dead, 'dead');
    if (boardCards.length < 3 || boardCards.length > 5) {
        fail(`the board must have 3, 4 or 5 cards, got ${boardCards.length}`, 'count');
    }
    boardAndDead(boardCards, deadCards);
    const live = DECK_SIZE - boardCards.length - deadCards.length;
    const needed = 4 + 5 - boardCards.length;
    if (live < needed) fail(`not enough cards: ${live} left, a hole, an opponent and the runout need ${needed}`, 'count');
    const at = ph._batchBuffer(RESULT_BYTES);
    const cardsAt = ph._scratch + AT_CARDS;
    const deadAt = ph._scratch + AT_OUT; // at most 52 distinct cards: they fit its 64 bytes
    ph._u8.set(boardCards, cardsAt);
    ph._u8.set(deadCards, deadAt);
    const rows = ph._core._ph_showdown(cardsAt, boardCards.length, deadAt, deadCards.length, at + HOLES_AT,
        at + VALUES_AT, at + COUNTS_AT, at + BY_CATEGORY_AT);
    if (rows < 0) ph._statusError(rows);
    const counts = countsAt(ph, at + COUNTS_AT, 3 * rows);
    const wins = new Float64Array(rows);
    const ties = new Float64Array(rows);
    const losses = new Float64Array(rows);
    for (let r = 0; r < rows; r++) {
        wins[r] = counts[3 * r];
        ties[r] = counts[3 * r + 1];
        losses[r] = counts[3 * r + 2];
    }
    return {
        holes: ph._u8.slice(at + HOLES_AT, at + HOLES_AT + 2 * rows),
        values: ph._core.HEAPU16.slice((at + VALUES_AT) >> 1, ((at + VALUES_AT) >> 1) + rows),
        wins,
        ties,
        losses,
        byCategory: countsAt(ph, at + BY_CATEGORY_AT, 3 * CATEGORIES * rows),
    };
}
