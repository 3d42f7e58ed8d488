/**
 * The page's ways into the same C core. On the page's own thread, the ES-module library answers quick
 * questions (one hand, a cost estimate: microseconds). Everything long runs in Web Workers, so the page
 * never freezes: js_worker.mjs (the JS library: equity, histograms, benchmark) and py_worker.mjs (the
 * pokerhash Python package in Pyodide, installed from its wheel). Each job can report progress and be
 * cancelled: the JS worker checks between chunks; Python is interrupted through a SharedArrayBuffer
 * (KeyboardInterrupt), or, where the page is not cross-origin isolated, its worker is replaced.
 */
import { PokerHash } from '../dist/pokerhash.mjs';

export function loadJs() {
    return PokerHash.load(); // the hold'em core: main.mjs loads the other games after the first answer
}

/** A Python string literal for `text` (JSON's escapes are Python's too). */
export const pyString = (text) => JSON.stringify(text);

/**
 * What a code block shows when no Python ran for the request on screen: why, as a Python comment, then the code
 * that would have run where there is one. Every request sets its panel's block, so it never keeps the code of an
 * earlier request that no longer matches the result or message shown.
 */
export const notRunCode = (why, code = '') => `# Not run: ${why}.${code ? `\n\n${code}` : ''}`;

/** The block's text when the page refused the input before any engine saw it. */
export const REFUSED_CODE = notRunCode('the page refused this input (the message above says why)');

/** Runs the page's own checks of a request; a refusal also shows REFUSED_CODE in `codeBlock`. */
export function pageChecks(codeBlock, checks) {
    try {
        return checks();
    } catch (e) {
        codeBlock.textContent = REFUSED_CODE;
        throw e;
    }
}

export class Cancelled extends Error {
    constructor() {
        super('cancelled');
        this.name = 'Cancelled';
    }
}

/** Request/response over a worker: run() returns { promise, cancel }. */
class WorkerClient {
    constructor(url) {
        this.url = url;
        this.next = 1;
        this.pending = new Map(); // id -> { resolve, reject, onProgress }
        this._start();
    }

    _start() {
        this.ready = new Promise((resolve, reject) => { this._ready = { resolve, reject }; });
        // A boot that fails before anyone awaits `ready` (Pyodide not found: a second) is not an uncaught error:
        // the page awaits it later and says so.
        this.ready.catch(() => {});
        this.worker = new Worker(this.url, { type: 'module' });
        this.worker.onmessage = ({ data }) => this._message(data);
        this.worker.onerror = (e) => this._ready.reject(new Error(e.message || 'worker failed'));
    }

    _message(data) {
        if (data.ready) {
            this._ready.resolve(data.ready === true ? data : data.ready);
            return;
        }
        if (data.failed) {
            this._ready.reject(new Error(data.failed));
            return;
        }
        const job = this.pending.get(data.id);
        if (!job) return;
        if (data.progress) {
            job.onProgress?.(...data.progress);
            return;
        }
        this.pending.delete(data.id);
        if (data.cancelled) job.reject(new Cancelled());
        else if (data.error !== undefined) job.reject(new Error(data.error));
        else job.resolve(data.result);
        this._answered(data.id);
    }

    _answered() {}

    _send(message, onProgress, transfer = []) {
        const id = this.next++;
        const promise = new Promise((resolve, reject) => this.pending.set(id, { resolve, reject, onProgress }));
        this.worker.postMessage({ id, ...message }, transfer);
        return { id, promise };
    }
}

export class JsWorker extends WorkerClient {
    constructor() {
        super(new URL('./js_worker.mjs', import.meta.url));
    }

    run(job, args, onProgress) {
        const { id, promise } = this._send({ job, args }, onProgress);
        return { promise, cancel: () => this.worker.postMessage({ cancel: id }) };
    }
}

/**
 * One Python job in the worker at a time; the rest wait here. Pyodide has one interrupt for the whole
 * interpreter, so a Cancel must reach the job that is running and no other: a job queued in the worker behind
 * another took its Cancel from that one (a hand evaluated just before was interrupted, and the equity run went
 * on), and a run() that cleared the interrupt wiped a Cancel the running job had not seen yet.
 */
export class PyWorker extends WorkerClient {
    constructor() {
        super(new URL('./py_worker.mjs', import.meta.url));
        this.queue = []; // jobs not sent yet: { id, code, files }
        this.broken = null; // the boot error of a worker restarted after a Cancel that did not come up
        this.running = null; // the id of the job the worker has, or null
        this._init();
    }

    /** True while a job runs or waits here: a quick question is then better answered by the JS library. */
    get busy() {
        return this.pending.size > 0;
    }

    _init() {
        // SharedArrayBuffer exists only on a cross-origin isolated page (web/serve.py sends COOP/COEP).
        this.interrupt = globalThis.crossOriginIsolated ? new SharedArrayBuffer(1) : null;
        this.worker.postMessage({ init: { interrupt: this.interrupt } });
    }

    /** Runs a Python snippet; `files` ({path: Uint8Array}) are written to Pyodide's file system first. */
    run(code, onProgress, files) {
        const id = this.next++;
        const promise = new Promise((resolve, reject) => this.pending.set(id, { resolve, reject, onProgress }));
        if (this.broken) { // a worker that failed to boot again would answer with a null-Pyodide TypeError
            this.pending.get(id).reject(this.broken);
            this.pending.delete(id);
            return { promise, cancel: () => {} };
        }
        this.queue.push({ id, code, files });
        this._dispatch();
        return { promise, cancel: () => this._cancel(id) };
    }

    _dispatch() {
        if (this.running !== null || !this.queue.length) return;
        const { id, code, files } = this.queue.shift();
        this.running = id;
        // The worker is idle: an interrupt still set is a Cancel that came after the last job had ended.
        if (this.interrupt) new Uint8Array(this.interrupt)[0] = 0;
        this.worker.postMessage({ id, code, files });
    }

    _answered(id) {
        if (id !== this.running) return;
        this.running = null;
        this._dispatch();
    }

    _cancel(id) {
        const job = this.pending.get(id);
        if (!job) return; // answered already
        const queued = this.queue.findIndex((waiting) => waiting.id === id);
        if (queued >= 0) {
            this.queue.splice(queued, 1);
            this.pending.delete(id);
            job.reject(new Cancelled());
            return;
        }
        if (this.interrupt) {
            new Uint8Array(this.interrupt)[0] = 2; // SIGINT: KeyboardInterrupt at the next bytecode check
            return;
        }
        // No shared memory: stop the worker outright, and boot a new one; the queue waits for it.
        this.worker.terminate();
        this.pending.delete(id);
        job.reject(new Cancelled());
        this._start();
        this._init();
        this.ready.then(() => {
            this.running = null;
            this._dispatch();
        }, (e) => {
            this.broken = e; // later jobs get its boot error at once rather than wait for ever
            for (const { id: waiting } of this.queue.splice(0)) {
                this.pending.get(waiting)?.reject(e);
                this.pending.delete(waiting);
            }
            this.running = null;
        });
    }
}
