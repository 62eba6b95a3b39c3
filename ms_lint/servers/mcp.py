"""``ms-lint mcp``: ms_lint for coding agents, over the Model Context Protocol (stdio).

Each tool is one call of what the command line does, on the files as they are now:

- ``lint``: the findings ``ms-lint PATH...`` reports, each with the kind of automatic fix it has;
- ``fix``: the fixes as ``ms-lint --diff`` shows them, or written as ``ms-lint --fix`` writes them;
- ``explain``: the rules and known errors a MindSpore error text or log matches (``ms-lint explain``);
- ``describe_rule``: a rule's page: why, how to fix it, its examples.

Paths are read from the server's working directory, whose pylint configuration applies. Input a
tool cannot take is answered with one line saying what is wrong and what is accepted.
"""

from __future__ import annotations

import difflib
import os
from typing import Annotated, List, Literal, Optional

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.tools import Tool
from mcp_types import ToolAnnotations
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ms_lint import __version__, explain as explaining, notebook, options as plugin_options, rule_pages, runner
from ms_lint.fixes import engine
from ms_lint.fixes.base import Fix
from ms_lint.language import EN, LANGUAGES, Text, pick
from ms_lint.servers import session

NOT_LINTED = engine.UNREADABLE | {"fatal"}  # pylint's messages for a file it could not lint
INSTRUCTIONS = (
    "ms_lint finds MindSpore network pitfalls in Python code (Cells in plain lists, PyTorch leftovers, "
    "graph-mode syntax, APIs removed in the target version...). Lint MindSpore code after editing it; "
    "preview fixes with fix (write=false) before writing them; explain a MindSpore error or log to find "
    "its cause; describe_rule tells why a rule matters and how to fix its findings."
)
NO_SUCH_PATH = Text(
    "no such file or folder: %s (paths are files, packages or folders, relative to %s)",
    "没有这个文件或文件夹：%s（路径是文件、包或文件夹，相对于 %s）",
)
OPTION_AS_PATH = Text(
    "%s is an option, not a path: give options in options.args",
    "%s 是选项而不是路径：请在 options.args 中给出选项",
)
ANSWERS_WITHOUT_LINTING = Text(
    "options.args: %s answers without linting; give the options of a lint (ms-lint --help lists them)",
    "options.args：%s 不做检查就直接回答；请给出检查用的选项（ms-lint --help 列出了它们）",
)
REFUSED = Text(
    "options refused: %s; give ms-lint's options (ms-lint --help lists them)",
    "选项被拒绝：%s；请给出 ms-lint 的选项（ms-lint --help 列出了它们）",
)
UNKNOWN_ARGUMENT = Text("%s takes no argument %s; it takes: %s", "%s 没有参数 %s；它的参数是：%s")
UNKNOWN_OPTION = Text("%s: no such option; the options are: %s", "%s：没有这个选项；选项有：%s")
INVALID = Text("%s: %s", "%s：%s")
UNKNOWN_RULE = Text(
    "no ms_lint rule is named %r%s; give a rule's symbol or message id: %s",
    "没有名为 %r 的 ms_lint 规则%s；请给出规则的符号或消息 ID：%s",
)
DID_YOU_MEAN = Text(" (did you mean %s?)", "（是不是 %s？）")
UNSAFE_NOT_ASKED = Text(
    "an unsafe fix (it changes what the code does when it runs): unsafe=true applies it",
    "不安全的修复（它会改变代码运行时的行为）：unsafe=true 会应用它",
)


class WrongInput(ToolError):
    """Input a tool cannot take: ``args[0]``, a Text, says what is wrong and what is accepted."""


class Options(BaseModel):
    """ms-lint's command-line options for one call; the project's pylint configuration applies under them."""

    model_config = ConfigDict(extra="forbid")

    mindspore_version: Optional[str] = Field(
        None, description="MindSpore version the code targets, e.g. 2.3.1 (default: the installed one, else 2.10)"
    )
    mindspore_code_version: Optional[str] = Field(
        None, description="MindSpore version the code was written for, e.g. 1.8.1 (api-default-changed needs it)"
    )
    mindspore_device_target: Optional[Literal[plugin_options.DEVICE_TARGETS]] = Field(
        None, description="device the code runs on (auto: read from set_context/set_device in the code)"
    )
    mindspore_mode: Optional[Literal[plugin_options.MODES]] = Field(
        None, description="execution mode of construct (auto: read from set_context(mode=...) in the code)"
    )
    mindspore_jit_syntax_level: Optional[Literal[plugin_options.SYNTAX_LEVELS]] = Field(
        None, description="JIT syntax level graph code is compiled at"
    )
    mindspore_language: Optional[Literal[LANGUAGES]] = Field(
        None, description="language of the messages and notes: en (English) or zh (Chinese)"
    )
    args: List[str] = Field(
        default_factory=list,
        description='more ms-lint (pylint) options, e.g. ["--disable=api-removed", "--confidence=HIGH"]',
    )

    def command_line(self) -> List[str]:
        """These options as ms-lint takes them; WrongInput for one that answers without linting."""
        for arg in self.args:
            if arg in ("-h", "--help") or arg.split("=", 1)[0] in runner.INFO_OPTIONS:
                raise WrongInput(ANSWERS_WITHOUT_LINTING % (arg,))
        named = [f"--{name.replace('_', '-')}={value}" for name, value in self if name != "args" and value is not None]
        return [*named, *self.args]


Paths = Annotated[
    List[str],
    Field(
        min_length=1, description="files (.py, .ipynb), packages or folders, relative to the server's working directory"
    ),
]
OptionsArgument = Annotated[Optional[Options], Field(description="ms-lint's options (default: the project's)")]


class Finding(BaseModel):
    """A finding, as ms-lint reports it."""

    path: str = Field(description="the file as given (in a notebook: `nb.ipynb:cell 3`, lines counted in the cell)")
    line: int = Field(description="1-based")
    column: int = Field(description="0-based, as ms-lint prints it")
    end_line: Optional[int] = None
    end_column: Optional[int] = None
    symbol: str = Field(description="the rule's symbol (describe_rule tells why and how to fix it)")
    msgid: str
    message: str = Field(description="what is wrong and how to fix it, with the code's own names")
    confidence: str = Field(description="HIGH: certain from the code; INFERENCE: inference was needed")

    @classmethod
    def of(cls, message, **more):
        """The finding a pylint message reports."""
        return cls(
            path=message.path, line=message.line, column=message.column, end_line=message.end_line,
            end_column=message.end_column, symbol=message.symbol, msgid=message.msg_id, message=message.msg,
            confidence=message.confidence.name, **more,
        )


class LintFinding(Finding):
    fix: Optional[Literal["safe", "unsafe"]] = Field(
        description="safe: the fix tool applies it; unsafe: only with unsafe=true, as it changes what the running "
        "code does; null: no automatic fix"
    )


class NotLinted(BaseModel):
    """A file pylint could not lint (the others were linted)."""

    path: str
    line: int
    reason: str


class LintResult(BaseModel):
    findings: List[LintFinding]
    files: List[str] = Field(description="the files linted")
    not_linted: List[NotLinted]


class FixOutcome(BaseModel):
    """What the fix did, or would do, with one finding."""

    path: str
    line: int
    symbol: str
    status: Literal["fixed", "would_fix", "left_alone"]
    unsafe: bool = Field(description="the rule's fixes change what the running code does")
    note: str = Field(description="what the fix does, or why the finding is left alone")


class FixResult(BaseModel):
    written: bool
    diff: str = Field(description="unified diff of the changes (written: of the files as written), as --diff prints it")
    changed_files: List[str] = Field(description="absolute paths")
    outcomes: List[FixOutcome]
    not_linted: List[NotLinted]


class RuleMatch(BaseModel):
    """A rule that prevents the error."""

    msgid: str
    symbol: str
    title: str
    said: str = Field(description="the line of the text that matched")
    why: str
    fix: str = Field(description="how to fix it (Markdown)")
    url: str


class KnownErrorMatch(BaseModel):
    """A MindSpore error no rule can foresee."""

    name: str
    said: str = Field(description="the line of the text that matched")
    cause: str
    fix: str


class ExplainResult(BaseModel):
    rules: List[RuleMatch]
    known_errors: List[KnownErrorMatch]
    findings_near: List[Finding] = Field(description="findings near the source lines the text names")
    findings_in_imports: List[Finding] = Field(
        description="the matched rules' findings in the modules those files import"
    )
    linted_files: List[str]
    notes: List[str] = Field(description="files skipped, or a lint that failed")


def lint(paths: Paths, options: OptionsArgument = None) -> LintResult:
    """Lint MindSpore code with ms_lint's checks, as `ms-lint PATH...` does: each finding with its place, rule,
    message, confidence and whether an automatic fix exists. A file that cannot be linted (a syntax error) is
    listed in not_linted; the others are linted."""
    args = _command_line(paths, options)
    with session.exclusive():
        messages, linted, config = runner.collect(args)
        planned = engine.plan(messages, linted, unsafe=True, config=config)
    fixable = [outcome for file_fix in planned for outcome in file_fix.outcomes if isinstance(outcome.result, Fix)]
    kinds = {id(outcome.message): "unsafe" if outcome.unsafe else "safe" for outcome in fixable}
    places = notebook.Notebooks()
    return LintResult(
        findings=[
            LintFinding.of(places.shown(message), fix=kinds.get(id(message)))
            for message in messages
            if message.symbol not in NOT_LINTED
        ],
        files=[path for _, path in linted],
        not_linted=_not_linted(messages),
    )


def fix(
    paths: Paths,
    write: Annotated[bool, Field(description="apply the fixes to the files (false: a dry run)")] = False,
    unsafe: Annotated[bool, Field(description="the unsafe fixes too: they change what the running code does")] = False,
    options: OptionsArgument = None,
) -> FixResult:
    """Fix the findings ms_lint can fix. A dry run (write=false) returns the unified diff and what each fix would
    do or why a finding is left alone; write=true applies them as `ms-lint --fix` does: each file is written whole,
    linted again, and put back as it was if its fixes left their finding or added another."""
    args = _command_line(paths, options)
    with session.exclusive():
        run = engine.run_fixes(args, write, runner.collected, unsafe)
    return FixResult(
        written=write and bool(run.changed),
        diff="".join(line for file_fix in run.changed for line in engine.diff(file_fix)),
        changed_files=[str(file_fix.path) for file_fix in run.changed],
        outcomes=[_outcome(o, write, run.speaking) for file_fix in run.file_fixes for o in file_fix.outcomes],
        not_linted=_not_linted(run.messages),
    )


def explain(
    text: Annotated[str, Field(description="a MindSpore error message, traceback or whole log")],
    options: OptionsArgument = None,
) -> ExplainResult:
    """Find what causes a MindSpore error: the ms_lint rules that prevent it and the known errors it matches,
    each with its cause and fix; the source files the log points at are linted, and the findings near those
    lines returned."""
    options = options or Options()
    speaking = options.mindspore_language or EN
    command_line = options.command_line()
    with session.exclusive():
        found = explaining.explanation(text, command_line, runner.lint_into, explaining.Voice(speaking))
    pages = [(rule_pages.page(match.symbol, speaking, found.docs_url), match.said) for match in found.matches]
    return ExplainResult(
        rules=[
            RuleMatch(msgid=p.msgid, symbol=p.symbol, title=p.title, said=said, why=p.why, fix=p.fix, url=p.url)
            for p, said in pages
        ],
        known_errors=[
            KnownErrorMatch(name=k.name, said=said, cause=pick(k.cause, speaking), fix=pick(k.fix, speaking))
            for k, said in found.known
        ],
        findings_near=[Finding.of(message) for message in found.near],
        findings_in_imports=[Finding.of(message) for message in found.beyond],
        linted_files=found.linted,
        notes=found.notes,
    )


def describe_rule(
    symbol_or_id: Annotated[str, Field(description="a rule's symbol (cell-container-not-registered) or id (W7300)")],
    language: Annotated[Literal[LANGUAGES], Field(description="en (English) or zh (Chinese)")] = EN,
) -> rule_pages.RulePage:
    """Describe an ms_lint rule: its message id, symbol, title, why it matters, how to fix its findings (Markdown),
    its examples (bad: each reported line marked `# [symbol]`; good: clean) and its page."""
    symbol = rule_pages.symbol_of(symbol_or_id.strip())
    if symbol is None:
        symbols = sorted(rule_pages.definitions(EN))
        close = difflib.get_close_matches(symbol_or_id.strip().lower(), symbols, n=1)
        raise WrongInput(UNKNOWN_RULE % (symbol_or_id, DID_YOU_MEAN % (close[0],) if close else "", ", ".join(symbols)))
    return rule_pages.page(symbol, language)


def _command_line(paths: List[str], options: Optional[Options]) -> List[str]:
    """The ms-lint arguments for these paths and options; WrongInput for a path or an option it cannot take."""
    for path in paths:
        if path.startswith("-"):
            raise WrongInput(OPTION_AS_PATH % (path,))
        if not os.path.exists(path):
            raise WrongInput(NO_SUCH_PATH % (path, os.getcwd()))
    args = [*(options or Options()).command_line(), *paths]
    broken = runner.broken_configuration(args)
    if broken is not None:
        raise WrongInput(broken)
    return args


def _not_linted(messages) -> List[NotLinted]:
    return [NotLinted(path=m.path, line=m.line, reason=m.msg) for m in messages if m.symbol in NOT_LINTED]


def _outcome(outcome, write: bool, speaking: str) -> FixOutcome:
    if outcome.applied:
        status, note = ("fixed" if write else "would_fix"), outcome.result.summary
    else:
        status, note = "left_alone", outcome.result.reason
        if note is engine.UNSAFE_NOT_ASKED:  # the command line's way to ask for them is not this tool's
            note = UNSAFE_NOT_ASKED
    return FixOutcome(
        path=outcome.path, line=outcome.line, symbol=outcome.symbol, status=status, unsafe=outcome.unsafe,
        note=pick(note, speaking),
    )


class _Tool(Tool):
    """A tool that tells wrong input in one plain line, in the language the call asks for."""

    async def run(self, arguments, context, convert_result=False):
        speaking = _speaking(arguments)
        accepted = list(self.parameters.get("properties", {}))
        unknown = [name for name in arguments if name not in accepted]
        if unknown:
            raise ToolError(pick(UNKNOWN_ARGUMENT % (self.name, ", ".join(unknown), ", ".join(accepted)), speaking))
        try:
            return await super().run(arguments, context, convert_result)
        except ToolError as error:
            cause = error.__cause__
            if isinstance(cause, WrongInput):
                raise ToolError(pick(cause.args[0], speaking)) from None
            if isinstance(cause, session.Stopped):
                raise ToolError(pick(REFUSED % (cause.args[0],), speaking)) from None
            if isinstance(cause, ValidationError):
                raise ToolError("; ".join(_invalid(problem, speaking) for problem in cause.errors())) from None
            raise


def _speaking(arguments: dict) -> str:
    """The language a call asks for, from its arguments as sent (they may not validate)."""
    options = arguments.get("options")
    asked = arguments.get("language") or (options.get("mindspore_language") if isinstance(options, dict) else None)
    return asked if asked in LANGUAGES else EN


def _invalid(problem: dict, speaking: str) -> str:
    where = ".".join(str(part) for part in problem["loc"])
    if problem["type"] == "extra_forbidden":
        return pick(UNKNOWN_OPTION % (where, ", ".join(Options.model_fields)), speaking)
    return pick(INVALID % (where, problem["msg"]), speaking)


def server() -> MCPServer:
    """ms_lint's MCP server: the tools lint, fix, explain and describe_rule."""
    reading = ToolAnnotations(read_only_hint=True)
    tools = [
        _tool(lint, "Lint MindSpore code", reading),
        _tool(fix, "Fix ms_lint findings", ToolAnnotations(destructive_hint=False)),
        _tool(explain, "Explain a MindSpore error", reading),
        _tool(describe_rule, "Describe an ms_lint rule", reading),
    ]
    return MCPServer("ms-lint", version=__version__, instructions=INSTRUCTIONS, tools=tools, log_level="WARNING")


def _tool(function, title: str, annotations: ToolAnnotations) -> _Tool:
    # The description is the docstring without the indentation of its lines.
    description = " ".join((function.__doc__ or "").split())
    return _Tool.from_function(function, title=title, description=description, annotations=annotations)


def serve() -> None:
    """Serve on standard input and output until the client closes them."""
    server().run("stdio")
