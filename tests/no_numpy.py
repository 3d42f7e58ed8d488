"""Runs pytest with numpy made unimportable: `python tests/no_numpy.py [pytest args]`.

Approximates the Pyodide environment (no numpy) on the native backend, so the numpy-free paths of the
package (array.array / memoryview results) and the numpy-free parts of the suite are exercised here too."""

import sys


class BlockNumpy:
    def find_spec(self, name, path=None, target=None):
        if name == "numpy" or name.startswith("numpy."):
            raise ModuleNotFoundError(f"No module named {name!r} (blocked by no_numpy.py)", name=name)
        return None


if __name__ == "__main__":
    sys.meta_path.insert(0, BlockNumpy())
    import pytest

    sys.exit(pytest.main(sys.argv[1:]))
