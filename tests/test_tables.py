"""The bundled tables as ms_lint reads them (``ms_lint.data.load_table``)."""

import importlib
import json
import os
import sys
import types

import pytest

import ms_lint.data
from ms_lint.data import load_table


@pytest.fixture(autouse=True)
def cache(tmp_path, monkeypatch):
    """Each test's own cache directory (where the tables' faster copies are kept)."""
    folder = tmp_path / "cache"
    monkeypatch.setattr(ms_lint.data.files, "cache_directory", lambda name: str(folder / name))
    return folder / "tables"


def test_arrays_are_read_as_tuples_at_every_depth(tmp_path):
    table = {"names": {"a": "b"}, "entities": {"x": {"mro": ["m", ["n", {"k": [1, 2.5, None, True]}]]}}, "list": []}
    path = tmp_path / "table.json"
    path.write_text(json.dumps(table), encoding="utf-8")
    assert load_table(path) == {
        "names": {"a": "b"},
        "entities": {"x": {"mro": ("m", ("n", {"k": (1, 2.5, None, True)}))}},
        "list": (),
    }


def test_a_table_that_is_an_array(tmp_path):
    path = tmp_path / "table.json"
    path.write_text('[["a", {"b": []}], "c"]', encoding="utf-8")
    assert load_table(path) == (("a", {"b": ()}), "c")


def _table(tmp_path, content):
    path = tmp_path / "table.json"
    path.write_text(json.dumps(content), encoding="utf-8")
    return path


def test_the_next_read_of_a_table_is_from_its_copy(tmp_path, cache, monkeypatch):
    path = _table(tmp_path, {"names": {"a": "b"}, "mro": ["m", "n"]})
    first = load_table(path)
    assert len(os.listdir(cache)) == 1
    monkeypatch.setattr(ms_lint.data.json, "load", lambda handle: pytest.fail("the JSON was read again"))
    assert load_table(path) == first == {"names": {"a": "b"}, "mro": ("m", "n")}


def test_a_changed_table_is_read_from_its_json_and_its_copy_replaced(tmp_path, cache):
    path = _table(tmp_path, {"mro": ["m"]})
    load_table(path)
    _table(tmp_path, {"mro": ["m", "n"]})  # another size: the copy's stamp no longer holds
    assert load_table(path) == {"mro": ("m", "n")}
    assert len(os.listdir(cache)) == 1


def test_a_damaged_copy_is_read_as_none_and_written_again(tmp_path, cache, monkeypatch):
    path = _table(tmp_path, {"mro": ["m"]})
    load_table(path)
    (copy,) = cache.iterdir()
    copy.write_bytes(b"not a table")
    assert load_table(path) == {"mro": ("m",)}
    assert os.listdir(cache) == [copy.name]
    monkeypatch.setattr(ms_lint.data.json, "load", lambda handle: pytest.fail("the JSON was read again"))
    assert load_table(path) == {"mro": ("m",)}


def test_a_cache_that_cannot_be_written_only_costs_time(tmp_path, cache):
    cache.parent.mkdir()
    cache.write_text("a file where the folder would be", encoding="utf-8")
    path = _table(tmp_path, {"mro": ["m"]})
    assert load_table(path) == load_table(path) == {"mro": ("m",)}


def test_a_table_is_kept_in_the_form_its_reader_makes_while_that_code_is_unchanged(tmp_path, cache, monkeypatch):
    keeper = tmp_path / "keeper.py"
    keeper.write_text("def kept(table):\n    return {'kept': table}\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(sys.modules, "keeper", importlib.import_module("keeper"))
    kept = sys.modules["keeper"].kept
    path = _table(tmp_path, {"mro": ["m"]})
    assert load_table(path, kept) == {"kept": {"mro": ("m",)}}
    reads = []
    read = ms_lint.data.json.load
    monkeypatch.setattr(ms_lint.data.json, "load", lambda handle: reads.append(handle) or read(handle))
    assert load_table(path, kept) == {"kept": {"mro": ("m",)}}
    assert not reads
    keeper.write_text("def kept(table):\n    return {'kept': table}  # changed\n", encoding="utf-8")
    assert load_table(path, kept) == {"kept": {"mro": ("m",)}}
    assert len(reads) == 1  # the copy was made by other code: made again


def test_a_table_whose_maker_has_no_file_is_read_without_a_copy(tmp_path, cache, monkeypatch):
    """A module read from a zip file has no file to stamp: the table is read as it is, every time."""
    keeper = types.ModuleType("zipped_keeper")
    exec("def kept(table):\n    return {'kept': table}\n", keeper.__dict__)  # pylint: disable=exec-used
    monkeypatch.setitem(sys.modules, "zipped_keeper", keeper)
    path = _table(tmp_path, {"mro": ["m"]})
    assert load_table(path, keeper.kept) == load_table(path, keeper.kept) == {"kept": {"mro": ("m",)}}
    assert not cache.exists()
