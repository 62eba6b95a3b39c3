"""ms_lint's version, apart from the package's ``__init__`` (which loads the plugin) so that the
modules the plugin loads can name it without importing the package they are part of."""

__version__ = "0.1.0"
