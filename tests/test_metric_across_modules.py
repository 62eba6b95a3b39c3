"""metric-missing-method on a Metric defined in another module: found from that module's summary,
the same with -j 1 and -j 2, whatever way the name travels (re-exports, aliases, submodules, nested
classes), and by parsing the module when it was not linted."""

import pytest
from astroid import builder

from ms_lint.semantics import resolve, summaries

from lint import project_findings, write_project

RULE = "metric-missing-method"
FILES = {
    "pkg/__init__.py": """
        from . import metrics
        from .metrics import Forgotten as Renamed
    """,
    "pkg/metrics.py": """
        from mindspore.train import Metric

        class Forgotten(Metric):
            def clear(self):
                pass

            def update(self, *inputs):
                pass

        class Complete(Forgotten):
            def eval(self):
                return 0

        Alias = Forgotten

        class Holder:
            class Inner(Metric):
                def clear(self):
                    pass
    """,
    "eval.py": """
        import pkg
        from pkg import metrics
        from pkg.metrics import Alias, Complete, Forgotten, Holder

        def build():
            return [
                Forgotten(),
                pkg.Renamed(),
                Alias(),
                metrics.Forgotten(),
                Holder.Inner(),
                metrics.Holder.Inner(),
                Complete(),
            ]
    """,
}
EXPECTED = [("eval.py", line, RULE, "HIGH") for line in (8, 9, 10, 11, 12, 13)]


@pytest.fixture(name="project_dir")
def fixture_project_dir(tmp_path):
    return write_project(tmp_path, FILES)


@pytest.mark.parametrize("jobs", [1, 2])
def test_every_way_to_reach_the_class_with_one_or_two_jobs(project_dir, jobs):
    assert project_findings(project_dir, RULE, jobs, "eval.py", "pkg") == EXPECTED


def test_a_module_not_linted_is_parsed_to_decide(project_dir):
    assert project_findings(project_dir, RULE, 1, "eval.py") == EXPECTED


def test_a_linted_module_is_answered_from_its_summary_without_parsing_it(monkeypatch):
    module = builder.parse(FILES["pkg/metrics.py"].replace("\n        ", "\n"), module_name="pkg.metrics")
    summary = summaries.of(module)
    monkeypatch.setattr(resolve, "follow", lambda elsewhere: pytest.fail(f"parsed for {elsewhere}"))

    def summary_of(dotted, importer):
        return (summary, "pkg.metrics") if dotted == "pkg.metrics" else None

    def gaps(*names):
        return summaries.metric_gaps(resolve.Elsewhere("pkg.metrics", names, True), None, summary_of)

    assert gaps("Forgotten") == (("eval",), "Forgotten")
    assert gaps("Alias") == (("eval",), "Forgotten")
    assert gaps("Holder", "Inner") == (("update", "eval"), "Inner")
    assert gaps("Complete") is None
    assert gaps("Metric") is None  # MindSpore's own
