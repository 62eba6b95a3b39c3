"""The API-change table (ms_lint.data.api_changes) agrees with itself, with the catalogs and with MindSpore.

Against the bundled 2.10 catalog always; against the per-version catalogs
(``ms_lint.semantics.names.versions``) where they are installed; against MindSpore itself when it is.
"""

import importlib
import logging
import re

import pytest

from ms_lint.data import api_changes as table
from ms_lint.language import Text, placeholders
from ms_lint.probe.experiments.api_changes import marked_deprecated
from ms_lint.semantics.names import catalog
from ms_lint.semantics.program import api_changes
from probe_support import requires_mindspore

CATALOG_VERSION = tuple(int(part) for part in catalog.version().split(".")[:2])
NAMES = [change for change in table.CHANGES if not change.parameter]
PARAMETERS = [change for change in table.CHANGES if change.parameter]
ids = lambda change: change.old  # noqa: E731
# A changed default or a parameter that stopped taking Python numbers: the parameter itself stays.
KEPT_PARAMETER_KINDS = (table.DEFAULT_CHANGED, table.SCALAR_INPUT_REMOVED, table.VALUE_DEPRECATED)
VALUES = [change for change in PARAMETERS if change.kind == table.VALUE_DEPRECATED]

try:
    from ms_lint.semantics.names import versions
except ImportError:  # the per-version catalogs are optional
    versions = None


def test_entries_are_well_formed():
    assert len(table.CHANGES) >= 60
    assert len({change.old for change in table.CHANGES}) == len(table.CHANGES)
    for change in table.CHANGES:
        assert change.kind in table.KINDS, change.old
        assert change.old.startswith("mindspore."), change.old
        assert change.fix and change.reference.startswith("https://"), change.old
        assert change.deprecated or change.removed, change.old
        if change.deprecated and change.removed and change.kind != table.DEFAULT_CHANGED:
            assert table.version_tuple(change.deprecated) <= table.version_tuple(change.removed), change.old
        assert bool(change.parameter) == (change.kind in table.PARAMETER_KINDS), change.old
        assert bool(change.default) == (change.kind == table.DEFAULT_CHANGED), change.old
        assert bool(change.value) == (change.kind == table.VALUE_DEPRECATED), change.old


def test_every_fix_is_written_in_both_languages():
    for change in table.CHANGES:
        assert isinstance(change.fix, Text) and change.fix.zh, change.old
        assert placeholders(change.fix) == placeholders(change.fix.zh), change.old


@pytest.mark.parametrize("change", NAMES, ids=ids)
def test_name_matches_the_bundled_catalog(change):
    """Absent from the 2.10 catalog exactly when the table says it is gone by 2.10."""
    gone = api_changes.removed(change, CATALOG_VERSION)
    known = catalog.lookup(change.name) is not None
    module, _, _ = change.name.rpartition(".")
    if catalog.lookup(module) is None and not known:
        pytest.skip(f"the catalog does not describe {module}")
    assert known != gone


@pytest.mark.parametrize("change", [c for c in NAMES if c.new.startswith(("mindspore.ops.", "mindspore.nn."))], ids=ids)
def test_replacement_exists_in_the_bundled_catalog(change):
    assert catalog.lookup(change.new) is not None


@pytest.mark.parametrize("change", [c for c in PARAMETERS if catalog.lookup(c.name) and catalog.lookup(c.name).args], ids=ids)
def test_removed_parameter_is_absent_from_the_bundled_catalog(change):
    """Gone by 2.10 -> not in the catalog's signature (present ones may go through ``**kwargs``)."""
    if change.kind in KEPT_PARAMETER_KINDS:
        assert change.parameter in catalog.lookup(change.name).args
    elif api_changes.removed(change, CATALOG_VERSION):
        assert change.parameter not in catalog.lookup(change.name).args


@pytest.mark.skipif(versions is None, reason="the per-version catalogs are not installed")
@pytest.mark.parametrize("change", table.CHANGES, ids=ids)
def test_entry_matches_every_catalogued_version(change):
    for text in versions.versions():
        version = tuple(int(part) for part in text.split("."))
        if change.parameter:
            parameters = versions.parameters(change.name, version)
            if parameters and change.kind in KEPT_PARAMETER_KINDS:
                # Some versions record a function that takes only ``*args, **kwargs``.
                assert change.parameter in parameters or "*args" in parameters, version
            elif parameters and api_changes.removed(change, version):
                assert change.parameter not in parameters, version
            # A keyword still accepted may go through ``**options`` (jit): the live test checks those.
            continue
        present = versions.present(change.name, version)
        if present is not None:
            assert present != api_changes.removed(change, version), version
        claimed = api_changes.removed(change, version) or api_changes.deprecated(change, version)
        # The versions' catalogs describe what the bundled one does (not the profiler's functions).
        if claimed and change.new.startswith("mindspore.") and catalog.lookup(change.new) is not None:
            assert versions.present(change.new, version) is not False, (change.new, version)


@requires_mindspore
def test_names_against_the_installed_mindspore(caplog):
    """Each name imports (logging its deprecation where built) unless gone by the installed version."""
    mindspore = importlib.import_module("mindspore")
    installed = tuple(int(part) for part in mindspore.__version__.split(".")[:2])
    wrong = []
    for change in NAMES:
        module, _, attr = change.name.rpartition(".")
        try:
            getattr(importlib.import_module(module), attr)
            present = True
        except (ImportError, AttributeError):
            try:
                importlib.import_module(change.name)
                present = True
            except ImportError:
                present = False
        if present == api_changes.removed(change, installed):
            wrong.append(change.name)
        if change.new.startswith("mindspore.") and not _resolves(change.new):
            wrong.append(change.new)
    assert wrong == []


def _resolves(path):
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        try:
            for attr in parts[cut:]:
                found = getattr(found, attr)
        except AttributeError:
            return False
        return True
    return False


@requires_mindspore
def test_deprecated_primitives_log_their_version(caplog):
    """A deprecated operator MindSpore marks logs 'deprecated from version <V>' with the table's version."""
    ops = importlib.import_module("mindspore.ops")
    caplog.set_level(logging.WARNING)
    for name in ("TensorAdd", "GatherV2", "DynamicShape", "ScatterNonAliasingAdd"):
        change = next(c for c in NAMES if c.name == f"mindspore.ops.{name}")
        getattr(ops, name)()
        assert f"deprecated from version {change.deprecated}" in caplog.text, name


@pytest.mark.skipif(versions is None, reason="the per-version catalogs are not installed")
@pytest.mark.parametrize("change", [c for c in NAMES if c.deprecated], ids=ids)
def test_every_version_marking_a_name_deprecated_is_one_the_table_reports(change):
    declared = versions.deprecated(change.name)
    if declared is None:
        pytest.skip("no catalogued version marks it (documented deprecations, or a name gone by 2.7)")
    for text in declared["versions"]:
        version = tuple(int(part) for part in text.split("."))
        assert api_changes.deprecated(change, version) or api_changes.removed(change, version), text


def _context_lists(context):
    """The options ``set_context`` logs as deprecated and those it refuses, from MindSpore's own check."""
    import ast  # pylint: disable=import-outside-toplevel
    import inspect  # pylint: disable=import-outside-toplevel

    source = inspect.getsource(context._check_context_deprecated)  # pylint: disable=protected-access
    found = {}
    for node in ast.walk(ast.parse(source.strip())):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict):
            found[node.targets[0].id] = ast.literal_eval(node.value)
    return found["deprecated_context_dict"], found.get("invalid_context_dict", {})


@requires_mindspore
def test_context_options_match_the_installed_mindspores_own_list():
    """Each set_context option of the table is one the installed MindSpore logs as deprecated, or refuses
    with the table's removal version; and each option it refuses is in the table."""
    mindspore = importlib.import_module("mindspore")
    installed = tuple(int(part) for part in mindspore.__version__.split(".")[:2])
    deprecated, refused = _context_lists(importlib.import_module("mindspore.context"))
    options = {change.parameter: change for change in PARAMETERS if change.name == "mindspore.set_context"}
    wrong = []
    for option, change in options.items():
        if api_changes.removed(change, installed):
            if refused.get(option, {}).get("version") != change.removed:
                wrong.append(option)
        elif change.note == table.CONTEXT_DOCUMENTED:
            if not marked_deprecated(mindspore.set_context, option):
                wrong.append(option)
        elif option not in deprecated and option != "auto_tune_mode":  # logged by set_context's own code
            wrong.append(option)
    wrong.extend(option for option in refused if option not in options)
    documented = re.findall(r" (\w+) \([^)]*\): ", " ".join(mindspore.set_context.__doc__.split()))
    wrong.extend(
        option for option in documented if marked_deprecated(mindspore.set_context, option) and option not in options
    )
    assert wrong == []


@requires_mindspore
@pytest.mark.parametrize("change", [c for c in PARAMETERS if c.kind == table.SCALAR_INPUT_REMOVED], ids=ids)
def test_scalar_first_argument_against_the_installed_mindspore(change):
    """A Python number first raises TypeError exactly from the version the table gives."""
    mindspore = importlib.import_module("mindspore")
    installed = tuple(int(part) for part in mindspore.__version__.split(".")[:2])
    module, _, attr = change.name.rpartition(".")
    function = getattr(importlib.import_module(module), attr)
    if isinstance(function, type):  # a Primitive: its instance is what the code calls
        function = function()
    try:
        function(1.0, mindspore.Tensor([1.0, 2.0]))
        refused = False
    except TypeError:
        refused = True
    assert refused == api_changes.removed(change, installed)


@requires_mindspore
@pytest.mark.parametrize("change", VALUES, ids=ids)
def test_deprecated_value_against_the_installed_mindspore(change):
    """The installed MindSpore's own docs mark the value deprecated from the table's version (from that
    version on), and the call still takes it."""
    mindspore = importlib.import_module("mindspore")
    installed = tuple(int(part) for part in mindspore.__version__.split(".")[:2])
    module, _, attr = change.name.rpartition(".")
    api = getattr(importlib.import_module(module), attr)
    marked = marked_deprecated(api, change.parameter, change.value)
    assert marked.endswith(f"deprecated from version {change.deprecated}.0") == api_changes.deprecated(change, installed)
    if isinstance(api, type):
        api(**{change.parameter: change.value})
    else:
        api(lambda x: x, **{change.parameter: change.value})
