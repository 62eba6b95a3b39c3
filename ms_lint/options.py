"""Plugin-wide options: the MindSpore version, device target and execution mode linted for,
and the language ms_lint speaks (:mod:`ms_lint.language`).

They live in pylint's ``[mindspore]`` section (``[tool.pylint.mindspore]`` in
pyproject.toml) or on the command line (``--mindspore-device-target=Ascend``).
Rules read them through :func:`target`, which also weighs what the project's own
code sets up (``set_context(mode=...)``, ``set_device(...)``).
"""

from __future__ import annotations

import functools
import importlib.machinery
import re
from dataclasses import dataclass
from typing import Optional, Tuple

from pylint.checkers import BaseChecker

from ms_lint import language
from ms_lint.language import Text
from ms_lint.semantics.graph import modes, syntax_levels
from ms_lint.semantics.names import catalog
from ms_lint.semantics.program import facts

AUTO = "auto"
MODES = (AUTO, facts.GRAPH, facts.PYNATIVE)
DEVICE_TARGETS = (AUTO, *facts.DEVICE_TARGETS)
SYNTAX_LEVELS = (AUTO, *syntax_levels.LEVELS)


class MindSporeOptions(BaseChecker):
    """Owns the options every ms_lint rule shares; emits nothing itself."""

    name = "mindspore"
    msgs: dict = {}
    options = (
        (
            "mindspore-version",
            {
                "default": "",
                "type": "string",
                "metavar": "<version>",
                "help": "MindSpore version the code targets, e.g. 2.3.1. Default: the installed "
                "version (read from package metadata, without importing it), else the newest "
                "version ms_lint knows.",
            },
        ),
        (
            "mindspore-device-target",
            {
                "default": AUTO,
                "type": "choice",
                "choices": DEVICE_TARGETS,
                "metavar": "<auto|Ascend|GPU|CPU>",
                "help": "Device the code runs on. 'auto' reads set_context(device_target=...) and "
                "set_device(...) in the linted files. Backend-specific rules only report when the "
                "target is known.",
            },
        ),
        (
            "mindspore-mode",
            {
                "default": AUTO,
                "type": "choice",
                "choices": MODES,
                "metavar": "<auto|graph|pynative>",
                "help": "Execution mode of Cells' construct. 'auto' reads set_context(mode=...) in the "
                "linted program (a literal, a constant, or the default of the argparse option or config "
                "attribute it names); when the mode is unknown, findings that matter only in graph mode "
                "are withheld and one graph-findings-withheld notice counts them (MindSpore >= 2.0 "
                "defaults to PyNative). @jit functions are always compiled.",
            },
        ),
        (
            "mindspore-jit-syntax-level",
            {
                "default": AUTO,
                "type": "choice",
                "choices": SYNTAX_LEVELS,
                "metavar": "<auto|STRICT|COMPATIBLE|LAX>",
                "help": "JIT syntax level graph code is compiled at. 'auto' reads "
                "set_context(jit_syntax_level=...) and JitConfig(jit_syntax_level=...) in the linted "
                "program, else takes the target version's default (LAX from MindSpore 2.1, STRICT "
                "before). Functions decorated @jit(fullgraph=True) are always STRICT.",
            },
        ),
        (
            "mindspore-docs-url",
            {
                "default": "",
                "type": "string",
                "metavar": "<url>",
                "help": "Base URL of ms_lint's rule pages, ending with '/', e.g. "
                "https://github.com/<owner>/ms_lint/blob/main/docs/rules/. Reports that link to a "
                "rule's documentation (the SARIF reporter) append '<symbol>.md' to it. Default: the "
                "pages' path in the ms_lint repository, docs/rules/.",
            },
        ),
        (
            "mindspore-brain",
            {
                "default": True,
                "type": "yn",
                "metavar": "<y or n>",
                "help": "Let pylint's own checks see MindSpore as stub modules built from ms_lint's catalog "
                "(the same whether MindSpore is installed or not: no import-error without it, no reading "
                "of its sources with it). 'n' leaves pylint to read the installed MindSpore, if any.",
            },
        ),
        (
            "mindspore-cache",
            {
                "default": True,
                "type": "yn",
                "metavar": "<y or n>",
                "help": "Keep what is read of the project's files that are not linted (a file linted alone "
                "gets its whole project's findings) in ms_lint's cache directory (~/.cache/ms_lint/facts on "
                "Linux), for the next run to read again only the files that changed. 'n' reads them at every run.",
            },
        ),
        (
            "mindspore-code-version",
            {
                "default": "",
                "type": "string",
                "metavar": "<version>",
                "help": "MindSpore version the code was written for, e.g. 1.8.1, when it differs from the "
                "target (mindspore-version). Default: the version pinned by the project's requirements "
                "(mindspore==1.8.1 or >=1.8,<1.9 in requirements*.txt, setup.py, setup.cfg or "
                "pyproject.toml, looked for from each file's directory up to the project root), else "
                "unknown. api-default-changed reports only when it is known.",
            },
        ),
        (
            "mindspore-language",
            {
                "default": language.EN,
                "type": "choice",
                "choices": language.LANGUAGES,
                "metavar": "<en|zh>",
                "help": "Language of ms_lint's messages, --help-msg texts, notices and ms-lint's own lines: "
                "'en' (English) or 'zh' (Chinese). Code, API names, ids and symbols stay as written.",
            },
        ),
    )


# How MindSpore numbers its releases: 2.3, 2.3.1, 2.3.0rc1, 2.6.0.dev20250101.
VERSION_FORM = re.compile(r"\d+(\.\d+){0,3}((a|b|rc|\.post|\.dev)\d+)?")
VERSION_OPTIONS = ("mindspore_version", "mindspore_code_version")
NO_VERSION = Text(
    "pylint: error: argument %s: '%s' is no MindSpore version (2.3, 2.3.1, 2.3.0rc1...).",
    "pylint: error: argument %s: '%s' 不是 MindSpore 版本号（例如 2.3、2.3.1、2.3.0rc1）。",
)


def version_problem(config) -> Optional[Text]:
    """What is wrong with the first version option that names no MindSpore version, or None."""
    for attribute in VERSION_OPTIONS:
        value = (getattr(config, attribute, "") or "").strip()
        if value and not VERSION_FORM.fullmatch(value):
            return NO_VERSION % ("--" + attribute.replace("_", "-"), value)
    return None


def parse_version(text: str) -> Tuple[int, ...]:
    """``"2.3.0rc1"`` -> ``(2, 3, 0)``; unparsable parts stop the tuple."""
    parts = []
    for piece in text.strip().split("."):
        digits = ""
        for char in piece:
            if not char.isdigit():
                break
            digits += char
        if not digits:
            break
        parts.append(int(digits))
        if len(digits) != len(piece):
            break
    return tuple(parts)


@functools.lru_cache(maxsize=1)
def installed_version() -> Optional[str]:
    """The installed MindSpore's version, from package metadata (MindSpore is not imported)."""
    # Where sys.path has no mindspore package there is no version to read, and importlib.metadata
    # (a sixtieth of a second to load) is not needed. Only the path finder looks: an import hook
    # is not asked about MindSpore.
    try:
        if importlib.machinery.PathFinder.find_spec("mindspore") is None:
            return None
    except Exception:  # pylint: disable=broad-except
        pass  # the metadata will say
    from importlib import metadata  # pylint: disable=import-outside-toplevel

    try:
        return metadata.version("mindspore")
    except metadata.PackageNotFoundError:
        return None


@dataclass(frozen=True)
class Target:
    """What the linted program runs on, as far as options and code tell."""

    version: Tuple[int, ...]
    device_target: Optional[str]  # "Ascend", "GPU", "CPU" or None when unknown
    mode: Optional[str]  # facts.GRAPH, facts.PYNATIVE, or None when unknown
    syntax_level: Optional[str] = None  # syntax_levels.STRICT, COMPATIBLE, LAX, or None when unknown


def _single(found) -> Optional[str]:
    """The one value the program sets, or None if it sets none, several, or one from a variable."""
    if len(found) == 1 and facts.DYNAMIC not in found:
        return next(iter(found))
    return None


def program_mode(config, program: facts.ProgramFacts) -> Optional[str]:
    """The mode the option names, else the one mode the program's code sets (None: unknown).

    Without MindSpore's default for the targeted version: the runtime probe runs the code under
    the installed MindSpore, whatever version the lint targets.
    """
    mode = getattr(config, "mindspore_mode", AUTO)
    if mode != AUTO:
        return mode
    return _single(modes.resolve(program.modes, program.mode_options))


def target(config, program: facts.ProgramFacts) -> Target:
    """Resolve the target from the options in ``config`` and the facts of the program linted."""
    version_text = config.mindspore_version or installed_version() or catalog.version()
    version = parse_version(version_text) or parse_version(catalog.version())
    device = config.mindspore_device_target
    device_target = device if device != AUTO else _single(program.device_targets)
    mode = program_mode(config, program)
    if mode is None and not program.modes and version < (2, 0):
        mode = facts.GRAPH
    level = getattr(config, "mindspore_jit_syntax_level", AUTO)
    if level == AUTO:
        level = syntax_levels.program_level(program.syntax_levels, version)
    return Target(version=version, device_target=device_target, mode=mode, syntax_level=level)
