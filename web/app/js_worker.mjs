// The JS library's long work, off the page's thread: equity runs of hold'em and the other games (in chunks,
// with progress and cancel), hand-category histograms, equity by street, the analysis charts (a hand's strength
// distribution on a flop, Ultimate Texas Hold'em solved) and the benchmark.
// Messages: {id, job, args} in; {id, progress: [done, total]} while working, then {id, result} or
// {id, error} out; {cancel: id} stops a job.
import { PokerHash } from '../dist/pokerhash.mjs';

const ph = await PokerHash.load();
const running = new Map(); // id -> AbortController
const HISTOGRAM_CHUNK = 4_000_000; // hands per call: ~30 ms of wasm, so a cancel is seen at once

const pause = () => new Promise((resolve) => { setTimeout(resolve, 0); });

const jobs = {
    /** The checks and cost estimate of a spot (ranges make it milliseconds: not for the page's thread). */
    async estimate({ players, board, dead }) {
        return ph.equityEstimate(players, { board, dead });
    },

    /** The same for the other games (gameEquityEstimate): options { game, board, dead }. */
    async gameEstimate({ players, options }) {
        await ph.loadGames(); // pokerhash_games.wasm, fetched on the first game's use
        return ph.gameEquityEstimate(players, options);
    },

    async equity({ players, options }, signal, progress) {
        const r = await ph.equityAsync(players, { ...options, signal, onProgress: progress });
        return { ...r, seed: r.seed === undefined ? null : String(r.seed) };
    },

    /** Short deck or Omaha hi-lo equity (gameEquityAsync): the same chunks, progress and cancel. */
    async gameEquity({ players, options }, signal, progress) {
        const r = await ph.gameEquityAsync(players, { ...options, signal, onProgress: progress });
        return { ...r, seed: r.seed === undefined ? null : String(r.seed) };
    },

    /** Hands per category (0 royal flush .. 9 high card) over all C(52, k) hands, from valueHistogram. */
    async histogram({ k }, signal, progress) {
        const total = Number(ph.comb(52, k));
        const categories = new Array(10).fill(0);
        const categoryOf = new Uint8Array(7463);
        for (let v = 1; v <= 7462; v++) categoryOf[v] = ph.category(v);
        for (let start = 0; start < total; start += HISTOGRAM_CHUNK) {
            signal.throwIfAborted();
            const counts = ph.valueHistogram(k, start, Math.min(HISTOGRAM_CHUNK, total - start));
            for (let v = 1; v <= 7462; v++) categories[categoryOf[v]] += counts[v];
            progress(Math.min(start + HISTOGRAM_CHUNK, total), total);
            await pause();
        }
        return { k, total, categories };
    },

    /** Equity on each street of a board: preflop, flop, turn, river (as far as the board goes). */
    async streets({ players, board, dead }, signal, progress) {
        const cards = ph.parseCards(board);
        const streets = [['Preflop', 0], ['Flop', 3], ['Turn', 4], ['River', 5]].filter(([, n]) => n <= cards.length);
        const out = [];
        let labels = [];
        for (const [name, n] of streets) { // each street in auto mode: exact when quick, else Monte Carlo
            const r = await ph.equityAsync(players, { board: cards.slice(0, n), dead, signal });
            labels = r.players.map((p) => p.hand);
            out.push({ street: name, board: cards.slice(0, n), exact: r.exact, equity: r.players.map((p) => p.equity),
                stderr: r.players.map((p) => p.stderr ?? 0) });
            progress(out.length, streets.length);
        }
        return { labels, streets: out };
    },

    /** A hole's strength on every turn and river of a flop (strengthDistributionAsync): per-runout strengths. */
    async strength({ hole, flop }, signal, progress) {
        const r = await ph.strengthDistributionAsync(hole, flop, { signal, onProgress: progress });
        return { hole: r.hole, flop: r.flop, runouts: r.runouts, strengths: Array.from(r.strengths) };
    },

    /** Ultimate Texas Hold'em solved (ultimateTexasHoldemAsync): ~30 s of wasm for the full deck. */
    async uth({ dead, allow3x }, signal, progress) {
        return ph.ultimateTexasHoldemAsync({ dead, allow3x, signal, onProgress: progress });
    },

    async benchmark({ hands, seed }, signal, progress) {
        const cards = randomHands(hands, seed);
        const out = new Uint16Array(hands);
        let best = Infinity;
        for (let i = 0; i < 3; i++) {
            signal.throwIfAborted();
            const start = performance.now();
            ph.evaluateBatch(cards, 7, out);
            best = Math.min(best, performance.now() - start);
            progress(i + 1, 3);
            await pause();
        }
        return { evalsPerSecond: hands / (best / 1000), cards, values: out };
    },
};

/** n random 7-card hands from a seeded LCG: partial Fisher-Yates shuffles. */
function randomHands(n, seed) {
    let state = seed >>> 0;
    const next = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    const deck = Uint8Array.from({ length: 52 }, (_, i) => i);
    const cards = new Uint8Array(n * 7);
    for (let i = 0; i < n; i++) {
        for (let j = 0; j < 7; j++) {
            const r = j + Math.floor(next() * (52 - j));
            [deck[j], deck[r]] = [deck[r], deck[j]];
            cards[i * 7 + j] = deck[j];
        }
    }
    return cards;
}

self.onmessage = async ({ data }) => {
    if (data.cancel !== undefined) {
        running.get(data.cancel)?.abort();
        return;
    }
    const { id, job, args } = data;
    const controller = new AbortController();
    running.set(id, controller);
    let last = 0;
    const progress = (done, total) => { // at most ~20 messages a second, and the last one
        const now = performance.now();
        if (now - last > 50 || done === total) {
            last = now;
            self.postMessage({ id, progress: [done, total] });
        }
    };
    try {
        const result = await jobs[job](args, controller.signal, progress);
        const transfer = result.cards ? [result.cards.buffer, result.values.buffer] : [];
        self.postMessage({ id, result }, transfer);
    } catch (e) {
        self.postMessage({ id, error: e.message, cancelled: e.name === 'AbortError' });
    } finally {
        running.delete(id);
    }
};
self.postMessage({ ready: true, version: ph.version });
