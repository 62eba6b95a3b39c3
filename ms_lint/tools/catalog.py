"""Generate ``ms_lint/data/catalog.json`` from a real MindSpore install.

The static linter never imports MindSpore: it reads this catalog instead. Run it
in an environment that has MindSpore (``pip install .[probe]``)::

    python -m ms_lint.tools.catalog            # writes ms_lint/data/catalog.json

The catalog records, for MindSpore's public modules:

* ``names``: each public dotted path that is a re-export, mapped to the object's
  canonical path (``mindspore.nn.Dense`` -> ``mindspore.nn.layer.basic.Dense``);
* ``entities``: each canonical path with its kind (``cell``, ``primitive``,
  ``function``, ``dtype``, ``module``, ...), MindSpore base classes, call
  signature, and, for Cells, whether an instance holds parameters;
* ``tensor_methods`` and ``cell_methods``: attribute names of ``Tensor`` and ``nn.Cell``;
* for each class entity, ``members``: the public attributes it adds to the catalogued classes
  of its ``mro`` (methods, properties, class attributes and the ``self.x = ...`` attributes its
  methods set); a class's full member set is the union over itself and its ``mro``.

It also writes the stub modules the astroid brain serves (``ms_lint/data/stubs.json``,
see ``ms_lint.tools.stubs``).

Per-version data (``ms_lint/data/catalog_versions.json``, read by ``ms_lint.semantics.names.versions``)
comes from one record per MindSpore version, then one merge. With each version in its own venv
(``python3 -m venv ms27 && ms27/bin/pip install mindspore==2.7.0 pylint``, likewise ``ms28``...)::

    PYTHONPATH=. ms27/bin/python -m ms_lint.tools.catalog --record /tmp/ms-2.7.0.json
    PYTHONPATH=. ms28/bin/python -m ms_lint.tools.catalog --record /tmp/ms-2.8.0.json
    PYTHONPATH=. ms29/bin/python -m ms_lint.tools.catalog --record /tmp/ms-2.9.0.json
    PYTHONPATH=. ms210/bin/python -m ms_lint.tools.catalog --record /tmp/ms-2.10.0.json
    python -m ms_lint.tools.catalog --merge /tmp/ms-2.7.0.json /tmp/ms-2.8.0.json \\
        /tmp/ms-2.9.0.json /tmp/ms-2.10.0.json

A record holds, for the installed version: every public name (the catalog's dotted paths, its
canonical paths, and ``mindspore.Tensor.<method>`` / ``mindspore.nn.Cell.<method>``), each
callable's parameter names, the ``@deprecated(version, substitute)`` decorators read from the
installed sources, and the ``Supported Platforms`` its docstrings list. The merge keeps only what
differs between versions (names missing from some version, parameters that changed), the
modules whose members it lists, every declared deprecation, and writes the newest version's platforms to ``ms_lint/data/op_platforms.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

from ms_lint.tools import catalog_versions, stubs
from ms_lint.tools.catalog_builder import CatalogBuilder


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default_out = Path(__file__).resolve().parent.parent / "data" / "catalog.json"
    parser.add_argument("--output", type=Path, default=None)
    modes = parser.add_mutually_exclusive_group()
    modes.add_argument("--record", type=Path, help="write the installed version's record here")
    modes.add_argument("--merge", type=Path, nargs="+", help="merge version records into one file")
    options = parser.parse_args(argv)
    options.record = options.record and options.record.resolve()  # before the chdir below
    if options.merge:
        return catalog_versions.merge_files(options.merge, options.output)
    # Keep MindSpore quiet and its compile artefacts out of the working tree.
    os.environ.setdefault("GLOG_v", "3")
    scratch = tempfile.mkdtemp(prefix="ms_lint_catalog_")
    os.environ.setdefault("MS_OM_PATH", scratch)
    os.chdir(scratch)
    import mindspore  # pylint: disable=import-outside-toplevel

    if options.record:
        return catalog_versions.record_file(mindspore, options.record)
    options.output = options.output or default_out
    builder = CatalogBuilder(mindspore)
    catalog = builder.build()
    options.output.write_text(json.dumps(catalog, indent=0, sort_keys=False) + "\n", encoding="utf-8")
    stubs_out = options.output.with_name("stubs.json")
    stubs_out.write_text(json.dumps(stubs.build(builder, mindspore), indent=0) + "\n", encoding="utf-8")
    print(
        f"catalog for MindSpore {catalog['mindspore_version']}: "
        f"{len(catalog['entities'])} entities, {len(catalog['names'])} aliases -> {options.output}",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
