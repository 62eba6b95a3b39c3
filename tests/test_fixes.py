"""Safe autofixes: what is fixed (exact text), what is left alone (and why), and that re-linting is clean."""

from __future__ import annotations

import hashlib
import re
import textwrap
from pathlib import Path

import astroid
import pytest

from lint import RULES, run_pylint
from ms_lint import cli, runner
from ms_lint.checkers import CHECKERS
from ms_lint.fixes import FIXERS, engine
from ms_lint.fixes.base import Edit, Fix
from ms_lint.tools import expected_fixes

EXPECTED_FIXES = Path(__file__).resolve().parent / "fixes_expected"

CONTAINER = "cell-container-not-registered"
FORWARD = "forward-without-construct"


def source(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def fix_files(tmp_path: Path, request, files: dict):
    """Write the files (unique module names per test), plan the fixes: {name: (fixed text or None, outcomes)}."""
    name = re.sub(r"\W", "_", request.node.name)
    # Unique per test, and short enough for any file system (parametrized ids can be long).
    prefix = name if len(name) <= 60 else f"{name[:50]}_{hashlib.sha1(name.encode()).hexdigest()[:8]}"
    paths = {}
    for name, text in files.items():
        path = tmp_path / f"{prefix}_{name}"
        path.write_bytes(source(text).encode("utf-8") if "\r\n" not in text else text.encode("utf-8"))
        paths[name] = path
    messages, linted, config = runner.collect([str(path) for path in paths.values()])
    planned = {file_fix.path.name: file_fix for file_fix in engine.plan(messages, linted, unsafe=True, config=config)}
    results = {}
    for name, path in paths.items():
        file_fix = planned.get(path.name)
        results[name] = (file_fix.text, file_fix.outcomes) if file_fix else (None, [])
    return results, paths


def fixed(tmp_path, request, text: str, symbol: str = CONTAINER) -> str:
    """The fixed text of one file, after checking every finding was fixed and re-linting is clean."""
    results, paths = fix_files(tmp_path, request, {"model.py": text})
    new_text, outcomes = results["model.py"]
    assert outcomes and all(outcome.applied for outcome in outcomes), [getattr(o.result, "reason", "") for o in outcomes]
    assert {outcome.symbol for outcome in outcomes} == {symbol}
    path = paths["model.py"]
    with path.open("w", encoding="utf-8", newline="") as handle:  # keep the fixed line endings
        handle.write(new_text)
    astroid.MANAGER.clear_cache()  # pylint would otherwise lint the module it parsed before the fix
    assert [m.symbol for m in run_pylint([path])] == [], "a finding is left after the fix"
    return new_text


def refused(tmp_path, request, text: str, files: dict = None) -> str:
    """The reason the single finding of model.py is left alone."""
    results, _ = fix_files(tmp_path, request, {"model.py": text, **(files or {})})
    new_text, outcomes = results["model.py"]
    assert new_text is None and len(outcomes) == 1, outcomes
    assert not isinstance(outcomes[0].result, Fix)
    return outcomes[0].result.reason


# -- cell-container-not-registered: fixed ------------------------------------------------

TOWER = source(
    """
    {imports}


    class Tower({cell}):
        def __init__(self):
            super().__init__()
            self.layers = [{dense}(4, 4), {dense}(4, 4)]  # keep this comment

        def construct(self, x):
            for layer in self.layers:
                x = layer(x)
            return self.layers[-1](x) + len(self.layers)
    """
)


@pytest.mark.parametrize(
    "imports, cell, dense, import_after, container",
    [
        ("from mindspore import nn", "nn.Cell", "nn.Dense", "from mindspore import nn", "nn.CellList"),
        ("import mindspore.nn as nn", "nn.Cell", "nn.Dense", "import mindspore.nn as nn", "nn.CellList"),
        ("import mindspore as ms", "ms.nn.Cell", "ms.nn.Dense", "import mindspore as ms", "ms.nn.CellList"),
        ("import mindspore", "mindspore.nn.Cell", "mindspore.nn.Dense", "import mindspore", "mindspore.nn.CellList"),
        (
            "from mindspore.nn import Cell, Dense  # layers",
            "Cell",
            "Dense",
            "from mindspore.nn import Cell, Dense, CellList  # layers",
            "CellList",
        ),
        (
            "from mindspore.nn import (\n    Cell,\n    Dense,\n)",
            "Cell",
            "Dense",
            "from mindspore.nn import (\n    Cell,\n    Dense,\n)\nfrom mindspore.nn import CellList",
            "CellList",
        ),
        (
            "import numpy as np\nfrom mindspore.nn import Cell\nfrom mindspore.nn import Dense",
            "Cell",
            "Dense",
            "import numpy as np\nfrom mindspore.nn import Cell, CellList\nfrom mindspore.nn import Dense",
            "CellList",
        ),
    ],
    ids=["from-mindspore-import-nn", "import-mindspore.nn-as-nn", "import-mindspore-as-ms", "import-mindspore", "from-nn-import-names", "parenthesized", "two-from-imports"],
)
def test_list_of_cells_in_the_files_import_style(tmp_path, request, imports, cell, dense, import_after, container):
    text = TOWER.format(imports=imports, cell=cell, dense=dense)
    expected = text.replace(imports, import_after, 1)
    expected = expected.replace(f"[{dense}(4, 4), {dense}(4, 4)]", f"{container}([{dense}(4, 4), {dense}(4, 4)])")
    assert fixed(tmp_path, request, text) == expected


CASES_FIXED = {
    "tuple": (
        "self.blocks = (nn.Dense(4, 4), nn.Dense(4, 4))",
        "self.blocks = nn.CellList([nn.Dense(4, 4), nn.Dense(4, 4)])",
    ),
    "tuple-of-generator": (
        "self.blocks = tuple(nn.Dense(4, 4) for _ in range(3))",
        "self.blocks = nn.CellList(list(nn.Dense(4, 4) for _ in range(3)))",
    ),
    "comprehension": (
        "self.blocks = [nn.Dense(4, 4) for _ in range(3)]",
        "self.blocks = nn.CellList([nn.Dense(4, 4) for _ in range(3)])",
    ),
    "empty-then-append": (
        "self.blocks = []\n        for _ in range(3):\n            self.blocks.append(nn.Dense(4, 4))",
        "self.blocks = nn.CellList()\n        for _ in range(3):\n            self.blocks.append(nn.Dense(4, 4))",
    ),
    "grown-with-+=-list": (
        "self.blocks = [nn.Dense(4, 4)]\n        self.blocks += [nn.Dense(4, 4)]",
        "self.blocks = nn.CellList([nn.Dense(4, 4)])\n        self.blocks += [nn.Dense(4, 4)]",
    ),
    "local-list": (
        "blocks = []\n        for _ in range(3):\n            blocks.append(nn.Dense(4, 4))\n        self.blocks = blocks",
        "blocks = []\n        for _ in range(3):\n            blocks.append(nn.Dense(4, 4))\n        self.blocks = nn.CellList(blocks)",
    ),
    "dict-multiline": (
        'self.heads = {\n            "cls": nn.Dense(4, 2),  # classes\n            "box": nn.Dense(4, 4),\n        }',
        'self.heads = nn.CellDict({\n            "cls": nn.Dense(4, 2),  # classes\n            "box": nn.Dense(4, 4),\n        })',
    ),
    "user-cells": (
        "self.blocks = [Block(), Block()]",
        "self.blocks = nn.CellList([Block(), Block()])",
    ),
    "parameters": (
        "self.scales = [Parameter(Tensor(np.ones(2), ms.float32), name=f's{i}') for i in range(2)]",
        "self.scales = ParameterTuple([Parameter(Tensor(np.ones(2), ms.float32), name=f's{i}') for i in range(2)])",
    ),
    "parameters-tuple-call": (
        "self.scales = tuple(Parameter(Tensor(np.ones(2), ms.float32)) for i in range(2))",
        "self.scales = ParameterTuple(Parameter(Tensor(np.ones(2), ms.float32)) for i in range(2))",
    ),
}
NET = source(
    """
    import numpy as np
    import mindspore as ms
    from mindspore import Parameter, Tensor, nn


    class Block(nn.Cell):
        def __init__(self):
            super().__init__()
            self.dense = nn.Dense(4, 4)

        def construct(self, x):
            return self.dense(x)


    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            {body}

        def construct(self, x):
            return x
    """
)


@pytest.mark.parametrize("case", sorted(CASES_FIXED))
def test_fixed(tmp_path, request, case):
    before, after = CASES_FIXED[case]
    expected = source(NET.format(body=after))
    if "ParameterTuple" in after:
        expected = expected.replace("from mindspore import Parameter, Tensor, nn", "from mindspore import Parameter, Tensor, nn, ParameterTuple")
    assert fixed(tmp_path, request, NET.format(body=before)) == expected


def test_line_endings_and_non_ascii_text_are_kept(tmp_path, request):
    text = source(NET.format(body='名 = "层"; self.blocks = [nn.Dense(4, 4), nn.Dense(4, 4)]  # 注释')).replace("\n", "\r\n")
    new_text = fixed(tmp_path, request, text)
    assert new_text == text.replace("[nn.Dense(4, 4), nn.Dense(4, 4)]", "nn.CellList([nn.Dense(4, 4), nn.Dense(4, 4)])")


# -- cell-container-not-registered: left alone ------------------------------------------

CASES_REFUSED = {
    "sliced": ("self.blocks = [nn.Dense(4, 4), nn.Dense(4, 4)]\n        self.head = self.blocks[1:]", "sliced"),
    "pop": ("self.blocks = [nn.Dense(4, 4), nn.Dense(4, 4)]\n        self.blocks.pop()", "has no pop()"),
    "isinstance": ("self.blocks = [nn.Dense(4, 4), nn.Dense(4, 4)]\n        assert isinstance(self.blocks, list)", "passed to isinstance()"),
    "+=-variable": ("self.blocks = [nn.Dense(4, 4)]\n        more = [nn.Dense(4, 4)]\n        self.blocks += more", "takes a list only"),
    "dict-comprehension": ("self.heads = {name: nn.Dense(4, 4) for name in ('a', 'b')}", "not a string literal"),
    "dict-reserved-key": ("self.heads = {'training': nn.Dense(4, 4), 'eval': nn.Dense(4, 4)}", "rejects the key 'training'"),
    "dict-dotted-key": ("self.heads = {'a.b': nn.Dense(4, 4)}", "rejects the key 'a.b'"),
    "dict-of-sequential": ("self.heads = {'a': nn.SequentialCell([nn.Dense(4, 4)])}", "cannot hold a SequentialCell"),
    "dict-int-keys": ("self.heads = {0: nn.Dense(4, 4), 1: nn.Dense(4, 4)}", "not a string literal"),
    "registered-element": ("self.conv = nn.Dense(4, 4)\n        self.blocks = [self.conv, nn.Dense(4, 4)]", "registered already"),
    "mixed": ("self.blocks = [nn.Dense(4, 4), Parameter(Tensor(np.ones(2), ms.float32))]", "not all Cells"),
    "unknown-element": ("self.blocks = [nn.Dense(4, 4), pick(nn.Dense(4, 4))]", "not certainly a Cell"),
    "dict-of-helper-sequential": ("self.heads = {'a': make_stage(), 'b': make_stage()}", "cannot hold a SequentialCell"),
    "duplicate-parameter-names": ("self.scales = [Parameter(Tensor(np.ones(2), ms.float32), name='s') for i in range(2)]", "may repeat"),
    "parameters-appended": ("self.scales = []\n        self.scales.append(Parameter(Tensor(np.ones(2), ms.float32)))", "immutable"),
    "local-used-after": ("blocks = [nn.Dense(4, 4), nn.Dense(4, 4)]\n        self.blocks = blocks\n        print(len(blocks))", "still used after"),
    "assigned-twice": ("self.blocks = [nn.Dense(4, 4), nn.Dense(4, 4)]\n        self.blocks = self.blocks[::-1]", "assigned again"),
}


HELPERS = source(
    """


    def pick(block):
        return block


    def make_stage():
        return nn.SequentialCell([nn.Dense(4, 4), nn.Dense(4, 4)])
    """
)


@pytest.mark.parametrize("case", sorted(CASES_REFUSED))
def test_left_alone(tmp_path, request, case):
    body, reason = CASES_REFUSED[case]
    text = NET.format(body=body) + HELPERS
    assert reason in refused(tmp_path, request, text)


def test_left_alone_when_assigned_before_the_cell_is_initialised(tmp_path, request):
    text = NET.format(body="pass").replace(
        "super().__init__()\n        pass", "self.blocks = [nn.Dense(4, 4), nn.Dense(4, 4)]\n        super().__init__()"
    )
    assert "before super().__init__()" in refused(tmp_path, request, text)


def test_left_alone_when_other_code_in_the_file_changes_it(tmp_path, request):
    text = NET.format(body="self.blocks = [nn.Dense(4, 4), nn.Dense(4, 4)]") + "\n\nnet = Net()\nnet.blocks.sort(key=id)\n"
    assert "has no sort()" in refused(tmp_path, request, text)


def test_a_subclass_using_the_list_counts(tmp_path, request):
    text = NET.format(body="self.blocks = [nn.Dense(4, 4), nn.Dense(4, 4)]") + textwrap.dedent(
        """

        class Deeper(Net):
            def construct(self, x):
                return self.blocks[:1][0](x)
        """
    )
    assert "sliced" in refused(tmp_path, request, text)


def test_an_unrelated_class_with_the_same_attribute_does_not_count(tmp_path, request):
    text = NET.format(body="self.blocks = [nn.Dense(4, 4), nn.Dense(4, 4)]") + textwrap.dedent(
        """

        class Plain:
            def __init__(self):
                self.blocks = [1, 2, 3]
                self.blocks.pop()
        """
    )
    assert "nn.CellList([nn.Dense(4, 4), nn.Dense(4, 4)])" in fixed(tmp_path, request, text)


def test_stages_built_by_a_method_go_in_a_cell_list(tmp_path, request):
    text = NET.format(body="self.stages = []\n        for _ in range(2):\n            self.stages.append(self._stage())").replace(
        "    def construct(self, x):", "    def _stage(self):\n        return nn.SequentialCell([nn.Dense(4, 4)])\n\n    def construct(self, x):"
    )
    assert "self.stages = nn.CellList()" in fixed(tmp_path, request, text)


# -- forward-without-construct -------------------------------------------------------------

MLP = source(
    """
    import mindspore.nn as nn


    class MLP(nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc = nn.Dense(4, 4)

        @staticmethod
        def helper(x):
            return x

        def forward(self, x):  # from PyTorch
            return self.fc(x)
    """
)


def test_forward_renamed(tmp_path, request):
    assert fixed(tmp_path, request, MLP, FORWARD) == source(MLP).replace("def forward(self, x):", "def construct(self, x):")


def test_forward_called_by_name_is_left_alone(tmp_path, request):
    text = MLP + "\n\ndef run(net, x):\n    return net.forward(x)\n"
    assert "net.forward reaches it by name" in refused(tmp_path, request, text)


def test_forward_called_from_another_linted_file_is_left_alone(tmp_path, request):
    other = "from model import MLP\n\n\ndef run(x):\n    return getattr(MLP(), 'forward')(x)\n"
    assert "the string 'forward'" in refused(tmp_path, request, MLP, {"train.py": other})


def test_forward_of_a_base_and_its_subclass_are_renamed_together(tmp_path, request):
    text = MLP + "\n\nclass Wider(MLP):\n    def forward(self, x):\n        return x\n"
    new_text = fixed(tmp_path, request, text, FORWARD)
    assert new_text.count("def construct(self, x):") == 2 and "def forward" not in new_text


def test_forward_of_a_base_is_left_alone_when_its_subclass_is_not_fixed(tmp_path, request):
    text = MLP + "\n\nclass Wider(MLP):\n    def forward(self, x):  # pylint: disable=forward-without-construct\n        return x\n"
    assert "subclass Wider defines forward() too" in refused(tmp_path, request, text)


# -- the command ---------------------------------------------------------------------------


def test_diff_prints_and_changes_nothing_then_fix_writes(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "cmd_model.py"
    original = source(NET.format(body="self.blocks = [nn.Dense(4, 4), nn.Dense(4, 4)]"))
    path.write_text(original, encoding="utf-8")

    assert cli.main(["--diff", path.name]) == 1
    out, err = capsys.readouterr()
    assert path.read_text(encoding="utf-8") == original
    assert "--- a/cmd_model.py\n+++ b/cmd_model.py\n" in out
    assert "+        self.blocks = nn.CellList([nn.Dense(4, 4), nn.Dense(4, 4)])\n" in out
    assert "cmd_model.py:18: would fix (cell-container-not-registered, unsafe): self.blocks: plain list -> nn.CellList" in err

    # The fix is unsafe: --fix alone leaves it, and says how to apply it.
    assert cli.main(["--fix", path.name]) == 4
    out, _ = capsys.readouterr()
    assert "left alone (cell-container-not-registered): an unsafe fix" in out and "--unsafe-fixes applies it" in out
    assert path.read_text(encoding="utf-8") == original

    assert cli.main(["--fix", "--unsafe-fixes", path.name]) == 0
    out, _ = capsys.readouterr()
    assert "fixed (cell-container-not-registered, unsafe)" in out and "W7300" not in out
    assert "nn.CellList([" in path.read_text(encoding="utf-8")
    assert cli.main(["--diff", path.name]) == 0  # nothing left to fix


def test_safe_fixes_are_applied_without_asking(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "cmd_forward.py"
    path.write_text(MLP, encoding="utf-8")
    assert cli.main(["--fix", path.name]) == 0
    assert "fixed (forward-without-construct): " in capsys.readouterr().out
    assert "def construct(self, x)" in path.read_text(encoding="utf-8")


def test_unsafe_fixes_need_fix_or_diff(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cli.main(["--unsafe-fixes", "."]) == 32
    assert "--unsafe-fixes goes with --fix" in capsys.readouterr().err


def test_fix_reports_what_is_left(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "cmd_left.py"
    path.write_text(source(NET.format(body="self.heads = {n: nn.Dense(4, 4) for n in 'ab'}")), encoding="utf-8")
    assert cli.main(["--fix", "--unsafe-fixes", path.name]) == 4
    out, _ = capsys.readouterr()
    assert "left alone (cell-container-not-registered): the key n is not a string literal" in out
    assert "cmd_left.py:18:8: W7300" in out


# -- the docs say which rules fix themselves --------------------------------------------------


@pytest.mark.parametrize("symbol", sorted(d[1] for c in CHECKERS for d in c.msgs.values()))
def test_rule_docs_say_whether_the_fix_is_safe(symbol):
    text = (RULES / symbol / "rule.md").read_text(encoding="utf-8")
    section = text.split("## How to fix it", 1)[1].split("\n## ", 1)[0]
    fix_lines = [line for line in section.splitlines() if line.startswith("Fix: ")]
    assert len(fix_lines) == 1, f"rules/{symbol}/rule.md: 'How to fix it' needs one line 'Fix: safe/unsafe/manual ...'"
    expected = "Fix: manual" if symbol not in FIXERS else "Fix: unsafe" if FIXERS[symbol].UNSAFE else "Fix: safe"
    assert fix_lines[0].startswith(expected), fix_lines[0]


def test_self_forward_in_an_unrelated_class_does_not_block_the_fix(tmp_path, request):
    adapter = "\n\nclass Adapter(nn.Cell):\n    def construct(self, x):\n        return self.forward(x)\n"
    new_text = fixed(tmp_path, request, MLP + adapter, FORWARD)
    assert "def construct(self, x):  # from PyTorch" in new_text and "return self.forward(x)" in new_text


def test_forward_with_a_base_that_cannot_be_read_is_left_alone(tmp_path, request):
    # The mixin comes after nn.Cell, so the finding stands; its code may still call forward().
    text = MLP.replace("import mindspore.nn as nn", "import mindspore.nn as nn\nfrom torchish import Mixin")
    text = text.replace("class MLP(nn.Cell):", "class MLP(nn.Cell, Mixin):")
    assert "a base class cannot be read" in refused(tmp_path, request, text)


def test_self_forward_in_a_subclass_blocks_the_fix(tmp_path, request):
    child = "\n\nclass Child(MLP):\n    def construct(self, x):\n        return self.forward(x) * 2\n"
    assert "self.forward reaches it by name" in refused(tmp_path, request, MLP + child)


def test_a_same_named_attribute_of_another_object_does_not_count(tmp_path, request):
    body = "self.layers = [nn.Dense(4, 4) for _ in range(cfg.layers)]"
    text = NET.format(body=body).replace("def __init__(self):", "def __init__(self, cfg):")
    assert "nn.CellList([nn.Dense(4, 4) for _ in range(cfg.layers)])" in fixed(tmp_path, request, text)


def test_a_fixed_file_is_written_whole_or_not_at_all(tmp_path, monkeypatch):
    from ms_lint import files  # pylint: disable=import-outside-toplevel

    target = tmp_path / "model.py"
    target.write_text("old\n", encoding="utf-8")
    target.chmod(0o640)
    files.write_whole(str(target), b"new\n")
    assert target.read_text(encoding="utf-8") == "new\n" and (target.stat().st_mode & 0o777) == 0o640

    def refuse(*_):
        raise OSError("disk full")

    monkeypatch.setattr(files.os, "replace", refuse)
    with pytest.raises(OSError):
        files.write_whole(str(target), b"newer\n")
    assert target.read_text(encoding="utf-8") == "new\n"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["model.py"]  # no temporary file left


# -- dropout-positional-keep-prob: p= keeps the drop probability the author meant ---------------

DROPOUT = "dropout-positional-keep-prob"
DROPOUTS = source(
    """
    import mindspore.nn as nn

    RATE = 0.2


    class Head(nn.Cell):
        def __init__(self, attn_drop):
            super().__init__()
            self.a = nn.Dropout(0.1)
            self.b = nn.Dropout(RATE)
            self.c = nn.Dropout(attn_drop)

        def construct(self, x):
            return self.c(self.b(self.a(x)))
    """
)


def test_positional_dropout_becomes_p(tmp_path, request):
    new_text = fixed(tmp_path, request, DROPOUTS, DROPOUT)
    assert new_text == DROPOUTS.replace("Dropout(0.1)", "Dropout(p=0.1)").replace("Dropout(RATE)", "Dropout(p=RATE)").replace(
        "Dropout(attn_drop)", "Dropout(p=attn_drop)"
    )


def test_positional_dropout_of_an_attribute_is_left_alone(tmp_path, request):
    text = "import mindspore.nn as nn\n\n\ndef head(config):\n    return nn.Dropout(config.dropout)\n"
    assert "config.dropout is neither a literal nor a name" in refused(tmp_path, request, text)


# -- api-removed: renames and the legacy c_transforms modules ---------------------------------

REMOVED = "api-removed"


def test_ms_function_import_and_decorator_become_jit(tmp_path, request):
    text = source(
        """
        import mindspore as ms
        from mindspore import context, ms_function


        @ms_function
        def step(x):
            return x


        @ms.ms_class
        class Config:
            pass
        """
    )
    new_text = fixed(tmp_path, request, text, REMOVED)
    assert new_text == text.replace("context, ms_function", "context, jit as ms_function").replace("ms.ms_class", "ms.jit_class")


def test_c_transforms_become_the_same_operations(tmp_path, request):
    text = source(
        """
        import mindspore.dataset.transforms.c_transforms as C2
        from mindspore.dataset.vision import c_transforms as C
        from mindspore.dataset.vision.c_transforms import Decode, HWC2CHW

        OPS = [Decode(), C.Resize((32, 32)), C.Normalize([0.5], [0.2]), HWC2CHW(), C2.TypeCast(0)]
        """
    )
    new_text = fixed(tmp_path, request, text, REMOVED)
    assert new_text == (
        text.replace("import mindspore.dataset.transforms.c_transforms as C2", "import mindspore.dataset.transforms.transforms as C2")
        .replace("import c_transforms as C", "import transforms as C")
        .replace("from mindspore.dataset.vision.c_transforms import", "from mindspore.dataset.vision import")
    )


@pytest.mark.parametrize(
    "text, reason",
    [
        ("from mindspore.dataset.vision import py_transforms as P\nOPS = [P.ToTensor()]\n", "differ"),
        ("from mindspore.dataset.vision import c_transforms as C\nOPS = [C.NoSuchOp()]\n", "has no NoSuchOp"),
        ("from mindspore.dataset.vision import c_transforms as C\nMODULE = C\n", "a use of C other than"),
        ("import mindspore.dataset.vision.c_transforms\n", "rewrite its uses by hand"),
        ("from mindspore.common.api import ms_function\n", "imported from another module"),
        ("import mindspore.dataset as ds\nDATA = ds.MindDataset(dataset_file='a')\n", "depends on the call"),
        ("from mindspore import nn\nLAYER = nn.ResizeBilinear()\n", "no same-module replacement"),
    ],
)
def test_api_removed_left_alone(tmp_path, request, text, reason):
    assert reason in refused(tmp_path, request, text)


@pytest.mark.parametrize(
    ("content", "symbol"),
    [(b"def build(:\n    pass\n", "syntax-error"), (b"# coding: utf-8\nname = '\xff\xfe'\n", "parse-error")],
)
def test_diff_says_which_files_it_could_not_read(tmp_path, capsys, monkeypatch, content, symbol):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "broken.py").write_bytes(content)
    assert cli.main(["--diff", "broken.py"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("broken.py:1:") and err.endswith(f"({symbol})\n") and err.count("\n") == 1


# -- each fixable rule's example, fixed: the engine's output is the reviewed file, and it lints clean -----


@pytest.mark.parametrize("symbol", sorted(FIXERS))
def test_the_example_fixed_is_the_reviewed_file(symbol):
    expected = EXPECTED_FIXES / f"{symbol}.py"
    assert expected.exists(), f"run python -m ms_lint.tools.expected_fixes and review {expected.name}"
    assert expected_fixes.fixed_example(symbol) == expected.read_text(encoding="utf-8"), (
        f"the engine's fix of rules/{symbol}/bad.py changed: run python -m ms_lint.tools.expected_fixes, review the diff"
    )


@pytest.mark.parametrize("symbol", sorted(FIXERS))
def test_the_fixed_example_keeps_only_the_findings_left_alone(symbol, tmp_path):
    rcfile = RULES / symbol / "pylintrc"
    rcfile = rcfile if rcfile.exists() else None
    before = run_pylint([RULES / symbol / "bad.py"], rcfile=rcfile)
    messages, linted, config = runner.collect([str(RULES / symbol / "bad.py"), *([f"--rcfile={rcfile}"] if rcfile else [])])
    ours = [m for m in messages if m.symbol == symbol]
    outcomes = [o for file_fix in engine.plan(ours, linted, unsafe=True, config=config) for o in file_fix.outcomes]
    fixed_file = tmp_path / "bad.py"
    fixed_file.write_text((EXPECTED_FIXES / f"{symbol}.py").read_text(encoding="utf-8"), encoding="utf-8")
    astroid.MANAGER.clear_cache()
    after = run_pylint([fixed_file], rcfile=rcfile)
    assert sum(m.symbol == symbol for m in after) == sum(not o.applied for o in outcomes)
    assert _other_rules(after, symbol) == _other_rules(before, symbol), "the fixes changed another rule's findings"


def _other_rules(messages, symbol):
    return sorted(message.symbol for message in messages if message.symbol != symbol)


# -- api-context-option-deprecated ------------------------------------------------------------

CONTEXT = "api-context-option-deprecated"


@pytest.mark.parametrize(
    "before, after",
    [
        (
            'import mindspore as ms\nms.set_context(mode=ms.GRAPH_MODE, device_target="Ascend", device_id=1)\n',
            'import mindspore as ms\nms.set_context(mode=ms.GRAPH_MODE)\nms.set_device("Ascend", 1)\n',
        ),
        ('import mindspore as ms\nms.set_context(device_target="CPU")\n', 'import mindspore as ms\nms.set_device("CPU")\n'),
        (
            "from mindspore import context\ncontext.set_context(device_target=args.device, mode=0)\n",
            "from mindspore import context, set_device\ncontext.set_context(mode=0)\nset_device(args.device)\n",
        ),
        (
            'import mindspore\nmindspore.set_context(deterministic="ON", max_device_memory="30GB")\n',
            'import mindspore\nmindspore.set_deterministic(True)\nmindspore.runtime.set_memory(max_size="30GB")\n',
        ),
        (
            "import mindspore as ms\n\n\ndef setup(target):\n    ms.set_context(\n        mode=0,\n"
            "        device_target=target,\n    )\n    return 1\n",
            "import mindspore as ms\n\n\ndef setup(target):\n    ms.set_context(\n        mode=0,\n"
            "    )\n    ms.set_device(target)\n    return 1\n",
        ),
    ],
)
def test_context_options_move_to_their_functions(tmp_path, request, before, after):
    assert fixed(tmp_path, request, before, CONTEXT) == after


@pytest.mark.parametrize(
    "text, reason",
    [
        ("import mindspore as ms\nms.set_context(device_id=1)\n", "set_device needs the device target"),
        ('import mindspore as ms\nms.set_context(save_graphs=True)\n', "save_graphs= has no one-to-one replacement"),
        ("import mindspore as ms\nms.set_context(deterministic=flag)\n", 'not the literal "ON" or "OFF"'),
        ('import mindspore as ms\nms.set_context(mode=0,\n  device_target="CPU",  # the card\n)\n', "a comment sits"),
        ('import mindspore as ms\nok = ms.set_context(device_target="CPU")\n', "not a statement of its own line"),
        ('import mindspore as ms\nms.set_context(**{"mode": 0}, device_target="CPU")\n', "by position or with **"),
    ],
)
def test_context_options_left_alone(tmp_path, request, text, reason):
    assert reason in refused(tmp_path, request, text)


# -- conv-padding-without-pad-mode --------------------------------------------------------------

PADDING = "conv-padding-without-pad-mode"


@pytest.mark.parametrize(
    "before, after",
    [
        ("nn.Conv2d(3, 4, 3, padding=1)", 'nn.Conv2d(3, 4, 3, pad_mode="pad", padding=1)'),
        ("nn.Conv2d(3, 4, 3, 1, 1)", 'nn.Conv2d(3, 4, 3, 1, pad_mode="pad", padding=1)'),
        ("nn.Conv2d(3, 4, 3, pad_mode='valid', padding=(1, 1, 2, 2))", 'nn.Conv2d(3, 4, 3, pad_mode="pad", padding=(1, 1, 2, 2))'),
        ('nn.Conv2d(3, 4, 3, 1, "same", 1)', 'nn.Conv2d(3, 4, 3, 1, "pad", 1)'),
        ("nn.Conv3d(3, 4, 3,\n    padding=1)", 'nn.Conv3d(3, 4, 3,\n    pad_mode="pad", padding=1)'),
        ("nn.Conv2d(3, 4, 1, 1, 0, padding=0, has_bias=True)", 'nn.Conv2d(3, 4, 1, 1, pad_mode="pad", padding=0, has_bias=True)'),
    ],
)
def test_convolutions_pad_with_pad_mode_pad(tmp_path, request, before, after):
    header = "from mindspore import nn\n\nlayer = "
    assert fixed(tmp_path, request, header + before + "\n", PADDING) == header + after + "\n"


@pytest.mark.parametrize(
    "call, reason",
    [
        ("nn.Conv2d(3, 4, 3, 1, 1, 1, 1)", "more positional arguments follow the padding"),
        ("nn.Conv2d(3, 4, 3, pad_mode=MODE, padding=1)", "pad_mode is not a literal string"),
    ],
)
def test_convolutions_left_alone(tmp_path, request, call, reason):
    assert reason in refused(tmp_path, request, f'from mindspore import nn\n\nMODE = "same"\nlayer = {call}\n')


# -- batchnorm-torch-momentum ---------------------------------------------------------------------

MOMENTUM = "batchnorm-torch-momentum"


@pytest.mark.parametrize(
    "before, after",
    [
        ("nn.BatchNorm2d(8, momentum=0.1)", "nn.BatchNorm2d(8, momentum=0.9)"),
        ("nn.BatchNorm2d(8, momentum=.01)", "nn.BatchNorm2d(8, momentum=0.99)"),
        ("nn.BatchNorm1d(8, 1e-5, 0.03)", "nn.BatchNorm1d(8, 1e-5, 0.97)"),
        ("nn.BatchNorm2d(8, momentum=1e-2)", "nn.BatchNorm2d(8, momentum=0.99)"),
        ("nn.BatchNorm2d(8, momentum=0)", "nn.BatchNorm2d(8, momentum=1.0)"),
        ("nn.BatchNorm3d(8, momentum=BN_MOMENTUM)", "nn.BatchNorm3d(8, momentum=1 - BN_MOMENTUM)"),
    ],
)
def test_momentum_becomes_its_complement(tmp_path, request, before, after):
    header = "from mindspore import nn\n\nBN_MOMENTUM = 0.1\nlayer = "
    assert fixed(tmp_path, request, header + before + "\n", MOMENTUM) == header + after + "\n"


def test_momentum_fix_is_unsafe(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "cmd_bn.py"
    path.write_text("from mindspore import nn\n\nlayer = nn.BatchNorm2d(8, momentum=0.1)\n", encoding="utf-8")
    assert cli.main(["--fix", path.name]) == 4
    assert "left alone (batchnorm-torch-momentum): an unsafe fix" in capsys.readouterr().out
    assert cli.main(["--fix", "--unsafe-fixes", path.name]) == 0
    assert "momentum=0.9" in path.read_text(encoding="utf-8")


# -- --fix lints the fixed files again ------------------------------------------------------------


def _misfixing(edit_text):
    """A forward-without-construct fixer that writes ``edit_text`` at the start of the method instead."""

    def fix(node, source, context):  # pylint: disable=unused-argument
        return Fix([Edit.insert((node.lineno, node.col_offset), edit_text)], "misfixed")

    return fix


@pytest.mark.parametrize(
    "edit_text, reason",
    [
        ("# not a fix\n    ", "still has a forward-without-construct finding the fixes were to remove"),
        (
            "def construct(self, x):\n        return nn.Dense(4, 4)(x)\n\n    ",
            "would add a cell-built-in-construct finding to the file",
        ),
    ],
)
def test_a_file_whose_fixes_fail_is_put_back(tmp_path, capsys, monkeypatch, edit_text, reason):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(FIXERS[FORWARD], "fix", _misfixing(edit_text))
    path = tmp_path / "cmd_misfix.py"
    path.write_text(MLP, encoding="utf-8")
    cli.main(["--fix", path.name])
    out = capsys.readouterr().out
    assert path.read_text(encoding="utf-8") == MLP
    assert f"left alone ({FORWARD}): " in out and reason in out, out
    assert f"fixed ({FORWARD})" not in out


# -- api-deprecated ---------------------------------------------------------------------------------

DEPRECATED = "api-deprecated"


@pytest.mark.parametrize(
    "before, after",
    [
        ("layer = nn.Dropout(keep_prob=0.9)", "layer = nn.Dropout(p=0.1)"),
        ("layer = nn.Dropout(keep_prob=0.75)", "layer = nn.Dropout(p=0.25)"),
        ("layer = nn.Dropout(keep_prob=1 - cfg.drop)", "layer = nn.Dropout(p=cfg.drop)"),
        ("layer = nn.Dropout(keep_prob=cfg.keep)", "layer = nn.Dropout(p=1 - cfg.keep)"),
        ("layer = nn.Dropout(keep_prob=cfg.keep * 0.5)", "layer = nn.Dropout(p=1 - (cfg.keep * 0.5))"),
        ("gather = ops.GatherV2()", "gather = ops.Gather()"),
        ("stack = ops.Pack()", "stack = ops.Stack()"),
    ],
)
def test_deprecated_names_and_keep_prob_are_replaced(tmp_path, request, before, after):
    header = "from mindspore import nn, ops\n\ncfg = None\n"
    assert fixed(tmp_path, request, header + before + "\n", DEPRECATED) == header + after + "\n"


def test_a_replacement_taking_other_arguments_is_left_alone(tmp_path, request):
    reason = refused(tmp_path, request, "from mindspore import nn\n\nlayer = nn.OneHot(depth=10)\n")
    assert "has no replacement that takes the same arguments" in reason


# -- pytorch-name-on-mindspore-module ------------------------------------------------------------

TORCH_NAME = "pytorch-name-on-mindspore-module"


@pytest.mark.parametrize(
    "before, after",
    [
        ("class Net(nn.Module):\n    pass\n", "class Net(nn.Cell):\n    pass\n"),
        ("layers = nn.ModuleList([nn.Dense(4, 4)])\n", "layers = nn.CellList([nn.Dense(4, 4)])\n"),
        ("head = nn.Sequential(nn.Dense(4, 4), nn.ReLU())\n", "head = nn.SequentialCell(nn.Dense(4, 4), nn.ReLU())\n"),
        ("act = nn.Hardswish()\n", "act = nn.HSwish()\n"),
        ("act = ops.Relu()\n", "act = ops.ReLU()\n"),
    ],
)
def test_pytorch_names_with_a_same_mindspore_name_are_renamed(tmp_path, request, before, after):
    header = "from mindspore import nn, ops\n\n"
    assert fixed(tmp_path, request, header + before, TORCH_NAME) == header + after


def test_an_imported_pytorch_name_keeps_the_file_s_name(tmp_path, request):
    text = "from mindspore.nn import Dense, Sequential\n\nhead = Sequential(Dense(4, 4))\n"
    assert fixed(tmp_path, request, text, TORCH_NAME) == text.replace(
        "import Dense, Sequential", "import Dense, SequentialCell as Sequential"
    )


@pytest.mark.parametrize(
    "line, reason",
    [
        ("act = nn.Hardswish(inplace=True)", "the call passes arguments"),
        ("up = nn.ConvTranspose2d(4, 4, 2)", "has no same-module MindSpore name that does the same"),
    ],
)
def test_pytorch_names_left_alone(tmp_path, request, line, reason):
    assert reason in refused(tmp_path, request, f"from mindspore import nn\n\n{line}\n")


# -- api-default-changed ----------------------------------------------------------------------------

DEFAULT = "api-default-changed"


@pytest.mark.parametrize(
    "before, after",
    [
        ("layer = nn.Conv2d(3, 16, 3)", "layer = nn.Conv2d(3, 16, 3, weight_init='normal')"),
        ("layer = nn.Dense(16, 10)", "layer = nn.Dense(16, 10, weight_init='normal', bias_init='zeros')"),
        ("loss = nn.BCELoss()", "loss = nn.BCELoss(reduction='none')"),
        # The program sets every Dense's weight itself: only the default the finding names is passed.
        (
            "layer = nn.Dense(16, 10)\nfor cell in [layer]:\n    if isinstance(cell, nn.Dense):\n        cell.weight.set_data(w)",
            "layer = nn.Dense(16, 10, bias_init='zeros')\nfor cell in [layer]:\n    if isinstance(cell, nn.Dense):\n        cell.weight.set_data(w)",
        ),
        ("layer = nn.Conv2d(\n    3,\n    16,\n    3,\n)", "layer = nn.Conv2d(\n    3,\n    16,\n    3, weight_init='normal',\n)"),
    ],
)
def test_a_changed_default_is_passed_as_the_code_s_version_had_it(tmp_path, request, monkeypatch, before, after):
    (tmp_path / "requirements.txt").write_text("mindspore==1.8.1\n", encoding="utf-8")
    header = "from mindspore import nn\n\n"
    assert fixed(tmp_path, request, header + before + "\n", DEFAULT) == header + after + "\n"


def test_a_fix_that_breaks_the_file_is_left_out_and_the_others_are_applied(tmp_path, request, monkeypatch):
    original = FIXERS[FORWARD].fix

    def breaking_the_first(node, source, context):
        if node.parent.name == "First":
            return Fix([Edit.insert((node.lineno, node.col_offset), "def (")], "breaks the file")
        return original(node, source, context)

    monkeypatch.setattr(FIXERS[FORWARD], "fix", breaking_the_first)
    two = "import mindspore.nn as nn\n\n\nclass First(nn.Cell):\n    def forward(self, x):\n        return x\n\n\n" \
          "class Second(nn.Cell):\n    def forward(self, x):\n        return x\n"
    results, _ = fix_files(tmp_path, request, {"model.py": two})
    new_text, outcomes = results["model.py"]
    assert [o.applied for o in outcomes] == [False, True]
    assert "would not parse with this fix" in outcomes[0].result.reason
    assert new_text == two.replace("def forward", "def construct", 2).replace("def construct", "def forward", 1)


# -- dataset-shard-arguments-swapped ----------------------------------------------------------------

SHARDS = "dataset-shard-arguments-swapped"
SHARD_HEADER = (
    "import mindspore.communication as D\nimport mindspore.dataset as ds\n"
    "from mindspore.communication import get_group_size, get_rank\n\n"
    "rank_id = get_rank()\ngroup_size = get_group_size()\ndata = "
)


@pytest.mark.parametrize(
    "before, after",
    [
        (
            'ds.MindDataset("a", num_shards=get_rank(), shard_id=get_group_size())',
            'ds.MindDataset("a", num_shards=get_group_size(), shard_id=get_rank())',
        ),
        (
            'ds.Cifar10Dataset("a", shard_id=D.get_group_size(),\n    num_shards=D.get_rank())',
            'ds.Cifar10Dataset("a", shard_id=D.get_rank(),\n    num_shards=D.get_group_size())',
        ),
        ("ds.DistributedSampler(rank_id, group_size, shuffle=True)", "ds.DistributedSampler(group_size, rank_id, shuffle=True)"),
        ("ds.DistributedSampler(rank_id, shard_id=group_size)", "ds.DistributedSampler(group_size, shard_id=rank_id)"),
    ],
)
def test_swapped_shard_arguments_change_places(tmp_path, request, before, after):
    assert fixed(tmp_path, request, SHARD_HEADER + before + "\n", SHARDS) == SHARD_HEADER + after + "\n"


@pytest.mark.parametrize(
    "call",
    [
        'ds.MindDataset("a", num_shards=args.local_rank, shard_id=world_size)',
        'ds.MindDataset("a", num_shards=get_rank(), shard_id=args.shard)',
    ],
)
def test_swapped_shard_arguments_shown_by_names_or_one_side_are_left_alone(tmp_path, request, call):
    text = SHARD_HEADER.replace("data = ", "world_size = int(args.world_size)\ndata = ") + call + "\n"
    assert "only communication calls on both sides" in refused(tmp_path, request, text)
