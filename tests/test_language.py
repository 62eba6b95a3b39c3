"""The mindspore-language option: every text in both languages, the same findings in each."""

import importlib
import importlib.util
import json
import pkgutil
import re
import subprocess
import sys

import pytest

import ms_lint
from lint import REPO, rule_dirs, rule_rcfile, run_pylint, write_project
from ms_lint import language
from ms_lint.checkers import CHECKERS
from ms_lint.checkers.base import GraphFindingsNotice
from ms_lint.language import Text
from ms_lint.probe.checker import ProbeChecker
from ms_lint.probe.verdict import CONFIRMED, NOT_REPRODUCED, Verdict, evidence_fields, outcome_from_reply
from ms_lint.reporters.sarif import split_probe
from ms_lint.semantics.graph import ascend

CHINESE = re.compile(r"[\u4e00-\u9fff]")
MESSAGES = [
    (msgid, declared)
    for checker in (*CHECKERS, GraphFindingsNotice, ProbeChecker)
    for msgid, declared in checker.msgs.items()
]
RULE_DIRS = rule_dirs()


# Modules that need an optional extra, and the package it brings.
EXTRAS = {"ms_lint.servers.lsp": "pygls", "ms_lint.tools.lsp_bench": "pygls", "ms_lint.tools.lsp_check": "pygls", "ms_lint.servers.mcp": "mcp"}


def _all_modules():
    for module in pkgutil.walk_packages(ms_lint.__path__, "ms_lint."):
        extra = EXTRAS.get(module.name)
        if extra is not None and importlib.util.find_spec(extra) is None:
            continue
        importlib.import_module(module.name)


@pytest.mark.parametrize("msgid, declared", MESSAGES, ids=[msgid for msgid, _ in MESSAGES])
def test_every_message_and_description_has_both_languages_with_the_same_placeholders(msgid, declared):
    template, description = declared[0], declared[2]
    for text in (template, description):
        assert isinstance(text, Text), f"{msgid}: declare it as Text(english, chinese)"
        assert CHINESE.search(text.zh), f"{msgid}: {text.zh!r}"
    assert language.placeholders(template.zh) == language.placeholders(template.en), msgid


def test_every_declared_fragment_has_both_languages_with_the_same_placeholders():
    _all_modules()
    descriptions = {id(declared[2]) for _, declared in MESSAGES}  # prose, never formatted
    assert language.DECLARED
    for text in language.DECLARED:
        assert text.zh != text.en, f"untranslated: {text.en!r}"
        if id(text) in descriptions:
            continue
        assert language.placeholders(text.zh) == language.placeholders(text.en), text.en


def test_a_fragment_formats_both_languages_and_stays_english_as_a_str():
    effect = Text("it zeroes %s of %s", "将 %s 的 %s 置零") % ("90%", Text("the activations", "激活"))
    assert effect == "it zeroes 90% of the activations"
    assert effect.zh == "将 90% 的 激活 置零"
    assert language.resolve(("x", effect), language.ZH) == ("x", "将 90% 的 激活 置零")
    assert language.resolve(("x", effect), language.EN) == ("x", effect)
    joined = language.join(Text(" and ", " 和 "), ["clear", "eval"])
    assert (joined, joined.zh) == ("clear and eval", "clear 和 eval")


def _findings(messages):
    return sorted((m.path, m.line, m.column, m.msg_id, m.confidence.name) for m in messages)


@pytest.mark.parametrize("rule_dir", RULE_DIRS, ids=[path.name for path in RULE_DIRS])
def test_chinese_gives_the_same_findings_in_chinese(rule_dir):
    bad = rule_dir / "bad.py"
    english = run_pylint([bad], rcfile=rule_rcfile(rule_dir))
    chinese = run_pylint([bad], "--mindspore-language=zh", rcfile=rule_rcfile(rule_dir))
    assert _findings(chinese) == _findings(english)
    for message in chinese:
        assert CHINESE.search(message.msg), message.msg
    assert [m.msg for m in run_pylint([bad], rcfile=rule_rcfile(rule_dir))] == [m.msg for m in english]


def test_graph_findings_notice_in_chinese(tmp_path):
    net = "import mindspore.nn as nn\nclass Net(nn.Cell):\n    def construct(self, x):\n        del x\n        return 1\n"
    write_project(tmp_path, {"net.py": net})
    (message,) = run_pylint([tmp_path / "net.py"], "--mindspore-language=zh")
    assert message.symbol == "graph-findings-withheld"
    assert message.msg.startswith("已暂缓报告 1 个仅在静态图模式下成立的检查结果（1 graph-unsupported-syntax）")


def _ms_lint(*args, cwd=REPO):
    command = [sys.executable, "-m", "ms_lint.cli", *args]
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)


def test_help_msg_in_chinese():
    result = _ms_lint("--mindspore-language=zh", "--help-msg=dropout-positional-keep-prob")
    assert "mindspore.nn.Dropout 的第一个位置参数是 keep_prob" in result.stdout
    assert "规则说明页" in result.stdout and "docs/rules/dropout-positional-keep-prob.md" in result.stdout
    english = _ms_lint("--help-msg=dropout-positional-keep-prob")
    assert "The first positional parameter of mindspore.nn.Dropout" in english.stdout
    assert not CHINESE.search(english.stdout)


def test_language_from_pyproject(tmp_path):
    write_project(
        tmp_path,
        {
            "pyproject.toml": '[tool.pylint.mindspore]\nmindspore-language = "zh"\n',
            "net.py": "import mindspore.nn as nn\nDROP = nn.Dropout(0.1)\n",
        },
    )
    result = _ms_lint("net.py", cwd=tmp_path)
    assert "W7306" in result.stdout and "训练时它会将 90% 的激活置零" in result.stdout, result.stdout + result.stderr
    help_text = _ms_lint("--help-msg=W7306", cwd=tmp_path)
    assert "保留概率" in help_text.stdout


def test_unknown_language_names_the_accepted_values():
    result = _ms_lint("--mindspore-language=fr", "x.py")
    assert result.returncode == 2
    assert "argument --mindspore-language: invalid choice: 'fr' (choose from 'en', 'zh')" in result.stderr


def test_every_ascend_limit_has_its_chinese_text():
    for family in ascend.data()["families"]:
        for limit in family["limits"]:
            assert CHINESE.search(limit["text_zh"]), limit


def test_probe_evidence_keeps_both_languages_through_json():
    evidence = Text("%s raised %s", "%s 抛出 %s") % ("Net()(x)", "AttributeError: no construct")
    verdict = Verdict(CONFIRMED, evidence)
    assert verdict.suffix == " [probe confirmed: Net()(x) raised AttributeError: no construct]"
    assert verdict.suffix_in(language.ZH) == " [probe 已确认：Net()(x) 抛出 AttributeError: no construct]"
    reply = json.loads(json.dumps({"status": CONFIRMED, **evidence_fields(verdict.evidence)}))
    again = outcome_from_reply(reply).verdict
    assert again.suffix_in(language.ZH) == verdict.suffix_in(language.ZH)
    plain = Verdict(CONFIRMED, "MindSpore's own words")  # evidence without a translation reads the same in both
    assert plain.suffix_in(language.ZH) == " [probe 已确认：MindSpore's own words]"


@pytest.mark.parametrize("speaking", language.LANGUAGES)
def test_sarif_reads_the_probe_status_in_either_language(speaking):
    suffix = Verdict(NOT_REPRODUCED, Text("ran %s", "运行了 %s") % ("x",)).suffix_in(speaking)
    message, probe = split_probe("W7306 text" + suffix)
    assert message == "W7306 text"
    assert probe["status"] == NOT_REPRODUCED


def test_fix_notes_in_chinese(tmp_path):
    bad = (REPO / "rules" / "cell-container-not-registered" / "bad.py").read_text(encoding="utf-8")
    (tmp_path / "bad.py").write_text(bad, encoding="utf-8")
    chinese = _ms_lint("--mindspore-language=zh", "--diff", "bad.py", cwd=tmp_path)
    assert "bad.py:13: 将修复 (cell-container-not-registered, 不安全): self.layers：普通 list -> nn.CellList" in chinese.stderr
    assert "未修复 (cell-container-not-registered): 键 task 不是字符串字面量" in chinese.stderr
    english = _ms_lint("--diff", "bad.py", cwd=tmp_path)
    fixed = "bad.py:13: would fix (cell-container-not-registered, unsafe): self.layers: plain list -> nn.CellList"
    assert fixed in english.stderr
    assert chinese.stdout == english.stdout  # the same diff
