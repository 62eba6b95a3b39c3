import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

# Checkers swallow their own exceptions in production; in the tests they must surface.
os.environ["MS_LINT_STRICT"] = "1"


def pytest_addoption(parser):
    parser.addoption(
        "--update-functional",
        action="store_true",
        help="rewrite the expected output (.txt) of functional tests instead of comparing",
    )
