// Whole-deal analysis in JS: the showdown counts of every hole pair on a board, from the C core's sorted sweep
// (ph_showdown, core_c/src/analysis), the numbers Python's pokerhash.analysis.showdown gives; and from the same
// sweep on each runout of a flop, the hand's strength distribution (a job: progress, cancel).
import { AT_CARDS, AT_OUT, DECK_SIZE, cardName, fail } from './common.mjs';
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

const RUNOUT_CHUNK = 24; // runouts per step of the strength job: tens of milliseconds of wasm

/**
 * The strength distribution of a hole pair on a flop as a generator: for every turn and river (in colex order of
 * the two cards among the 47 left), the river hand strength HS = (wins + ties / 2) / opponents against every
 * opponent pair free of the five board cards and the hole (ph_showdown on that board). Yields { done, total }
 * (runouts) after each step; returns { hole, flop, strengths (Float64Array, one per runout), runouts }. The mean
 * of the strengths is the hand's exact equity heads-up against one random hand: every runout has as many
 * opponents.
 */
export function* strengthJob(ph, hole, flop) {
    const holeCards = ph._namedCards(hole, 'hole');
    const flopCards = ph._namedCards(flop, 'flop');
    if (holeCards.length !== 2) fail(`a hole has 2 cards, got ${holeCards.length}`, 'count');
    if (flopCards.length !== 3) fail(`the flop must have 3 cards, got ${flopCards.length}`, 'count');
    const known = [...holeCards, ...flopCards];
    const twice = known.find((card, i) => known.indexOf(card) !== i);
    if (twice !== undefined) fail(`duplicate card ${cardName(twice)} in the hole and on the flop`, 'duplicate');
    const left = [];
    for (let card = 0; card < DECK_SIZE; card++) if (!known.includes(card)) left.push(card);
    const runouts = (left.length * (left.length - 1)) / 2;
    const core = ph._core;
    const countsAt = 0;
    const holesAt = countsAt + HOLE_PAIRS * 3 * 8;
    const valuesAt = holesAt + HOLE_PAIRS * 2;
    const boardAt = valuesAt + HOLE_PAIRS * 2;
    const block = core._malloc(boardAt + 8); // its own block: the library's reused one may serve calls between steps
    if (!block) fail('cannot allocate the strength job\'s wasm memory', 'argument');
    const [lo, hi] = [...holeCards].sort((a, b) => a - b);
    const strengths = new Float64Array(runouts);
    try {
        let k = 0;
        for (let j = 1; j < left.length; j++) {
            for (let i = 0; i < j; i++, k++) {
                const board = [...flopCards, left[i], left[j]];
                ph._u8.set(board, block + boardAt);
                const rows = core._ph_showdown(block + boardAt, 5, 0, 0, block + holesAt, block + valuesAt, block + countsAt, 0);
                if (rows < 0) ph._statusError(rows);
                // The hole's row: colex order of the pair among the cards off this board.
                const liveLo = lo - board.filter((c) => c < lo).length;
                const liveHi = hi - board.filter((c) => c < hi).length;
                const row = (liveHi * (liveHi - 1)) / 2 + liveLo;
                const at = (block + countsAt) / 8 + 3 * row;
                const [wins, ties, losses] = Array.from(core.HEAPU64.subarray(at, at + 3), Number);
                strengths[k] = (wins + ties / 2) / (wins + ties + losses);
                if ((k + 1) % RUNOUT_CHUNK === 0) yield { done: k + 1, total: runouts };
            }
        }
        yield { done: runouts, total: runouts };
        return { hole: holeCards, flop: flopCards, strengths, runouts };
    } finally {
        core._free(block);
    }
}
