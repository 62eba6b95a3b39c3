"""The probe of graph-tensor-numpy-fallback, without MindSpore: the plan, and the reading of a validated IR.

The flagged call must be a PyExecute node, the node JIT Fallback has the Python interpreter run: the node
whose innermost source span covers the call's line and columns. The IR below is cut from MindSpore 2.10's
dump of the rule's bad example (``MeanPositive.construct``), its paths pointing at that example.
"""

import dataclasses

from ms_lint import language
from ms_lint.probe import config
from ms_lint.probe.experiments import EXPERIMENTS
from ms_lint.probe.experiments.base import Context
from ms_lint.probe.experiments.fallback import NumpyFallback
from ms_lint.probe.runtime import ir_nodes, spans
from ms_lint.probe.verdict import CONFIRMED, NOT_REPRODUCED, UNCONFIRMABLE, Task

from lint import RULES
from probe_support import finding

SYMBOL = "graph-tensor-numpy-fallback"
BAD = RULES / SYMBOL / "bad.py"
IR = """
subgraph @construct_1(%para1_x) {
  %1(CNode_95) = PrimFunc_SumExt(%0, None, Bool(0), None) cnode_attrs: {checkpoint: Bool(1)}
      : (<Tensor[Float32], (-2)>, <None, NoShape>, <Bool, NoShape>, <None, NoShape>) -> (<Tensor[Float32], ()>)
      # In file {path}:26~29, 4~40/    def construct(self, x):/
      # In file {path}:29, 15~30/        return ops.relu(x).sum() / count/
  %2(CNode_97) = PyExecute("get_local_variable(...)", ("__py_exec_index0__"), ("__py_exec_index0__")) cnode_attrs: {}
      : (<String, NoShape>, <Tuple[String]>, <Tuple[String]>) -> (<Any(Tensor)[Float64], (-2)>)
      # In file {path}:26~29, 4~40/    def construct(self, x):/
      # In file {path}:28, 16~22/        count = np.sum(positive)  # [graph-tensor-numpy-fallback]/
  %5(count) = PyExecute("__call_func_str__(__input_0__,)", ("__call_func_str__", "__input_0__"), %4, %2, IOMonad[IO])
      : (<String, NoShape>, <Tuple[String*2]>, <Tuple[Any(Tensor)[Float64],Tensor[Bool]]>) -> (<Any(Tensor)[Bool], (-2)>)
      # In file {path}:26~29, 4~40/    def construct(self, x):/
      # In file {path}:28, 16~32/        count = np.sum(positive)  # [graph-tensor-numpy-fallback]/
  %7(CNode_101) = PyExecute("__input_key_0__ / __input_key_1__", ("__input_key_0__", "__input_key_1__"), %6, %5)
      : (<String, NoShape>, <Tuple[String*2]>, <Tuple[Tensor[Float32],Any(Tensor)[Bool]]>) -> (<Any(Tensor)[Float64], (-2)>)
      # In file {path}:26~29, 4~40/    def construct(self, x):/
      # In file {path}:29, 15~40/        return ops.relu(x).sum() / count/
  Return(%7)
      : (<Any(Tensor)[Float64], (-2)>)
      # In file {path}:26~29, 4~40/    def construct(self, x):/
}
""".replace("{path}", str(BAD))
WHAT = "compiling MeanPositive.construct in GRAPH_MODE"


def _finding(line, col, end_col, cell=None, args=()):
    return dataclasses.replace(finding(BAD, "bad", line, symbol=SYMBOL, args=args, cell=cell), col=col, end_col=end_col)


def _plan(found, configuration=None):
    return NumpyFallback().plan(Context(finding=found, config=configuration or config.ProbeConfig(), root=str(BAD.parent)))


def _judge(line, col, end_col, call=None):
    payload = {"span": [line, col, line, end_col], "call": call, "path": str(BAD)}
    return NumpyFallback().judge(WHAT, ir_nodes(IR), None, payload)


def test_the_rule_has_this_experiment():
    assert isinstance(EXPERIMENTS[SYMBOL], NumpyFallback)


# -- the plan -------------------------------------------------------------------------------------


def test_a_cell_is_planned_with_the_call_s_place_and_its_inputs_read_in_the_child():
    task = _plan(_finding(19, 26, 37, cell="MaskedDense", args=("x.asnumpy()", "MaskedDense.construct")))
    assert isinstance(task, Task)
    assert task.experiment == "ms_lint.probe.experiments.fallback:NumpyFallback"
    assert task.payload["cell"] == "MaskedDense"
    assert task.payload["span"] == [19, 26, 19, 37]
    assert task.payload["call"] == "x.asnumpy()"
    assert task.payload["guess_inputs"] is True
    assert not task.payload.get("function")


def test_a_jit_function_without_configured_inputs_is_still_planned():
    # Other graph experiments ask for a function's inputs; whether a call is a PyExecute node needs no shape.
    task = _plan(_finding(35, 11, 32))
    assert isinstance(task, Task)
    assert (task.payload["cell"], task.payload["function"], task.payload["guess_inputs"]) == ("keep_positive", True, True)


def test_configured_inputs_are_used_as_given():
    configuration = config.from_table({"cells": [{"class": "keep_positive", "inputs": [{"dtype": "float32", "shape": [2, 3]}]}]})
    task = _plan(_finding(35, 11, 32), configuration)
    assert task.payload["spec"]["inputs"] == [{"dtype": "float32", "shape": [2, 3], "value": None, "is_value": False}]
    assert "guess_inputs" not in task.payload


def test_code_in_neither_a_cell_nor_a_function_is_unconfirmable():
    verdict = _plan(_finding(8, 0, 30))
    assert verdict.status == UNCONFIRMABLE
    assert verdict.evidence == "the flagged code is in neither a Cell nor a module-level function"


# -- reading the validated IR ---------------------------------------------------------------------


def test_ir_spans_keep_the_columns():
    assert spans(f"# In file {BAD}:26~29, 4~40/    def construct(self, x):/") == [(str(BAD), 26, 29, 4, 40)]
    assert spans(f"# In file {BAD}:28, 16~32/        count = np.sum(positive)/") == [(str(BAD), 28, 28, 16, 32)]
    assert spans(f"In file {BAD}:28") == [(str(BAD), 28, 28, None, None)]
    assert ir_nodes(IR)[2].spans[-1] == (str(BAD), 28, 28, 16, 32)


def test_the_call_that_is_a_pyexecute_node_is_confirmed_with_its_place_and_type():
    verdict = _judge(28, 16, 32, "np.sum(positive)")
    assert verdict.status == CONFIRMED
    assert verdict.evidence == (
        f"{WHAT}: np.sum(positive) at line 28, columns 16-32 compiles to a PyExecute node (JIT Fallback: the "
        "Python interpreter runs it); its result's type is Any(Tensor)[Bool]"
    )
    assert language.pick(verdict.evidence, "zh").startswith(f"{WHAT}：np.sum(positive)（第 28 行第 16-32 列）被编译为 PyExecute 节点")


def test_a_call_inside_a_larger_pyexecute_node_names_that_node_s_span():
    verdict = _judge(29, 31, 36)  # "count" within "ops.relu(x).sum() / count", which is a PyExecute node
    assert verdict.status == CONFIRMED
    assert "the flagged call at line 29, columns 31-36 compiles into a PyExecute node spanning line 29, columns 15-40" in verdict.evidence


def test_a_call_the_graph_computes_is_not_reproduced_though_its_line_has_pyexecute_nodes():
    # ops.relu(x).sum() is a graph operator; the division around it on the same line is not what is flagged,
    # and the function's own span (every node has it) covers everything but is not a node's innermost span.
    verdict = _judge(29, 15, 30, "ops.relu(x).sum()")
    assert verdict.status == NOT_REPRODUCED
    assert verdict.evidence == (
        f"{WHAT}: ops.relu(x).sum() at line 29, columns 15-30 compiles without a PyExecute node: the graph "
        "computes it (with its own operators, or as a constant)"
    )


def test_an_error_raised_after_the_ir_was_written_is_told():
    payload = {"span": [28, 16, 28, 32], "call": None, "path": str(BAD), "raised": "TypeError: Failed calling sum"}
    verdict = NumpyFallback().judge(WHAT, ir_nodes(IR), None, payload)
    assert verdict.status == CONFIRMED
    assert verdict.evidence.endswith("; then MindSpore raised TypeError: Failed calling sum")
