"""An editor's ms_lint settings, and the ms-lint arguments they stand for.

The settings come from the client's ``initializationOptions`` and its ``workspace/configuration``
section ``ms_lint`` (either may nest them under an ``ms_lint`` key). Each one left out or empty
leaves the project's own configuration (``[tool.pylint.mindspore]``) in force.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, List, Optional, Tuple

SECTION = "ms_lint"
# setting -> the plugin option it sets (ms_lint/options.py)
OPTIONS = {
    "language": "--mindspore-language",
    "targetVersion": "--mindspore-version",
    "device": "--mindspore-device-target",
    "mode": "--mindspore-mode",
    "brain": "--mindspore-brain",
}
BRAIN_VALUES = {True: "y", False: "n", "on": "y", "off": "n"}


@dataclass(frozen=True)
class Settings:
    """The settings' values as given, and the extra ms-lint arguments (``args``)."""

    values: Tuple[Tuple[str, str], ...] = ()  # (setting, value) of the settings given
    args: Tuple[str, ...] = ()

    @classmethod
    def read(cls, given: Any) -> Optional["Settings"]:
        """The settings in ``given`` (a JSON object), or None when it holds none."""
        if not isinstance(given, dict):
            return None
        if isinstance(given.get(SECTION), dict):
            given = given[SECTION]
        values = []
        for name in OPTIONS:
            value = given.get(name)
            if name == "brain":
                value = BRAIN_VALUES.get(value, value)
            if value not in (None, ""):
                values.append((name, str(value)))
        args = given.get("args") or ()
        if isinstance(args, str):
            args = args.split()
        return cls(tuple(values), tuple(str(arg) for arg in args))

    def arguments(self) -> List[str]:
        """The ms-lint command-line arguments that give these settings."""
        return [*(f"{OPTIONS[name]}={value}" for name, value in self.values), *self.args]
