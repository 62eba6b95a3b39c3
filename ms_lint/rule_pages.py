"""What ms_lint knows of each rule's page without ``rules/``, which the wheel does not ship.

The message id, symbol and description (why, in two sentences) come from the checkers. The title
(the first sentence of "What it does"), "How to fix it" and the examples (``bad.py``, ``good.py``,
and the ``pylintrc`` an example needs) are written by ``python -m ms_lint.tools.docs`` into
``ms_lint/data/rule_fixes.json`` and ``ms_lint/data/rule_pages.json``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, Optional, Tuple

from ms_lint import language
from ms_lint.checkers import CHECKERS
from ms_lint.reporters.sarif import DEFAULT_DOCS_URL, rule_url

DATA = Path(__file__).resolve().parent / "data"
FIXES_PATH = DATA / "rule_fixes.json"
PAGES_PATH = DATA / "rule_pages.json"


@dataclass(frozen=True)
class RulePage:
    """A rule as its page describes it, in one language."""

    msgid: str
    symbol: str
    title: str
    why: str
    fix: str
    bad: str  # bad.py: each reported line is marked `# [symbol]`
    good: str  # good.py: reported nowhere
    pylintrc: Optional[str]  # the options the examples are linted with, when they need some
    url: str


def definitions(speaking: str) -> Dict[str, Tuple[str, str]]:
    """symbol -> (message id, description in ``speaking``), from the checkers' message definitions."""
    return {
        definition[1]: (msgid, language.pick(definition[2], speaking))
        for checker in CHECKERS
        for msgid, definition in checker.msgs.items()
    }


def fixes(speaking: str) -> Dict[str, str]:
    """symbol -> the rule's "How to fix it" in ``speaking`` ({} when the generated file is missing)."""
    return _read(FIXES_PATH).get(speaking, {})


def _read(path: Path) -> dict:
    try:
        found = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return found if isinstance(found, dict) else {}


def symbol_of(name: str) -> Optional[str]:
    """The symbol of the rule a symbol or message id names (``E7301``, ``e7301``), or None."""
    for symbol, (msgid, _) in definitions(language.EN).items():
        if name in (symbol, msgid) or name.upper() == msgid:
            return symbol
    return None


def url(symbol: str, docs_url: str = DEFAULT_DOCS_URL) -> str:
    """The rule's page under ``docs_url`` (``--mindspore-docs-url``)."""
    return rule_url(docs_url if docs_url.endswith("/") else docs_url + "/", symbol)


def page(symbol: str, speaking: str = language.EN, docs_url: str = DEFAULT_DOCS_URL) -> RulePage:
    """The page of the rule ``symbol`` (a symbol :func:`symbol_of` gave) in ``speaking``."""
    msgid, why = definitions(speaking)[symbol]
    pages = _read(PAGES_PATH)
    examples = pages.get("examples", {}).get(symbol, {})
    return RulePage(
        msgid,
        symbol,
        pages.get("titles", {}).get(speaking, {}).get(symbol, ""),
        why,
        fixes(speaking).get(symbol, ""),
        examples.get("bad", ""),
        examples.get("good", ""),
        examples.get("pylintrc"),
        url(symbol, docs_url),
    )
