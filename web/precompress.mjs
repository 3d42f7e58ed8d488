// Writes FILE.br (brotli, quality 11) and FILE.gz (gzip -9) beside each large file the page loads, as a
// production build does for a static server: web/serve.py sends them with Content-Encoding to a browser that
// accepts them. Files under a kilobyte get none (headers cost more); a copy is written only when missing or
// older than its file (an unchanged build costs nothing; brotli 11 takes seconds a megabyte).
// Usage: node web/precompress.mjs FILE_OR_DIR...    (directories: their files, not recursively)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const MIN_BYTES = 1024;
const COPIES = {
    '.br': (bytes) => zlib.brotliCompressSync(bytes, {
        params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_LGWIN]: zlib.constants.BROTLI_MAX_WINDOW_BITS,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
    }),
    '.gz': (bytes) => zlib.gzipSync(bytes, { level: 9 }),
};

function* filesOf(args) {
    for (const arg of args) {
        if (!fs.statSync(arg).isDirectory()) {
            yield arg;
            continue;
        }
        for (const entry of fs.readdirSync(arg, { withFileTypes: true })) {
            if (entry.isFile() && !Object.keys(COPIES).includes(path.extname(entry.name))) yield path.join(arg, entry.name);
        }
    }
}

for (const file of filesOf(process.argv.slice(2))) {
    const { size, mtimeMs } = fs.statSync(file);
    for (const [suffix, compress] of Object.entries(COPIES)) {
        const copy = file + suffix;
        if (fs.existsSync(copy) && fs.statSync(copy).mtimeMs >= mtimeMs) continue;
        fs.rmSync(copy, { force: true });
        if (size < MIN_BYTES) continue;
        fs.writeFileSync(copy, compress(fs.readFileSync(file)));
    }
}
