"""Write what the fix engine makes of each fixable rule's example: ``tests/fixes_expected/<symbol>.py``.

    python -m ms_lint.tools.expected_fixes

Each file is ``rules/<symbol>/bad.py`` with every fix of that rule applied, the unsafe ones
included. Review the diff before committing: ``tests/test_fixes.py`` checks that the engine
still produces exactly these files, and that each lints without the findings it fixed.
"""

from __future__ import annotations

from pathlib import Path

import astroid

from ms_lint import files, runner
from ms_lint.fixes import FIXERS, engine

REPO = Path(__file__).resolve().parent.parent.parent
RULES = REPO / "rules"
EXPECTED = REPO / "tests" / "fixes_expected"


def fixed_example(symbol: str) -> str:
    """The text of ``rules/<symbol>/bad.py`` once the engine has applied every fix of the rule."""
    example = RULES / symbol / "bad.py"
    rcfile = RULES / symbol / "pylintrc"
    astroid.MANAGER.clear_cache()  # the example as it is on disk, not a tree parsed before
    messages, linted, config = runner.collect([str(example), *([f"--rcfile={rcfile}"] if rcfile.exists() else [])])
    ours = [message for message in messages if message.symbol == symbol]
    planned = [file_fix for file_fix in engine.plan(ours, linted, unsafe=True, config=config) if file_fix.text is not None]
    return planned[0].text if planned else example.read_text(encoding="utf-8")


def main() -> None:
    EXPECTED.mkdir(exist_ok=True)
    for symbol in sorted(FIXERS):
        files.write_whole(str(EXPECTED / f"{symbol}.py"), fixed_example(symbol).encode("utf-8"))
        print(f"wrote {(EXPECTED / f'{symbol}.py').relative_to(REPO)}")


if __name__ == "__main__":
    main()
