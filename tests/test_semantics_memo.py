"""What the semantics remember lasts one run: a new run keeps no trees of the last one."""

from astroid import nodes
from lint import RULES, run_pylint

from ms_lint.semantics.names import memo


def _remembered_files() -> set:
    files = set()
    for answers in memo._MEMOS:  # pylint: disable=protected-access
        for key in answers:
            for part in key if isinstance(key, tuple) else (key,):
                if isinstance(part, nodes.NodeNG):
                    files.add(part.root().file)
    return files


def test_a_new_run_forgets_the_trees_of_the_last_one():
    first = RULES / "cell-container-not-registered" / "bad.py"
    second = RULES / "forward-without-construct" / "bad.py"
    run_pylint([first])
    assert str(first) in _remembered_files()
    run_pylint([second])
    remembered = _remembered_files()
    assert str(second) in remembered
    assert str(first) not in remembered


def test_a_memo_answers_once_per_node():
    calls = []

    @memo.per_node
    def answer(node):
        calls.append(node)
        return len(calls)

    node_a, node_b = object(), object()
    assert (answer(node_a), answer(node_a), answer(node_b)) == (1, 1, 2)
    memo.new_run()
    assert answer(node_a) == 3


def test_opening_the_same_run_again_keeps_its_answers():
    """pylint -j N workers open the checkers for every file of one run."""
    calls = []

    @memo.per_run_node
    def answer(node):
        calls.append(node)
        return len(calls)

    node = object()
    run, other_run = object(), object()
    memo.new_run(run)
    assert answer(node) == 1
    memo.new_run(run)
    assert answer(node) == 1
    memo.new_run(other_run)
    assert answer(node) == 2
    memo.new_run()
    memo.new_run()
    assert answer(node) == 3
