"""Copies a zip archive with every member stored (not deflated): SRC DEST.

Pyodide's python_stdlib.zip deflates each module on its own; stored, the archive compresses as a whole, and
brotli (web/precompress.mjs) then moves 1.6 MB instead of 2.5 MB. zipimport reads stored members as well."""

import sys
import zipfile


def main(source: str, dest: str) -> None:
    with zipfile.ZipFile(source) as src, zipfile.ZipFile(dest, "w", zipfile.ZIP_STORED) as out:
        for info in src.infolist():
            copy = zipfile.ZipInfo(info.filename, info.date_time)
            copy.external_attr, copy.compress_type = info.external_attr, zipfile.ZIP_STORED
            out.writestr(copy, src.read(info))


if __name__ == "__main__":
    main(*sys.argv[1:])
