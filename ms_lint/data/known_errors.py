"""MindSpore errors no ms_lint rule foresees, with their usual cause and fix: ``ms-lint explain`` says them.

A rule's own errors live in :mod:`ms_lint.data.error_texts`; these are the ones users paste that no
static rule can see coming (a shape that depends on the data, a device that is not there, memory,
communication). ``OBSERVED``: produced on MindSpore 2.10.0 CPU by the construct named, the sample
pasted from that run. ``CITED``: the text cannot be produced on CPU; it is quoted from where it is
written (the 2.10 wheel's own strings, or MindSpore's documentation).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Tuple

from ms_lint.data.error_texts import V2_10, ErrorText, observed
from ms_lint.language import Text

ASCEND_RES_MANAGER = "cited: the MindSpore 2.10.0 wheel, lib/plugin/ascend/libmindspore_ascend_res_manager.so (its strings)"
OOM_FAQ = "https://www.mindspore.cn/mindformers/docs/en/r1.9.0/faq/model_related.html"


@dataclass(frozen=True)
class KnownError:
    """An error MindSpore prints that no rule prevents: how to recognise it, why it happens, what to do."""

    name: str
    texts: Tuple[ErrorText, ...]
    cause: Text
    fix: Text


KNOWN_ERRORS: Tuple[KnownError, ...] = (
    KnownError(
        "matmul-shapes",
        (observed(r"For 'MatMul\w*' op, shape1\[-1\] must be equal to shape2\[-2\]",
               "RuntimeError: For 'MatMulExt' op, shape1[-1] must be equal to shape2[-2], but got 3 and 2.",
               "PyNative: nn.Dense(4, 2) called on a (2, 3) Tensor"),),
        Text("a layer's input has another size than the layer was built for: the last dimension of the input is not "
             "the `in_channels` of an `nn.Dense` (or the inner dimensions of a matmul differ)",
             "层的输入大小与构建该层时的设定不同：输入的最后一维不等于 `nn.Dense` 的 `in_channels`（或矩阵乘的内侧维度不一致）"),
        Text("print the input's shape before the layer; build the layer with that size, or reshape/flatten the input "
             "(a Flatten before a Dense after convolutions often fixes it)",
             "在该层之前打印输入的 shape；按这个大小构建该层，或对输入 reshape/flatten（卷积后接 Dense 时常需加 Flatten）"),
    ),
    KnownError(
        "conv-channels",
        (observed(r"For 'Conv\dD', 'C_in' of input 'x' shape divide by parameter 'group' must be equal to 'C_in'",
               "RuntimeError: For 'Conv2D', 'C_in' of input 'x' shape divide by parameter 'group' must be equal to "
               "'C_in' of input 'weight' shape: 3, but got 'C_in' of input 'x' shape: 4, and 'group': 1.",
               "PyNative: nn.Conv2d(3, 8, 3) called on a (1, 4, 8, 8) Tensor"),),
        Text("a convolution gets another number of channels than its `in_channels`: the previous layer's "
             "`out_channels` differ, or the data is NHWC where MindSpore expects NCHW",
             "卷积得到的通道数与其 `in_channels` 不同：上一层的 `out_channels` 不一致，或数据是 NHWC 而 MindSpore 需要 NCHW"),
        Text("make `in_channels` equal the previous layer's `out_channels`; transpose images to NCHW "
             "(`vision.HWC2CHW()` in the dataset pipeline)",
             "让 `in_channels` 等于上一层的 `out_channels`；把图像转为 NCHW（在数据处理流水线中使用 `vision.HWC2CHW()`）"),
    ),
    KnownError(
        "dataset-python-function",
        (observed(r"Exception thrown from user defined Python function in dataset",
               "RuntimeError: Exception thrown from user defined Python function in dataset.",
               "a GeneratorDataset whose generator raises, and a map whose Python function raises"),),
        Text("your own Python code inside the data pipeline raised: the generator of a `GeneratorDataset`, or a "
             "function given to `map`; the real error is printed further down the log, under 'Python Call Stack'",
             "数据处理流水线中你自己的 Python 代码抛出了异常：`GeneratorDataset` 的生成器，或传给 `map` 的函数；"
             "真正的错误打印在日志下方的 'Python Call Stack' 中"),
        Text("read the traceback under 'Python Call Stack' and fix that function; run it once on one sample outside "
             "the pipeline to reproduce it",
             "阅读 'Python Call Stack' 下的回溯并修复该函数；在流水线之外用一个样本运行它一次以复现问题"),
    ),
    KnownError(
        "checkpoint-shape",
        (observed(r"For 'load_param_into_net', \S+ in the argument 'net' should have the same shape as",
               "RuntimeError: For 'load_param_into_net', weight in the argument 'net' should have the same shape as "
               "weight in the argument 'parameter_dict'. But got its shape (2, 3) in the argument 'net' and shape "
               "(5, 5) in the argument 'parameter_dict'.",
               "ms.load_param_into_net(nn.Dense(3, 2), {'weight': Parameter of shape (5, 5)})"),),
        Text("the checkpoint was saved from a network built with other sizes (another number of classes, another "
             "hidden size) than the one loading it",
             "checkpoint 保存自一个以其他大小构建的网络（类别数、隐藏层大小不同），与加载它的网络不一致"),
        Text("build the network with the configuration the checkpoint was trained with; to fine-tune on other "
             "classes, drop the head's parameters from the dict before loading",
             "用训练该 checkpoint 时的配置构建网络；若要在其他类别上微调，加载前从字典中删除输出层的参数"),
    ),
    KnownError(
        "checkpoint-missing",
        (observed(r"For 'load_checkpoint', the checkpoint file: .* does not exist",
               "ValueError: For 'load_checkpoint', the checkpoint file: /tmp/errs/none.ckpt does not exist, please "
               "check whether the 'ckpt_file_name' is correct.",
               "ms.load_checkpoint('/tmp/errs/none.ckpt')"),),
        Text("the checkpoint path is wrong, relative to another working directory, or the file was never saved "
             "(a `ModelCheckpoint` prefix and directory other than the ones read)",
             "checkpoint 路径错误、相对于另一个工作目录，或文件从未保存（`ModelCheckpoint` 的前缀和目录与读取时不同）"),
        Text("pass an absolute path, or build it from the script's folder; list the checkpoint directory to see the "
             "names `ModelCheckpoint` wrote",
             "传入绝对路径，或基于脚本所在目录构造路径；列出 checkpoint 目录，查看 `ModelCheckpoint` 实际写出的文件名"),
    ),
    KnownError(
        "device-not-installed",
        (observed(r"Unsupported device target \w+\. This process only supports one of the",
               "RuntimeError: Unsupported device target GPU. This process only supports one of the ['CPU']. Please "
               "check whether the GPU environment is installed and configured correctly, and check whether current "
               "mindspore wheel package was built with \"-e GPU\".",
               "ms.set_device('GPU') with the CPU wheel"),),
        Text("the code asks for a device this MindSpore package or machine does not have (a GPU or Ascend target "
             "with the CPU wheel, or a missing driver/CANN)",
             "代码请求了当前 MindSpore 安装包或机器没有的设备（用 CPU 版安装包运行 GPU 或 Ascend 目标，或缺少驱动/CANN）"),
        Text("install the MindSpore package for that device (and its driver, CUDA or CANN), or set the target from "
             "the machine: `ms.set_device('CPU')` when testing locally",
             "安装对应设备的 MindSpore 安装包（及其驱动、CUDA 或 CANN），或按机器设置目标：本地测试时使用 `ms.set_device('CPU')`"),
    ),
    KnownError(
        "index-out-of-bounds",
        (observed(r"index -?\d+ is out of bounds for dimension with size \d+",
               "IndexError: index 5 is out of bounds for dimension with size 2",
               "PyNative: x[5] on a (2, 3) Tensor"),),
        Text("a Tensor is indexed past its size, often a label or class id beyond `num_classes`, or a sequence "
             "position beyond the maximum length",
             "对 Tensor 的索引超出了其大小，常见于标签或类别号超过 `num_classes`，或序列位置超过最大长度"),
        Text("check the data's range (labels in [0, num_classes), lengths within the model's maximum) and the "
             "dimension being indexed",
             "检查数据的取值范围（标签在 [0, num_classes) 内，长度不超过模型最大长度）以及所索引的维度"),
    ),
    KnownError(
        "branch-type-join",
        (observed(r"Type Join Failed: dtype1 = \w+, dtype2 = \w+",
               "TypeError: Cannot join the return values of different branches, perhaps you need to make them equal.\n"
               "Type Join Failed: dtype1 = Float16, dtype2 = Float32.",
               "GRAPH_MODE: an if on a Tensor whose branches give float16 and float32"),),
        Text("in graph mode the two branches of an `if` on a Tensor (or the paths of a loop) give a value of "
             "different dtypes or shapes, which the compiled graph cannot merge",
             "在图模式下，基于 Tensor 的 `if` 的两个分支（或循环的不同路径）给出的值 dtype 或 shape 不同，编译后的图无法合并"),
        Text("make both branches give the same dtype and shape: cast with `.astype(...)` in each branch, or move "
             "the cast after the `if`",
             "让两个分支给出相同的 dtype 和 shape：在每个分支中用 `.astype(...)` 转换，或把类型转换移到 `if` 之后"),
    ),
    KnownError(
        "none-operand",
        (observed(r"Failed calling \w+ with \"[\w()]*\((\w+=)?None,|Failed calling \w+ with \"[^\"]*=None\b",
               "TypeError: Failed calling Sub with \"Sub()(input=None, other=Tensor)\".",
               "GRAPH_MODE: y = None; return y - x in construct"),),
        Text("an operator got `None`: a variable left unset on some path, a `construct` input not passed, or a "
             "function that returns nothing",
             "算子收到了 `None`：某条路径上未赋值的变量、未传入的 `construct` 输入，或没有返回值的函数"),
        Text("find the operand that is None (the message names the operator); give it a value on every path, or "
             "pass the missing input",
             "找出为 None 的操作数（报错中给出了算子名）；在每条路径上为它赋值，或传入缺少的输入"),
    ),
    KnownError(
        "kernel-dtype",
        (observed(r"The kernel '\w+' does not support this kernel data type|KernelMod Init Failed: \w+",
               "RuntimeError: KernelMod Init Failed: Concat",
               "PyNative on CPU: ops.concat of a float32 and an int32 Tensor (the log's ERROR line names the kernel "
               "and the dtypes)"),),
        Text("an operator got inputs of dtypes its kernel on this device does not take together (float32 with "
             "int32, float64, or a dtype the device lacks)",
             "算子的输入 dtype 组合不被该设备上的算子实现支持（float32 与 int32、float64，或设备不支持的 dtype）"),
        Text("cast the inputs to one dtype the operator supports (`x.astype(ms.float32)`); the ERROR line before "
             "it lists the dtypes the kernel accepts",
             "把输入转换为算子支持的同一 dtype（`x.astype(ms.float32)`）；其前面的 ERROR 行列出了该算子支持的 dtype"),
    ),
    KnownError(
        "device-out-of-memory",
        (ErrorText((r"Out of Memory!!! Request memory size",), "Out of Memory!!! Request memory size: ", V2_10,
                   ASCEND_RES_MANAGER),),
        Text("the device has too little free memory for the network, its batch and its activations, or another "
             "process holds the card",
             "设备的空闲内存不足以容纳网络、批量和激活值，或有其他进程占用了该卡"),
        Text("make sure the card is yours alone (`npu-smi info`); lower the batch size or sequence length, turn on "
             "recomputation, raise `mindspore.runtime.set_memory(max_size=...)` within the card, or split the "
             f"model over more devices ({OOM_FAQ})",
             "确认该卡没有被其他进程占用（`npu-smi info`）；减小批量或序列长度，开启重计算，在卡的容量内调大 "
             f"`mindspore.runtime.set_memory(max_size=...)`，或把模型切分到更多设备上（{OOM_FAQ}）"),
    ),
    KnownError(
        "communication-timeout",
        (ErrorText((r"HCCL_EXEC_TIMEOUT|notify_wait_timeout|HCCL connect timeout",),
                   "Timeout via environment variable HCCL_EXEC_TIMEOUT.", V2_10, ASCEND_RES_MANAGER),),
        Text("a collective communication waited longer than its timeout: one device is slower or stopped (an error "
             "on another rank, uneven data so one rank runs more steps, a rank compiling a different graph)",
             "集合通信等待超过了超时时间：某个设备更慢或已停止（其他 rank 上出错、数据不均导致某个 rank 多跑了若干步、"
             "某个 rank 编译了不同的图）"),
        Text("look at the logs of every rank for the first error; make each rank run the same number of steps "
             "(shard the dataset with `num_shards`/`shard_id` and `drop_remainder=True` for training); raise "
             "HCCL_EXEC_TIMEOUT only when one step is legitimately long",
             "查看每个 rank 的日志，找出最早的错误；让每个 rank 运行相同的步数（训练时用 `num_shards`/`shard_id` "
             "切分数据集并设置 `drop_remainder=True`）；只有单步确实很长时才调大 HCCL_EXEC_TIMEOUT"),
    ),
)
