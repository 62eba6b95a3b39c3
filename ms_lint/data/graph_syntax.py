"""What MindSpore's graph compiler refuses, by version and JIT syntax level.

One entry per construct: the rule that reports it, the syntax levels that refuse it
(``@jit(fullgraph=True)`` compiles at STRICT; ``@jit(capture_mode="bytecode")`` refuses
nothing: it runs what it cannot compile in Python), the versions it applies to, the
text MindSpore prints and a pattern for it (so that a pasted error leads back to the
rule), the fix, and the evidence.

``OBS 2.10``: compiled on MindSpore 2.10.0, CPU, GRAPH_MODE at LAX (the default),
COMPATIBLE and STRICT and under ``@jit(fullgraph=True)``; the text is what 2.10 printed
(``tests/test_graph_syntax_mindspore.py`` checks every pattern against a real compile).
Entries that apply to older versions only cite MindSpore's parser at the version tags.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Dict, Optional, Tuple

from astroid import nodes

STRICT, COMPATIBLE, LAX = "STRICT", "COMPATIBLE", "LAX"
ALL_LEVELS = (STRICT, COMPATIBLE, LAX)

STATIC_GRAPH = "https://www.mindspore.cn/tutorials/en/master/compile/static_graph.html"
SYNTAX_DOC = STATIC_GRAPH + "#syntax-constraints-of-basic-syntaxes"
FAQ = "https://www.mindspore.cn/docs/en/master/faq/network_compilation.html"
PARSER = "https://gitee.com/mindspore/mindspore/blob/{tag}/mindspore/ccsrc/pipeline/jit/ps/parse/parse.cc"
OBSERVED = "OBS 2.10"

UNSUPPORTED_SYNTAX = "graph-unsupported-syntax"
UNDEFINED_AFTER_BLOCK = "graph-variable-undefined-after-block"
PARAMETERS_CALL = "graph-cell-parameters-call"
ATTRIBUTE_ASSIGNMENT = "graph-attribute-not-parameter"
TENSOR_TO_NUMPY = "graph-tensor-to-numpy"
CLASSMETHOD_CALL = "graph-classmethod-call"
CELL_METHOD_SIGNATURE = "graph-cell-method-signature"
BYTECODE = STATIC_GRAPH + "#syntax-based-on-bytecode-graph-construction"
THIRD_PARTY = STATIC_GRAPH + "#calling-the-third-party-libraries"
MODEL_AND_CELL = "https://www.mindspore.cn/docs/en/r2.0/migration_guide/model_development/model_and_cell.html"
CUSTOM_BPROP = "https://mindspore.cn/tutorials/experts/en/r1.9/network/custom_cell_reverse.html"


@dataclass(frozen=True)
class GraphSyntax:
    """One construct MindSpore's graph compiler refuses."""

    key: str  # the construct: an AST node type ("Try") or a rule's own name for it
    construct: str  # how docs name it
    rule: str  # the symbol of the rule that reports it
    levels: Tuple[str, ...]  # the syntax levels that refuse it
    since: Tuple[int, ...]  # first version that refuses it
    until: Optional[Tuple[int, ...]]  # first version that accepts it, if any
    error: str  # what MindSpore prints (the example's text)
    patterns: Tuple[str, ...]  # regular expressions matching what MindSpore prints
    fix: str
    reference: str
    evidence: str = OBSERVED

    def refused(self, version: Tuple[int, ...], level: Optional[str]) -> bool:
        """Refused by ``version`` at ``level`` (None: level unknown, so only if every level refuses it)."""
        if version < self.since or (self.until is not None and version >= self.until):
            return False
        return level in self.levels if level is not None else set(ALL_LEVELS) <= set(self.levels)


def _statement(key: str, construct: str, fix: str, expression: bool = False, **kwargs) -> GraphSyntax:
    kind = "expression" if expression else "statement"
    return GraphSyntax(
        key=key,
        construct=construct,
        rule=UNSUPPORTED_SYNTAX,
        levels=kwargs.pop("levels", ALL_LEVELS),
        since=kwargs.pop("since", (0,)),
        until=kwargs.pop("until", None),
        error=f"RuntimeError: Unsupported {kind} '{key}'.",
        patterns=(rf"Unsupported {kind} '{key}'",),
        fix=fix,
        reference=kwargs.pop("reference", SYNTAX_DOC),
        **kwargs,
    )


MOVE_OUT = "move it out of the compiled function, into __init__ or the Python code that calls the network"

GRAPH_SYNTAX = (
    _statement(
        "Try",
        "try/except",
        "remove the try: check the condition with ops (ops.isfinite, ops.select) or handle the error in the Python "
        "code that calls the network",
    ),
    _statement("Delete", "del", "remove the del: a local name needs no deleting, rebind it if memory matters"),
    _statement(
        "Set", "set literal", "use a tuple or a list (x in (a, b)); a set can be built in __init__", expression=True
    ),
    _statement("SetComp", "set comprehension", "use a list comprehension or a tuple", expression=True),
    _statement("Import", "import", "import at the top of the module"),
    _statement("ImportFrom", "from ... import", "import at the top of the module"),
    _statement(
        "Yield",
        "yield (a generator)",
        "return a tuple or list of the values; iterate over a list, a tuple or a CellList",
        expression=True,
    ),
    _statement("YieldFrom", "yield from", "return a tuple or list of the values", expression=True),
    _statement("NamedExpr", "assignment expression (:=)", "assign on a line of its own", expression=True),
    _statement("Match", "match statement", "use if/elif on the value"),
    _statement("ClassDef", "class definition", "define the class at module level (@jit_class to use it in graphs)"),
    _statement("AsyncFunctionDef", "async def", MOVE_OUT),
    _statement("Nonlocal", "nonlocal", "return the new value from the inner function and assign it in the outer one"),
    _statement(
        "AnnAssign",
        "annotated assignment (x: T = v)",
        "drop the annotation or upgrade to MindSpore 2.3",
        until=(2, 3),
        reference=PARSER.format(tag="v2.2.0"),
        evidence="SRC parse.cc stmt_method_map_ at v2.2.0 (no AnnAssign) and v2.3.0 (AnnAssign)",
    ),
    _statement(
        "DictComp",
        "dict comprehension",
        "build the dict with a loop or dict(zip(...)), or upgrade to MindSpore 2.2",
        expression=True,
        until=(2, 2),
        reference=PARSER.format(tag="v2.1.0"),
        evidence="SRC parse.cc expr_method_map_ at v2.1.0 (no DictComp) and v2.2.0 (DictComp)",
    ),
    GraphSyntax(
        key="IfBranch",
        construct="a variable assigned in one branch of a Tensor condition",
        rule=UNDEFINED_AFTER_BLOCK,
        levels=ALL_LEVELS,
        since=(2, 10),
        until=None,
        error="UnboundLocalError: The local variable 'y' is not defined in false branch, but defined in true branch.",
        patterns=(r"The local variable '\w+' is not defined in (false|true) branch, but defined in (true|false) branch",),
        fix="assign it before the if (a default value), or in every branch",
        reference=FAQ,
    ),
    GraphSyntax(
        key="LoopBody",
        construct="a variable first assigned inside a loop body",
        rule=UNDEFINED_AFTER_BLOCK,
        levels=ALL_LEVELS,
        since=(2, 10),
        until=None,
        error="UnboundLocalError: The local variable 'y' defined in the 'for' loop body cannot be used outside of "
        "the loop body. Please define variable 'y' before 'for'.",
        patterns=(
            r"The local variable '\w+' defined in the '(for|while)' loop body cannot be used outside of the loop body",
            # when a later iteration also reads it (if i == 0: y = f(x) else: y = f(y)), observed on 2.10
            r"The name '\w+' is not defined, or not supported in graph mode",
        ),
        fix="assign it before the loop",
        reference=FAQ,
    ),
    GraphSyntax(
        key="CellParameters",
        construct="a Cell's parameter listing (trainable_params(), get_parameters()...)",
        rule=PARAMETERS_CALL,
        levels=ALL_LEVELS,
        since=(2, 10),
        until=None,
        error="RuntimeError: Failed to compile in GRAPH_MODE because the method or function "
        "'mindspore.nn.cell.Cell.trainable_params' is not supported in 'construct' or function with @jit decorator.",
        patterns=(
            r"the method or function 'mindspore\.nn\.cell\.Cell\.\w+' is not supported in 'construct'",
            r"Unsupported expression 'Yield'",  # parameters_and_names is a generator
        ),
        fix="list the parameters in __init__ (self.params = ParameterTuple(self.trainable_params())) and use "
        "that attribute in construct",
        reference=MODEL_AND_CELL,
    ),
    GraphSyntax(
        key="AttributeAssign",
        construct="self.<attr> = value for an attribute that is not a Parameter",
        rule=ATTRIBUTE_ASSIGNMENT,
        levels=(STRICT, COMPATIBLE),
        since=(2, 10),
        until=None,
        error="TypeError: In JIT strict mode, if need to modify a member attribute of a class with self.m, the "
        "member attribute must be of the Parameter type. But got '1' with type 'int'.",
        patterns=(
            r"if need to modify a member attribute of a class with self\.\w+, the member attribute must be of the "
            r"Parameter type",
        ),
        fix="make it a Parameter in __init__ and update it with ops.assign, keep the value in a local variable, "
        "or compile at the LAX level",
        reference=MODEL_AND_CELL,
    ),
    GraphSyntax(
        key="TensorToNumpy",
        construct="tensor.asnumpy() / tensor.tolist()",
        rule=TENSOR_TO_NUMPY,
        levels=(STRICT, COMPATIBLE),
        since=(2, 10),
        until=None,
        error="AttributeError: In JIT strict mode, cannot get attributes asnumpy or the Tensor[Float32] object has no "
        "attribute: 'asnumpy'.",
        patterns=(r"In JIT strict mode, cannot get attributes (asnumpy|tolist)",),
        fix="compute with ops on the Tensor; move numpy work to __init__ or to the Python code around the network",
        reference=THIRD_PARTY,
    ),
    GraphSyntax(
        key="NumpyCall",
        construct="a numpy function called on a Tensor",
        rule=TENSOR_TO_NUMPY,
        levels=(STRICT, COMPATIBLE),
        since=(2, 10),
        until=None,
        error="ValueError: When handling script '__call_func_str__(__input_0__,) in graph mode', the inputs should "
        "be constant, but found variable '__input_0__' to be nonconstant. Try to set jit_syntax_level to LAX.",
        patterns=(r"the inputs should be constant, but found variable '\w+' to be nonconstant",),
        fix="use the ops or mindspore.numpy function of the same name (ops.sum, mindspore.numpy.exp)",
        reference=THIRD_PARTY,
    ),
    GraphSyntax(
        key="ClassmethodCall",
        construct="a @classmethod called through self",
        rule=CLASSMETHOD_CALL,
        levels=ALL_LEVELS,
        since=(2, 10),
        until=None,
        error="TypeError: The parameters number of the function is 2, but the number of provided arguments is 1.",
        patterns=(r"The parameters number of the function is \d+, but the number of provided arguments is \d+",),
        fix="make it a @staticmethod (graph code does not pass cls), or a plain method",
        reference=FAQ,
    ),
    GraphSyntax(
        key="ConstructStatic",
        construct="a @staticmethod construct (PyNative runs it; only a graph compile refuses it)",
        rule=CELL_METHOD_SIGNATURE,
        levels=ALL_LEVELS,
        since=(2, 10),
        until=None,
        error="RuntimeError: Parse Resolve convert failed.",
        patterns=(r"Parse Resolve convert failed",),
        fix="make construct a plain method whose first parameter is self: def construct(self, ...)",
        reference=MODEL_AND_CELL,
    ),
    GraphSyntax(
        key="ConstructNoSelf",
        construct="construct whose first parameter is not self (def construct(x), def construct(cell, x)); "
        "PyNative runs the second and refuses the first with Python's TypeError",
        rule=CELL_METHOD_SIGNATURE,
        levels=ALL_LEVELS,
        since=(2, 10),
        until=None,
        error="TypeError: For 'Cell', the method 'construct' must have parameter 'self'.",
        patterns=(
            r"For 'Cell', the method 'construct' must have parameter 'self'",
            # the first parameter has another name: the compiler does not bind it to the Cell
            r"The parameters number of the function is \d+, but the number of provided arguments is \d+",
        ),
        fix="make self construct's first parameter, by that name: def construct(self, ...)",
        reference=MODEL_AND_CELL,
    ),
    GraphSyntax(
        key="BpropArity",
        construct="a bprop that does not take construct's inputs + out + dout, in a Cell whose gradients are taken "
        "(PyNative refuses it too, with Python's TypeError)",
        rule=CELL_METHOD_SIGNATURE,
        levels=ALL_LEVELS,
        since=(2, 10),
        until=None,
        error="TypeError: The params of function 'bprop' of Primitive or Cell requires the forward inputs as well "
        "as the 'out' and 'dout'.",
        patterns=(
            r"The params of function 'bprop' of Primitive or Cell requires the forward inputs as well as the 'out' "
            r"and 'dout'",
            r"The number of parameter of this primal function is \d+, but the number of parameters of bprop is \d+",
            # PyNative calls bprop as a Python function
            r"bprop\(\) (takes \d+ positional arguments? but \d+ were given|missing \d+ required positional argument)",
        ),
        fix="take construct's inputs, then out and dout: def bprop(self, <inputs>, out, dout), returning one "
        "gradient per input",
        reference=CUSTOM_BPROP,
    ),
)

BY_KEY: Dict[str, GraphSyntax] = {entry.key: entry for entry in GRAPH_SYNTAX}


def node_key(node: nodes.NodeNG) -> str:
    """The table key of an AST node: Python's name for its type (astroid's ``TryStar`` is a ``Try``)."""
    name = type(node).__name__
    return "Try" if name == "TryStar" else name


def rules_for(error_text: str) -> Tuple[GraphSyntax, ...]:
    """The entries whose pattern matches a pasted MindSpore error."""
    return tuple(entry for entry in GRAPH_SYNTAX if any(re.search(pattern, error_text) for pattern in entry.patterns))


def _version(version: Tuple[int, ...]) -> str:
    return ".".join(map(str, version))


def markdown(rule: str) -> str:
    """The rule's entries as a Markdown table for its documentation page."""
    rows = [
        "## What MindSpore refuses, by version and syntax level\n",
        "| construct | refused at | versions | MindSpore's error | evidence |",
        "| --- | --- | --- | --- | --- |",
    ]
    for entry in GRAPH_SYNTAX:
        if entry.rule != rule:
            continue
        levels = "every level" if set(entry.levels) == set(ALL_LEVELS) else ", ".join(entry.levels)
        since = f"from {_version(entry.since)}" if entry.since > (0,) else "all"
        versions = f"{since}, before {_version(entry.until)}" if entry.until else since
        evidence = entry.evidence if entry.evidence != OBSERVED else f"observed on 2.10 ([docs]({entry.reference}))"
        rows.append(f"| {entry.construct} | {levels} | {versions} | `{entry.error}` | {evidence} |")
    return "\n".join(rows) + "\n"
