"""``ms-lint explain``: MindSpore error texts lead back to the rules that prevent them."""

import io
import re
import shutil
import subprocess
import sys

import pytest

from ms_lint import cli, explain, rule_pages
from ms_lint.data.error_texts import ERROR_TEXTS
from ms_lint.data.known_errors import KNOWN_ERRORS
from ms_lint.tools import docs
from probe_support import requires_mindspore

RULE_FOLDERS = sorted(path.name for path in docs.RULES.iterdir() if path.is_dir())
SAMPLES = [(symbol, text) for symbol, entry in ERROR_TEXTS.items() for text in entry.texts]
# Texts that name more than one rule, each for a reason the rules' pages give.
SHARED = {
    # a @classmethod called through self, and a construct whose first parameter is not self
    "The parameters number of the function is": {"graph-classmethod-call", "graph-cell-method-signature"},
    # a generator in graph code, and parameters_and_names() (a generator) called there
    "Unsupported expression 'Yield'": {"graph-unsupported-syntax", "graph-cell-parameters-call"},
}
# Errors of shared/research's list of what users hit, with the rule that prevents each.
RESEARCH_ERRORS = [
    ("RuntimeError: Unsupported statement 'Delete'.", "graph-unsupported-syntax"),
    ("Unsupported expression 'Set'", "graph-unsupported-syntax"),
    ("The name 'y' is not defined, or not supported in graph mode.", "graph-variable-undefined-after-block"),
    ("The local variable 'x' is not defined in false branch, but defined in true branch.",
     "graph-variable-undefined-after-block"),
    ("The local variable 'x' defined in the 'for' loop body cannot be used outside of the loop body.",
     "graph-variable-undefined-after-block"),
    ("TypeError: 'self.steps' should be initialized as a 'Parameter' type in the '__init__' function, but got '0' "
     "with type 'int'.", "graph-attribute-not-parameter"),
    ("For 'Cell', the method 'construct' must have parameter 'self'", "graph-cell-method-signature"),
    ("The parameters number of the function is 3, but the number of provided arguments is 2.",
     "graph-classmethod-call"),
    ("The value Parameter (name=name_a, shape=(1,), dtype=Float32, requires_grad=True), its name 'name_a' already "
     "exists. Please set a unique name for the parameter.", "cell-container-not-registered"),
    ("The params of function 'bprop' of Primitive or Cell requires the forward inputs as well as the 'out' and "
     "'dout'", "graph-cell-method-signature"),
    ("RuntimeError: Exceed function call depth limit 1000, (function call depth: 1001, simulate call depth: 999).",
     "unrolled-loop-tensor-condition"),
    ("ValueError: For 'Dropout', the 'keep_prob' must be a number in range (0, 1], but got 0.0.",
     "dropout-positional-keep-prob"),
]


def symbols(text):
    return {match.symbol for match in explain.rules_matching(text)}


def test_every_rule_records_what_mindspore_says_or_why_it_says_nothing():
    assert sorted(ERROR_TEXTS) == RULE_FOLDERS
    for symbol, entry in ERROR_TEXTS.items():
        assert entry.texts or entry.silent, symbol
        for text in entry.texts:
            assert text.patterns and text.sample and text.version and text.source, symbol
            assert text.source.startswith(("observed:", "cited:")), symbol
            for pattern in text.patterns:
                re.compile(pattern)


@pytest.mark.parametrize("symbol, text", SAMPLES, ids=[f"{symbol}-{i}" for i, (symbol, _) in enumerate(SAMPLES)])
def test_each_sample_names_its_rule_and_only_plausible_ones(symbol, text):
    found = symbols(text.sample)
    assert symbol in found
    plausible = {symbol}.union(*(rules for start, rules in SHARED.items() if start in text.sample))
    assert found <= plausible


@pytest.mark.parametrize("text, symbol", RESEARCH_ERRORS)
def test_the_errors_users_hit_name_the_rule_that_prevents_them(text, symbol):
    assert symbol in symbols(text)


@pytest.mark.parametrize("speaking", ["en", "zh"])
def test_every_rule_ships_its_fix(speaking):
    fixes = rule_pages.fixes(speaking)
    assert sorted(fixes) == RULE_FOLDERS
    assert all(fix.strip() for fix in fixes.values())


@pytest.mark.parametrize("speaking", ["en", "zh"])
def test_every_rule_ships_its_page(speaking):
    for symbol in RULE_FOLDERS:
        page = rule_pages.page(symbol, speaking)
        assert page.title and page.why and page.fix, symbol
        assert page.bad == (docs.RULES / symbol / "bad.py").read_text(encoding="utf-8")
        assert page.good == (docs.RULES / symbol / "good.py").read_text(encoding="utf-8")
        assert rule_pages.symbol_of(page.msgid.lower()) == rule_pages.symbol_of(symbol) == symbol


def run(capsys, *args, stdin=None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    status = cli.main(["explain", *args])
    return status, capsys.readouterr().out


def test_a_text_names_the_rule_why_and_how_to_fix_it(capsys):
    status, out = run(capsys, "RuntimeError: Unsupported statement 'Try'.")
    assert status == 0
    assert "E7325 graph-unsupported-syntax" in out
    assert "MindSpore said: RuntimeError: Unsupported statement 'Try'." in out
    assert "Why: MindSpore compiles construct" in out
    assert "How to fix it:" in out and "`try`/`except`: compute the guard with ops" in out
    assert "Rule page: docs/rules/graph-unsupported-syntax.md" in out


def test_the_rule_page_follows_the_docs_url_option(capsys):
    _, out = run(capsys, "For 'Cell', the method 'construct' is not defined.", "--mindspore-docs-url=https://x.org/r")
    assert "Rule page: https://x.org/r/forward-without-construct.md" in out


def test_in_chinese_with_the_options_before_the_subcommand(capsys):
    status = cli.main(["--mindspore-language=zh", "explain", "RuntimeError: Unsupported statement 'Try'."])
    out = capsys.readouterr().out
    assert status == 0
    assert "E7325 graph-unsupported-syntax" in out
    assert "MindSpore 的输出：RuntimeError: Unsupported statement 'Try'." in out
    assert "原因：" in out and "如何修复：" in out and "Why:" not in out


def test_nothing_matched_is_one_plain_line_and_status_1(capsys):
    status, out = run(capsys, "ValueError: something MindSpore never said")
    assert status == 1
    assert out == "Neither an ms_lint rule nor a known MindSpore error matches this text.\n"


def test_a_log_on_standard_input(capsys, monkeypatch):
    log = "[WARNING] ME(1:2,MainProcess):2026-11-24 [mindspore/nn/layer/basic.py:183] For Dropout, this parameter " \
          "`keep_prob` will be deprecated, please use `p` instead.\n"
    status, out = run(capsys, "-", stdin=log, monkeypatch=monkeypatch)
    assert status == 0
    assert "W7306 dropout-positional-keep-prob" in out


@pytest.fixture(name="example")
def example_copy(tmp_path):
    def copy(symbol):
        target = tmp_path / symbol.replace("-", "_") / "net.py"
        target.parent.mkdir()
        shutil.copy(docs.RULES / symbol / "bad.py", target)
        return target

    return copy


def test_a_traceback_of_net_construct_code_prints_the_findings_near_its_lines(capsys, example):
    net = example("unrolled-loop-tensor-condition")
    # As MindSpore 2.10 printed it for this loop (with range(700)), pointing at the copy.
    log = (
        "RuntimeError: Exceed function call depth limit 1000, (function call depth: 1001, simulate call depth: 999).\n"
        "It's always happened with complex construction of code or infinite recursion or loop.\n"
        "----------------------------------------------------\n"
        "- The Traceback of Net Construct Code:\n"
        "----------------------------------------------------\n"
        "The depth of the current stack is 1001.\n"
        f"# 0 In file {net}:27~29, 4~23\n"
        f"# 1 In file {net}:28, 11~15\n"
        "        if x.sum() > i:\n"
        "           ^~~~\n"
        f"# 2 In file /usr/lib/python3/site-packages/mindspore/nn/cell.py:1909, 8~82\n"
    )
    status, out = run(capsys, log)
    assert status == 0
    assert out.startswith("This MindSpore output matches 1 ms_lint rule:\n\nR7324 unrolled-loop-tensor-condition\n")
    located = [line for line in out.splitlines() if line.startswith(f"  {net}")]
    assert [line.split(": ")[:2] for line in located] == [[f"  {net}:28", "R7324 unrolled-loop-tensor-condition"]]
    assert "Not linted: 1 library file the log points at (site-packages)." in out


def test_only_findings_near_the_located_lines_are_printed(capsys, example):
    net = example("unrolled-loop-tensor-condition")
    _, out = run(capsys, f"Exceed function call depth limit 1000\n# 0 In file {net}:28, 11~15\n")
    lines = [line for line in out.splitlines() if line.startswith(f"  {net}")]
    assert len(lines) == 1 and lines[0].startswith(f"  {net}:28: ")  # not EarlyExitStack's, line 20
    assert "unrolled-loop-tensor-condition" in lines[0]


def test_a_python_traceback_prints_the_findings_of_the_function_it_points_at(capsys, example):
    net = example("metric-missing-method")
    # As MindSpore 2.10 (Python 3.11) printed it for bad.py's evaluate(), pointing at the copy.
    log = (
        "Traceback (most recent call last):\n"
        '  File "<string>", line 2, in <module>\n'
        f'  File "{net}", line 30, in evaluate\n'
        "    mae = MeanAbsoluteError()  # [metric-missing-method]\n"
        "TypeError: Can't instantiate abstract class MeanAbsoluteError with abstract method eval\n"
    )
    status, out = run(capsys, log)
    assert status == 0
    assert out.index("E7348 metric-missing-method") < out.index("findings near")
    located = [line for line in out.splitlines() if line.startswith(f"  {net}")]
    assert [line.split(": ")[0] for line in located] == [f"  {net}:30", f"  {net}:31"]  # both in evaluate()
    assert all("metric-missing-method" in line for line in located)


def test_the_matched_rules_findings_come_first(capsys, example):
    net = example("cell-container-not-registered")
    # The Stack of bad.py, compiled in GRAPH_MODE by MindSpore 2.10: the log points at its construct.
    log = (
        "RuntimeError: The parameter @bad_Stack_construct_9:param_dense.weight , its name 'dense.weight' already "
        "exists. Please set a unique name for the parameter.\n"
        f"# 0 In file {net}:40~41, 8~24\n"
    )
    status, out = run(capsys, log)
    assert status == 0
    located = [line for line in out.splitlines() if line.startswith(f"  {net}")]
    assert located and all("cell-container-not-registered" in line for line in located)
    assert located[0].startswith(f"  {net}:35: ")  # the list, in __init__ of the same class


def test_missing_and_unreadable_paths_are_skipped_with_a_note(capsys, tmp_path, example, monkeypatch):
    net = example("forward-without-construct")
    folder = tmp_path / "folder.py"
    folder.mkdir()
    log = (
        f'  File "{tmp_path}/gone.py", line 3, in construct\n'
        f'  File "{folder}", line 3, in construct\n'
        f'  File "{net}", line 14, in forward\n'
        "AttributeError: For 'Cell', the method 'construct' is not defined.\n"
    )
    real_open = open

    def refusing_open(path, *args, **kwargs):
        if str(path) == str(net):
            raise PermissionError(13, "Permission denied")
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(explain, "open", refusing_open, raising=False)
    status, out = run(capsys, log)
    assert status == 0
    assert f"Skipped {tmp_path}/gone.py: no such file." in out
    assert f"Skipped {folder}: no such file." in out
    assert f"Skipped {net}: cannot read it (Permission denied)." in out


def test_help(capsys):
    assert cli.main(["explain", "--help"]) == 0
    assert "usage: ms-lint explain TEXT" in capsys.readouterr().out
    assert cli.main(["--help"]) == 0
    assert "ms-lint explain TEXT | -" in capsys.readouterr().out


def test_a_construct_traceback_means_the_located_code_was_graph_compiled(capsys, tmp_path):
    net = tmp_path / "net.py"
    net.write_text(
        "from mindspore import nn\n\n\nclass Net(nn.Cell):\n    def construct(self, x):\n"
        "        try:\n            x = x + 1\n        except ValueError:\n            pass\n        return x\n"
    )
    python_only = f'  File "{net}", line 6, in construct\n' "RuntimeError: Unsupported statement 'Try'.\n"
    _, out = run(capsys, python_only)
    assert f"  {net}:6: " not in out  # the file does not say it runs in GRAPH_MODE
    compiled = "RuntimeError: Unsupported statement 'Try'.\n- The Traceback of Net Construct Code:\n" \
        f"# 0 In file {net}:6~9, 8~16\n"
    _, out = run(capsys, compiled)
    assert f"  {net}:6: E7325 graph-unsupported-syntax: " in out


NET = """\
from mindspore import nn


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)
        self.fc = nn.Dense(4, 2)
        self.drop = nn.Dropout(0.1)

    def construct(self, x):
        return self.fc(self.conv(x))
"""
TRAIN = "import mindspore as ms\nfrom net import Net\n\nms.set_context(mode=ms.PYNATIVE_MODE)\nnet = Net()\n"
# MindSpore 2.10, PyNative: the exception line, and the library line that raised it, as Python quotes it.
PAD_ERROR = "ValueError: For 'Conv2D', the 'pad' must be zero when 'pad_mode' is not 'pad', but got 'pad': 1 and 'pad_mode': same."
RAISE_QUOTED = """\
  File "/usr/lib/python3/site-packages/mindspore/ops/operations/nn_ops.py", line 915, in __init__
    raise ValueError(f"For '{self.name}', the 'pad' must be zero when 'pad_mode' is not 'pad', "
"""


def test_the_error_is_quoted_not_the_library_line_that_raised_it(capsys, tmp_path):
    _, out = run(capsys, "Traceback (most recent call last):\n" + RAISE_QUOTED + PAD_ERROR)
    assert f"  MindSpore said: {PAD_ERROR}" in out


def test_a_traceback_naming_only_the_script_follows_it_into_the_modules_it_imports(capsys, tmp_path, monkeypatch):
    (tmp_path / "net.py").write_text(NET, encoding="utf-8")
    (tmp_path / "train.py").write_text(TRAIN, encoding="utf-8")
    log = f'Traceback (most recent call last):\n  File "{tmp_path / "train.py"}", line 5, in <module>\n    net = Net()\n{PAD_ERROR}\n'
    monkeypatch.chdir(tmp_path)
    _, out = run(capsys, log)
    beyond = out.split("Findings of the matched rules in the modules those files import", 1)[1]
    assert "net.py:7: E7310 conv-padding-without-pad-mode" in beyond
    assert "dropout" not in beyond  # only the rules the error matched


KNOWN_SAMPLES = [(known.name, text) for known in KNOWN_ERRORS for text in known.texts]


@pytest.mark.parametrize("name, text", KNOWN_SAMPLES, ids=[f"{name}-{i}" for i, (name, _) in enumerate(KNOWN_SAMPLES)])
def test_each_known_error_s_sample_is_recognised_as_it_and_as_no_rule(name, text):
    """A known error no rule foresees: its sample matches its own patterns, no other entry's, and no rule's
    (an error a rule prevents is recorded with the rule instead)."""
    assert [known.name for known, _ in explain.known_errors_matching(text.sample)] == [name]
    assert symbols(text.sample) == set()


def test_a_known_error_gets_its_cause_and_fix_in_either_language(capsys):
    oom = "RuntimeError: Out of Memory!!! Request memory size: 2147483648B, Memory Statistic:"
    status, out = run(capsys, oom)
    assert status == 0
    assert out.startswith("No ms_lint rule matches this text; it is 1 known MindSpore error no rule can foresee:")
    assert "Usual cause: the device has too little free memory" in out and "What to do: make sure the card" in out
    status = cli.main(["--mindspore-language=zh", "explain", oom])
    out = capsys.readouterr().out
    assert status == 0
    assert "常见原因：设备的空闲内存不足" in out and "处理方法：" in out and "Usual cause" not in out


def test_a_rule_and_a_known_error_in_one_log_are_both_explained(capsys):
    log = "RuntimeError: Unsupported statement 'Try'.\nIndexError: index 5 is out of bounds for dimension with size 2"
    status, out = run(capsys, log)
    assert status == 0
    assert "E7325 graph-unsupported-syntax" in out
    assert "It is 1 known MindSpore error no rule can foresee:" in out
    assert "MindSpore said: IndexError: index 5 is out of bounds" in out


def test_explain_recognises_at_least_sixty_distinct_error_texts():
    samples = {text.sample for _, text in SAMPLES} | {text.sample for _, text in KNOWN_SAMPLES}
    assert len(samples) >= 60, len(samples)


# What MindSpore 2.10 printed on CPU for a matmul of mismatched shapes in a Cell's construct, run in PyNative.
DEFERRED_READ = """\
Traceback (most recent call last):
  File "/work/train.py", line 3, in <module>
    value = out.asnumpy()
            ^^^^^^^^^^^^^
  File "/venv/lib/python3.11/site-packages/mindspore/common/tensor.py", line 1090, in asnumpy
    return TensorPy_.asnumpy(self)
           ^^^^^^^^^^^^^^^^^^^^^^^
RuntimeError: For 'MatMulExt' op, shape1[-1] must be equal to shape2[-2], but got 4 and 2.
"""
DEFERRED_AT_EXIT = (
    "[ERROR] RUNTIME_FRAMEWORK(29055,7f65b7226b80,python):2026-11-27-17:05:40.399.653 "
    "[mindspore/ccsrc/runtime/pipeline/async_rqueue.cc:267] WorkerJoin] WorkerJoin failed: For 'MatMulExt' op, "
    "shape1[-1] must be equal to shape2[-2], but got 4 and 2."
)
BLOCKING = """\
Traceback (most recent call last):
  File "/work/net.py", line 18, in run
    return net(ms.Tensor(np.ones((2, 3), np.float32)))
  File "/venv/lib/python3.11/site-packages/mindspore/nn/cell.py", line 1420, in __call__
    return self.construct(*args, **kwargs)
  File "/work/net.py", line 13, in construct
    return ops.matmul(y, x)
  File "/venv/lib/python3.11/site-packages/mindspore/ops/auto_generate/gen_ops_prim.py", line 19252, in __call__
    res = pyboost_matmul_ext(self, [input, other])
RuntimeError: For 'MatMulExt' op, shape1[-1] must be equal to shape2[-2], but got 4 and 2.
"""


@pytest.mark.parametrize("log, expected", [(DEFERRED_READ, True), (DEFERRED_AT_EXIT, True), (BLOCKING, False)])
def test_an_error_raised_where_a_result_was_read_is_told_apart(log, expected):
    assert explain.deferred(log) is expected


def test_an_error_raised_where_a_result_was_read_says_how_to_get_the_failing_line(capsys):
    status, out = run(capsys, DEFERRED_AT_EXIT)
    assert status == 0  # the shape error is a known one
    assert "MindSpore ran the failing operator asynchronously (PyNative)" in out
    assert "mindspore.runtime.launch_blocking()" in out
    _, out = run(capsys, BLOCKING)
    assert "asynchronously" not in out
    cli.main(["--mindspore-language=zh", "explain", DEFERRED_AT_EXIT])
    assert "以异步方式运行了出错的算子" in capsys.readouterr().out


SHAPE_NET = """\
import numpy as np
import mindspore as ms
from mindspore import nn, ops


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(3, 4)

    def construct(self, x):
        y = self.dense(x)
        return ops.matmul(y, x)


def run():
    return Net()(ms.Tensor(np.ones((2, 3), np.float32)))
"""


@requires_mindspore
def test_a_pynative_error_is_followed_into_construct_once_launches_block(tmp_path, capsys):
    """On the installed MindSpore: the error surfaces where the result is read, and explain says so; with
    launch_blocking() the traceback goes through Cell.__call__ to the construct line, which explain lints."""
    (tmp_path / "net.py").write_text(SHAPE_NET, encoding="utf-8")
    (tmp_path / "late.py").write_text("from net import run\nprint(run().asnumpy())\n", encoding="utf-8")
    (tmp_path / "blocking.py").write_text(
        "import mindspore\nmindspore.runtime.launch_blocking()\nfrom net import run\nprint(run())\n", encoding="utf-8"
    )
    logs = {}
    for script in ("late.py", "blocking.py"):
        done = subprocess.run([sys.executable, script], cwd=tmp_path, capture_output=True, text=True, timeout=600,
                              check=False)
        assert done.returncode != 0
        logs[script] = done.stderr
    assert explain.deferred(logs["late.py"])
    assert not explain.deferred(logs["blocking.py"])
    construct = next(place for place in explain.locations(logs["blocking.py"]) if place.path.endswith("net.py")
                     and place.first == 13)
    assert construct.path == str(tmp_path / "net.py")
    _, out = run(capsys, logs["blocking.py"])
    assert "asynchronously" not in out and "ms_lint finds nothing near the lines the log points at" in out
