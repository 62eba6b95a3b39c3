"""The cost of the program facts grows linearly with the code base: counted, never timed."""

from pathlib import Path

import astroid

from ms_lint.semantics.program import facts
from ms_lint.semantics.program.project import Project
from ms_lint.tools import scaling


def module_name(root: Path, path: Path) -> str:
    """The name pylint gives a file: dotted from the top package, or its stem outside packages."""
    parts = [path.stem] if path.name != "__init__.py" else []
    folder = path.parent
    while folder != root and (folder / "__init__.py").exists():
        parts.insert(0, folder.name)
        folder = folder.parent
    if folder == root and (root / "__init__.py").exists():
        parts.insert(0, root.name)
    return ".".join(parts)


def linted(root: Path, size: int) -> list:
    return [
        facts.module_facts(astroid.MANAGER.ast_from_file(str(path), module_name(root, path)))
        for path in scaling.write_project(root, size)
    ]


def project_work(root: Path, size: int) -> int:
    """Merges of facts and components walked to give every module of a generated project its facts."""
    module_facts = linted(root, size)
    project = Project(module_facts)
    for item in module_facts:
        project.facts_for(item.module, item.path)
    return project.merges + project.visits


def test_the_generated_project_has_many_programs_over_one_package(tmp_path):
    module_facts = linted(tmp_path, 60)
    assert len(module_facts) == 60
    scripts = [item for item in module_facts if item.facts.scripts]
    assert len(scripts) == 20
    assert sorted(item.module for item in module_facts).count("utils") == 5  # namesakes in model folders
    # Each entry script's program holds a deep part of the package (the package's __init__ is a program alone).
    programs = Project(module_facts).programs
    assert sorted(len(program) > 5 for program in programs) == [False] + [True] * 20


def test_four_times_the_code_costs_four_times_the_merges(tmp_path):
    small = project_work(tmp_path / "small", 120)
    large = project_work(tmp_path / "large", 480)
    assert large <= 4 * small * 1.1, (small, large)


def test_finding_the_programs_a_file_shares_merges_no_facts(tmp_path):
    """A file linted alone builds its project once to find what it shares: no flow of facts is needed for that."""
    module_facts = linted(tmp_path, 60)
    project = Project(module_facts)
    assert project.sharing_programs([module_facts[0].key])
    assert project.merges == 0
    project.facts_for(module_facts[0].module, module_facts[0].path)
    assert project.merges > 0
