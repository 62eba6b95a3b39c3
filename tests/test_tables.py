"""The bundled tables as ms_lint reads them (``ms_lint.data.load_table``)."""

import json

from ms_lint.data import load_table


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
