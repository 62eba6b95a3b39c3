"""How the probe finds a Cell's constructor arguments without configuration (no MindSpore needed)."""

from __future__ import annotations

import textwrap

from ms_lint.probe import guesses

MODEL = textwrap.dedent(
    """\
    from mindspore import nn

    WIDTH = 32


    class Bottleneck(nn.Cell):
        pass


    class ResNet(nn.Cell):
        def __init__(self, block, layers, num_classes=1000, in_channels=3):
            super().__init__()


    class Plain(nn.Cell):
        def __init__(self, dim: int, num_heads, ratio: float, flag: bool):
            super().__init__()


    class Child(Plain):
        pass


    class Empty(nn.Cell):
        def __init__(self):
            super().__init__()


    class Optional(nn.Cell):
        def __init__(self, width=4):
            super().__init__()


    def resnet50(num_classes=1000, **kwargs):
        return ResNet(Bottleneck, [3, 4, 6, 3], num_classes=num_classes, **kwargs)
    """
)


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_factory_s_call_with_its_own_defaults_and_the_module_s_classes(tmp_path):
    path = write(tmp_path, "model.py", MODEL)
    guess = guesses.constructor(path, "ResNet", str(tmp_path))
    assert guess.spec() == {
        "args": [{"$name": "Bottleneck"}, [3, 4, 6, 3]],
        "kwargs": {"num_classes": 1000},
        "guessed": "as built at model.py:35",
        "guessed_zh": "按 model.py:35 处的方式构建",
    }


def test_a_call_in_another_file_with_argparse_defaults_and_constants(tmp_path):
    path = write(tmp_path, "model.py", MODEL.replace("    return ResNet(", "    return ResNet_("))
    write(
        tmp_path,
        "train.py",
        "import argparse\nfrom model import ResNet, Bottleneck\nCLASSES = 10\np = argparse.ArgumentParser()\n"
        "p.add_argument('--in-channels', default=1)\nargs = p.parse_args()\n"
        "net = ResNet(Bottleneck, [2, 2], num_classes=CLASSES, in_channels=args.in_channels)\n",
    )
    guess = guesses.constructor(path, "ResNet", str(tmp_path))
    # Bottleneck is a name of train.py: the probe would not know what it is there, so this call is no help.
    assert guess is None
    write(tmp_path, "train.py", (tmp_path / "train.py").read_text().replace("Bottleneck, [2, 2]", "'b', [2, 2]"))
    guess = guesses.constructor(path, "ResNet", str(tmp_path))
    assert (guess.args, guess.kwargs, guess.origin) == (
        ("b", [2, 2]),
        {"num_classes": 10, "in_channels": 1},
        "as built at train.py:7",
    )


def test_an_argument_known_only_at_run_time_is_left_to_its_default_or_the_call_is_skipped(tmp_path):
    path = write(tmp_path, "model.py", MODEL)
    write(tmp_path, "a.py", "from model import Optional\ndef f(n):\n    return Optional(width=n * 2)\n")
    assert guesses.constructor(path, "Optional", str(tmp_path)).origin == "as built at a.py:3"
    assert guesses.constructor(path, "Optional", str(tmp_path)).kwargs == {}
    write(tmp_path, "b.py", "from model import Plain\ndef f(n):\n    return Plain(n, 2, 0.5, True)\n")
    guess = guesses.constructor(path, "Plain", str(tmp_path))
    assert guess.origin == "guessed from the parameters' names: dim=8, num_heads=2, ratio=0.0, flag=False"


def test_a_parameter_named_for_parsed_arguments_reads_the_argparse_defaults(tmp_path):
    path = write(tmp_path, "model.py", MODEL)
    write(
        tmp_path,
        "train.py",
        "import argparse\nfrom model import Optional\np = argparse.ArgumentParser()\n"
        "p.add_argument('--width', default=7)\ndef main(arguments):\n    return Optional(width=arguments.width)\n",
    )
    guess = guesses.constructor(path, "Optional", str(tmp_path))
    assert (guess.kwargs, guess.origin) == ({"width": 7}, "as built at train.py:6")


def test_names_and_annotations_give_small_values_also_through_a_base_class_of_the_module(tmp_path):
    path = write(tmp_path, "model.py", MODEL)
    assert guesses.constructor(path, "Child", str(tmp_path)).kwargs == {
        "dim": 8,
        "num_heads": 2,
        "ratio": 0.0,
        "flag": False,
    }


def test_nothing_to_choose_or_nothing_to_go_on_gives_no_guess(tmp_path):
    path = write(tmp_path, "model.py", MODEL + "\n\nclass Odd(nn.Cell):\n    def __init__(self, thing):\n        pass\n")
    assert guesses.constructor(path, "Empty", str(tmp_path)) is None
    assert guesses.constructor(path, "Odd", str(tmp_path)) is None
    assert guesses.constructor(path, "Missing", str(tmp_path)) is None
    assert guesses.constructor(path, "Optional", str(tmp_path)).origin == "with its parameters' defaults"


def test_the_shape_of_a_name_gives_a_value_when_no_convention_names_it(tmp_path):
    path = write(
        tmp_path,
        "model.py",
        "class Net:\n    def __init__(self, field_dims, hidden_units, layer_num, num_prompts, attn_drop_rate, "
        "pre_seq_len, is_fp16, output_channel, nheads, device):\n        pass\n",
    )
    assert guesses.constructor(path, "Net", str(tmp_path)) is None  # 'device': nothing to go on
    write(tmp_path, "model.py", (tmp_path / "model.py").read_text().replace(", device", ""))
    assert guesses.constructor(path, "Net", str(tmp_path)).kwargs == {
        "field_dims": [8, 8],
        "hidden_units": 8,
        "layer_num": 2,
        "num_prompts": 2,
        "attn_drop_rate": 0.0,
        "pre_seq_len": 16,
        "is_fp16": False,
        "output_channel": 8,
        "nheads": 2,
    }


def test_a_config_parameter_gets_the_module_s_config_class_built_with_its_defaults(tmp_path):
    text = (
        "from dataclasses import dataclass\n\n\n@dataclass\nclass BertConfig:\n    hidden: int = 8\n\n\n"
        "class Settings:\n    def __init__(self, depth=2):\n        self.depth = depth\n\n\n"
        "class Bert:\n    def __init__(self, config):\n        pass\n\n\n"
        "class Tower:\n    def __init__(self, settings: Settings, depth: int):\n        pass\n"
    )
    path = write(tmp_path, "model.py", text)
    assert guesses.constructor(path, "Bert", str(tmp_path)).kwargs == {"config": {"$build": "BertConfig"}}
    assert guesses.constructor(path, "Tower", str(tmp_path)).kwargs == {"settings": {"$build": "Settings"}, "depth": 2}


def test_a_call_of_another_file_s_class_of_the_same_name_is_no_help(tmp_path):
    path = write(tmp_path, "model.py", MODEL.replace("    return ResNet(", "    return ResNet_("))
    write(tmp_path, "other.py", "class ResNet:\n    pass\n\nnet = ResNet('x', [1])\n")
    write(tmp_path, "unrelated.py", "from other import ResNet\nnet = ResNet('y', [2])\n")
    assert guesses.constructor(path, "ResNet", str(tmp_path)) is None
    write(tmp_path, "train.py", "import model\nnet = model.ResNet('z', [3])\n")
    assert guesses.constructor(path, "ResNet", str(tmp_path)).args == ("z", [3])


def test_a_local_name_the_function_assigns_once_gives_its_value(tmp_path):
    path = write(tmp_path, "model.py", MODEL.replace("    return ResNet(", "    return ResNet_("))
    write(
        tmp_path,
        "train.py",
        "from model import Plain\n\ndef main(ratio=0.5):\n    dim = 16\n    heads = dim // 8\n    flag = True\n"
        "    flag = False\n    return Plain(dim, 4, ratio, flag)\n",
    )
    # flag gets two values: the call is no help, and the names decide.
    assert guesses.constructor(path, "Plain", str(tmp_path)).origin.startswith("guessed from the parameters' names")
    write(tmp_path, "train.py", "from model import Plain\n\ndef main(ratio=0.5):\n    dim = 16\n    return Plain(dim, 4, ratio, True)\n")
    assert guesses.constructor(path, "Plain", str(tmp_path)).args == (16, 4, 0.5, True)
    write(tmp_path, "train.py", "from model import Plain\n\ndef main(dim=8):\n    dim = 16\n    return Plain(dim, 4, 0.5, True)\n")
    assert guesses.constructor(path, "Plain", str(tmp_path)).origin.startswith("guessed")  # a parameter reassigned


def test_an_optimizer_s_parameters_are_guessed_as_small_parameters_and_shown_so(tmp_path):
    path = write(tmp_path, "optim.py", "from mindspore import nn\n\n\nclass Lion(nn.Optimizer):\n    def __init__(self, params, lr=1e-4):\n        super().__init__(lr, params)\n")
    guess = guesses.constructor(path, "Lion", str(tmp_path))
    assert guess.kwargs == {"params": {guesses.PARAMETERS_MARK: 2}}
    assert guess.origin == "guessed from the parameters' names: params=[Parameter(float32[2]), Parameter(float32[2])]"
