// Pyodide off the page's thread: boots the interpreter, installs pokerhash from its Pyodide wheel with
// pyodide.loadPackage (as any Pyodide app would), and runs the Python snippets the page shows.
// Messages: {init: {interrupt}} first (a SharedArrayBuffer when the page is cross-origin isolated: writing
// 2 into it raises KeyboardInterrupt in the running Python within a few bytecodes); then {id, code, files}
// in, {id, progress} while a snippet calls report(done, total), and {id, result} or {id, error} out.
let pyodide = null;

async function boot(interrupt) {
    const started = performance.now();
    const { loadPyodide } = await import('../pyodide/pyodide.mjs');
    pyodide = await loadPyodide({ indexURL: new URL('../pyodide/', import.meta.url).href });
    if (interrupt) pyodide.setInterruptBuffer(new Uint8Array(interrupt));
    const { wheel } = await (await fetch(new URL('../dist/wheel.json', import.meta.url))).json();
    await pyodide.loadPackage(new URL(`../dist/${wheel}`, import.meta.url).href);
    pyodide.runPython('import pokerhash');
    return { bootMs: Math.round(performance.now() - started), wheel, version: pyodide.runPython('pokerhash.__version__') };
}

/** Runs `code` in a fresh namespace; its last expression, converted to JS, is the result. */
function run(id, code, files) {
    for (const [path, bytes] of Object.entries(files ?? {})) pyodide.FS.writeFile(path, bytes);
    const namespace = pyodide.globals.get('dict')();
    let last = 0;
    namespace.set('report', (done, total) => { // the snippets' progress callback, at most ~20 messages a second
        const now = performance.now();
        if (now - last > 50 || done === total) {
            last = now;
            self.postMessage({ id, progress: [done, total] });
        }
    });
    try {
        const result = pyodide.runPython(code, { globals: namespace });
        if (result && typeof result.toJs === 'function') {
            const value = result.toJs({ dict_converter: Object.fromEntries });
            result.destroy();
            return value;
        }
        return result;
    } finally {
        namespace.destroy();
    }
}

self.onmessage = async ({ data }) => {
    if (data.init) {
        try {
            self.postMessage({ ready: await boot(data.init.interrupt) });
        } catch (e) {
            self.postMessage({ failed: String(e.message ?? e) });
        }
        return;
    }
    const { id, code, files } = data;
    try {
        const result = run(id, code, files);
        const transfer = result?.values instanceof Uint8Array ? [result.values.buffer] : [];
        self.postMessage({ id, result }, transfer);
    } catch (e) {
        const message = String(e.message).trim().split('\n').pop();
        const cancelled = message.startsWith('KeyboardInterrupt');
        self.postMessage({ id, error: message.replace(/^\w+(Error|Exception|Interrupt): ?/, ''), cancelled });
    }
};
