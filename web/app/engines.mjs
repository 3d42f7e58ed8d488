/**
 * The page's two ways into the same C core: the ES-module library (ready in milliseconds) and the
 * pokerhash Python package in Pyodide (ready after the interpreter boots). Python snippets shown on the
 * page are the exact text run here.
 */
import { PokerHash } from '../dist/pokerhash.mjs';
import { installPokerHash } from './install_pokerhash.mjs';

const fetchBytes = async (url) => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
};

export function loadJs() {
    return PokerHash.load();
}

/** Boots Pyodide from ./pyodide/ and installs pokerhash from ./dist/. */
export async function loadPython() {
    const { loadPyodide } = await import('../pyodide/pyodide.mjs');
    const pyodide = await loadPyodide({ indexURL: new URL('../pyodide/', import.meta.url).href });
    await installPokerHash(pyodide, (file) => fetchBytes(new URL(`../dist/${file}`, import.meta.url)));
    pyodide.runPython('import pokerhash');
    return pyodide;
}

/** A Python string literal for `text` (JSON's escapes are Python's too). */
export const pyString = (text) => JSON.stringify(text);

/**
 * Runs `code` in a fresh namespace and returns its last expression converted to JS. A Python exception
 * becomes an Error carrying just "ValueError: duplicate card As"'s message part.
 */
export function runPython(pyodide, code) {
    const namespace = pyodide.globals.get('dict')();
    try {
        const result = pyodide.runPython(code, { globals: namespace });
        if (result && typeof result.toJs === 'function') {
            const value = result.toJs({ dict_converter: Object.fromEntries });
            result.destroy();
            return value;
        }
        return result;
    } catch (error) {
        const last = String(error.message).trim().split('\n').pop();
        throw new Error(last.replace(/^\w+(Error|Exception): /, ''));
    } finally {
        namespace.destroy();
    }
}
