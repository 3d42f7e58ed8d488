// All-in equity in JS: the same spots, rules, messages and numbers as Python's pokerhash.equity, computed by
// the C engine (ph_equity_*) in chunks, so a long run can report progress and stop when asked.
//
// Mode (as in Python, PLAN decision 2): samples, stderr or seed given => Monte Carlo; otherwise exact when
// the engine's cost estimate (ph_equity_exact_seconds, the native single-core time, times WASM_FACTOR) is at
// most 2 s, else Monte Carlo with 1,000,000 samples and a fresh seed. exact: true refuses a run estimated
// over 60 s unless force: true.
import { DECK_SIZE, PokerHashError, cardName, fail, show, typeName, u64 } from './common.mjs';
import { parseRangeText } from './ranges.mjs';

// The engine's share unit is 1/2520 pot (a k-way split, k <= 10, is then a whole number).
const EQUITY_UNIT = 2520;
const AUTO_EXACT_SECONDS = 2;
const EXACT_REFUSE_SECONDS = 60;
// ph_equity_exact_seconds estimates the native build; the wasm engine is this much slower on the same
// spots (measured: tests/web/wasm_factor.mjs; README "JS equity" gives the figures).
export const WASM_FACTOR = 1.5;
// Monte Carlo runs in batches of this many samples whose tallies are summed in order: the same split and
// order as Python's pokerhash.equity, so a seed gives the same floats there and here.
const MC_BATCH = 1 << 16;
const DEFAULT_SAMPLES = 1_000_000;
const MAX_SAMPLES_FOR_STDERR = 100_000_000;
// Exact work is cut like Python's (about 512 chunks, merged in order: the same floats for weighted ranges),
// but never into chunks estimated over CHUNK_SECONDS, so progress and cancelling stay prompt.
const EXACT_CHUNKS = 512n;
const CHUNK_SECONDS = 0.1;
const DEAL_SEARCH_BUDGET = 1_000_000;
// ph_equity_tally: 656 bytes of 8-byte fields; ph_equity_game on wasm32: nine 4-byte fields.
const TALLY = {
    deals: 0, win: 8, tie: 88, lose: 168, share: 248, weight: 328, weightedShare: 336, sumSq: 416,
    weightedWin: 496, weightedTie: 576,
};
const TALLY_BYTES = 656;
const GAME_BYTES = 36;
const PROBLEM_CAP = 160;
const CODE_OF_STATUS = { [-1]: 'card', [-2]: 'duplicate', [-3]: 'count', [-5]: 'argument', [-6]: 'range', [-7]: 'overflow' };

// ---- the players, board and dead cards (Python's _Spot, step for step) ----------------------------------

function readsAsCards(ph, text) {
    try {
        ph.parseCards(text);
        return true;
    } catch (e) {
        if (e instanceof PokerHashError) return false;
        throw e;
    }
}

function fixedHand(ph, cards, index) {
    const ids = ph.parseCards(cards);
    if (ids.length !== 2 && (ids.length < 4 || ids.length > 6)) {
        fail(`player ${index + 1}'s hand has ${ids.length} cards; hold'em hands have 2, Omaha hands 4 to 6`, 'count');
    }
    const label = ids.map((c) => cardName(c)).join('');
    return { label, cards: ids, combos: [{ cards: [...ids].sort((a, b) => a - b), weight: 1 }] };
}

/** One player's argument: a hand (text or array), range text, or a parseRange() result. */
function player(ph, p, index) {
    if (p && typeof p === 'object' && !Array.isArray(p) && !ArrayBuffer.isView(p) && Array.isArray(p.combos)) {
        if (!p.combos.length) fail(`player ${index + 1} has an empty range`, 'argument');
        return { label: String(p.text ?? ''), cards: null, combos: p.combos };
    }
    if (typeof p === 'string') {
        if (p.trim() && !p.includes(',') && readsAsCards(ph, p)) return fixedHand(ph, p, index);
        try {
            const range = parseRangeText(ph, p);
            return { label: p.trim(), cards: null, combos: range.combos };
        } catch (e) {
            if (e instanceof PokerHashError) throw new PokerHashError(`player ${index + 1}: ${e.message}`, e.code);
            throw e;
        }
    }
    if (Array.isArray(p) || ArrayBuffer.isView(p)) return fixedHand(ph, p, index);
    return fail(`player ${index + 1} must be a hand or a range, got ${typeName(p)}`, 'type');
}

function handSize(parsed, omaha) {
    const sizes = [...new Set(parsed.map((r) => (r.combos.length ? r.combos[0].cards.length : 0)))].sort((a, b) => a - b);
    if (sizes.length > 1) {
        fail(`all players must hold the same number of cards (2 for hold'em, 4 to 6 for Omaha), got ${sizes.join(' and ')}`, 'count');
    }
    const size = sizes[0];
    if (omaha === true && size === 2) fail('omaha: true needs hands of 4 to 6 cards, got 2', 'count');
    if (omaha === false && size !== 2) fail(`omaha: false needs hold'em hands of 2 cards, got ${size}`, 'count');
    return size;
}

/** Checked players, board and dead cards: per-player holdings (card removal applied) and weights. */
export function equitySpot(ph, players, { board, dead, omaha } = {}) {
    if (!Array.isArray(players)) fail('players must be an array of hands or ranges, one per player', 'type');
    if (players.length < 2 || players.length > 10) fail(`equity needs 2 to 10 players, got ${players.length}`, 'count');
    if (omaha !== undefined && typeof omaha !== 'boolean') fail(`omaha must be true or false, got ${show(omaha)}`, 'type');
    const boardCards = ph.parseCards(board ?? []);
    const deadCards = ph.parseCards(dead ?? []);
    if (![0, 3, 4, 5].includes(boardCards.length)) fail(`the board must have 0, 3, 4 or 5 cards, got ${boardCards.length}`, 'count');
    const owner = new Map(boardCards.map((card) => [card, 'the board']));
    for (const card of deadCards) {
        if (owner.has(card)) fail(`card ${cardName(card)} is both on the board and dead`, 'duplicate');
        owner.set(card, 'the dead cards');
    }
    const parsed = players.map((p, i) => player(ph, p, i));
    const size = handSize(parsed, omaha);
    // A player with a single hand holds known cards: they clash with others, and leave other ranges.
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
    const weighted = holdings.some((combos) => combos.some((c) => c.weight !== 1));
    const needed = players.length * size + 5 + deadCards.length;
    if (needed > DECK_SIZE) {
        fail(`not enough cards: ${players.length} players with ${size} cards each, a board of 5 and ` +
            `${deadCards.length} dead cards need ${needed} > 52`, 'count');
    }
    return {
        labels: parsed.map((r) => r.label), cards: parsed.map((r) => r.cards), holdings, weighted, size,
        board: boardCards, dead: deadCards,
    };
}

/** Throws when no choice of one holding per player is free of shared cards (Python's check_some_deal). */
function checkSomeDeal(spot) {
    const order = spot.holdings.map((_, i) => i).sort((a, b) => spot.holdings[a].length - spot.holdings[b].length);
    // Masks as two 26-bit halves: plain numbers are much faster than BigInts here.
    const half = (cards, high) => cards.reduce((m, c) => ((c >= 26) === high ? m | (1 << (c % 26)) : m), 0);
    const masks = order.map((i) => spot.holdings[i].map((c) => [half(c.cards, false), half(c.cards, true)]));
    let steps = 0;
    const search = (depth, low, high) => {
        if (depth === masks.length) return true;
        for (const [l, h] of masks[depth]) {
            steps++;
            if (steps > DEAL_SEARCH_BUDGET || (!(l & low) && !(h & high) && search(depth + 1, low | l, high | h))) return true;
        }
        return false;
    };
    if (!search(0, 0, 0)) fail("no deal is possible: the players' ranges always share a card", 'argument');
}

// ---- the C game in the wasm heap --------------------------------------------------------------------------

/** Writes the spot as a ph_equity_game into one malloc'd block; checks it with the engine. free() it. */
function writeGame(ph, spot) {
    const core = ph._core;
    const players = spot.holdings.length;
    const count = spot.holdings.reduce((n, combos) => n + combos.length, 0);
    const align = (x) => (x + 7) & ~7;
    const tally = 0;
    const units = TALLY_BYTES;
    const seconds = units + 8;
    const game = seconds + 8;
    const offsets = align(game + GAME_BYTES);
    const weights = align(offsets + 4 * (players + 1));
    const holdings = weights + 8 * count;
    const board = holdings + count * spot.size;
    const deadAt = board + 8;
    const problem = deadAt + 64;
    const bytes = problem + PROBLEM_CAP;
    const block = core._malloc(bytes);
    if (!block) fail(`cannot allocate ${bytes} bytes of wasm memory`, 'argument');
    const heap = ph._u8;
    const u32 = core.HEAPU32;
    const f64 = core.HEAPF64;
    let at = 0;
    spot.holdings.forEach((combos, p) => {
        u32[((block + offsets) >> 2) + p] = at;
        for (const combo of combos) {
            heap.set(combo.cards, block + holdings + at * spot.size);
            f64[((block + weights) >> 3) + at] = combo.weight;
            at++;
        }
    });
    u32[((block + offsets) >> 2) + players] = at;
    heap.set(spot.board, block + board);
    heap.set(spot.dead, block + deadAt);
    u32.set([players, spot.size, block + holdings, block + offsets, spot.weighted ? block + weights : 0,
        block + board, spot.board.length, block + deadAt, spot.dead.length], (block + game) >> 2);
    const status = core._ph_equity_check(block + game, block + problem, PROBLEM_CAP);
    if (status !== 0) {
        const message = ph._string(block + problem);
        core._free(block);
        fail(message, CODE_OF_STATUS[status] ?? 'argument');
    }
    return { block, game: block + game, tally: block + tally, units: block + units, seconds: block + seconds, players };
}

function statusError(ph, status) {
    fail(ph._string(ph._core._ph_error_message(status)), CODE_OF_STATUS[status] ?? 'argument');
}

const INT_FIELDS = ['win', 'tie', 'lose', 'share'];
const FLOAT_FIELDS = ['weightedShare', 'sumSq', 'weightedWin', 'weightedTie'];

function emptyTotal(players) {
    const total = { deals: 0, weight: 0 };
    for (const key of [...INT_FIELDS, ...FLOAT_FIELDS]) total[key] = new Float64Array(players);
    return total;
}

/**
 * Adds the chunk's tally in the heap to the running total, field by field in chunk order (as Python merges
 * them, so the floats agree), then zeroes it for the next chunk. Counts stay below 2**53: exact numbers.
 */
function accumulate(ph, g, total) {
    const u64s = ph._core.HEAPU64;
    const f64 = ph._core.HEAPF64;
    const at = g.tally >> 3;
    total.deals += Number(u64s[at]);
    total.weight += f64[at + TALLY.weight / 8];
    for (let p = 0; p < g.players; p++) {
        for (const key of INT_FIELDS) total[key][p] += Number(u64s[at + TALLY[key] / 8 + p]);
        for (const key of FLOAT_FIELDS) total[key][p] += f64[at + TALLY[key] / 8 + p];
    }
    ph._u8.fill(0, g.tally, g.tally + TALLY_BYTES);
}

function stderrs(total) {
    const n = total.deals;
    if (n < 2) return null;
    return Array.from(total.weightedShare, (s, p) => {
        const mean = s / total.weight;
        return Math.sqrt(Math.max(0, total.sumSq[p] / n - mean * mean) / (n - 1));
    });
}

/** "about 40 seconds", "about 9 hours", "about 3,100 years". */
export function roughDuration(seconds) {
    const steps = [[90, 1, 'second'], [90 * 60, 60, 'minute'], [48 * 3600, 3600, 'hour'], [730 * 86400, 86400, 'day']];
    for (const [limit, unit, name] of steps) {
        if (seconds < limit) {
            const n = Math.max(1, Math.round(seconds / unit));
            return `about ${n.toLocaleString('en-US')} ${name}${n === 1 ? '' : 's'}`;
        }
    }
    const years = seconds / (365.25 * 86400);
    return `about ${years < 1e15 ? Math.round(years).toLocaleString('en-US') : years.toExponential(1)} years`;
}

/** A random Monte Carlo seed below 2**63 (what Python picks too). */
function randomSeed() {
    const words = new Uint32Array(2);
    globalThis.crypto.getRandomValues(words);
    return (BigInt(words[0] & 0x7fffffff) << 32n) | BigInt(words[1]);
}

// ---- estimate and mode -------------------------------------------------------------------------------------

/** Estimated seconds of exact enumeration in this (wasm) engine, and the native estimate it scales. */
function estimate(ph, g) {
    const status = ph._core._ph_equity_exact_seconds(g.game, g.seconds);
    if (status !== 0) statusError(ph, status);
    const native = ph._core.HEAPF64[g.seconds >> 3];
    return { native, seconds: native * WASM_FACTOR };
}

function options(o) {
    const { exact, samples, stderr, seed, force } = o;
    if (exact !== undefined && typeof exact !== 'boolean') fail(`exact must be true or false, got ${show(exact)}`, 'type');
    if (force !== undefined && typeof force !== 'boolean') fail(`force must be true or false, got ${show(force)}`, 'type');
    if (samples !== undefined && (!Number.isSafeInteger(samples) || samples < 1)) {
        fail(`samples must be a positive integer, got ${show(samples)}`, 'argument');
    }
    if (stderr !== undefined && !(typeof stderr === 'number' && stderr > 0 && Number.isFinite(stderr))) {
        fail(`stderr must be a positive number, got ${show(stderr)}`, 'argument');
    }
    const seedValue = seed === undefined ? undefined : u64(seed, 'seed');
    const monteCarlo = samples !== undefined || stderr !== undefined || seed !== undefined;
    if (exact === true && monteCarlo) {
        const given = ['samples', 'stderr', 'seed'].filter((k) => o[k] !== undefined).join(', ');
        fail(`exact: true conflicts with ${given}: those are Monte Carlo options`, 'argument');
    }
    return { exact, monteCarlo, samples, stderr, seed: seedValue, force: force === true };
}

/**
 * The whole run as a generator: yields {done, total} after each chunk and returns the result. equity() drives
 * it to the end at once; equityAsync() yields to the event loop between chunks and stops when aborted.
 */
export function* equityJob(ph, players, opts = {}) {
    const started = performance.now();
    const o = options(opts);
    const spot = equitySpot(ph, players, opts);
    const g = writeGame(ph, spot);
    try {
        const cost = estimate(ph, g);
        const runExact = o.exact ?? (!o.monteCarlo && cost.seconds <= AUTO_EXACT_SECONDS);
        if (runExact && o.exact === true && !o.force && cost.seconds > EXACT_REFUSE_SECONDS) {
            fail(`exact enumeration would take ${roughDuration(cost.seconds)}; use Monte Carlo (exact: false) or pass force: true`, 'argument');
        }
        const total = emptyTotal(g.players);
        let seed = null;
        if (runExact) {
            let status = ph._core._ph_equity_exact_units(g.game, g.units);
            if (status === -7) fail('too many holding combinations to enumerate (2**64 or more); use Monte Carlo (exact: false)', 'overflow');
            if (status !== 0) statusError(ph, status);
            const units = ph._core.HEAPU64[g.units >> 3];
            let size = (units + EXACT_CHUNKS - 1n) / EXACT_CHUNKS;
            const perUnit = cost.seconds / Number(units);
            if (perUnit * Number(size) > CHUNK_SECONDS) size = BigInt(Math.max(1, Math.floor(CHUNK_SECONDS / perUnit)));
            ph._u8.fill(0, g.tally, g.tally + TALLY_BYTES);
            for (let start = 0n; start < units; start += size) {
                const count = units - start < size ? units - start : size;
                status = ph._core._ph_equity_exact(g.game, start, count, g.tally);
                if (status !== 0) statusError(ph, status);
                accumulate(ph, g, total);
                yield { done: Number(start + count), total: Number(units) };
            }
        } else {
            seed = o.seed ?? randomSeed();
            const cap = o.samples ?? (o.stderr !== undefined ? MAX_SAMPLES_FOR_STDERR : DEFAULT_SAMPLES);
            checkSomeDeal(spot);
            ph._u8.fill(0, g.tally, g.tally + TALLY_BYTES);
            for (let first = 0; first < cap; first += MC_BATCH) {
                const count = Math.min(MC_BATCH, cap - first);
                const status = ph._core._ph_equity_sample(g.game, seed, BigInt(first), BigInt(count), g.tally);
                if (status === -5) fail('could not deal holdings without shared cards (1,000,000 tries)', 'argument');
                if (status !== 0) statusError(ph, status);
                accumulate(ph, g, total);
                yield { done: first + count, total: cap };
                if (o.stderr !== undefined) {
                    const errors = stderrs(total);
                    if (errors && Math.max(...errors) <= o.stderr) break;
                }
            }
        }
        return result(spot, total, runExact, seed, cost, (performance.now() - started) / 1000);
    } finally {
        ph._core._free(g.block);
    }
}

/** The result object: per player, and the whole run. Same arithmetic as Python's EquityResult. */
function result(spot, total, isExact, seed, cost, seconds) {
    const n = total.deals;
    if (n === 0) fail("no deal is possible: the players' ranges always share a card", 'argument');
    const errors = isExact ? null : stderrs(total);
    const players = spot.labels.map((hand, p) => {
        // Exact with unit weights: integers to the end, so the equity is correctly rounded (equal to Python's).
        const equity = isExact && !spot.weighted ? total.share[p] / (EQUITY_UNIT * n) : total.weightedShare[p] / total.weight;
        const winRate = total.weightedWin[p] / total.weight;
        const tieRate = total.weightedTie[p] / total.weight;
        const out = {
            hand, cards: spot.cards[p], equity, win: total.win[p], tie: total.tie[p], lose: total.lose[p],
            winRate, tieRate, loseRate: (total.weight - total.weightedWin[p] - total.weightedTie[p]) / total.weight,
        };
        if (!isExact) out.stderr = errors ? errors[p] : null;
        return out;
    });
    const out = { exact: isExact, deals: n, players, board: spot.board, dead: spot.dead, estimatedSeconds: cost.seconds, seconds };
    if (!isExact) out.seed = seed;
    return out;
}

/** Runs a job to the end (equity()). */
export function runJob(job) {
    for (;;) {
        const step = job.next();
        if (step.done) return step.value;
    }
}

const yieldToEventLoop = () => new Promise((resolve) => { setTimeout(resolve, 0); });

/** Runs a job, yielding to the event loop every ~30 ms; onProgress(done, total) after each chunk. */
export async function runJobAsync(job, { signal, onProgress } = {}) {
    let last = performance.now();
    try {
        for (;;) {
            signal?.throwIfAborted();
            const step = job.next();
            if (step.done) return step.value;
            onProgress?.(step.value.done, step.value.total);
            if (performance.now() - last > 30) {
                await yieldToEventLoop();
                last = performance.now();
            }
        }
    } finally {
        job.return(); // frees the game block when stopped early
    }
}

/** The cost estimate alone: { seconds (this engine), nativeSeconds, exact (what auto mode would pick) }. */
export function equityEstimate(ph, players, opts = {}) {
    const spot = equitySpot(ph, players, opts);
    const g = writeGame(ph, spot);
    try {
        const cost = estimate(ph, g);
        return { seconds: cost.seconds, nativeSeconds: cost.native, exact: cost.seconds <= AUTO_EXACT_SECONDS };
    } finally {
        ph._core._free(g.block);
    }
}
