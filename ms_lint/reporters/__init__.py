"""pylint reporters shipped with ms_lint.

:class:`ms_lint.reporters.sarif.SarifReporter` writes SARIF 2.1.0. Loading the plugin
registers it under the short name ``ms-sarif`` (``--output-format=ms-sarif``); its class
path works with or without the plugin
(``--output-format=ms_lint.reporters.sarif.SarifReporter``).
"""

from ms_lint.reporters.sarif import SarifReporter

REPORTERS = (SarifReporter,)


def register(linter) -> None:
    """Make the reporters available to ``--output-format`` by their short names."""
    for reporter in REPORTERS:
        linter.register_reporter(reporter)
