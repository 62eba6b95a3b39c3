"""What an editor offers on a finding, in plain terms: quick fixes, a pragma, the rule's help.

Edits are ``(start, end, text)`` string offsets into the linted text; :mod:`.lsp` turns them into
the protocol's positions.
"""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path
from typing import Iterable, List, Optional, Tuple

from ms_lint import language, rule_pages
from ms_lint.fixes.base import Fix, Source
from ms_lint.language import Text
from ms_lint.reporters.sarif import docs_url, is_absolute, rule_url

Span = Tuple[int, int, str]  # replace text[start:end] with the string
CHECKOUT = Path(__file__).resolve().parent.parent.parent  # where docs/rules/ is, in a checkout of ms_lint
FIX = Text("Fix %s: %s", "修复 %s：%s")
FIX_UNSAFE = Text(
    "Fix %s (unsafe, it changes what the code does): %s", "修复 %s（不安全，它会改变代码运行时的行为）：%s"
)
FIX_ALL = Text("Fix all ms_lint findings in this file", "修复此文件中的所有 ms_lint 检查结果")
DISABLE = Text("Disable %s on this line", "在此行禁用 %s")
HOW_TO_FIX = Text("How to fix it", "如何修复")
RULE_PAGE = Text("Rule page", "规则说明页")
PRAGMA = re.compile(r"\bpylint:\s*disable\s*=\s*[\w-]+(?:\s*,\s*[\w-]+)*")
FENCE = "```"


def fix_title(symbol: str, fix: Fix, unsafe: bool, speaking: str) -> str:
    return language.pick((FIX_UNSAFE if unsafe else FIX) % (symbol, fix.summary), speaking)


def fix_spans(source: Source, fixes: Iterable[Fix]) -> List[Span]:
    """The offsets of the fixes' edits, in order (an edit two fixes share counts once)."""
    return sorted(source.spans([edit for fix in fixes for edit in fix.edits]))


def disable_span(text: str, line: int, symbol: str) -> Optional[Span]:
    """The edit that disables ``symbol`` on ``line`` (1-based) with a pylint pragma: added to the
    line's own ``# pylint: disable=...`` when it has one, else a new comment after the code. None
    when the line already disables it, or cannot end with a comment (it ends inside a string, or
    goes on after a backslash)."""
    source = Source(text)
    try:
        tokens = [token for token in tokenize.generate_tokens(io.StringIO(text).readline) if token.end[0] == line]
    except (tokenize.TokenError, SyntaxError):
        return None
    start = source.line_starts[line - 1]
    for token in tokens:
        match = PRAGMA.search(token.string) if token.type == tokenize.COMMENT else None
        if match is not None:
            if symbol in re.split(r"[\s,=]+", match.group(0)):
                return None
            at = start + token.start[1] + match.end()
            return (at, at, f", {symbol}")
    ends = [token for token in tokens if token.type in (tokenize.NEWLINE, tokenize.NL)]
    code = [token for token in tokens if token.type not in (tokenize.NEWLINE, tokenize.NL, tokenize.DEDENT)]
    if not ends or not code:
        return None
    at = start + code[-1].end[1]
    return (at, at, f"  # pylint: disable={symbol}")


def hover(symbols: Iterable[str], speaking: str, config) -> Optional[str]:
    """Markdown with each rule's why and how to fix it, in ``speaking``: its id and symbol, its
    description, the first paragraphs of its "How to fix it" section, and its page."""
    sections = []
    for symbol in dict.fromkeys(symbols):
        if rule_pages.symbol_of(symbol) != symbol:
            continue
        help_ = rule_pages.page(symbol, speaking)
        lines = [f"**{help_.msgid} {symbol}**", "", " ".join(help_.why.split())]
        if help_.fix:
            lines += ["", f"**{language.pick(HOW_TO_FIX, speaking)}**", "", first_paragraphs(help_.fix)]
        page = page_uri(config, symbol)
        if page is not None:
            lines += ["", f"[{language.pick(RULE_PAGE, speaking)}]({page})"]
        sections.append("\n".join(lines))
    return "\n\n---\n\n".join(sections) or None


def page_uri(config, symbol: str) -> Optional[str]:
    """The rule's page as a URI: ``--mindspore-docs-url``'s, else the page of this checkout of ms_lint
    when it has one (an installed wheel has none)."""
    url = rule_url(docs_url(config), symbol)
    if is_absolute(url):
        return url
    local = CHECKOUT / url
    return local.as_uri() if local.is_file() else None


def first_paragraphs(text: str, count: int = 2) -> str:
    """The first ``count`` paragraphs of Markdown ``text`` (a code block counts as one)."""
    paragraphs: List[List[str]] = [[]]
    fenced = False
    for line in text.strip().splitlines():
        if not line.strip() and not fenced:
            if paragraphs[-1]:
                paragraphs.append([])
            continue
        if line.lstrip().startswith(FENCE):
            fenced = not fenced
        paragraphs[-1].append(line)
    return "\n\n".join("\n".join(lines) for lines in paragraphs[:count] if lines)
