// Runs tests/web/pyodide_suite.py inside a fresh Pyodide under node, with pokerhash installed the way other
// Pyodide apps install it: micropip.install() of the wheel web/build.sh made (micropip itself from
// web/pyodide/, the pinned version; no network). Usage: node pyodide_run.mjs DATA_DIR
// DATA_DIR holds the native side's expectations (see conftest.py); they are copied into Pyodide's /data.
// Prints one JSON line: {"passed": [...], "failed": {name: traceback}, "figures": {...}}.
import { readFile, readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const web = path.resolve(here, '../../web');
const { loadPyodide } = await import(path.join(web, 'node_modules/pyodide/pyodide.mjs'));

const dataDir = process.argv[2];
const started = performance.now();
const pyodide = await loadPyodide({ stdout: (line) => process.stderr.write(`${line}\n`) });
const booted = performance.now();
const micropip = (await readdir(path.join(web, 'pyodide'))).find((name) => name.startsWith('micropip-'));
await pyodide.loadPackage(path.join(web, 'pyodide', micropip));
const { wheel } = JSON.parse(await readFile(path.join(web, 'dist', 'wheel.json'), 'utf8'));
pyodide.FS.writeFile(`/tmp/${wheel}`, await readFile(path.join(web, 'dist', wheel)));
await pyodide.runPythonAsync(`import micropip\nawait micropip.install("emfs:/tmp/${wheel}")`);
const installed = performance.now();

pyodide.FS.mkdirTree('/data');
for (const name of await readdir(dataDir)) {
    pyodide.FS.writeFile(`/data/${name}`, await readFile(path.join(dataDir, name)));
}
for (const name of ['pyodide_suite.py', 'core_cases.py', 'analysis_core_cases.py', 'isomorphism_core_cases.py']) {
    pyodide.FS.writeFile(`/data/${name}`, await readFile(path.join(here, name)));
}
const report = JSON.parse(pyodide.runPython(`
import sys
sys.path.insert(0, "/data")
import pyodide_suite
pyodide_suite.run_all("/data")
`));
report.figures.pyodide_boot_ms = Math.round(booted - started);
report.figures.wheel_install_ms = Math.round(installed - booted);
report.figures.wheel = wheel;
process.stdout.write(`${JSON.stringify(report)}\n`);
