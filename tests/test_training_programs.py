"""Whole-program training rules on a small multi-file project: the same findings with -j 1 and -j 2,
and the same for each file linted alone (a pre-commit hook given only some files)."""

import pytest

from lint import findings_file_by_file, project_findings, write_project

RULES = "distributed-training-without-seed,ascend-fp16-without-loss-scale,custom-amp-with-amp-level"

FILES = {
    "pkg/__init__.py": "",
    # A set-up helper of a seeded program, and one of an unseeded program.
    "pkg/env.py": """
        import mindspore as ms
        from mindspore.communication import init

        def init_env(seed):
            ms.set_device("Ascend")
            init()
            ms.set_auto_parallel_context(parallel_mode="data_parallel", gradients_mean=True)
            ms.set_seed(seed)
    """,
    "pkg/env_unseeded.py": """
        import mindspore as ms
        from mindspore.communication import init

        def init_env():
            ms.set_device("Ascend")
            init()
            ms.set_auto_parallel_context(parallel_mode="data_parallel", gradients_mean=True)
    """,
    # A model whose __init__ keeps its head in float32, with convolutions.
    "pkg/models.py": """
        import mindspore as ms
        from mindspore import nn

        class Net(nn.Cell):
            def __init__(self):
                super().__init__()
                self.conv = nn.Conv2d(3, 8, 3)
                self.head = nn.Dense(8, 2)
                self.head.to_float(ms.float32)

            def construct(self, x):
                return self.head(self.conv(x))
    """,
    "train.py": """
        import mindspore as ms
        from mindspore import nn
        from pkg.env import init_env
        from pkg.models import Net

        def main():
            init_env(1)
            net = Net()
            opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
            model = ms.Model(net, nn.MSELoss(), opt, amp_level="O3")
            model.train(1, None)

        if __name__ == "__main__":
            main()
    """,
    "train_unseeded.py": """
        import random
        import mindspore as ms
        from mindspore import nn
        from mindspore.communication import init
        from pkg.env_unseeded import init_env
        from pkg.models import Net

        def main():
            random.seed(1)
            init()
            init_env()
            net = Net()
            net.to_float(ms.float16)
            step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.Adam(net.trainable_params()))
            step.set_train()

        if __name__ == "__main__":
            main()
    """,
}


@pytest.fixture(name="project_dir")
def fixture_project_dir(tmp_path):
    return write_project(tmp_path, FILES)


def run(project_dir, jobs, *paths):
    return project_findings(project_dir, RULES, jobs, *paths)


def test_whole_project_with_one_or_two_jobs(project_dir):
    sequential = run(project_dir, 1, "train.py", "train_unseeded.py", "pkg")
    assert sequential == [
        # The unseeded program: its own init() and its helper's; the seeded helper is quiet.
        ("pkg/env_unseeded.py", 7, "distributed-training-without-seed", "HIGH"),
        # The seeded program trains with O3 on Ascend without loss scaling...
        ("train.py", 11, "ascend-fp16-without-loss-scale", "HIGH"),
        # ...and O3 undoes Net.__init__'s float32 head (the class is read from pkg/models.py).
        ("train.py", 11, "custom-amp-with-amp-level", "HIGH"),
        ("train_unseeded.py", 11, "distributed-training-without-seed", "HIGH"),
        ("train_unseeded.py", 15, "ascend-fp16-without-loss-scale", "HIGH"),
    ]
    assert run(project_dir, 2, "train.py", "train_unseeded.py", "pkg") == sequential


def test_each_file_alone_gets_its_whole_project_findings(project_dir):
    # The entry script alone still reads its helper's seed and Ascend target, and the helper alone
    # the programs that run it: a pre-commit hook given one file reports what the whole run does.
    assert findings_file_by_file(project_dir, RULES) == run(project_dir, 1, "train.py", "train_unseeded.py", "pkg")
    assert run(project_dir, 1, "train_unseeded.py") == [
        ("train_unseeded.py", 11, "distributed-training-without-seed", "HIGH"),
        ("train_unseeded.py", 15, "ascend-fp16-without-loss-scale", "HIGH"),
    ]


SHARED = {
    "pkg/__init__.py": "",
    "pkg/env.py": """
        import mindspore as ms
        from mindspore.communication import init

        def init_env():
            init()
            ms.set_auto_parallel_context(parallel_mode="data_parallel", gradients_mean=True)

        def device_count():
            return 1
    """,
    # Trains on one device without a seed, using the helper module but not its set-up.
    "single.py": """
        import mindspore as ms
        from mindspore import nn
        from pkg.env import device_count

        if __name__ == "__main__":
            net = nn.Dense(2, 2)
            ms.Model(net, nn.MSELoss(), nn.Adam(net.trainable_params())).train(device_count(), None)
    """,
    # Trains without a seed; resumes from a checkpoint only when asked to.
    "train.py": """
        import sys
        import mindspore as ms
        from mindspore import nn
        from pkg.env import init_env

        def main(resume):
            init_env()
            net = nn.Dense(2, 2)
            if resume:
                ms.load_param_into_net(net, ms.load_checkpoint(resume))
            ms.Model(net, nn.MSELoss(), nn.Adam(net.trainable_params())).train(1, None)

        if __name__ == "__main__":
            main(sys.argv[1])
    """,
    # Another entry script on the same set-up helper, seeded.
    "finetune.py": """
        import mindspore as ms
        from mindspore import nn
        from pkg.env import init_env

        if __name__ == "__main__":
            ms.set_seed(1)
            init_env()
            net = nn.Dense(2, 2)
            ms.Model(net, nn.MSELoss(), nn.Adam(net.trainable_params())).train(1, None)
    """,
    # An evaluation script loading a checkpoint unconditionally.
    "eval.py": """
        import mindspore as ms
        from mindspore import nn
        from pkg.env import init_env

        if __name__ == "__main__":
            init_env()
            net = nn.Dense(2, 2)
            ms.load_param_into_net(net, ms.load_checkpoint("net.ckpt"))
            print(ms.Model(net, nn.MSELoss(), metrics={"loss"}).eval(None))
    """,
}


@pytest.fixture(name="shared_dir")
def fixture_shared_dir(tmp_path):
    return write_project(tmp_path, SHARED)


def test_other_programs_do_not_sync_this_one(shared_dir):
    # train.py's program has no seed and loads its checkpoint only when resuming: the shared
    # helper's init() is reported, whatever other scripts on the helper seed or load.
    expected = [("pkg/env.py", 6, "distributed-training-without-seed", "HIGH")]
    assert run(shared_dir, 1, "train.py", "pkg") == expected
    assert run(shared_dir, 1, "train.py", "finetune.py", "eval.py", "pkg") == expected
    assert run(shared_dir, 2, "train.py", "finetune.py", "eval.py", "pkg") == expected
    assert findings_file_by_file(shared_dir, RULES) == expected
    # Without train.py, every training program that runs the helper's init() is seeded; single.py
    # imports the helper module without calling init_env().
    (shared_dir / "train.py").unlink()
    assert run(shared_dir, 1, "finetune.py", "eval.py", "single.py", "pkg") == []


EXCHANGES = {
    "pkg/__init__.py": "",
    "pkg/env.py": """
        from mindspore.communication import init

        def init_env():
            init()
    """,
    # One learning rate per rank, no parallel mode: each rank trains alone, from its own start.
    "sweep.py": """
        import mindspore as ms
        from mindspore import nn
        from mindspore.communication import get_rank
        from pkg.env import init_env

        if __name__ == "__main__":
            init_env()
            net = nn.Dense(2, 2)
            optimizer = nn.Adam(net.trainable_params(), learning_rate=0.1 / (1 + get_rank()))
            ms.Model(net, nn.MSELoss(), optimizer).train(1, None)
    """,
    # Data parallel: its gradients are averaged across the ranks.
    "train_dp.py": """
        import mindspore as ms
        from mindspore import nn
        from pkg.env import init_env

        if __name__ == "__main__":
            init_env()
            ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=True)
            net = nn.Dense(2, 2)
            ms.Model(net, nn.MSELoss(), nn.Adam(net.trainable_params())).train(1, None)
    """,
}


def test_only_programs_whose_ranks_exchange_gradients_need_one_start(tmp_path):
    alone = write_project(tmp_path / "sweep", {name: text for name, text in EXCHANGES.items() if name != "train_dp.py"})
    assert run(alone, 1, "sweep.py", "pkg") == []
    project = write_project(tmp_path / "both", EXCHANGES)
    rule = "distributed-training-without-seed"
    expected = [("pkg/env.py", 5, rule, "HIGH"), ("train_dp.py", 8, rule, "HIGH")]
    assert run(project, 1, "sweep.py", "train_dp.py", "pkg") == expected
    assert run(project, 2, "sweep.py", "train_dp.py", "pkg") == expected
    assert findings_file_by_file(project, RULES) == expected
    # Seeded, the data-parallel program starts alike; the sweep's unseeded ranks exchange nothing.
    script = project / "train_dp.py"
    script.write_text(script.read_text(encoding="utf-8").replace("    init_env()", "    ms.set_seed(1)\n    init_env()"), encoding="utf-8")
    assert run(project, 1, "sweep.py", "train_dp.py", "pkg") == []


def _zoo(root, insert):
    """A model folder of a zoo: its entry script in scripts/ finds src/ through sys.path."""
    return write_project(
        root,
        {
            ".git/HEAD": "",
            "zoo/model/src/__init__.py": "",
            "zoo/model/src/env.py": FILES["pkg/env_unseeded.py"],
            "zoo/model/src/trainer.py": """
                import mindspore as ms
                from mindspore import nn

                def train():
                    net = nn.Dense(2, 2)
                    model = ms.Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.1, 0.9))
                    model.train(1, None)
            """,
            "zoo/model/scripts/train.py": f"""
                import os
                import sys
                {insert}
                from src.env import init_env
                from src.trainer import train

                if __name__ == "__main__":
                    init_env()
                    train()
            """,
        },
    )


def test_modules_found_through_the_entry_scripts_sys_path_inserts_are_its_program(tmp_path):
    rule = "distributed-training-without-seed"
    project = _zoo(tmp_path / "inserted", 'sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))')
    whole = project_findings(project, rule, 1, "zoo")
    assert whole == [("zoo/model/src/env.py", 7, rule, "HIGH")]
    assert findings_file_by_file(project, rule) == whole
    assert project_findings(project, rule, 2, "zoo") == whole
    # Relative to the working directory, the folder depends on where the script is started from.
    relative = _zoo(tmp_path / "relative", 'sys.path.insert(0, "..")')
    assert project_findings(relative, rule, 1, "zoo") == []
