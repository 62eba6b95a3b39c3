"""A real editor end to end: Emacs in batch mode, with eglot and the set-up docs/editors.md gives,
starts ``ms-lint lsp``, shows its findings through Flymake, lists the code actions, applies a fix."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from lint import REPO, write_project
from test_lsp_neovim import MODEL, TRAIN

pytest.importorskip("pygls", reason="the language server needs the lsp extra: pip install -e '.[lsp]'")
EMACS = shutil.which("emacs")


def _has_eglot() -> bool:
    if EMACS is None:
        return False
    found = subprocess.run([EMACS, "--batch", "--eval", "(require 'eglot)"], capture_output=True, check=False)
    return found.returncode == 0


pytestmark = pytest.mark.skipif(
    not _has_eglot(), reason="Emacs with eglot is not installed: apt-get install emacs-nox elpa-eglot"
)

# docs/editors.md's set-up, with this interpreter's ms_lint as the command.
SETUP = """\
(require 'eglot)
(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs
               `((python-mode python-ts-mode) . (,PYTHON "-m" "ms_lint" "lsp"))))
(setq-default eglot-workspace-configuration '(:ms_lint (:language "en")))
(add-hook 'python-mode-hook #'eglot-ensure)
"""
# Open the model, wait for Flymake's diagnostics, list the code actions at the first one, apply the
# fix (as a user picks it from eglot-code-actions' menu), save, write what was seen as JSON.
SCRIPT = """\
(setq eglot-sync-connect 120)
(find-file "model.py")
(run-hooks 'post-command-hook)  ; eglot-ensure connects after the command that opened the file
(let ((deadline (+ (float-time) 120)))
  (while (and (null (flymake-diagnostics)) (< (float-time) deadline))
    (accept-process-output nil 0.2)))
(let* ((found (flymake-diagnostics))
       (first (car found))
       (seen (mapcar (lambda (diagnostic)
                       (list (cons 'line (line-number-at-pos (flymake-diagnostic-beg diagnostic)))
                             (cons 'text (flymake-diagnostic-text diagnostic))))
                     found))
       (actions (and first (eglot-code-actions (flymake-diagnostic-beg first) (flymake-diagnostic-end first))))
       (fix (seq-find (lambda (action) (string-prefix-p "Fix " (plist-get action :title))) actions))
       (result (json-encode (list (cons 'diagnostics (vconcat seen))
                                  (cons 'titles (vconcat (mapcar (lambda (action) (plist-get action :title)) actions)))
                                  (cons 'applied (and fix (plist-get fix :title)))))))
  (when fix
    (eglot--apply-workspace-edit (plist-get fix :edit))
    (save-buffer))
  (with-temp-file OUT (insert result)))
(kill-emacs 0)
"""


def elisp_string(text: str) -> str:
    return json.dumps(text)  # a JSON string of ASCII text is an Emacs Lisp string


def test_emacs_eglot_shows_the_findings_and_applies_a_quick_fix(tmp_path):
    project = write_project(tmp_path / "project", {"model.py": MODEL, "train.py": TRAIN})
    out = tmp_path / "result.json"
    script = tmp_path / "check.el"
    script.write_text(
        f"(defvar PYTHON {elisp_string(sys.executable)})\n(defvar OUT {elisp_string(str(out))})\n{SETUP}{SCRIPT}"
    )
    env = dict(os.environ, PYTHONPATH=str(REPO), HOME=str(tmp_path))
    command = [EMACS, "--batch", "-l", str(script)]  # --batch reads no init file; site-start finds eglot
    finished = subprocess.run(command, cwd=project, env=env, capture_output=True, text=True, timeout=600, check=False)
    assert out.exists(), finished.stdout + finished.stderr
    result = json.loads(out.read_text())
    (diagnostic,) = result["diagnostics"]
    assert diagnostic["line"] == 9
    assert "[forward-without-construct]" in diagnostic["text"]
    assert "Cell 'Net' defines forward() but no construct()" in diagnostic["text"]
    assert "Fix forward-without-construct: Net.forward -> construct" in result["titles"]
    assert "Disable forward-without-construct on this line" in result["titles"]
    assert result["applied"] == "Fix forward-without-construct: Net.forward -> construct"
    assert (project / "model.py").read_text() == MODEL.replace("def forward", "def construct")
