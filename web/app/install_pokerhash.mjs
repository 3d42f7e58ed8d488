/**
 * Installs the pokerhash Python package into a booted Pyodide: its .py/.pyi files (listed in
 * dist/py/manifest.json by web/build.sh) plus the core side module, into site-packages/pokerhash/.
 * Shared by the page (files fetched over HTTP) and the node test harness (files read from disk):
 * `read(path)` returns the bytes of a path relative to web/dist/.
 */
export async function installPokerHash(pyodide, read) {
    const manifest = JSON.parse(new TextDecoder().decode(await read('py/manifest.json')));
    const site = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
    const target = `${site}/${manifest.package}`;
    pyodide.FS.mkdirTree(target);
    const files = manifest.files.map((name) => [`py/${manifest.package}/${name}`, `${target}/${name}`]);
    // _wasm_core.py looks for the side module next to itself.
    files.push(['pokerhash_core.so', `${target}/pokerhash_core.so`]);
    const contents = await Promise.all(files.map(([from]) => read(from)));
    files.forEach(([, to], i) => pyodide.FS.writeFile(to, contents[i]));
    pyodide.runPython('import importlib; importlib.invalidate_caches()');
    return target;
}
