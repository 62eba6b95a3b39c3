"""ms_lint's checkers, one module per rule.

Message ids share the plugin prefix 73 (``E7301``, ``W7300``...), in sub-ranges:

====== =====================================================================
73 00-19  Cell structure and registration, PyTorch habits in Cells
73 20-39  graph-compiled code: syntax, dynamic shapes, control flow
73 40-59  data pipeline, training set-up, mixed precision, distributed runs
73 60-79  backend limits (Ascend)
73 80-99  API changes between MindSpore versions
====== =====================================================================

An id is never reused; a renamed symbol keeps its old name in ``old_names``.
``I7399`` belongs to the runtime probe (``ms_lint.probe``): its once-per-run notice.
"""

from ms_lint.checkers.ascend_fp16_without_loss_scale import AscendFp16WithoutLossScaleChecker
from ms_lint.checkers.ascend_group_conv_unsupported import AscendGroupConvUnsupportedChecker
from ms_lint.checkers.ascend_op_attr_out_of_range import AscendOpAttrOutOfRangeChecker
from ms_lint.checkers.cell_container_not_registered import CellContainerNotRegisteredChecker
from ms_lint.checkers.custom_amp_with_amp_level import CustomAmpWithAmpLevelChecker
from ms_lint.checkers.dataset_shard_arguments_swapped import DatasetShardArgumentsSwappedChecker
from ms_lint.checkers.dataset_sink_size_ignored import DatasetSinkSizeIgnoredChecker
from ms_lint.checkers.distributed_dataset_not_sharded import DistributedDatasetNotShardedChecker
from ms_lint.checkers.distributed_training_without_seed import DistributedTrainingWithoutSeedChecker
from ms_lint.checkers.eval_dataset_drop_remainder import EvalDatasetDropRemainderChecker
from ms_lint.checkers.eval_loop_cell_in_train_mode import EvalLoopCellInTrainModeChecker
from ms_lint.checkers.forward_without_construct import ForwardWithoutConstructChecker
from ms_lint.checkers.graph_dynamic_shape_op import GraphDynamicShapeOpChecker
from ms_lint.checkers.graph_unsupported_syntax import GraphUnsupportedSyntaxChecker
from ms_lint.checkers.graph_variable_undefined_after_block import GraphVariableUndefinedAfterBlockChecker
from ms_lint.checkers.graph_cell_parameters_call import GraphCellParametersCallChecker
from ms_lint.checkers.graph_attribute_not_parameter import GraphAttributeNotParameterChecker
from ms_lint.checkers.graph_tensor_to_numpy import GraphTensorToNumpyChecker
from ms_lint.checkers.graph_tensor_numpy_fallback import GraphTensorNumpyFallbackChecker
from ms_lint.checkers.graph_classmethod_call import GraphClassmethodCallChecker
from ms_lint.checkers.graph_break_in_bytecode_capture import GraphBreakInBytecodeCaptureChecker
from ms_lint.checkers.metric_missing_method import MetricMissingMethodChecker
from ms_lint.checkers.nested_tensor_condition import NestedTensorConditionChecker
from ms_lint.checkers.ops_in_dataset_pipeline import OpsInDatasetPipelineChecker
from ms_lint.checkers.pytorch_method_on_cell_or_tensor import PytorchMethodOnCellOrTensorChecker
from ms_lint.checkers.pytorch_name_on_mindspore_module import PytorchNameOnMindsporeModuleChecker
from ms_lint.checkers.tensor_slice_variable_bound import TensorSliceVariableBoundChecker
from ms_lint.checkers.too_many_tensor_conditions import TooManyTensorConditionsChecker
from ms_lint.checkers.unrolled_loop_tensor_condition import UnrolledLoopTensorConditionChecker
from ms_lint.checkers.dropout_positional_keep_prob import DropoutPositionalKeepProbChecker
from ms_lint.checkers.batchnorm_torch_momentum import BatchnormTorchMomentumChecker
from ms_lint.checkers.conv_padding_without_pad_mode import ConvPaddingWithoutPadModeChecker
from ms_lint.checkers.cell_built_in_construct import CellBuiltInConstructChecker
from ms_lint.checkers.primitive_called_with_tensors import PrimitiveCalledWithTensorsChecker
from ms_lint.checkers.graph_cell_method_signature import GraphCellMethodSignatureChecker
from ms_lint.checkers.api_context_option_deprecated import ApiContextOptionDeprecatedChecker
from ms_lint.checkers.api_default_changed import ApiDefaultChangedChecker
from ms_lint.checkers.api_deprecated import ApiDeprecatedChecker
from ms_lint.checkers.api_removed import ApiRemovedChecker
from ms_lint.checkers.op_unsupported_on_device import OpUnsupportedOnDeviceChecker
from ms_lint.checkers.optimizer_loss_scale_without_manager import OptimizerLossScaleWithoutManagerChecker

CHECKERS = (
    CellContainerNotRegisteredChecker,
    ForwardWithoutConstructChecker,
    TensorSliceVariableBoundChecker,
    GraphDynamicShapeOpChecker,
    NestedTensorConditionChecker,
    TooManyTensorConditionsChecker,
    UnrolledLoopTensorConditionChecker,
    OpsInDatasetPipelineChecker,
    CustomAmpWithAmpLevelChecker,
    DistributedTrainingWithoutSeedChecker,
    AscendFp16WithoutLossScaleChecker,
    AscendOpAttrOutOfRangeChecker,
    AscendGroupConvUnsupportedChecker,
    PytorchMethodOnCellOrTensorChecker,
    PytorchNameOnMindsporeModuleChecker,
    GraphUnsupportedSyntaxChecker,
    GraphVariableUndefinedAfterBlockChecker,
    GraphCellParametersCallChecker,
    GraphAttributeNotParameterChecker,
    GraphTensorToNumpyChecker,
    GraphTensorNumpyFallbackChecker,
    GraphClassmethodCallChecker,
    GraphBreakInBytecodeCaptureChecker,
    DatasetSinkSizeIgnoredChecker,
    MetricMissingMethodChecker,
    EvalDatasetDropRemainderChecker,
    DistributedDatasetNotShardedChecker,
    DatasetShardArgumentsSwappedChecker,
    EvalLoopCellInTrainModeChecker,
    DropoutPositionalKeepProbChecker,
    BatchnormTorchMomentumChecker,
    ConvPaddingWithoutPadModeChecker,
    CellBuiltInConstructChecker,
    PrimitiveCalledWithTensorsChecker,
    GraphCellMethodSignatureChecker,
    ApiRemovedChecker,
    ApiDeprecatedChecker,
    ApiDefaultChangedChecker,
    ApiContextOptionDeprecatedChecker,
    OpUnsupportedOnDeviceChecker,
    OptimizerLossScaleWithoutManagerChecker,
)
