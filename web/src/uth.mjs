// Ultimate Texas Hold'em solved exactly in JS, by the C solver compiled to wasm (core_c/src/analysis/uth_*.c):
// the same job as Python's pokerhash.analysis.ultimate_texas_holdem, in chunks of flops (progress, cancel).
// The C core counts, for every suit-canonical flop and every hole pair, the outcomes of each line (play
// preflop, bet the flop, play or fold on the river) with the flop and river decided by exact EV, added to the
// pair's class; the preflop decision needs every flop, so it is taken here from the class totals, in exact
// integers (BigInt), as Python's _uth_result takes it.
import { DECK_SIZE, RANKS, cardName, fail } from './common.mjs';

const FLOPS = 22_100; // C(52, 3): the solve's work units
const FLOP_CHUNK = 26; // flops per call: 850 calls, ~40 ms of wasm each on average (about 8% of flops are canonical)
const PAIRS = 1326;
const OUTCOMES = 23; // per line: wins by category with / without the dealer qualifying, tie, losses with / without
const LINES = 3 * OUTCOMES + 1; // play preflop, bet the flop, play the river, fold
const NO_CLASS = 0xffff;
const RULES_BYTES = 44; // ph_uth_rules: unit, blind_pay[10]
// The standard Blind pay table in half antes (a flush pays 3:2): royal 500, straight flush 50, quads 10, full
// house 3, flush 3:2, straight 1 to 1; less pushes.
const STANDARD_RULES = { unit: 2, blind: [1000, 100, 20, 6, 3, 2, 0, 0, 0, 0] };
const ACTIONS = ['check', 'raise3', 'raise4']; // least aggressive first: exact ties go to the earlier one

const comb = (n, k) => {
    let r = 1n;
    for (let i = 0n; i < BigInt(k); i++) r = (r * (BigInt(n) - i)) / (i + 1n);
    return r;
};

/** The (lo, hi) cards of a pair index hi*(hi-1)/2 + lo. */
function split(pair) {
    let hi = 1;
    while ((hi * (hi + 1)) / 2 <= pair) hi++;
    return [pair - (hi * (hi - 1)) / 2, hi];
}

/** "AKs", "72o", "TT" for a class's representative pair. */
function className(pair) {
    const [lo, hi] = split(pair);
    if (lo >> 2 === hi >> 2) return RANKS[hi >> 2].repeat(2);
    return RANKS[hi >> 2] + RANKS[lo >> 2] + ((lo & 3) === (hi & 3) ? 's' : 'o');
}

/** Outcome counts times their payoffs, exactly. */
const lineValue = (payoff, totals, at) => payoff.reduce((sum, pay, o) => sum + totals[at + o] * pay, 0n);

/**
 * The whole solve as a generator: yields { done, total } (flops) after each chunk and returns
 * { preflop: { [class]: { action, ev: { check, raise3, raise4 } } }, houseEdge, deals, allow3x, dead }: EVs
 * per hand in antes. `dead`: card ids out of play (removing whole ranks gives a reduced deck).
 */
export function* uthJob(ph, deadCards, allow3x) {
    if (typeof allow3x !== 'boolean') fail(`allow3x must be true or false, got ${typeof allow3x}`, 'type');
    const live = DECK_SIZE - deadCards.length;
    if (new Set(deadCards).size < deadCards.length) {
        const twice = deadCards.find((c, i) => deadCards.indexOf(c) !== i);
        fail(`duplicate card ${cardName(twice)} in the dead cards`, 'duplicate');
    }
    if (live < 9) fail(`not enough cards: ${live} left, two holes and a board need 9`, 'count');
    const core = ph._core;
    const deadAt = RULES_BYTES;
    const classesAt = 96; // after the rules and up to 52 dead cards, 8-aligned
    const totalsAt = classesAt + 2 * PAIRS + 4; // 8-aligned: 96 + 2652 + 4 = 2752
    const block = core._malloc(totalsAt + PAIRS * LINES * 8);
    if (!block) fail('cannot allocate the solve\'s wasm memory', 'argument');
    try {
        core.HEAPU32.set([STANDARD_RULES.unit, ...STANDARD_RULES.blind], block >> 2);
        ph._u8.set(deadCards, block + deadAt);
        ph._u8.fill(0, block + totalsAt, block + totalsAt + PAIRS * LINES * 8);
        let status = core._ph_uth_classes(block + deadAt, deadCards.length, block + classesAt);
        if (status !== 0) ph._statusError(status);
        for (let start = 0; start < FLOPS; start += FLOP_CHUNK) {
            const count = Math.min(FLOP_CHUNK, FLOPS - start);
            status = core._ph_uth_solve(block, block + deadAt, deadCards.length, BigInt(start), BigInt(count), block + totalsAt, 0);
            if (status !== 0) ph._statusError(status);
            yield { done: start + count, total: FLOPS };
        }
        const payoff = {};
        for (const play of [1, 2, 3, 4]) {
            payoff[play] = Array.from({ length: OUTCOMES }, (_, o) => BigInt(core._ph_uth_payoff(block, play, o)));
        }
        const classOf = core.HEAPU16.slice((block + classesAt) >> 1, ((block + classesAt) >> 1) + PAIRS);
        const totals = core.HEAPU64.slice((block + totalsAt) >> 3, ((block + totalsAt) >> 3) + PAIRS * LINES);
        return preflopResult(classOf, totals, payoff, live, allow3x, deadCards);
    } finally {
        core._free(block);
    }
}

/** The preflop decisions from the class totals: Python's UTHResult arithmetic (sums of outcome counts x payoffs). */
function preflopResult(classOf, totals, payoff, live, allow3x, deadCards) {
    const unit = BigInt(STANDARD_RULES.unit);
    const fold = -2n * unit;
    const sizes = new Map();
    for (const c of classOf) if (c !== NO_CLASS) sizes.set(c, (sizes.get(c) ?? 0) + 1);
    const perHole = comb(live - 2, 2) * comb(live - 4, 3) * comb(live - 7, 2);
    let names = new Map([...sizes.keys()].map((c) => [c, className(c)]));
    if (new Set(names.values()).size < names.size) { // classes finer than the 169 starting hands: named by cards
        names = new Map([...sizes.keys()].map((c) => [c, split(c).reverse().map((card) => cardName(card)).join('')]));
    }
    const allowed = allow3x ? ACTIONS : ['check', 'raise4'];
    const preflop = {};
    let totalEv = 0n;
    let deals = 0n;
    for (const c of [...sizes.keys()].sort((a, b) => a - b)) {
        const at = LINES * c;
        const classDeals = BigInt(sizes.get(c)) * perHole;
        const sums = {
            check: lineValue(payoff[2], totals, at + OUTCOMES) + lineValue(payoff[1], totals, at + 2 * OUTCOMES) +
                totals[at + 3 * OUTCOMES] * fold,
            raise3: lineValue(payoff[3], totals, at),
            raise4: lineValue(payoff[4], totals, at),
        };
        let best = allowed[0];
        for (const action of allowed.slice(1)) if (sums[action] > sums[best]) best = action;
        const per = Number(unit * classDeals);
        preflop[names.get(c)] = { action: best, ev: Object.fromEntries(ACTIONS.map((a) => [a, Number(sums[a]) / per])) };
        totalEv += sums[best];
        deals += classDeals;
    }
    return { preflop, houseEdge: -Number(totalEv) / Number(unit * deals), deals: Number(deals), allow3x, dead: deadCards };
}
