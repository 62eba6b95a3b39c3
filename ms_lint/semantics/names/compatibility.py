"""Code written for several MindSpore versions, where using an API some versions lack is deliberate.

A use of an API is in such code when one of its enclosing statements is

- a ``try`` that catches the error the use raises on a version without the API (an import:
  ``ImportError`` or ``ModuleNotFoundError``; a name reached through a module: ``AttributeError``;
  a keyword parameter: ``TypeError``): the use is in its body (the API tried) or in such a handler
  (the alternative). ``except Exception`` does not count: it guards any code, not a version;
- an ``if`` or a conditional expression whose test reads a version: ``__version__``, a name that
  says it holds MindSpore's version (``MS_VERSION``, ``ms_version``, ``version_gt_2_0_0``), or a
  call of a version helper given a version number (``is_version_ge(v, "1.11.0")``); or a feature
  test ``hasattr(<MindSpore module or class>, "name")``. Both branches count, and so do the
  statements after such an ``if`` whose body ends in ``return`` or ``raise`` (the other branch).

The API-change rules stay silent there: such code runs on the versions it was written for, and
which branch runs is the installed version's business, not a finding.
"""

from __future__ import annotations

import re

from astroid import nodes

from ms_lint.semantics.names import index, names

IMPORT_ERRORS = frozenset({"ImportError", "ModuleNotFoundError"})
NAME_ERRORS = frozenset({"AttributeError"})
PARAMETER_ERRORS = frozenset({"TypeError"})
VERSION_NUMBER = re.compile(r"^v?\d+\.\d+(\.\d+)*")
# Identifiers that say they hold MindSpore's version, or the answer of a comparison with it.
VERSION_NAME = re.compile(r"__version__|(^|_)(ms|mindspore)_?version|version_(gt|ge|lt|le|eq|less|greater)", re.I)
HELPER_NAME = re.compile(r"version", re.I)


def _catches(handler: nodes.ExceptHandler, errors: frozenset) -> bool:
    caught = handler.type
    if caught is None:
        return False
    items = caught.elts if isinstance(caught, nodes.Tuple) else [caught]
    return any(names.basename(item) in errors for item in items)


def _is_feature_test(call: nodes.Call) -> bool:
    """``hasattr(ops, "Name")`` on a MindSpore module or class."""
    return (
        isinstance(call.func, nodes.Name)
        and call.func.name == "hasattr"
        and len(call.args) == 2
        and names.mindspore_name(call.args[0]) is not None
    )


def _reads_version(test: nodes.NodeNG) -> bool:
    for node in test.nodes_of_class((nodes.Name, nodes.Attribute, nodes.Call)):  # the test itself first
        identifier = names.basename(node)
        if identifier and VERSION_NAME.search(identifier):
            return True
        if isinstance(node, nodes.Call):
            if _is_feature_test(node):
                return True
            helper = names.basename(node.func)
            if helper and HELPER_NAME.search(helper) and any(
                isinstance(arg, nodes.Const) and isinstance(arg.value, str) and VERSION_NUMBER.match(arg.value)
                for arg in node.args
            ):
                return True
    return False


def _after_early_exit(statement: nodes.NodeNG) -> bool:
    """Whether an earlier statement of the same block is a version test whose body returns or raises."""
    return any(
        isinstance(earlier, nodes.If)
        and isinstance(earlier.body[-1], (nodes.Return, nodes.Raise))
        and _reads_version(earlier.test)
        for earlier in index.earlier_siblings(statement)
    )


def _guards(parent: nodes.NodeNG, child: nodes.NodeNG, errors: frozenset) -> bool:
    """Whether ``parent`` makes ``child`` (one of its direct children) version-dependent code for a
    use that raises one of ``errors`` where its API is missing."""
    if isinstance(parent, nodes.Try):
        return child in parent.body and any(_catches(handler, errors) for handler in parent.handlers)
    if isinstance(parent, nodes.ExceptHandler):
        return child is not parent.type and _catches(parent, errors)
    if isinstance(parent, (nodes.If, nodes.IfExp)):
        return child is not parent.test and _reads_version(parent.test)
    return False


def is_version_dependent(node: nodes.NodeNG, errors: frozenset = frozenset()) -> bool:
    """Whether a use at ``node``, which raises one of ``errors`` on a version without its API, is in
    code written for several MindSpore versions (see the module's doc)."""
    child, parent = node, node.parent
    while parent is not None:
        if _guards(parent, child, errors) or (child.is_statement and _after_early_exit(child)):
            return True
        child, parent = parent, parent.parent
    return False
