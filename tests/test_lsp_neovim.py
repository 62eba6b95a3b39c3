"""A real editor end to end: Neovim, headless, starts ``ms-lint lsp``, shows its findings, applies a fix."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from lint import REPO, write_project

pytest.importorskip("pygls", reason="the language server needs the lsp extra: pip install -e '.[lsp]'")
NVIM = shutil.which("nvim")
pytestmark = pytest.mark.skipif(NVIM is None, reason="Neovim (nvim) is not on PATH: apt-get install neovim")

# Neovim 0.7 onwards (Debian 12's is 0.7.2): start one client for the workspace, attach it to each
# Python buffer.
INIT = """\
local client_id = nil
vim.api.nvim_create_autocmd("FileType", {
  pattern = "python",
  callback = function(args)
    client_id = client_id or vim.lsp.start_client({
      name = "ms_lint",
      cmd = { PYTHON, "-m", "ms_lint", "lsp" },
      root_dir = vim.fn.getcwd(),
      settings = { ms_lint = { language = "en" } },
    })
    vim.lsp.buf_attach_client(args.buf, client_id)
  end,
})
"""
# Wait for the diagnostics, read them back, take the preferred code action at the first one (as a
# user picks it from vim.ui.select), write the file.
SCRIPT = """\
local result = {}
local buffer = vim.api.nvim_get_current_buf()
result.published = vim.wait(TIMEOUT, function() return #vim.diagnostic.get(buffer) > 0 end, 50)
result.diagnostics = {}
for _, found in ipairs(vim.diagnostic.get(buffer)) do
  table.insert(result.diagnostics, {
    code = found.code, source = found.source, severity = found.severity,
    line = found.lnum, column = found.col, message = found.message,
  })
end
result.titles = {}
vim.ui.select = function(items, _, choose)
  local preferred = nil
  for _, item in ipairs(items) do
    local action = item.action or item[2]  -- Neovim 0.10 passes {action = ...}, earlier {client_id, action}
    table.insert(result.titles, action.title)
    if action.isPreferred and preferred == nil then preferred = item end
  end
  choose(preferred)
end
if result.published then
  local first = vim.diagnostic.get(buffer)[1]
  vim.api.nvim_win_set_cursor(0, { first.lnum + 1, first.col })
  local before = vim.api.nvim_buf_get_changedtick(buffer)
  vim.lsp.buf.code_action()
  result.applied = vim.wait(TIMEOUT, function() return vim.api.nvim_buf_get_changedtick(buffer) ~= before end, 50)
  vim.cmd("write")
end
vim.fn.writefile({ vim.fn.json_encode(result) }, OUT)
vim.cmd("qa!")
"""
MODEL = """\
from mindspore import nn


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 4)

    def forward(self, x):
        return self.dense(x)
"""
TRAIN = """\
import mindspore as ms

from model import Net

ms.set_context(mode=ms.GRAPH_MODE)
net = Net()
"""


def lua_string(text: str) -> str:
    return json.dumps(text)  # a JSON string of ASCII text is a Lua string


def test_neovim_shows_the_findings_and_applies_a_quick_fix(tmp_path):
    project = write_project(tmp_path / "project", {"model.py": MODEL, "train.py": TRAIN})
    out = tmp_path / "result.json"
    (tmp_path / "init.lua").write_text(f"local PYTHON = {lua_string(sys.executable)}\n{INIT}")
    (tmp_path / "test.lua").write_text(f"local TIMEOUT = 120000\nlocal OUT = {lua_string(str(out))}\n{SCRIPT}")
    env = dict(os.environ, PYTHONPATH=str(REPO), HOME=str(tmp_path), XDG_STATE_HOME=str(tmp_path / "state"))
    command = [NVIM, "--headless", "-n", "-i", "NONE", "-u", str(tmp_path / "init.lua"), "-c", f"luafile {tmp_path / 'test.lua'}", "model.py"]
    finished = subprocess.run(command, cwd=project, env=env, capture_output=True, text=True, timeout=600, check=False)
    assert out.exists(), finished.stdout + finished.stderr
    result = json.loads(out.read_text())
    assert result["published"], result
    (diagnostic,) = result["diagnostics"]
    assert (diagnostic["code"], diagnostic["source"], diagnostic["line"], diagnostic["column"]) == (
        "forward-without-construct", "ms_lint", 8, 4,
    )
    assert diagnostic["severity"] == 1  # vim.diagnostic.severity.ERROR
    assert diagnostic["message"].startswith("Cell 'Net' defines forward() but no construct()")
    assert "Fix forward-without-construct: Net.forward -> construct" in result["titles"]
    assert "Disable forward-without-construct on this line" in result["titles"]
    assert result["applied"], result
    assert (project / "model.py").read_text() == MODEL.replace("def forward", "def construct")
