// How far the time the JS library shows (equityEstimate().seconds: the C cost model times the host factor it
// measures on load, ph.hostFactor()) is from the time an exact run takes in this wasm engine on this host.
// Three random players preflop, on a flop and on a turn run for hours to minutes: each runs for a few seconds
// (after its first chunk, which warms up) and its pace projects the whole run (its units cost alike: each is one
// holding combination with all its boards); range spots of a tenth of a second and more run whole (best of 3).
// Each run is timed by the wall clock and by this process's CPU time (node runs the wasm on its one thread): on a
// machine whose cores are shared the wall clock measures the sharing, the CPU time the engine on this host, which
// is what the probe's best timing measures. Exits 1 when a CPU-time ratio falls outside 1/1.5 .. 1.5.
// Usage: node bench/bench_wasm_estimate.mjs [SECONDS_PER_PROJECTED_SPOT=8] [--json]
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
delete process.env.POKERHASH_HOST_FACTOR; // measured, as a person's browser measures it
const { PokerHash } = await import(path.resolve(here, '../web/dist/pokerhash.mjs'));
const args = process.argv.slice(2);
const SECONDS = Number(args.find((a) => /^\d+(\.\d+)?$/.test(a)) ?? 8);
const LIMIT = 1.5;

const PROJECTED = [
    [['random', 'random', 'random'], ''],
    [['random', 'random', 'random'], 'Ts 6d 2h'],
    [['random', 'random', 'random'], 'Ts 6d 2h 9c'],
];
const WHOLE = [
    [['QQ+, AKs', 'JJ-99, AQs', 'KQs, 87s'], ''],
    [['AhKh', 'QQ+, AKs', 'JJ-99'], ''],
    [['22+', 'AKs', 'KQo'], ''],
];

/** Seconds of this process's CPU time (user + system). */
const cpuNow = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1e6;
};

/** The pace of a forced exact run over SECONDS after its first chunk: the whole run's projected { wall, cpu } seconds. */
async function projected(ph, players, board) {
    const controller = new AbortController();
    let first = null;
    let last = null;
    const onProgress = (done, total) => {
        const now = performance.now();
        if (first === null) first = { done, now, cpu: cpuNow() };
        else last = { done, total, now, cpu: cpuNow() };
        if (now - first.now > SECONDS * 1000) controller.abort();
    };
    await ph.equityAsync(players, { board, exact: true, force: true, signal: controller.signal, onProgress }).catch((e) => {
        if (e.name !== 'AbortError') throw e;
    });
    // the pace after the first chunk (a warm-up), over all the units
    const scale = last.total / (last.done - first.done);
    return { wall: ((last.now - first.now) / 1000) * scale, cpu: (last.cpu - first.cpu) * scale };
}

function whole(ph, players, board) {
    let best = { wall: Infinity, cpu: Infinity };
    for (let i = 0; i < 3; i++) {
        const [wall, cpu] = [performance.now(), cpuNow()];
        ph.equity(players, { board, exact: true, force: true });
        best = { wall: Math.min(best.wall, (performance.now() - wall) / 1000), cpu: Math.min(best.cpu, cpuNow() - cpu) };
    }
    return best;
}

const ph = await PokerHash.load();
const started = performance.now();
const factor = ph.hostFactor();
const probeMs = performance.now() - started;
const rows = [];
for (const [list, measure] of [[PROJECTED, projected], [WHOLE, whole]]) {
    for (const [players, board] of list) {
        const estimate = ph.equityEstimate(players, { board });
        const { wall, cpu } = await measure(ph, players, board);
        rows.push({ spot: players.join(' vs ') + (board ? ` | ${board}` : ''), estimate: estimate.seconds, wall, cpu,
            ratio: cpu / estimate.seconds, wallRatio: wall / estimate.seconds, projected: measure === projected });
    }
}
const worst = rows.reduce((w, r) => Math.max(w, r.ratio, 1 / r.ratio), 0);
if (args.includes('--json')) {
    console.log(JSON.stringify({ factor, probeMs, rows, worst }));
} else {
    console.log(`host factor ${factor.toFixed(2)} (probe ${probeMs.toFixed(0)} ms), node ${process.version}, ` +
        `load average ${(await import('node:os')).loadavg()[0].toFixed(1)}`);
    console.log(`${'spot'.padEnd(42)} ${'shown s'.padStart(10)} ${'CPU s'.padStart(10)} ${'ratio'.padStart(6)} ` +
        `${'wall s'.padStart(10)} ${'ratio'.padStart(6)}`);
    for (const r of rows) {
        console.log(`${r.spot.padEnd(42)} ${r.estimate.toFixed(3).padStart(10)} ${r.cpu.toFixed(3).padStart(10)} ` +
            `${r.ratio.toFixed(2).padStart(6)} ${r.wall.toFixed(3).padStart(10)} ${r.wallRatio.toFixed(2).padStart(6)}` +
            `${r.projected ? '  (projected by its pace)' : ''}`);
    }
    console.log(`worst CPU-time ratio ${worst.toFixed(2)} (limit ${LIMIT})`);
}
process.exitCode = worst <= LIMIT ? 0 : 1;
