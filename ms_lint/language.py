"""The language ms_lint speaks: English (``en``, the default) or Chinese (``zh``).

Users choose it with the ``mindspore-language`` option (``[tool.pylint.mindspore]``
``mindspore-language = "zh"``, or ``--mindspore-language=zh``). Every text lives once,
with both languages side by side, where it is used:

- **Messages and descriptions**: a rule's ``msgs`` entry holds :class:`Text` values
  instead of plain strings, ``Text(english, chinese)``, with the same ``%`` placeholders
  in both. A :class:`Text` is a ``str`` (its value is the English text), so pylint and
  every English code path see exactly the English they always saw. :func:`apply` writes
  the chosen language into pylint's message definitions once the configuration is read
  (and again before ``--help-msg`` answers), so pylint's own ``msg % args`` costs nothing
  more.
- **Fragments** a checker computes into a message's arguments (an effect, a fix, a
  table's wording) are module-level :class:`Text` constants, formatted with ``%``:
  ``EFFECT % (name,)`` formats both languages at once (arguments that are themselves
  :class:`Text` give their own language to each side) and returns a :class:`Text`.
  f-strings, ``+`` and ``str.join`` see only the English: use ``%`` and :func:`join`.
  Declare them at module level: the tests check every declared :class:`Text` (both
  languages, same placeholders) by importing ms_lint's modules.
- **Knowledge tables** (``ms_lint/data``) hold :class:`Text` in the fields a message
  quotes (``GraphSyntax.construct`` and ``.fix``, ``Mapping.mindspore``, a dynamic-shape
  op's ``fix``); JSON tables carry a ``*_zh`` field beside the English one
  (``ascend_limits.json``: ``text`` and ``text_zh``). Docs render the English (``str``).
- Every ms_lint finding passes through :meth:`ms_lint.checkers.base.MindSporeChecker.add_message`,
  which turns its arguments into the linter's language with :func:`resolve` (the finding
  hook, the runtime probe, still sees the English arguments); ms_lint's own lines (the
  ``ms-lint`` command, the baseline, ``--fix`` notes, probe notices) pick theirs with
  :func:`pick`.
- **Probe evidence**: experiments pass :class:`Text` to ``confirmed``, ``not_reproduced``,
  ``unconfirmable`` and ``Unconfirmable``; the evidence crosses the child process and the
  cache as ``evidence`` and ``evidence_zh`` (``ms_lint.probe.verdict.evidence_fields``), and
  ``Verdict.suffix_in(language)`` words the ``[probe ...]`` suffix.

To add a rule: write ``Text(english, chinese)`` for its message and description in its
``msgs``, and a module-level :class:`Text` for each fragment it computes; the tests then
fail for any text left in one language. Terms follow MindSpore's Chinese documentation
(静态图模式, 动态图模式, 算子, 数据下沉, 混合精度...); code, API names, option names, ids and
symbols stay in English. A plain ``str`` template keeps working (English in both languages)
until its Chinese is added. Placeholders keep their order in both languages (``%s`` are
positional): reword the Chinese around them rather than reorder them.
"""

from __future__ import annotations

import re
import weakref
from typing import Any, Callable, Iterable, List

EN = "en"
ZH = "zh"
LANGUAGES = (EN, ZH)
OPTION = "mindspore_language"
CHECKER_NAME = "mindspore"
PAGES_ATTRIBUTE = "_ms_lint_rule_pages"  # on the linter: the symbols whose description names their page

# Every Text declared (not formatted) so far: the tests check each one's placeholders.
DECLARED: List["Text"] = []


class Text(str):
    """An English text (the ``str`` value) with its Chinese translation (``zh``)."""

    zh: str

    def __new__(cls, en: str, zh: str) -> "Text":
        text = cls.pair(en, zh)
        DECLARED.append(text)
        return text

    @classmethod
    def pair(cls, en: str, zh: str) -> "Text":
        """A text composed at run time from texts already declared (not checked on its own)."""
        text = str.__new__(cls, en)
        text.zh = zh
        return text

    @property
    def en(self) -> str:
        return str.__str__(self)

    def in_language(self, language: str) -> str:
        return self.zh if language == ZH else self.en

    def __mod__(self, args: Any) -> "Text":
        return Text.pair(str.__mod__(self.en, _side(args, EN)), self.zh % _side(args, ZH))

    def format(self, *args: Any, **kwargs: Any) -> "Text":  # pylint: disable=arguments-differ
        """``str.format`` on both languages (for tables whose texts name ``{fields}``)."""
        return Text.pair(self.en.format(*args, **kwargs), self.zh.format(*args, **kwargs))

    def __reduce__(self):
        return (Text.pair, (self.en, self.zh))


PLURAL = Text("s", "")  # the English plural ending; Chinese has none


def plural(count: int) -> Any:
    """The ending of a noun counted ``count`` times: ``s`` in English unless one, none in Chinese."""
    return "" if count == 1 else PLURAL


def pick(value: Any, language: str) -> Any:
    """``value`` in ``language`` when it is a :class:`Text`, else ``value`` itself."""
    return value.in_language(language) if isinstance(value, Text) else value


def _side(args: Any, language: str) -> Any:
    if isinstance(args, tuple):
        return tuple(pick(arg, language) for arg in args)
    if isinstance(args, dict):
        return {key: pick(arg, language) for key, arg in args.items()}
    return pick(args, language)


def resolve(args: Any, language: str) -> Any:
    """A message's arguments in ``language`` (English arguments are left as they are)."""
    return args if language == EN or args is None else _side(args, language)


def join(separator: Any, items: Iterable[Any]) -> Text:
    """``separator.join(items)`` in both languages."""
    items = list(items)
    return Text.pair(
        pick(separator, EN).join(pick(item, EN) for item in items),
        pick(separator, ZH).join(pick(item, ZH) for item in items),
    )


def rendered(render: Callable[[str], str]) -> Text:
    """``render(language)`` in both languages: a text assembled around translated pieces (a table's heading)."""
    return Text.pair(render(EN), render(ZH))


def of(linter) -> str:
    """The language the linter's configuration asks for."""
    language = getattr(linter.config, OPTION, EN)
    return language if language in LANGUAGES else EN


RULE_PAGE = Text(
    "Rule page (examples, fix, versions): docs/rules/%s.md in the ms_lint repository.",
    "规则说明页（示例、修复方法、适用版本）：ms_lint 仓库中的 docs/rules/%s.md。",
)


def apply(linter, language: str, pages: Iterable[str] = ()) -> None:
    """Write ``language`` into the message definitions of every ``mindspore`` checker.

    Messages whose symbol is in ``pages`` end their description with where the rule's page is.
    """
    pages = set(pages) | getattr(linter, PAGES_ATTRIBUTE, set())
    setattr(linter, PAGES_ATTRIBUTE, pages)
    for checker in linter.get_checkers():
        if checker.name != CHECKER_NAME:
            continue
        for msgid, declared in getattr(checker, "msgs", {}).items():
            for definition in linter.msgs_store.get_message_definitions(msgid):
                definition.msg = str.__str__(pick(declared[0], language))
                description = pick(declared[2], language).rstrip()
                if definition.symbol in pages:
                    description = f"{description}\n\n{pick(RULE_PAGE, language) % definition.symbol}"
                definition.description = description


def speak_in_help(linter) -> None:
    """Answer ``--help-msg`` in the language configured so far (the file, then the options before it).

    pylint answers ``--help-msg`` as soon as it parses it, before the plugins' ``load_configuration``.
    """
    store = linter.msgs_store
    help_message = store.help_message
    if getattr(help_message, "speaks", False):
        return  # pylint loads plugins again in -j workers
    # pylint's store outlives its run (a cache of its methods keeps it): it must not keep the linter.
    linter_ref = weakref.ref(linter)

    def in_language(msgids_or_symbols) -> None:
        current = linter_ref()
        if current is not None:
            apply(current, of(current))
        help_message(msgids_or_symbols)

    in_language.speaks = True
    store.help_message = in_language


PLACEHOLDER = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[hlL]?[diouxXeEfFgGcrsa%]")
FIELD = re.compile(r"\{\w*\}")


def placeholders(text: str) -> List[str]:
    """The ``%`` conversions of ``text`` in order (``%%`` included), then its sorted ``{fields}``:
    what both languages must share."""
    return [match.group(0) for match in PLACEHOLDER.finditer(text)] + sorted(FIELD.findall(text))
