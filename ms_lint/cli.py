"""``ms-lint``: pylint with only ms_lint's checks, the command the pre-commit hook runs.

``ms-lint PATH...`` is ``pylint --load-plugins=ms_lint --disable=all --enable=mindspore``
with the score and the persistent statistics off. Every pylint argument and every
plugin option (``--mindspore-mode=graph``...) is accepted after it. The project's
pylint configuration is read as usual: its ``[mindspore]`` options apply, and an ms_lint
rule it disables stays disabled (pylint's own checks stay off whatever it enables).

``ms-lint --fix PATH...`` applies the safe automatic fixes (``--unsafe-fixes``: the unsafe ones
too) and reports what is left;
``ms-lint --diff PATH...`` prints them as a unified diff and changes nothing
(see :mod:`ms_lint.fixes`). ``ms-lint --baseline FILE PATH...`` reports only the findings
that FILE does not accept (see :mod:`ms_lint.baseline`). ``ms-lint explain TEXT`` finds
the rules that prevent a MindSpore error (see :mod:`ms_lint.explain`). ``ms-lint mcp`` serves
ms_lint to coding agents (see :mod:`ms_lint.servers.mcp`). ``ms-lint lsp`` is the
language server (see :mod:`ms_lint.servers.lsp`). How a lint runs, for this command, the fix
engine and the servers alike, is :mod:`ms_lint.runner`.
"""

from __future__ import annotations

import os
import platform
import sys
from collections import Counter
from typing import List, Optional, Sequence, Tuple


from ms_lint import __version__, baseline, language, notebook
from ms_lint.checkers.base import withheld_findings
from ms_lint.language import Text
from ms_lint.runner import INFO_OPTIONS, broken_configuration, collected, lint_into, option_values, run, say
from ms_lint.semantics.names import catalog

STATISTICS = "--statistics"
UNSAFE_FIXES = "--unsafe-fixes"
USAGE = Text(
    """\
usage: ms-lint [--fix [--unsafe-fixes] | --diff] [--baseline FILE [--baseline-update]] [pylint options] PATH...
       ms-lint explain TEXT | -       which rules prevent this MindSpore error (- reads a log)
       ms-lint lsp                    the language server, on stdin and stdout (docs/editors.md)
       ms-lint mcp                    serve ms_lint to coding agents (Model Context Protocol, stdio)

Lint MindSpore code with ms_lint's checks only (pylint's own checks stay off).

  PATH                   files (.py, Jupyter .ipynb), packages or directories to lint
  --fix                  apply the safe automatic fixes, then report what is left
  --unsafe-fixes         with --fix, apply the unsafe ones too (they change what running code does)
  --diff                 print every automatic fix, safe and unsafe, as a unified diff; change nothing
  --baseline FILE        report only findings FILE does not list; when FILE does not
                         exist, write today's findings to it and exit 0
  --baseline-update      rewrite FILE with today's findings (fixed ones are dropped)
  --statistics           print how many findings each rule has instead of the findings
  --version              print the versions of ms-lint, pylint, astroid and Python
  --mindspore-mode=...   and the other ms_lint options (see `pylint --load-plugins=ms_lint --help`)

A closing line on stderr counts the findings, the files and the automatically fixable ones.
Any pylint option is accepted: --output-format=json2, --output-format=ms-sarif:out.sarif,
--rcfile=..., -j 0, --confidence=HIGH, --disable=<symbol>...
Exit status: pylint's (0 when nothing is found).
""",
    """\
usage: ms-lint [--fix [--unsafe-fixes] | --diff] [--baseline FILE [--baseline-update]] [pylint options] PATH...
       ms-lint explain TEXT | -       哪些规则能预防这个 MindSpore 报错（- 读取日志）
       ms-lint lsp                    语言服务器，使用标准输入和标准输出（docs/editors.md）
       ms-lint mcp                    为编程智能体提供 ms_lint（Model Context Protocol，stdio）

只用 ms_lint 的检查来检查 MindSpore 代码（pylint 自身的检查保持关闭）。

  PATH                   要检查的文件（.py、Jupyter .ipynb）、包或目录
  --fix                  应用安全的自动修复，然后报告剩余的问题
  --unsafe-fixes         与 --fix 一起使用时，也应用不安全的修复（它们会改变代码运行时的行为）
  --diff                 以统一 diff 格式打印所有自动修复（安全的和不安全的），不修改任何文件
  --baseline FILE        只报告 FILE 中没有列出的检查结果；FILE 不存在时，
                         把当前的检查结果写入其中并以 0 退出
  --baseline-update      用当前的检查结果重写 FILE（已修复的条目会被删除）
  --statistics           打印每条规则的检查结果数量，而不是检查结果本身
  --version              打印 ms-lint、pylint、astroid 和 Python 的版本
  --mindspore-mode=...   以及 ms_lint 的其他选项（见 `pylint --load-plugins=ms_lint --help`）
  --mindspore-language=zh  以中文输出（en：英文，默认）

运行结束时在标准错误输出一行总结：检查结果、文件和可自动修复的数量。
接受任何 pylint 选项：--output-format=json2、--output-format=ms-sarif:out.sarif、
--rcfile=...、-j 0、--confidence=HIGH、--disable=<symbol>...
退出状态：与 pylint 相同（没有检查结果时为 0）。
""",
)
VERSION = Text("ms-lint %s (MindSpore catalog %s)", "ms-lint %s（MindSpore 目录 %s）")
UNSAFE_WITHOUT_FIX = Text(
    "--unsafe-fixes goes with --fix (or --diff, which shows every fix anyway)",
    "--unsafe-fixes 需要与 --fix 一起使用（--diff 本来就显示所有修复）",
)
FIX_AND_DIFF = Text("--fix and --diff cannot be used together", "--fix 和 --diff 不能同时使用")
NO_FILES = Text("no files to lint.", "没有要检查的文件。")
NO_PYTHON = Text("no Python file under %s.", "%s 下没有 Python 文件。")
NO_REPORT_FOLDER = Text(
    "cannot write the report %s: there is no folder %s.", "无法写入报告 %s：文件夹 %s 不存在。"
)
NEEDS_FILE = Text(
    "--baseline needs a file name: --baseline FILE or --baseline=FILE",
    "--baseline 需要一个文件名：--baseline FILE 或 --baseline=FILE",
)
UPDATE_NEEDS_BASELINE = Text(
    "--baseline-update needs --baseline FILE: the baseline to rewrite",
    "--baseline-update 需要 --baseline FILE：要重写的基线",
)
CANNOT_WRITE = Text("cannot write the baseline %s: %s", "无法写入基线 %s：%s")
WRITTEN = Text(
    "baseline written to %s: %s finding%s in %s file%s; later runs report only findings not in it.",
    "基线已写入 %s：%s 个检查结果%s，分布在 %s 个文件%s中；之后的运行只报告不在其中的检查结果。",
)
UPDATED = Text(
    "baseline %s updated: %s finding%s (%s added, %s fixed and dropped).",
    "基线 %s 已更新：%s 个检查结果%s（新增 %s 个，%s 个已修复并删除）。",
)
HIDDEN = Text(
    "%s finding%s accepted by the baseline %s not shown", "%s 个检查结果%s已被基线 %s 接受，未显示"
)
GONE = Text(
    "; %s of its entries no longer found (--baseline-update drops them)",
    "；其中 %s 个条目已不再出现（--baseline-update 会删除它们）",
)
PERIOD = Text(".", "。")
MCP_USAGE = Text(
    """\
usage: ms-lint mcp

Serve ms_lint to coding agents over the Model Context Protocol, on standard input and output.
Tools: lint, fix (a dry run, or the safe fixes written as --fix writes them), explain (a MindSpore
error or log), describe_rule. Paths are taken from the working directory, whose pylint configuration
applies. How to configure an agent: docs/agents.md.
""",
    """\
usage: ms-lint mcp

通过 Model Context Protocol（标准输入和输出）为编程智能体提供 ms_lint。
工具：lint、fix（预演，或像 --fix 一样写入安全的修复）、explain（MindSpore 报错或日志）、describe_rule。
路径相对于工作目录，并应用该目录的 pylint 配置。如何配置智能体：docs/agents.md。
""",
)
MCP_ARGUMENTS = Text(
    "ms-lint mcp takes no arguments (each tool call gives its own options), got: %s",
    "ms-lint mcp 不接受参数（每次工具调用各自给出选项），收到：%s",
)
NEEDS_MCP = Text(
    'the MCP server needs the mcp package 2.x, on Python 3.10 or later (this is Python %s): pip install "ms-lint[mcp]"',
    'MCP 服务器需要 mcp 包 2.x，且需要 Python 3.10 或更高版本（当前为 Python %s）：pip install "ms-lint[mcp]"',
)
NO_LSP = Text(
    'the language server needs pygls: pip install "ms-lint[lsp]"', '语言服务器需要 pygls：pip install "ms-lint[lsp]"'
)


def report(args: Sequence[str], baseline_file: Optional[str] = None, update: bool = False, fix_hint: bool = True) -> int:
    """Lint and report as ``ms-lint`` does, through the baseline when one is given; the exit status.

    ``fix_hint`` False leaves out of the closing line the advice to run ``--fix`` (its own run just did).
    """
    statistics = STATISTICS in args
    args = [arg for arg in args if arg != STATISTICS]
    if baseline_file is None:
        return _status(run, args, closing=True, statistics=statistics, fix_hint=fix_hint)
    try:
        return _report_with_baseline(args, baseline_file, update, statistics, fix_hint)
    except baseline.BaselineError as error:
        say(error.args[0], _language(args))
        return 32


def _status(function, *args, **kwargs) -> int:
    try:
        function(*args, **kwargs)
    except SystemExit as done:
        return done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    return 0


def _report_with_baseline(args: Sequence[str], path: str, update: bool, statistics: bool, fix_hint: bool) -> int:
    exists = os.path.exists(path)
    previous = baseline.load(path) if exists else Counter()
    record = update or not exists
    directory = os.path.dirname(os.path.abspath(path))
    outcome = []
    accepting = (None if record else previous, directory)
    options = {"accepting": accepting, "closing": not record, "statistics": statistics, "fix_hint": fix_hint}
    status = _status(lambda: outcome.append(run(args, exit=False, **options)))
    if not outcome or not isinstance(outcome[0].linter.reporter, baseline.BaselineReporter):
        return status  # pylint stopped before linting (a usage error, no files)
    linter = outcome[0].linter
    reporter = linter.reporter
    withheld = reporter.withheld(withheld_findings(linter))
    if record:
        findings = reporter.updated(previous, withheld)
        try:
            baseline.write(path, findings)
        except OSError as error:
            raise baseline.BaselineError(CANNOT_WRITE % (path, error.strerror or error)) from None
        say(_recorded(path, exists, previous, findings, reporter, withheld), language.of(linter))
    else:
        hidden = sum((reporter.seen & previous).values())
        gone = sum(reporter.gone(previous, withheld).values())
        if hidden or gone:
            say(_filtered(path, hidden, gone), language.of(linter))
    return 0 if linter.config.exit_zero else reporter.status


def _recorded(path: str, existed: bool, previous: Counter, findings: Counter, reporter, withheld: Counter) -> Text:
    total = sum(findings.values())
    if not existed:
        count = len({key[0] for key in findings})
        return WRITTEN % (path, total, language.plural(total), count, language.plural(count))
    added = sum((reporter.seen - previous).values())
    dropped = sum(reporter.gone(previous, withheld).values())
    return UPDATED % (path, total, language.plural(total), added, dropped)


def _filtered(path: str, hidden: int, gone: int) -> Text:
    return language.join("", (HIDDEN % (hidden, language.plural(hidden), path), GONE % (gone,) if gone else "", PERIOD))


def _language(args: Sequence[str]) -> str:
    """The language the command line asks for (ms-lint's lines before pylint reads the configuration)."""
    spoken = language.EN
    for index, arg in enumerate(args):
        if arg.startswith("--mindspore-language="):
            spoken = arg.split("=", 1)[1]
        elif arg == "--mindspore-language" and index + 1 < len(args):
            spoken = args[index + 1]
    return spoken if spoken in language.LANGUAGES else language.EN


def _baseline_arguments(args: List[str]) -> Tuple[Optional[str], bool, List[str]]:
    """(baseline file, --baseline-update given, the other arguments); ValueError says what is wrong."""
    path, update, rest = None, False, []
    items = iter(args)
    for arg in items:
        if arg == "--baseline-update":
            update = True
        elif arg == "--baseline":
            path = next(items, None)
            if path is None or path.startswith("-"):
                raise ValueError(NEEDS_FILE)
        elif arg.startswith("--baseline="):
            path = arg.split("=", 1)[1]
            if not path:
                raise ValueError(NEEDS_FILE)
        else:
            rest.append(arg)
    if update and path is None:
        raise ValueError(UPDATE_NEEDS_BASELINE)
    return path, update, rest


def _paths(args: Sequence[str]) -> List[str]:
    """The files, packages and directories named to lint."""
    return [arg for arg in args if not arg.startswith("-")]


def _has_files(args: Sequence[str]) -> bool:
    return bool(_paths(args)) or any(arg.split("=", 1)[0] in INFO_OPTIONS for arg in args)


def _report_files(args: Sequence[str]) -> List[str]:
    """The files ``--output-format=format:file,...`` writes reports to."""
    formats = option_values(args, "--output-format", "-f")
    return [item.partition(":")[2] for item in formats if item.partition(":")[2]]


def _folders_without_python(args: Sequence[str]) -> List[str]:
    """The paths named, when every one is a folder with no Python file below it (else [])."""
    paths = _paths(args)
    if paths and all(os.path.isdir(path) and not _has_python(path) for path in paths):
        return paths
    return []


def _has_python(folder: str) -> bool:
    return any(name.endswith((".py", notebook.SUFFIX)) for _, _, files in os.walk(folder) for name in files)


def _serve_lsp(speaking: str) -> int:
    """``ms-lint lsp``: the language server on stdin and stdout, when the ``lsp`` extra is installed."""
    try:
        from ms_lint.servers import lsp  # pylint: disable=import-outside-toplevel
    except ImportError as error:
        if (error.name or "").split(".")[0] not in ("pygls", "lsprotocol"):
            raise
        say(NO_LSP, speaking)
        return 1
    return lsp.main()


def main(argv: Optional[Sequence[str]] = None) -> int:
    try:
        return _main(list(sys.argv[1:] if argv is None else argv))
    except BrokenPipeError:
        # The reader stopped early (ms-lint src/ | head): not an error of ours. Point stdout at
        # devnull so that Python's own flush at exit does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _main(args: List[str]) -> int:
    speaking = _language(args)
    command = next((index for index, arg in enumerate(args) if not arg.startswith("-")), None)
    if command is not None and args[command] == "explain":  # options may come before the subcommand
        from ms_lint import explain  # pylint: disable=import-outside-toplevel

        return explain.main(args[:command] + args[command + 1 :], lint=lint_into, speaking=speaking)
    if command is not None and args[command] == "lsp":
        return _serve_lsp(speaking)
    if command is not None and args[command] == "mcp":
        return _serve_mcp(args[:command] + args[command + 1 :], speaking)
    if "-h" in args or "--help" in args:
        print(language.pick(USAGE, speaking))
        return 0
    if "--version" in args:
        print(language.pick(VERSION % (__version__, catalog.version()), speaking))
        # pylint's own lines: pylint, astroid and Python.
    fix, diff, unsafe = "--fix" in args, "--diff" in args, UNSAFE_FIXES in args
    args = [arg for arg in args if arg not in ("--fix", "--diff", UNSAFE_FIXES)]
    if fix and diff:
        say(FIX_AND_DIFF, speaking)
        return 32
    if unsafe and not (fix or diff):
        say(UNSAFE_WITHOUT_FIX, speaking)
        return 32
    try:
        baseline_file, update, args = _baseline_arguments(args)
    except ValueError as error:
        say(error.args[0], speaking)
        return 32
    broken = broken_configuration(args)
    if broken is not None:
        say(broken, speaking)
        return 32
    if not _has_files(args):
        # pre-commit with always_run, or an empty selection: nothing to lint is not a failure.
        say(NO_FILES, speaking)
        return 0
    for path in _report_files(args):
        folder = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(folder):
            # pylint opens it while reading its options and ends in a traceback.
            say(NO_REPORT_FOLDER % (path, folder), speaking)
            return 32
    empty = _folders_without_python(args)
    if empty:
        say(NO_PYTHON % (", ".join(empty),), speaking)
        return 0
    if fix or diff:
        from ms_lint.fixes import engine  # pylint: disable=import-outside-toplevel

        return engine.main(
            args, write=fix, report=lambda: report(args, baseline_file, update, fix_hint=False), lint=collected,
            unsafe=unsafe,
        )
    return report(args, baseline_file, update)


def _serve_mcp(args: List[str], speaking: str) -> int:
    """``ms-lint mcp``: the MCP server on stdio, until its client closes it."""
    if "-h" in args or "--help" in args:
        print(language.pick(MCP_USAGE, speaking))
        return 0
    if args:
        say(MCP_ARGUMENTS % (" ".join(args),), speaking)
        return 32
    try:
        from ms_lint.servers import mcp  # pylint: disable=import-outside-toplevel
    except ModuleNotFoundError as missing:
        if (missing.name or "").split(".")[0] != "mcp":
            raise
        say(NEEDS_MCP % (platform.python_version(),), speaking)
        return 32
    mcp.serve()
    return 0


if __name__ == "__main__":
    sys.exit(main())
