import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

# Checkers swallow their own exceptions in production; in the tests they must surface.
os.environ["MS_LINT_STRICT"] = "1"
# What runs store between runs (pylint's statistics, ms_lint's project facts) stays in the session.
os.environ["PYLINTHOME"] = tempfile.mkdtemp(prefix="ms_lint_tests_")
atexit.register(shutil.rmtree, os.environ["PYLINTHOME"], True)


def pytest_addoption(parser):
    parser.addoption(
        "--update-functional",
        action="store_true",
        help="rewrite the expected output (.txt) of functional tests instead of comparing",
    )
