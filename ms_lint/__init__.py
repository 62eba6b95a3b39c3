"""ms_lint: a pylint plugin that finds MindSpore network pitfalls.

Load it with ``pylint --load-plugins=ms_lint`` or ``load-plugins = ["ms_lint"]``
under ``[tool.pylint.main]``. It never imports MindSpore.
"""

from pylint.constants import MAIN_CHECKER_NAME

from ms_lint import brain, reporters
from ms_lint.checkers import CHECKERS, calls
from ms_lint.checkers.base import GraphFindingsNotice, MindSporeChecker, register_once
from ms_lint.options import MindSporeOptions

__version__ = "0.1.0"


RULE_PAGE = "Rule page (examples, fix, versions): docs/rules/{symbol}.md in the ms_lint repository."


def register(linter) -> None:
    """Register ms_lint's options, checkers and reporters with pylint."""
    registered = register_once(linter, MindSporeOptions, *CHECKERS, GraphFindingsNotice)
    for checker in registered:
        _link_rule_pages(linter, checker)
    calls.register(linter, registered)
    reporters.register(linter)


def _link_rule_pages(linter, checker) -> None:
    """End each rule's ``--help-msg`` text with where its page is (the docs keep their own text)."""
    for msgid in getattr(checker, "msgs", {}):
        for definition in linter.msgs_store.get_message_definitions(msgid):
            page = RULE_PAGE.format(symbol=definition.symbol)
            if page not in definition.description:
                definition.description = f"{definition.description.rstrip()}\n\n{page}"


def load_configuration(linter) -> None:
    """Serve MindSpore to pylint's checks from the catalog's stubs unless ``mindspore-brain=n``;
    to ms_lint's rules alone, which never read them, from empty stand-ins."""
    brain.enable(linter.config.mindspore_brain, stubs=_pylint_checks_enabled(linter))


def _pylint_checks_enabled(linter) -> bool:
    """Whether a check other than ms_lint's (and pylint's always-on parse errors) is enabled."""
    return any(
        linter.is_message_enabled(msgid)
        for checker in linter.get_checkers()
        if checker.name not in (MAIN_CHECKER_NAME, MindSporeChecker.name)
        for msgid in checker.msgs
    )
