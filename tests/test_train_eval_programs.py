"""Training and evaluation set-up rules on a small multi-file project: datasets and metrics made in
one module and used in another, the same findings with -j 1 and -j 2, and for each file linted alone."""


import pytest

from lint import findings_file_by_file, project_findings, write_project

RULES = "distributed-dataset-not-sharded,eval-dataset-drop-remainder,metric-missing-method"

FILES = {
    "src/__init__.py": "",
    "src/env.py": """
        import mindspore as ms
        from mindspore.communication import init

        def init_env():
            init()
            ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=True)
    """,
    "src/dataset.py": """
        import mindspore.dataset as ds

        def create_dataset(path, is_train=True, batch_size=32):
            data = ds.Cifar10Dataset(path, usage="train" if is_train else "test", shuffle=is_train)
            return data.batch(batch_size, drop_remainder=True)
    """,
    "src/metrics.py": """
        from mindspore.train import Metric

        class Base(Metric):
            def clear(self):
                self.total = 0

            def eval(self):
                return self.total

        class Counted(Base):
            def update(self, *inputs):
                self.total += 1

        class Forgotten(Base):
            pass
    """,
    "train.py": """
        import mindspore as ms
        from mindspore import nn
        from src.dataset import create_dataset
        from src.env import init_env

        def main():
            init_env()
            net = nn.Dense(2, 2)
            model = ms.Model(net, nn.MSELoss(), nn.Adam(net.trainable_params()))
            model.train(1, create_dataset("data"))

        if __name__ == "__main__":
            main()
    """,
    # A pytest module: named like a test, but no evaluation script.
    "test_pipeline.py": """
        import mindspore.dataset as ds

        def test_batches():
            assert ds.MnistDataset("data").batch(64, drop_remainder=True)
    """,
    "eval.py": """
        import mindspore as ms
        from mindspore import nn
        from src.dataset import create_dataset
        from src.metrics import Counted, Forgotten

        if __name__ == "__main__":
            net = nn.Dense(2, 2)
            model = ms.Model(net, nn.MSELoss(), metrics={"n": Counted(), "m": Forgotten()})
            print(model.eval(create_dataset("data", is_train=False)))
    """,
}


@pytest.fixture(name="project_dir")
def fixture_project_dir(tmp_path):
    return write_project(tmp_path, FILES)


def run(project_dir, jobs, *paths):
    return project_findings(project_dir, RULES, jobs, *paths)


def test_whole_project_with_one_or_two_jobs(project_dir):
    sequential = run(project_dir, 1, "train.py", "eval.py", "test_pipeline.py", "src")
    assert sequential == [
        # Evaluation asks the shared factory for the test split, which drops the last batch;
        # the metric created there misses update.
        ("eval.py", 9, "metric-missing-method", "HIGH"),
        ("eval.py", 10, "eval-dataset-drop-remainder", "HIGH"),
        # Training is data parallel (set up in src/env.py) on the factory's unsharded dataset.
        ("train.py", 11, "distributed-dataset-not-sharded", "HIGH"),
    ]
    assert run(project_dir, 2, "train.py", "eval.py", "test_pipeline.py", "src") == sequential


def test_each_file_alone_gets_its_whole_project_findings(project_dir):
    # train.py alone still reads src/env.py's init(): its unsharded dataset is reported at HIGH.
    whole = run(project_dir, 1, "train.py", "eval.py", "test_pipeline.py", "src")
    assert findings_file_by_file(project_dir, RULES) == whole
    assert run(project_dir, 1, "train.py") == [("train.py", 11, "distributed-dataset-not-sharded", "HIGH")]