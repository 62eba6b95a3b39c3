"""dataset-sink-size-ignored: Model.train/fit given a sink_size while dataset sink mode is off."""

from __future__ import annotations

from typing import Optional, Tuple

from astroid import nodes
from pylint.constants import WarningScope
from pylint.interfaces import HIGH, Confidence

from ms_lint.checkers.base import Candidate, ProjectChecker
from ms_lint.data import train_api
from ms_lint.language import Text
from ms_lint.semantics.graph import values
from ms_lint.semantics.names import constants, options
from ms_lint.semantics.program import evaluation, facts, training

SYMBOL = "dataset-sink-size-ignored"
SINK_MODE = "dataset_sink_mode"
SINKING_METHODS = ("train", "fit")
LEFT_AT_DEFAULT = Text(
    "%s left at its default (False since MindSpore 2.0)", "%s 保持默认值（自 MindSpore 2.0 起为 False）"
)


class DatasetSinkSizeIgnoredChecker(ProjectChecker):
    """A literal sink_size is decided here; one read from an option (``args.sink_size``) with the
    program, from the defaults its argparse options and config classes give that name."""

    symbol = SYMBOL
    msgs = {
        "W7346": (
            Text(
                "Model.%s(..., sink_size=%s) with %s: sink_size only applies in dataset sink mode, so each epoch "
                "runs the whole dataset instead of %s steps. Pass dataset_sink_mode=True (graph mode on Ascend "
                "or GPU), or drop sink_size and set the number of epochs.",
                "Model.%s(..., sink_size=%s) 搭配 %s：sink_size 只在数据下沉模式下生效，"
                "因此每个 epoch 会运行整个数据集，而不是 %s 步。请传入 dataset_sink_mode=True（Ascend "
                "或 GPU 上的静态图模式），或去掉 sink_size 并设置 epoch 数。",
            ),
            SYMBOL,
            Text(
                "Model.train and Model.fit ignore sink_size when dataset_sink_mode is False, and it is False by "
                "default since MindSpore 2.0: code written for 1.x, where sinking was the default, silently "
                "trains for far more steps per epoch than sink_size says.",
                "dataset_sink_mode 为 False 时，Model.train 和 Model.fit 会忽略 "
                "sink_size，而自 MindSpore 2.0 起它默认为 False：为默认开启数据下沉的 1.x 编写的代码，"
                "每个 epoch 会悄悄训练远多于 sink_size 的步数。",
            ),
            {"scope": WarningScope.LINE},
        )
    }

    def callees(self) -> frozenset:
        return frozenset(SINKING_METHODS)

    def check_call(self, node: nodes.Call) -> None:
        if not isinstance(node.func, nodes.Attribute) or node.func.attrname not in SINKING_METHODS:
            return
        if training.has_unpacked_arguments(node):
            return
        size = evaluation.model_argument(node, node.func.attrname, "sink_size")
        via: evaluation.Via = set()  # a model or a size that is a parameter: what its function's callers pass
        steps = constants.fold(size)
        passed = values.passed_constant(size) if steps is None and isinstance(size, nodes.Name) else None
        if passed is not None:
            steps = passed[0]
            via.add(passed[1])
        option = options.read(size) if steps is None else None
        if option is None and (not isinstance(steps, int) or steps == train_api.WHOLE_DATASET):
            return
        why = self._sink_mode_off(node)
        if why is None or evaluation.model_method(node, via) is None:
            return
        self.defer(node, args=(node.func.attrname, size.as_string(), why), detail=(option or "", steps, *sorted(via)))

    def decide(self, candidate: Candidate, program: facts.ProgramFacts) -> Optional[Confidence]:
        if not self.callers_confirm(candidate.detail[2:]):
            return None
        return HIGH if _steps(candidate, program) else None

    def message_args(self, candidate: Candidate, program: facts.ProgramFacts) -> Tuple:
        return (*candidate.args, _steps(candidate, program))

    def _sink_mode_off(self, node: nodes.Call) -> Optional[str]:
        """How the call leaves sink mode off ("dataset_sink_mode=False", "the default ..."), or None."""
        mode = evaluation.model_argument(node, node.func.attrname, SINK_MODE)
        if mode is None:
            if self.target().version < train_api.SINK_MODE_OFF_BY_DEFAULT_SINCE:
                return None
            return LEFT_AT_DEFAULT % (SINK_MODE,)
        if isinstance(mode, nodes.Const) and mode.value is False:
            return f"{SINK_MODE}=False"
        return None


def _steps(candidate: Candidate, program: facts.ProgramFacts) -> str:
    """The steps the ignored sink_size asks for: its literal, or the defaults every declaration of its
    option gives ("" when one is unknown, -1 (the whole dataset), or there is none)."""
    option, steps = candidate.detail[:2]
    if not option:
        return str(steps)
    given = options.defaults_of(option, program.integer_options)
    if not given or options.UNKNOWN in given or str(train_api.WHOLE_DATASET) in given:
        return ""
    return " or ".join(sorted(given, key=int))
