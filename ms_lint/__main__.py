"""``python -m ms_lint``: the ``ms-lint`` command (how an editor starts ``ms-lint lsp`` with a given Python)."""

import sys

from ms_lint.cli import main

if __name__ == "__main__":
    sys.exit(main())
