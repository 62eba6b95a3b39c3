"""``ms-lint lsp`` without the ``lsp`` extra: one plain line that says what to install."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from lint import REPO

# pygls hidden as if it were not installed (whether it is or not).
WITHOUT_PYGLS = "import sys; sys.modules['pygls'] = None; from ms_lint.cli import main; sys.exit(main(sys.argv[1:]))"


@pytest.mark.parametrize("args, said", [(["lsp"], "needs pygls"), (["--mindspore-language=zh", "lsp"], "需要 pygls")])
def test_without_pygls_it_says_what_to_install(tmp_path, args, said):
    result = subprocess.run(
        [sys.executable, "-c", WITHOUT_PYGLS, *args], cwd=tmp_path, capture_output=True, text=True, check=False,
        env=dict(os.environ, PYTHONPATH=str(REPO)), stdin=subprocess.DEVNULL, timeout=300,
    )
    assert result.returncode != 0
    assert result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert said in line and 'pip install "ms-lint[lsp]"' in line
