"""Measure how ms_lint's cost grows with the code base: the time per file should stay flat.

    python -m ms_lint.tools.scaling [--sizes 250 500 1000 2000 4000] [--jobs 1] [--repeat 1]
    python -m ms_lint.tools.scaling --from DIR [--sizes ...]

For each size N it times, in fresh processes, pylint parsing N files with no checks (the
baseline, as ``ms_lint.tools.bench`` does) and pylint running only ms_lint's checks, and prints
the time per file of each and their ratio. A cost that grows with the square of the code base
shows as a time per file that grows with N.

By default the N files are a generated project in the shape of a model zoo or an LLM suite:
one package of network modules whose imports form deep chains, and many entry scripts (train,
eval, test) at the top, each importing the top of the package (so each program holds the whole
package), setting graph mode and building a training step, a third of them through a shared
distributed set-up helper; and model folders, each with its own ``train.py`` and ``utils.py``
(modules of the same name that only their files tell apart). ``--from DIR`` takes instead the
first N Python files of a real code base (in sorted order), linted from DIR.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import textwrap
from pathlib import Path
from typing import List, Sequence

from ms_lint.tools import bench

SIZES = (250, 500, 1000, 2000, 4000)
SCRIPT_SHARE = 3  # one file in SCRIPT_SHARE is an entry script

HELPERS = {
    "zoo/__init__.py": "",
    "zoo/dist.py": """
        \"\"\"The shared distributed set-up.\"\"\"
        from mindspore.communication import init


        def init_env():
            init()
        """,
    "zoo/trainer.py": """
        \"\"\"A training step of the package's own.\"\"\"
        from mindspore import nn


        class TrainStep(nn.TrainOneStepCell):
            def construct(self, *inputs):
                return super().construct(*inputs)
        """,
}

LAYER = """
    \"\"\"Layer {index} of a generated network package.\"\"\"
    import mindspore as ms
    from mindspore import nn, ops
    {imports}

    class Block{index}(nn.Cell):
        def __init__(self, channels=8):
            super().__init__()
            self.dense = nn.Dense(channels, channels)
            self.norm = nn.BatchNorm1d(channels, momentum=0.9)
            self.act = nn.ReLU()
            self.blocks = nn.CellList([{inner}])

        def construct(self, x):
            y = self.act(self.dense(x))
            if ops.reduce_sum(y) > 0:
                y = self.norm(y)
            for block in self.blocks:
                y = block(y)
            return ops.cast(y, ms.float32)
    """

SCRIPT = """
    \"\"\"Entry script {index} of a generated project.\"\"\"
    import argparse

    import mindspore as ms
    from mindspore import nn
    from mindspore.train import Model

    from zoo.layers_{top} import Block{top}
    {imports}


    def main():
        parser = argparse.ArgumentParser()
        parser.add_argument("--epochs", type=int, default=1)
        args = parser.parse_args()
        ms.set_context(mode=ms.GRAPH_MODE)
        {set_up}
        net = Block{top}()
        loss = nn.MSELoss()
        optimizer = nn.Momentum(net.trainable_params(), learning_rate=0.01, momentum=0.9)
        {train}


    if __name__ == "__main__":
        main()
    """


def _layer(index: int) -> str:
    below = sorted({index - 1, index // 2} - {index}) if index else []
    imports = "".join(f"from zoo.layers_{other} import Block{other}\n" for other in below)
    inner = ", ".join(f"Block{other}(channels)" for other in below) or "nn.Identity()"
    return textwrap.dedent(LAYER).format(index=index, imports=imports, inner=inner)


def _script(index: int, layers: int) -> str:
    top = layers - 1 - index % min(layers, 5)
    imports, set_up = [], []
    if index % 3 == 0:
        imports.append("from zoo.dist import init_env")
        set_up.append("init_env()")
    if index % 6 == 0:
        set_up.append("ms.set_seed(1)")
    if index % 2:
        imports.append("from zoo.trainer import TrainStep")
        train = "TrainStep(nn.WithLossCell(net, loss), optimizer)"
    else:
        train = "Model(net, loss, optimizer).train(args.epochs, None)"
    return textwrap.dedent(SCRIPT).format(
        index=index,
        top=top,
        imports="\n".join(imports),
        set_up="\n    ".join(set_up) or "pass",
        train=train,
    )


MODEL_SCRIPT = """
    \"\"\"Entry script of model folder {index}, with its own utils.py beside it.\"\"\"
    import mindspore as ms

    from utils import build


    def main():
        ms.set_context(mode=ms.GRAPH_MODE)
        return build()


    if __name__ == "__main__":
        main()
    """

MODEL_UTILS = """
    \"\"\"The helpers of model folder {index}: a module name every folder has.\"\"\"
    from zoo.layers_{top} import Block{top}


    def build():
        return Block{top}()
    """

SCRIPT_NAMES = ("train_{}.py", "eval_{}.py", "test_{}.py", "finetune_{}.py")
MODEL_SHARE = 4  # one entry script in MODEL_SHARE lives in a folder of its own, as in a model zoo


def write_project(root: Path, size: int) -> List[Path]:
    """Write a generated project of ``size`` Python files under ``root``; return their paths."""
    scripts = max(1, size // SCRIPT_SHARE)
    folders = scripts // MODEL_SHARE
    layers = max(1, size - scripts - folders - len(HELPERS))
    files = dict(HELPERS)
    files.update({f"zoo/layers_{index}.py": _layer(index) for index in range(layers)})
    for index in range(scripts - folders):
        files[SCRIPT_NAMES[index % len(SCRIPT_NAMES)].format(index)] = _script(index, layers)
    for index in range(folders):
        top = layers - 1 - index % min(layers, 5)
        files[f"models/m{index}/train.py"] = textwrap.dedent(MODEL_SCRIPT).format(index=index)
        files[f"models/m{index}/utils.py"] = textwrap.dedent(MODEL_UTILS).format(index=index, top=top)
    written = []
    for relative, source in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(source).lstrip(), encoding="utf-8")
        written.append(path)
    return sorted(written)


def _row(size: int, files: Sequence[str], cwd: Path, common: Sequence[str], repeat: int) -> None:
    commands = [[*common, *bench.BASELINE, *files], [*common, *bench.MS_LINT, *files]]
    rounds = bench.in_turn(commands, repeat, None, cwd=cwd)
    parse, checked, count = bench.median_run(rounds, 0)[0], bench.median_run(rounds, 1)[0], len(files)
    print(
        f"{size:>6} {count:>7} {parse:>9.2f} {1000 * parse / count:>9.1f}"
        f" {checked:>11.2f} {1000 * checked / count:>9.1f} {bench.median_ratio(rounds, 1, 0):>7.3f}",
        flush=True,
    )


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES), help="numbers of files")
    parser.add_argument("--from", dest="source", help="take the first N files of this code base instead")
    parser.add_argument("--jobs", type=int, default=1, help="pylint --jobs")
    parser.add_argument("--repeat", type=int, default=1, help="paired runs per size (medians are reported)")
    options = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="ms_lint_scaling_") as scratch:
        scratch_dir = Path(scratch)
        common = [f"--rcfile={bench.empty_rcfile(scratch_dir)}", f"--jobs={options.jobs}", *bench.COMMON]
        bench.byte_compile_ms_lint()
        every_file = bench.python_files([options.source]) if options.source else []
        shape = f"the first N files of {options.source}" if options.source else "a generated project"
        print(f"python {sys.version.split()[0]}, {shape}, median of {options.repeat} run(s), jobs={options.jobs}")
        print(f"{'N':>6} {'files':>7} {'parse s':>9} {'ms/file':>9} {'ms_lint s':>11} {'ms/file':>9} {'ratio':>7}")
        for size in options.sizes:
            if options.source:
                if size > len(every_file):
                    print(f"{size:>6}: the code base has only {len(every_file)} Python files")
                    continue
                _row(size, every_file[:size], Path(options.source), common, options.repeat)
                continue
            root = scratch_dir / f"project_{size}"
            files = [str(path) for path in write_project(root, size)]
            _row(size, files, root, common, options.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
