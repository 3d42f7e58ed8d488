"""`python -m pokerhash` and the `pokerhash` script: the command line (pokerhash._cli)."""

from __future__ import annotations

import sys

from ._cli import main  # noqa: F401  (the `pokerhash` script's entry point)

if __name__ == "__main__":
    sys.exit(main())
