"""One import identity for the layers: ``pacomply.engine``, never ``engine``.

Each layer is a top-level folder of the checkout and, installed, the sub-package ``pacomply.<layer>``. In a checkout
the root is on ``sys.path`` too (the tests import ``tests.*`` from it), so ``import engine`` would load a second copy
of every module: its own classes, its own registries, a test passing against code the product never runs. The test
run refuses that import (``install_guard``, called by ``tests/conftest.py``), and
``tests/structure/test_import_identity.py`` finds it in the source, strings given to importlib or to a patch
included.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import os
import sys
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent

#: The checkout's layer folders, each installed as ``pacomply.<name>``.
LAYERS = ("regulations", "submissions", "checker", "engine", "reports", "workspace")


class SecondIdentityError(ModuleNotFoundError):
    """A layer imported under its folder's name instead of as a sub-package of pacomply."""


class _RefuseTopLevelLayers(importlib.abc.MetaPathFinder):
    """Refuses ``engine``, ``checker.review`` and the like, naming the ``pacomply.`` spelling to use instead.

    Only a search of ``sys.path`` (no ``path``) or of the checkout root is refused: pytest looks up a test folder
    that is a package (``tests/workspace``) by its own name in ``tests/``, which is no layer.
    """

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        searched_root = path is None or any(Path(entry).resolve() == ROOT for entry in path if entry)
        if searched_root and fullname.partition(".")[0] in LAYERS:
            raise SecondIdentityError(
                f"import pacomply.{fullname}, not {fullname}: the layer {fullname.partition('.')[0]!r} is a "
                "sub-package of pacomply, and its folder's own name would load a second copy of each module",
                name=fullname,
            )
        return None


#: Each layer folder, resolved, with a trailing separator: a module's resolved file path starts with one of these
#: exactly when the file lies in that layer.
_LAYER_PREFIXES = tuple(os.path.join(os.path.realpath(ROOT / layer), "") for layer in LAYERS)


@cache
def _in_a_layer_folder(file: str) -> bool:
    """Whether a module file, links resolved, lies in a layer folder; once per file: a test run has thousands of
    modules loaded, and resolving each path again at every check cost tenths of a second a call."""
    return os.path.realpath(file).startswith(_LAYER_PREFIXES)


def second_identity_modules() -> list[str]:
    """Loaded modules of a layer folder whose name is not ``pacomply.<layer>...`` (empty while the guard holds)."""
    wrong = []
    for name, module in list(sys.modules.items()):
        file = getattr(module, "__file__", None)
        if file and not name.startswith("pacomply.") and _in_a_layer_folder(file):
            wrong.append(name)
    return sorted(wrong)


def install_guard() -> None:
    """Put the refusal first on ``sys.meta_path``; fails at once if a second identity is loaded already."""
    loaded = second_identity_modules()
    if loaded:
        raise SecondIdentityError(f"layers loaded under their folder's name before the guard: {', '.join(loaded)}")
    if not any(isinstance(finder, _RefuseTopLevelLayers) for finder in sys.meta_path):
        sys.meta_path.insert(0, _RefuseTopLevelLayers())
