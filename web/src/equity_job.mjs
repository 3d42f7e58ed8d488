// The equity job machinery shared by hold'em (equity.mjs) and the other games (games.mjs): a checked spot
// written into the wasm heap as a ph_equity_game, the mode rule (PLAN decision 2; docs/design/equity-c-api.md
// "Choosing exact or Monte Carlo"), exact work in chunks and Monte Carlo in batches split and merged in
// Python's order (so a seed gives the same floats as Pyodide's and native single-thread Python), and the two
// ways to drive a job: to the end at once, or async with progress and an AbortSignal.
//
// An engine describes one C equity family: ph_equity_* (hold'em, Omaha) or ph_game_equity_* bound to a
// (high, low) pair of games; its tally layout (ph_equity_tally or ph_game_tally); how Python cuts its exact
// work; its Monte Carlo batch size.
import { CODE_OF_STATUS, STATUS, durationText, fail, group, isInteger, numeric, randomSeed, show, typeName } from './common.mjs';

const AUTO_EXACT_SECONDS = 2;
const REFUSE_EXACT_SECONDS = 60;
const REFUSE_SAMPLING_SECONDS = 60;
// Python's _equity_jobs: one holding draw of the C samplers' redraw loop (native, one core); the estimated
// time a Monte Carlo batch is cut below, so a cancel is seen within a second however dear the samples.
const SAMPLER_DRAW_NS = 6;
const MC_PIECE_SECONDS = 0.5;
const DEAR_SAMPLE_SECONDS = 1e-5; // only samples whose tries take longer are refused
// Python's Spot.deal_rate: a trial of this many tries, enough when this many succeed; else descents, each
// looking at every holding, about DESCENT_CHECKS holdings in all.
const TRIAL_TRIES = 1024;
const TRIAL_ENOUGH = 32;
const DESCENT_CHECKS = 200_000;
const MIN_DESCENTS = 16;
const MAX_DESCENTS = 64;
const DEFAULT_SAMPLES = 1_000_000;
const MAX_SAMPLES_FOR_STDERR = 100_000_000;
// More samples than anyone can wait for (days of wasm time): refused up front, as Python refuses them, rather
// than started. Below it every count is a safe integer, so sample ranks stay exact as numbers.
export const MAX_SAMPLES = 10 ** 12;
const GAME_BYTES = 36; // ph_equity_game on wasm32: nine 4-byte fields
const PROBLEM_CAP = 160;
const DEAL_SEARCH_BUDGET = 1_000_000;

// Byte offsets of the tally fields: [offset, 'u64' | 'f64']; per-player fields hold 10 values.
const PLAYER_FIELDS = {
    win: [8, 'u64'], tie: [88, 'u64'], lose: [168, 'u64'], share: [248, 'u64'],
    weightedShare: [336, 'f64'], sumSq: [416, 'f64'], weightedWin: [496, 'f64'], weightedTie: [576, 'f64'],
};
/** ph_equity_tally. */
export const EQUITY_TALLY = { bytes: 656, players: PLAYER_FIELDS, scalars: { deals: [0, 'u64'], weight: [328, 'f64'] } };
/** ph_game_tally: ph_equity_tally's fields, then high_share[10], weighted_high_share[10], low_deals. */
export const GAME_TALLY = {
    bytes: 824,
    players: { ...PLAYER_FIELDS, highShare: [656, 'u64'], weightedHighShare: [736, 'f64'] },
    scalars: { ...EQUITY_TALLY.scalars, lowDeals: [816, 'u64'] },
};

// ---- options and the mode rule ---------------------------------------------------------------------------

/** The JS spelling of a Python option value in a message: true, false, 7, 0.01. */
const optionText = (value) => (typeof value === 'bigint' ? `${value}` : show(value));

/** Checked mode options: { exact, monteCarlo, samples, stderr, seed, force }. */
export function equityOptions(o) {
    const { exact, force } = o;
    const samples = numeric(o.samples);
    const stderr = numeric(o.stderr);
    const seed = o.seed;
    if (exact !== undefined && typeof exact !== 'boolean') fail(`exact must be true or false, got ${show(exact)}`, 'type');
    if (force !== undefined && typeof force !== 'boolean') fail(`force must be true or false, got ${show(force)}`, 'type');
    const given = ['samples', 'stderr', 'seed'].filter((k) => o[k] !== undefined);
    if (exact === true && given.length) {
        fail(`exact: true conflicts with ${given.map((k) => `${k}: ${optionText(o[k])}`).join(', ')}: those set Monte Carlo; ` +
            'drop them, or pass exact: false (or leave exact: undefined) to sample', 'argument');
    }
    if (samples !== undefined && (!isInteger(samples) || samples < 1)) {
        fail(`samples must be a positive integer, got ${show(samples)}`, 'argument');
    }
    if (samples > MAX_SAMPLES) {
        fail(`samples must be at most 10**12, got ${show(samples)}: that many would take days; pass stderr to stop `
             + 'at a precision instead', 'argument');
    }
    if (stderr !== undefined && !(typeof stderr === 'number' && stderr > 0)) {
        fail(`stderr must be a positive number, got ${show(stderr)}`, 'argument');
    }
    if (seed !== undefined && (!(Number.isInteger(seed) || typeof seed === 'bigint') || BigInt(seed) < 0n || BigInt(seed) >= 1n << 64n)) {
        fail(`seed must be an integer 0..2**64-1, got ${show(seed)}`, 'argument');
    }
    return {
        exact, monteCarlo: given.length > 0, samples, stderr, seed: seed === undefined ? undefined : BigInt(seed),
        force: force === true,
    };
}

// ---- the spot in the wasm heap ---------------------------------------------------------------------------

/**
 * Writes a spot ({ holdings: per player [{cards, weight}], weighted, size, board, dead }) as a ph_equity_game
 * into one malloc'd block, after a tally and two 8-byte result slots, and checks it with the engine (its
 * message on failure). The caller frees g.block.
 */
function writeSpot(ph, engine, spot) {
    const core = ph._core;
    const players = spot.holdings.length;
    const count = spot.holdings.reduce((n, combos) => n + combos.length, 0);
    const align = (x) => (x + 7) & ~7;
    const units = engine.tally.bytes;
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
    try { // the players' combos are checked already; a throw here still must not leak the block
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
    } catch (e) {
        core._free(block);
        throw e;
    }
    const status = engine.check(core, block + game, block + problem, PROBLEM_CAP);
    if (status !== 0) {
        const message = ph._string(block + problem);
        core._free(block);
        fail(message, CODE_OF_STATUS[status] ?? 'argument');
    }
    return { block, game: block + game, tally: block, units: block + units, seconds: block + seconds, players };
}

function statusError(ph, status) {
    fail(ph._string(ph._core._ph_error_message(status)), CODE_OF_STATUS[status] ?? 'argument');
}

/** The native single-core estimate of exact enumeration (the one cost model of Python and JS). */
function nativeEstimate(ph, engine, g) {
    const status = engine.seconds(ph._core, g.game, g.seconds);
    if (status !== 0) statusError(ph, status);
    return ph._core.HEAPF64[g.seconds >> 3];
}

// ---- tallies -----------------------------------------------------------------------------------------------

function emptyTotal(layout, players) {
    const total = {};
    for (const key of Object.keys(layout.scalars)) total[key] = 0;
    for (const key of Object.keys(layout.players)) total[key] = new Float64Array(players);
    return total;
}

/**
 * Adds the chunk's tally in the heap to the running total, field by field in chunk order (as Python merges
 * them, so the floats agree), then zeroes it for the next chunk. Counts stay below 2**53: exact numbers.
 */
function accumulate(ph, layout, g, total) {
    const u64s = ph._core.HEAPU64;
    const f64 = ph._core.HEAPF64;
    const at = g.tally >> 3;
    const read = ([offset, type], i = 0) => (type === 'u64' ? Number(u64s[at + offset / 8 + i]) : f64[at + offset / 8 + i]);
    for (const [key, field] of Object.entries(layout.scalars)) total[key] += read(field);
    for (const [key, field] of Object.entries(layout.players)) {
        for (let p = 0; p < g.players; p++) total[key][p] += read(field, p);
    }
    ph._u8.fill(0, g.tally, g.tally + layout.bytes);
}

/** Standard error of each player's Monte Carlo equity (Python's _stderrs); null below two samples. */
export function stderrs(total) {
    const n = total.deals;
    if (n < 2) return null;
    return Array.from(total.weightedShare, (s, p) => {
        const mean = s / total.weight;
        return Math.sqrt(Math.max(0, total.sumSq[p] / n - mean * mean) / (n - 1));
    });
}

/** A holding's cards as two 26-bit halves: plain numbers are much faster than BigInts here. */
const halves = (cards) => cards.reduce((m, c) => {
    m[c >= 26 ? 1 : 0] |= 1 << (c % 26);
    return m;
}, [0, 0]);

/**
 * Throws when no choice of one holding per player is free of shared cards (Python's check_some_deal): a
 * depth-first search, narrowest range first, remembering the card sets it found no way on from.
 */
function checkSomeDeal(spot) {
    const order = spot.holdings.map((_, i) => i).sort((a, b) => spot.holdings[a].length - spot.holdings[b].length);
    const masks = order.map((i) => spot.holdings[i].map((c) => halves(c.cards)));
    const dead = new Set(); // cards held by the players so far (which also says how many) with no way on
    let steps = 0;
    const search = (depth, low, high) => {
        if (depth === masks.length) return true;
        const key = high * 2 ** 26 + low;
        if (dead.has(key)) return false;
        for (const [l, h] of masks[depth]) {
            steps++;
            if (steps > DEAL_SEARCH_BUDGET || (!(l & low) && !(h & high) && search(depth + 1, low | l, high | h))) return true;
        }
        dead.add(key);
        return false;
    };
    if (!search(0, 0, 0)) fail("no deal is possible: the players' ranges always share a card", 'argument');
}

/** Marsaglia's xorshift32 from Python's seed: the numbers in [0, 1) of Python's _Xorshift, bit for bit. */
function xorshift() {
    let x = 0x9E3779B9;
    return () => {
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        x >>>= 0;
        return x / 4294967296;
    };
}

/** The first index whose running sum passes `target` (Python's bisect_right), at most the last. */
function passing(running, target) {
    let lo = 0;
    let hi = running.length;
    while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (target < running[mid]) hi = mid;
        else lo = mid + 1;
    }
    return Math.min(lo, running.length - 1);
}

/**
 * { accepted, draws }: Python's Spot.deal_rate, the same numbers: about how often the sampler's try at the
 * players' holdings is free of shared cards, and how many holdings a try draws. A trial of the sampler's own
 * kind; when it meets too few successes, random descents that take each player among the holdings clear of
 * the cards before, whose products of weight shares estimate the chance of getting that far.
 */
function dealRate(spot) {
    const masks = spot.holdings.map((combos) => combos.map((c) => halves(c.cards)));
    const weights = spot.holdings.map((combos) => {
        if (!spot.weighted) return combos.map(() => 1);
        const largest = Math.max(...combos.map((c) => c.weight)); // only ratios matter; sums stay finite
        return combos.map((c) => (largest > 0 ? c.weight / largest : c.weight));
    });
    const totals = weights.map((ws) => {
        let total = 0;
        return ws.map((w) => (total += w));
    });
    const random = xorshift();
    let tries = 0;
    let draws = 0;
    let accepted = 0;
    while (tries < TRIAL_TRIES && accepted < TRIAL_ENOUGH) {
        tries++;
        let low = 0;
        let high = 0;
        let clear = true;
        for (let p = 0; p < masks.length && clear; p++) {
            draws++;
            const running = totals[p];
            const [l, h] = masks[p][passing(running, random() * running[running.length - 1])];
            clear = !(l & low) && !(h & high);
            low |= l;
            high |= h;
        }
        if (clear) accepted++;
    }
    if (accepted >= TRIAL_ENOUGH) return { accepted: accepted / tries, draws: draws / tries };
    const holdings = masks.reduce((n, m) => n + m.length, 0);
    const descents = Math.max(MIN_DESCENTS, Math.min(MAX_DESCENTS, Math.floor(DESCENT_CHECKS / holdings)));
    let reachedSum = 0;
    let drawsSum = 0;
    for (let d = 0; d < descents; d++) {
        let low = 0;
        let high = 0;
        let reached = 1;
        for (let p = 0; p < masks.length; p++) {
            drawsSum += reached; // this player is drawn when every one before it was clear
            const mine = masks[p];
            const ws = weights[p];
            let clear = 0;
            for (let j = 0; j < mine.length; j++) if (!(mine[j][0] & low) && !(mine[j][1] & high)) clear += ws[j];
            const running = totals[p];
            reached *= clear / running[running.length - 1];
            if (!reached) break;
            const target = random() * clear;
            let sum = 0;
            let chosen = [0, 0]; // the last clear holding should rounding leave the sum short of the target
            for (let j = 0; j < mine.length; j++) {
                if ((mine[j][0] & low) || (mine[j][1] & high)) continue;
                sum += ws[j];
                chosen = mine[j];
                if (sum > target) break;
            }
            low |= chosen[0];
            high |= chosen[1];
        }
        reachedSum += reached;
    }
    return { accepted: reachedSum / descents, draws: drawsSum / descents };
}


/**
 * What Monte Carlo would cost (Python's _equity_jobs.pick_mode): { accepted, samples, seconds, batch, dear }:
 * the share of the sampler's tries free of shared cards, the samples to draw at most, the single-core seconds
 * their tries take (the part that grows without bound as ranges overlap), the samples per batch (halved below
 * engine.mcBatch while a batch would take over MC_PIECE_SECONDS, so a cancel is seen within a second), and
 * whether a sample's tries take over DEAR_SAMPLE_SECONDS.
 */
function samplingPlan(engine, spot, o) {
    const { accepted, draws } = dealRate(spot);
    const perSample = accepted ? draws / accepted * SAMPLER_DRAW_NS * 1e-9 : Infinity;
    let batch = engine.mcBatch;
    while (batch > 1 && batch * perSample > MC_PIECE_SECONDS) batch = Math.floor(batch / 2);
    const cap = o.samples ?? (o.stderr !== undefined ? MAX_SAMPLES_FOR_STDERR : DEFAULT_SAMPLES);
    // a pot share (variance at most 1/4) meets a stderr target by 1 / (4 target^2) samples, seen per batch
    const samples = o.stderr === undefined ? cap
        : Math.min(cap, Math.ceil(Math.ceil(0.25 / (o.stderr * o.stderr)) / batch) * batch);
    return { accepted, samples, seconds: samples * perSample, batch, dear: perSample > DEAR_SAMPLE_SECONDS };
}

/** Auto mode's choice once the estimate is over AUTO_EXACT_SECONDS: enumerate when that is the quicker. */
const exactAfterAll = (o, native, plan) => o.exact === undefined && !o.monteCarlo &&
    native < Math.min(plan.seconds, REFUSE_SAMPLING_SECONDS);

/**
 * The mode rule: { exact, batch }. Auto mode enumerates up to AUTO_EXACT_SECONDS, or when the sampler would
 * spend longer finding holdings free of shared cards than the enumeration takes; sampling of dear samples
 * whose tries would take over REFUSE_SAMPLING_SECONDS of one core is refused unless forced. `native`: the
 * exact estimate.
 */
function pickMode(engine, spot, o, native) {
    if (o.exact ?? (!o.monteCarlo && native <= AUTO_EXACT_SECONDS)) return { exact: true, batch: 0 };
    const plan = samplingPlan(engine, spot, o);
    if (exactAfterAll(o, native, plan)) return { exact: true, batch: 0 };
    if (plan.dear && plan.seconds > REFUSE_SAMPLING_SECONDS && !o.force) {
        if (!plan.accepted) {
            fail("almost no choice of the players' holdings is free of shared cards, so Monte Carlo cannot deal " +
                'them; pass exact: true to enumerate the few that are', 'argument');
        }
        fail(`only about 1 in ${group(Math.round(1 / plan.accepted))} choices of the players' holdings is free of ` +
            `shared cards; ${group(plan.samples)} samples would take about ${durationText(plan.seconds)} on 1 thread; ` +
            'pass a smaller samples, or force: true', 'argument');
    }
    return { exact: false, batch: plan.batch };
}

// ---- the job -----------------------------------------------------------------------------------------------

/**
 * The whole run as a generator: yields { done, total } after each chunk and returns
 * makeResult(total, { exact, seed, nativeSeconds, seconds }). `o` is equityOptions()'s answer.
 */
export function* equityJob(ph, engine, spot, o, makeResult) {
    const started = performance.now();
    const core = ph._core;
    const g = writeSpot(ph, engine, spot);
    try {
        const native = nativeEstimate(ph, engine, g);
        if (engine.searchDeal) checkSomeDeal(spot); // before either mode: no deal at all is said at once
        const { exact: runExact, batch } = pickMode(engine, spot, o, native);
        const total = emptyTotal(engine.tally, g.players);
        let seed;
        ph._u8.fill(0, g.tally, g.tally + engine.tally.bytes);
        if (runExact) {
            let status = engine.units(core, g.game, g.units);
            if (status === STATUS.OVERFLOW) fail(engine.overflow, 'overflow');
            if (status !== 0) statusError(ph, status);
            if (native > REFUSE_EXACT_SECONDS && !o.force) {
                fail(`exact enumeration would take about ${durationText(native)} on 1 thread; ` +
                    'use Monte Carlo (exact: false) or pass force: true', 'argument');
            }
            const units = core.HEAPU64[g.units >> 3];
            const chunks = BigInt(engine.chunks(units, native));
            const size = (units + chunks - 1n) / chunks || 1n;
            for (let start = 0n; start < units; start += size) {
                const count = units - start < size ? units - start : size;
                status = engine.exact(core, g.game, start, count, g.tally);
                if (status !== 0) statusError(ph, status);
                accumulate(ph, engine.tally, g, total);
                yield { done: Number(start + count), total: Number(units) };
            }
        } else {
            seed = o.seed ?? randomSeed();
            const cap = o.samples ?? (o.stderr !== undefined ? MAX_SAMPLES_FOR_STDERR : DEFAULT_SAMPLES);
            for (let first = 0; first < cap; first += batch) {
                const count = Math.min(batch, cap - first);
                const status = engine.sample(core, g.game, seed, BigInt(first), BigInt(count), g.tally);
                if (status === STATUS.ARGUMENT) fail('could not deal holdings without shared cards (1,000,000 tries)', 'argument');
                if (status !== 0) statusError(ph, status);
                accumulate(ph, engine.tally, g, total);
                yield { done: first + count, total: cap };
                if (o.stderr !== undefined) {
                    const errors = stderrs(total);
                    if (errors && Math.max(...errors) <= o.stderr) break;
                }
            }
        }
        if (total.deals === 0) fail("no deal is possible: the players' ranges always share a card", 'argument');
        return makeResult(total, { exact: runExact, seed, nativeSeconds: native, seconds: (performance.now() - started) / 1000 });
    } finally {
        core._free(g.block);
    }
}

/**
 * The cost estimate alone: { seconds (this wasm engine on this host: the native estimate times `factor`),
 * nativeSeconds, exact (what auto mode picks) }.
 */
export function estimateSpot(ph, engine, spot, factor) {
    const g = writeSpot(ph, engine, spot);
    try {
        const native = nativeEstimate(ph, engine, g);
        const auto = { exact: undefined, monteCarlo: false };
        const exact = native <= AUTO_EXACT_SECONDS || exactAfterAll(auto, native, samplingPlan(engine, spot, auto));
        return { seconds: native * factor, nativeSeconds: native, exact };
    } finally {
        ph._core._free(g.block);
    }
}

/**
 * { seconds, nativeSeconds }: the best timing of the exact enumeration of every spot by the engine's C calls
 * alone (one call per spot), repeated at least `runs` times and for `budgetMs` after a warm-up (longer, up to 4 budgets, while the best
 * still falls), and the native
 * estimate of the same work. The job's JS set-up is left out: on a spot of milliseconds it would outweigh the
 * engine, and a real run's chunks take a tenth of a second each. The budget outlasts the engine's tier-up:
 * just after load, V8 runs wasm from its baseline compiler, up to twice as slow, until the optimized code
 * arrives from a background thread (tens of milliseconds).
 */
export function timeExact(ph, engine, spots, { runs, budgetMs }) {
    const core = ph._core;
    const written = [];
    try {
        for (const spot of spots) written.push(writeSpot(ph, engine, spot));
        let nativeSeconds = 0;
        const units = written.map((g) => {
            nativeSeconds += nativeEstimate(ph, engine, g);
            const status = engine.units(core, g.game, g.units);
            if (status !== 0) statusError(ph, status);
            return core.HEAPU64[g.units >> 3];
        });
        let seconds = Infinity;
        let improved = 0; // when the best last fell by a tenth: optimized code arriving late extends the budget
        const first = performance.now();
        for (let run = 0; ; run++) {
            const started = performance.now();
            written.forEach((g, i) => {
                const status = engine.exact(core, g.game, 0n, units[i], g.tally);
                if (status !== 0) statusError(ph, status);
            });
            const now = performance.now();
            const time = (now - started) / 1000;
            if (run > 0 && time < 0.9 * seconds) improved = now - first;
            if (run > 0) seconds = Math.min(seconds, time);
            const spent = now - first;
            if (run >= runs && spent >= budgetMs && (spent >= improved + budgetMs / 2 || spent >= 4 * budgetMs)) break;
        }
        return { seconds, nativeSeconds };
    } finally {
        for (const g of written) core._free(g.block);
    }
}

/** Runs a job to the end. */
export function runJob(job) {
    for (;;) {
        const step = job.next();
        if (step.done) return step.value;
    }
}

const yieldToEventLoop = () => new Promise((resolve) => { setTimeout(resolve, 0); });

/**
 * Whether x behaves as an AbortSignal. Duck-typed: a signal of another realm (an iframe's) or a polyfill fails
 * `instanceof AbortSignal`, and throwIfAborted and reason are too new for every signal to have them.
 */
function isAbortSignal(x) {
    try {
        return typeof x === 'object' && x !== null && typeof x.aborted === 'boolean' &&
            typeof x.addEventListener === 'function' && typeof x.removeEventListener === 'function';
    } catch {
        return false; // a revoked Proxy
    }
}

/** What an aborted signal's job rejects with: its reason, as fetch() does (a TimeoutError for AbortSignal.timeout()). */
const abortReason = (signal) => signal.reason ?? new DOMException('This operation was aborted', 'AbortError');

function throwIfAborted(signal) {
    if (signal?.aborted) throw abortReason(signal);
}

/**
 * Waits for the promise an async onProgress returned, so that its rejection rejects the job instead of going
 * unhandled; an abort meanwhile rejects at once, however long the callback takes.
 */
async function progressDone(result, signal) {
    if (!signal) {
        await result;
        return;
    }
    let onAbort;
    const aborted = new Promise((_, reject) => { onAbort = () => reject(abortReason(signal)); });
    signal.addEventListener('abort', onAbort, { once: true });
    try {
        if (signal.aborted) onAbort(); // by the callback itself, before the listener was there
        await Promise.race([result, aborted]);
    } finally {
        signal.removeEventListener('abort', onAbort);
    }
}

/**
 * Runs a job, yielding to the event loop every ~30 ms; onProgress(done, total) after each chunk. A callback
 * that throws, or an async one that rejects, rejects the job with that error and stops it.
 */
export async function runJobAsync(job, { signal, onProgress } = {}) {
    let last = performance.now();
    try {
        if (signal !== undefined && !isAbortSignal(signal)) fail(`signal must be an AbortSignal, got ${typeName(signal)}`, 'type');
        if (onProgress !== undefined && typeof onProgress !== 'function') fail(`onProgress must be a function, got ${typeName(onProgress)}`, 'type');
        for (;;) {
            throwIfAborted(signal);
            const step = job.next();
            if (step.done) return step.value;
            const result = onProgress?.(step.value.done, step.value.total);
            if (typeof result?.then === 'function') await progressDone(result, signal);
            if (performance.now() - last > 30) {
                await yieldToEventLoop();
                last = performance.now();
            }
        }
    } finally {
        job.return(); // frees the spot's block when stopped early
    }
}
