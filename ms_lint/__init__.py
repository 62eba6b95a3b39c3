"""ms_lint: a pylint plugin that finds MindSpore network pitfalls.

Load it with ``pylint --load-plugins=ms_lint`` or ``load-plugins = ["ms_lint"]``
under ``[tool.pylint.main]``. It never imports MindSpore.
"""

from ms_lint import brain, reporters
from ms_lint.checkers import CHECKERS
from ms_lint.checkers.base import GraphFindingsNotice, register_once
from ms_lint.options import MindSporeOptions

__version__ = "0.1.0"


def register(linter) -> None:
    """Register ms_lint's options, checkers and reporters with pylint."""
    register_once(linter, MindSporeOptions, *CHECKERS, GraphFindingsNotice)
    reporters.register(linter)


def load_configuration(linter) -> None:
    """Serve MindSpore to pylint's checks from the catalog's stubs unless ``mindspore-brain=n``."""
    brain.enable(linter.config.mindspore_brain)
