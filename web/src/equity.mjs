// All-in equity of hold'em and Omaha hands and ranges in JS: the same spots, rules, messages and numbers as
// Python's pokerhash.equity, computed by the C engine (ph_equity_*) through the job machinery shared with the
// other games (equity_job.mjs: the mode rule, chunks, progress, cancel).
import { DECK_SIZE, PokerHashError, cardName, fail, numeric, ownProperty, show, typeName, viewLength } from './common.mjs';
import { EQUITY_TALLY, equityJob, equityOptions, estimateSpot, stderrs, timeExact } from './equity_job.mjs';
import { parseRangeText } from './ranges.mjs';

const POT = 2520; // the engine's share unit is 1/2520 pot: a k-way split (k <= 10) is then a whole number
const CHUNK_SECONDS = 0.1;

/** ph_equity_*: tasks cut as Python cuts them on one thread (exact_plan), batches of 65,536 samples. */
const HOLDEM = {
    tally: EQUITY_TALLY,
    mcBatch: 1 << 16,
    searchDeal: true,
    overflow: 'too many holding combinations to enumerate (2**64 or more); use Monte Carlo (exact: false)',
    check: (core, game, problem, cap) => core._ph_equity_check(game, problem, cap),
    seconds: (core, game, out) => core._ph_equity_exact_seconds(game, out),
    units: (core, game, out) => core._ph_equity_exact_units(game, out),
    exact: (core, game, start, count, tally) => core._ph_equity_exact(game, start, count, tally),
    sample: (core, game, seed, first, count, tally) => core._ph_equity_sample(game, seed, first, count, tally),
    chunks: (units, estimate) => Math.max(1, Math.min(Math.ceil(estimate / CHUNK_SECONDS), Number(units))),
};

// ---- the host factor: seconds of this wasm engine on this host per second of the native estimate ----------
// ph_equity_exact_seconds estimates one core of the reference host running the native build; this engine on
// this machine differs by a factor (1.4 to 4 seen: wasm against native, and the host). It is measured once per
// loaded instance, on first use, as Python's _equity_host measures its own: a fixed small exact job (Python's
// probe spots: three ranges on a flop and three hands preflop, ~4 ms of wasm a run), the best of PROBE_RUNS or more
// over PROBE_MS after a warm-up (timeExact: long enough for V8's optimized wasm), over the model's estimate
// of it. It scales the times shown to people (estimates, a run's
// estimatedSeconds, a page's time left); the mode is still chosen by the native estimate, as Pyodide's
// Python chooses it with its factor pinned to 1. POKERHASH_HOST_FACTOR (node) or PokerHash.load({ hostFactor })
// sets it instead, with no timing.
const PROBE_SPOTS = [[['AK,AQ', 'QQ,JJ', 'T9s'], 'Js 7d 2c'], [['AsKd', 'QhJh', 'Tc9c'], '']];
const PROBE_RUNS = 5;
const PROBE_MS = 80;
const FACTOR_RANGE = [0.25, 40]; // outside it, a timing accident (a paused tab), not a host
export const HOST_FACTOR_ENV = 'POKERHASH_HOST_FACTOR';

/** A host factor given by a person: a positive finite number, or a message naming where it came from. */
export function checkedHostFactor(value, where) {
    const factor = numeric(value);
    if (!(typeof factor === 'number' && factor > 0 && Number.isFinite(factor))) {
        fail(`${where} must be a positive number (this host's wasm seconds per second of the native estimate), ` +
            `got ${show(value)}`, 'argument');
    }
    return factor;
}

/** The environment's pin (node's POKERHASH_HOST_FACTOR), or undefined. */
function pinnedFactor() {
    const text = globalThis.process?.env?.[HOST_FACTOR_ENV]?.trim();
    if (!text) return undefined;
    const factor = Number(text);
    if (!(factor > 0 && Number.isFinite(factor))) {
        fail(`${HOST_FACTOR_ENV}=${show(text)}: expected a positive number (this host's seconds per second of the ` +
            'equity cost model), or unset to measure it', 'argument');
    }
    return factor;
}

/** Times the probe spots on this engine: the factor, within FACTOR_RANGE. */
export function measureHostFactor(ph) {
    const spots = PROBE_SPOTS.map(([players, board]) => holdemSpot(ph, players, { board }));
    const { seconds, nativeSeconds } = timeExact(ph, HOLDEM, spots, { runs: PROBE_RUNS, budgetMs: PROBE_MS });
    return Math.min(FACTOR_RANGE[1], Math.max(FACTOR_RANGE[0], seconds / nativeSeconds));
}

/** This instance's factor: set at load, else pinned by the environment, else measured once. */
export function hostFactor(ph) {
    if (ph._hostOf) return hostFactor(ph._hostOf); // the games module: the host of the core that loaded it
    ph._hostFactor ??= pinnedFactor() ?? measureHostFactor(ph);
    return ph._hostFactor;
}

// ---- the players, board and dead cards (Python's _Spot, step for step) ----------------------------------

/** The card ids when `cards` reads as cards, null when not (range text); a repeated card is a mistake. */
function asHand(ph, cards, index) {
    try {
        return ph.parseCards(cards);
    } catch (e) {
        if (!(e instanceof PokerHashError)) throw e;
        if (e.code === 'duplicate') throw new PokerHashError(`player ${index + 1}: ${e.message}`, e.code);
        return null;
    }
}

function fixedHand(ids, index) {
    if (ids.length !== 2 && (ids.length < 4 || ids.length > 6)) {
        fail(`player ${index + 1}'s hand has ${ids.length} cards; hold'em hands have 2, Omaha hands 4 to 6`, 'count');
    }
    const label = ids.map((c) => cardName(c)).join('');
    return { label, cards: ids, combos: [{ cards: [...ids].sort((a, b) => a - b), weight: 1 }] };
}

/** A { combos } player's label: its own text when that is a string. */
export const labelOf = (p) => {
    const text = ownProperty(p, 'text');
    return typeof text === 'string' ? text : '';
};

/**
 * A parseRange() result (or any { combos } object) passed as a player. Its own properties only, here and in
 * checkedCombos: a polluted Object.prototype.combos (or .cards, .weight, .text) must not change a result.
 */
export const isParsedRange = (p) => !!p && typeof p === 'object' && !Array.isArray(p) && !ArrayBuffer.isView(p) &&
    Array.isArray(ownProperty(p, 'combos'));

/**
 * The combos of a { combos } player, checked as parseRange() would have made them: each { cards, weight }
 * with card ids 0..51 (a bigint reads as its number), no card twice, all of one size, a weight that is a
 * finite number >= 0 (1 when left out). Returns fresh combos, cards ascending; throws naming the combo. The
 * heap copy would otherwise take 300 as 44 and 1.5 as 1, and pad or cut a combo of the wrong size. The
 * caller adds the player to the message.
 */
export function checkedCombos(p) {
    const where = (i) => `combo ${i + 1}`;
    const list = ownProperty(p, 'combos');
    // A hole or a length past every possible combo is refused before anything walks the array (a sparse
    // array of length 2**32 - 1 would otherwise take minutes to map).
    if (!(list.length <= MAX_COMBOS)) fail(`a range has at most ${MAX_COMBOS} combos, got ${show(list.length)}`, 'argument');
    let size; // combo 1's, which every other combo must have
    const checked = Array.from({ length: list.length }, (_, i) => {
        if (!Object.hasOwn(list, i)) fail(`${where(i)} is missing (a hole in the array)`, 'type');
        const combo = list[i];
        const cards = combo && typeof combo === 'object' ? ownProperty(combo, 'cards') : undefined;
        const array = Array.isArray(cards);
        if (!(array || (ArrayBuffer.isView(cards) && !(cards instanceof DataView)))) { // a DataView reads as no cards
            fail(`${where(i)} must be { cards, weight } with an array of card ids, got ${typeName(combo)}`, 'type');
        }
        const length = array ? cards.length : viewLength(cards, `${where(i)}'s cards`); // a detached view is refused
        const ids = [];
        for (let j = 0; j < length; j++) {
            if (array && !Object.hasOwn(cards, j)) fail(`${where(i)}: card ${j + 1} is missing (a hole in the array)`, 'type');
            const card = cards[j];
            const id = numeric(card);
            if (!Number.isInteger(id) || id < 0 || id >= DECK_SIZE) fail(`${where(i)}: card id ${show(card)} outside 0..51`, 'card');
            ids.push(id);
        }
        ids.sort((a, b) => a - b);
        const twice = ids.find((card, j) => j > 0 && ids[j - 1] === card);
        if (twice !== undefined) fail(`${where(i)}: duplicate card ${cardName(twice)}`, 'duplicate');
        size ??= ids.length;
        if (ids.length !== size) fail(`${where(i)} holds ${ids.length} cards, combo 1 holds ${size}`, 'count');
        const given = ownProperty(combo, 'weight');
        const weight = given === undefined ? 1 : numeric(given);
        if (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0) {
            fail(`${where(i)}: weight must be a finite number >= 0, got ${show(given)}`, 'argument');
        }
        return { cards: ids, weight };
    });
    // As Python's Range: a combo given twice keeps its last weight and its last place; weight 0 removes it.
    const last = new Map(checked.map((combo, i) => [combo.cards.join(), i]));
    return checked.filter((combo, i) => last.get(combo.cards.join()) === i && combo.weight > 0);
}
const MAX_COMBOS = 20_358_520; // C(52, 6): every 6-card Omaha holding

/** One player's argument: a hand (text or array), range text, or a parseRange() result. */
function player(ph, p, index) {
    if (isParsedRange(p)) {
        let combos;
        try {
            combos = checkedCombos(p);
        } catch (e) {
            if (e instanceof PokerHashError) throw new PokerHashError(`player ${index + 1}: ${e.message}`, e.code);
            throw e;
        }
        if (!combos.length) fail(`player ${index + 1} has an empty range`, 'argument'); // none, or every weight 0
        return { label: labelOf(p), cards: null, combos };
    }
    if (typeof p === 'string') {
        if (p.trim() && !p.includes(',')) { // "AsAd", "As Ad", "AhKhQdJd": one hand
            const hand = asHand(ph, p, index);
            if (hand) return fixedHand(hand, index);
        }
        let range;
        try {
            range = parseRangeText(ph, p);
        } catch (e) {
            if (e instanceof PokerHashError) throw new PokerHashError(`player ${index + 1}: ${e.message}`, e.code);
            throw e;
        }
        if (!range.combos.length) fail(`player ${index + 1} has an empty range`, 'argument'); // "AA:0"
        return { label: p.trim(), cards: null, combos: range.combos };
    }
    if (Array.isArray(p) || ArrayBuffer.isView(p)) return fixedHand(asHand(ph, p, index) ?? ph.parseCards(p), index);
    return fail(`player ${index + 1} must be a hand or a range, got ${typeName(p)}`, 'type');
}

function handSize(parsed, omaha) {
    const sizes = [...new Set(parsed.map((r) => r.combos[0].cards.length))].sort((a, b) => a - b);
    if (sizes.length > 1) {
        fail(`all players must hold the same number of cards (2 for hold'em, 4 to 6 for Omaha), got ${sizes.join(' and ')}`, 'count');
    }
    const size = sizes[0];
    if (omaha === true && size === 2) fail('omaha: true needs hands of 4 to 6 cards, got 2', 'count');
    if (omaha === false && size !== 2) fail(`omaha: false needs hold'em hands of 2 cards, got ${size}`, 'count');
    return size;
}

/** Board and dead cards, and who holds each known card so far. */
export function boardAndDead(board, dead) {
    if (![0, 3, 4, 5].includes(board.length)) fail(`the board must have 0, 3, 4 or 5 cards, got ${board.length}`, 'count');
    const owner = new Map(board.map((card) => [card, 'the board']));
    for (const card of dead) {
        if (owner.has(card)) fail(`card ${cardName(card)} is both on the board and dead`, 'duplicate');
        owner.set(card, 'the dead cards');
    }
    return owner;
}

/** Every player's hole cards, a full board and the dead cards must fit in the game's deck (Python's words). */
export function checkEnoughCards(players, size, dead, deckSize) {
    const needed = players * size + 5 + dead;
    if (needed > deckSize) {
        fail(`not enough cards: ${players} players with ${size} cards each, a board of 5 and ${dead} dead cards ` +
            `need ${needed} > ${deckSize}`, 'count');
    }
}

/**
 * Per-player holdings after card removal: a player with a single hand holds known cards, which clash with
 * other known cards and leave the other ranges. `parsed` is [{ combos }]; `owner` maps the known cards.
 */
export function removeKnownCards(parsed, owner) {
    parsed.forEach((r, i) => {
        if (r.combos.length !== 1) return;
        for (const card of r.combos[0].cards) {
            if (owner.has(card)) fail(`card ${cardName(card)} is in player ${i + 1}'s hand and ${owner.get(card)}`, 'duplicate');
            owner.set(card, `player ${i + 1}'s hand`);
        }
    });
    const known = new Uint8Array(DECK_SIZE);
    for (const card of owner.keys()) known[card] = 1;
    const holdings = parsed.map((r, i) => {
        const combos = r.combos.length === 1 ? r.combos : r.combos.filter((c) => !c.cards.some((card) => known[card]));
        if (!combos.length) fail(`player ${i + 1} has no hand left after card removal`, 'argument');
        return combos;
    });
    return { holdings, weighted: holdings.some((combos) => combos.some((c) => c.weight !== 1)) };
}

/** Checked players, board and dead cards: per-player holdings (card removal applied) and weights. */
function holdemSpot(ph, players, { board, dead, omaha } = {}) {
    if (!Array.isArray(players)) fail('players must be an array of hands or ranges, one per player', 'type');
    if (players.length < 2 || players.length > 10) fail(`equity needs 2 to 10 players, got ${players.length}`, 'count');
    if (omaha !== undefined && typeof omaha !== 'boolean') fail(`omaha must be true or false, got ${show(omaha)}`, 'type');
    const boardCards = ph._optionCards(board, 'board');
    const deadCards = ph._optionCards(dead, 'dead');
    const owner = boardAndDead(boardCards, deadCards);
    const parsed = Array.from({ length: players.length }, (_, i) => player(ph, ownProperty(players, i), i));
    const size = handSize(parsed, omaha);
    const { holdings, weighted } = removeKnownCards(parsed, owner);
    checkEnoughCards(players.length, size, deadCards.length, DECK_SIZE);
    return {
        labels: parsed.map((r) => r.label), cards: parsed.map((r) => r.cards), holdings, weighted, size,
        board: boardCards, dead: deadCards,
    };
}

/** The result object: per player, and the whole run. Same arithmetic as Python's EquityResult. */
function holdemResult(ph, spot, total, run) {
    const n = total.deals;
    const integers = run.exact && !spot.weighted; // integers to the end: exactly rounded, equal to Python's
    const errors = run.exact ? null : stderrs(total);
    const players = spot.labels.map((hand, p) => {
        const out = {
            hand, cards: spot.cards[p],
            equity: integers ? total.share[p] / (POT * n) : total.weightedShare[p] / total.weight,
            win: total.win[p], tie: total.tie[p], lose: total.lose[p],
            winRate: integers ? total.win[p] / n : total.weightedWin[p] / total.weight,
            tieRate: integers ? total.tie[p] / n : total.weightedTie[p] / total.weight,
            loseRate: integers ? total.lose[p] / n
                : Math.max(0, (total.weight - total.weightedWin[p] - total.weightedTie[p]) / total.weight),
        };
        if (!run.exact) out.stderr = errors ? errors[p] : null;
        return out;
    });
    const out = {
        exact: run.exact, deals: n, players, board: spot.board, dead: spot.dead,
        estimatedSeconds: run.nativeSeconds * hostFactor(ph), nativeSeconds: run.nativeSeconds, seconds: run.seconds,
    };
    if (!run.exact) out.seed = run.seed;
    return out;
}

/** equity()'s job (equity_job.mjs drives it). */
export function holdemEquityJob(ph, players, options = {}) {
    const o = equityOptions(options);
    const spot = holdemSpot(ph, players, options);
    return equityJob(ph, HOLDEM, spot, o, (total, run) => holdemResult(ph, spot, total, run));
}

/** The cost estimate alone: { seconds (this engine on this host), nativeSeconds, exact (what auto mode would pick) }. */
export function holdemEstimate(ph, players, options = {}) {
    return estimateSpot(ph, HOLDEM, holdemSpot(ph, players, options), hostFactor(ph));
}
