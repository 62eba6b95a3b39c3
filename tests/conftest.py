import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

# Checkers swallow their own exceptions in production; in the tests they must surface.
os.environ["MS_LINT_STRICT"] = "1"
# What runs cache between runs (ms_lint's project facts and probe verdicts, pylint's statistics)
# stays in the session: the user's cache directory is the session's.
os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="ms_lint_tests_")
atexit.register(shutil.rmtree, os.environ["XDG_CACHE_HOME"], True)


def pytest_addoption(parser):
    parser.addoption(
        "--update-functional",
        action="store_true",
        help="rewrite the expected output (.txt) of functional tests instead of comparing",
    )
