"""The probe as users load it: ``pylint --load-plugins=ms_lint,ms_lint.probe``, in a subprocess.

Without MindSpore the findings are exactly the static ones and the probe says so once,
with one job or two. pylint's own process never imports MindSpore. With two jobs the
probed findings are those of one job.
"""

import json
import subprocess
import sys

from lint import EMPTY_RC, RULES
from probe_support import requires_mindspore

HIDE_MINDSPORE = "import sys; sys.modules['mindspore'] = None; "
RUN = "from pylint import run_pylint; sys.argv = ['pylint'] + sys.argv[1:]; run_pylint()"
REPORT_IMPORT = (
    "import sys, atexit; atexit.register(lambda: sys.stderr.write('mindspore imported: %s' % ('mindspore' in sys.modules)))"
    "; "
)


def pylint(*args, plugins="ms_lint,ms_lint.probe", prelude="import sys; ", cwd=None):
    command = [
        sys.executable, "-c", prelude + RUN, "--rcfile", str(EMPTY_RC), f"--load-plugins={plugins}",
        "--disable=all", "--enable=mindspore", "--output-format=json2", "--probe-cache-dir=off" if "probe" in plugins else "--score=n",
        *args,
    ]
    result = subprocess.run(command, capture_output=True, text=True, check=False, cwd=cwd)
    assert "Traceback" not in result.stderr, result.stderr
    messages = json.loads(result.stdout)["messages"]
    return sorted((m["path"], m["line"], m["column"], m["symbol"], m["message"], m["confidence"]) for m in messages), result.stderr


def test_without_mindspore_the_findings_are_the_static_ones_and_the_probe_says_so_once(tmp_path):
    examples = RULES / "forward-without-construct"
    static, _ = pylint(str(examples), plugins="ms_lint", cwd=tmp_path)
    assert len(static) == 2
    for jobs in ("-j1", "-j2"):
        probed, _ = pylint(jobs, str(examples), prelude=HIDE_MINDSPORE, cwd=tmp_path)
        notices = [item for item in probed if item[3] == "mindspore-probe-notice"]
        assert len(notices) == 1, (jobs, notices)
        assert notices[0][4].startswith("Runtime probe: MindSpore is not installed in this Python, so the runtime probe ran nothing")
        assert [item for item in probed if item[3] != "mindspore-probe-notice"] == static


@requires_mindspore
def test_pylint_s_process_never_imports_mindspore_and_two_jobs_probe_like_one(tmp_path):
    cache = f"--probe-cache-dir={tmp_path / 'cache'}"
    examples = [str(RULES / "cell-container-not-registered"), str(RULES / "forward-without-construct")]
    two, stderr = pylint("-j2", cache, *examples, prelude=REPORT_IMPORT, cwd=tmp_path)
    assert stderr.endswith("mindspore imported: False")
    assert len(two) == 10 and all(" [probe confirmed: " in item[4] for item in two)
    one, stderr = pylint("-j1", cache, *examples, prelude=REPORT_IMPORT, cwd=tmp_path)  # from the cache
    assert stderr.endswith("mindspore imported: False")
    assert one == two
    assert sorted(path.name for path in tmp_path.iterdir()) == ["cache"]  # no rank_0/, nothing else


def test_the_benchmark_counts_findings_and_verdicts():
    from ms_lint.tools import probe_bench  # pylint: disable=import-outside-toplevel

    report = probe_bench.measure(
        ["--rcfile", str(EMPTY_RC), "--load-plugins=ms_lint", "--disable=all", "--enable=mindspore", str(RULES / "forward-without-construct")]
    )
    assert report["findings"] == 2
    assert report["counts"] == {"confirmed": 0, "not reproduced": 0, "unconfirmable": 0}
    assert report["seconds"] > 0 and report["pylint_mb"] > 0 and report["problems"] == []


@requires_mindspore
def test_probe_evidence_reaches_sarif_properties(tmp_path):
    command = [
        sys.executable, "-m", "pylint", "--rcfile", str(EMPTY_RC), "--load-plugins=ms_lint,ms_lint.probe",
        "--disable=all", "--enable=mindspore", f"--probe-cache-dir={tmp_path / 'cache'}", "--output-format=ms-sarif",
        str(RULES / "forward-without-construct" / "bad.py"),
    ]
    result = subprocess.run(command, capture_output=True, text=True, check=False, cwd=tmp_path)
    results = json.loads(result.stdout)["runs"][0]["results"]
    assert [item["properties"]["probe"]["status"] for item in results] == ["confirmed", "confirmed"]
    assert all(item["message"]["text"].endswith("Rename forward to construct.") for item in results)
