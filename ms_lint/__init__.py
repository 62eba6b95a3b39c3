"""ms_lint: a pylint plugin that finds MindSpore network pitfalls.

Load it with ``pylint --load-plugins=ms_lint`` or ``load-plugins = ["ms_lint"]``
under ``[tool.pylint.main]``. It never imports MindSpore.
"""

import sys

from pylint.constants import MAIN_CHECKER_NAME

from ms_lint import brain, language, options, reporters
from ms_lint.checkers import CHECKERS, calls
from ms_lint.checkers.base import GraphFindingsNotice, MindSporeChecker, register_once
from ms_lint.semantics.names import module_trees
from ms_lint.version import __version__


def register(linter) -> None:
    """Register ms_lint's options, checkers and reporters with pylint."""
    registered = register_once(linter, options.MindSporeOptions, *CHECKERS, GraphFindingsNotice)
    # Each rule's --help-msg text ends with where its page is (the docs keep their own text); the
    # graph-findings-withheld notice is no rule and has no page.
    rules = (checker for checker in registered if type(checker) in CHECKERS)
    pages = (definition.symbol for checker in rules for definition in checker.messages)
    language.apply(linter, language.EN, pages=pages)
    language.speak_in_help(linter)
    calls.register(linter, registered)
    reporters.register(linter)
    module_trees.register()  # imports read the file their own program finds


def load_configuration(linter) -> None:
    """Serve MindSpore to pylint's checks from the catalog's stubs unless ``mindspore-brain=n``;
    to ms_lint's rules alone, which never read them, from empty stand-ins; speak the configured language."""
    language.apply(linter, language.of(linter))
    problem = options.version_problem(linter.config)
    if problem is not None:
        # pylint's own answer to an option value it cannot take: one line, usage error status.
        print(language.pick(problem, language.of(linter)), file=sys.stderr)
        sys.exit(32)
    checkers = linter.get_checkers()  # pylint sorts them at each call, comparing their messages: slow
    enabled = [
        checker
        for checker in checkers
        if isinstance(checker, MindSporeChecker) and any(linter.is_message_enabled(msgid) for msgid in checker.msgs)
    ]
    # The MindSpore names the enabled rules report wherever they are used: pylint then leaves them alone.
    def reported():
        return (
            [name for checker in enabled for name in checker.reported_names()],
            [name for checker in enabled for name in checker.reported_modules()],
        )

    key = (tuple(type(checker).__name__ for checker in enabled), linter.config.mindspore_version)
    brain.enable(linter.config.mindspore_brain, stubs=_pylint_checks_enabled(linter, checkers), reported=reported, reported_key=key)


def _pylint_checks_enabled(linter, checkers) -> bool:
    """Whether a check of ``checkers`` other than ms_lint's (and pylint's always-on parse errors) is enabled."""
    return any(
        linter.is_message_enabled(msgid)
        for checker in checkers
        if checker.name not in (MAIN_CHECKER_NAME, MindSporeChecker.name)
        for msgid in checker.msgs
    )
