// Runs tests/web/pyodide_suite.py inside Pyodide under node, against the side module and the Python
// files web/build.sh staged in web/dist. Usage: node pyodide_run.mjs DATA_DIR
// DATA_DIR holds the native side's expectations (see conftest.py); they are copied into Pyodide's
// /data. Prints one JSON line: {"passed": [...], "failed": {name: traceback}, "figures": {...}}.
import { readFile, readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const web = path.resolve(here, '../../web');
const { loadPyodide } = await import(path.join(web, 'node_modules/pyodide/pyodide.mjs'));
const { installPokerHash } = await import(path.join(web, 'app/install_pokerhash.mjs'));

const dataDir = process.argv[2];
const started = performance.now();
const pyodide = await loadPyodide({ stdout: (line) => process.stderr.write(`${line}\n`) });
const booted = performance.now();
await installPokerHash(pyodide, (file) => readFile(path.join(web, 'dist', file)));

pyodide.FS.mkdirTree('/data');
for (const name of await readdir(dataDir)) {
    pyodide.FS.writeFile(`/data/${name}`, await readFile(path.join(dataDir, name)));
}
for (const name of ['pyodide_suite.py', 'core_cases.py']) {
    pyodide.FS.writeFile(`/data/${name}`, await readFile(path.join(here, name)));
}
const report = JSON.parse(pyodide.runPython(`
import sys
sys.path.insert(0, "/data")
import pyodide_suite
pyodide_suite.run_all("/data")
`));
report.figures.pyodide_boot_ms = Math.round(booted - started);
process.stdout.write(`${JSON.stringify(report)}\n`);
