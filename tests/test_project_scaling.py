"""The cost of the program facts grows linearly with the code base: counted, never timed."""

from pathlib import Path

import astroid

from ms_lint.semantics import facts
from ms_lint.semantics.project import Project
from ms_lint.tools import scaling


def project_work(root: Path, size: int) -> int:
    """Merges of facts and components walked to give every module of a generated project its facts."""
    module_facts = []
    for path in scaling.write_project(root, size):
        name = ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__")
        module_facts.append(facts.module_facts(astroid.MANAGER.ast_from_file(str(path), name)))
    project = Project(module_facts)
    for item in module_facts:
        project.facts_for(item.module, item.path)
    return project.merges + project.visits


def test_the_generated_project_has_many_programs_over_one_package(tmp_path):
    scaling.write_project(tmp_path, 60)
    module_facts = [
        facts.module_facts(astroid.MANAGER.ast_from_file(str(path), path.stem))
        for path in sorted(tmp_path.glob("*.py"))
    ]
    assert len(module_facts) == 20
    assert all(item.facts.scripts for item in module_facts)


def test_four_times_the_code_costs_four_times_the_merges(tmp_path):
    small = project_work(tmp_path / "small", 120)
    large = project_work(tmp_path / "large", 480)
    assert large <= 4 * small * 1.1, (small, large)
