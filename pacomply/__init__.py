"""pacomply — checks Pennsylvania table-game Rules Submissions and proves the math of every wager.

The repository is organised by layer, one top-level folder each (``regulations``, ``submissions``, ``checker``,
``engine``, ``reports``, and this command-line package); installed, they are the sub-packages ``pacomply.checker``
and so on, so nothing generic lands at the top of site-packages. In a checkout the layers are this folder's
siblings, so the checkout root is added to this package's search path; an installed copy has them inside it.
"""

import os as _os
import sys as _sys
from pathlib import Path as _Path
from typing import Any as _Any

# openpyxl reads and writes workbooks through lxml wherever lxml is installed (pikepdf, which tags the PDF review,
# installs it): the workbooks' bytes then differ, and a filing's DOCTYPE is no longer refused as defusedxml refuses
# it. pacomply keeps openpyxl on the standard library's XML, guarded by defusedxml, whatever else is installed;
# openpyxl reads this setting when it is first imported.
_os.environ["OPENPYXL_LXML"] = "False"


class _LoadedWithoutNumpy:
    """The loader of openpyxl's ``compat.numbers`` run with ``import numpy`` failing, as where numpy is not
    installed (a ``None`` in ``sys.modules`` makes an import raise ImportError)."""

    def __init__(self, loader: _Any) -> None:
        self.loader = loader

    def create_module(self, spec: _Any) -> _Any:
        return self.loader.create_module(spec)

    def exec_module(self, module: _Any) -> None:
        _sys.modules["numpy"] = None  # type: ignore[assignment]
        try:
            self.loader.exec_module(module)
        finally:
            if "numpy" in _sys.modules and _sys.modules["numpy"] is None:
                del _sys.modules["numpy"]


class _OpenpyxlWithoutNumpy:
    """Keeps openpyxl from importing numpy where nothing else has.

    openpyxl imports numpy when it is first imported, only to accept numpy's scalars as cell values: numpy's import
    is more than half of openpyxl's (about 0.1 s of a 0.2 s import on a 2-core machine), paid by every process that
    reads a workbook filing or writes a workbook review, though pacomply hands openpyxl Python numbers only (a
    review's figures are stored, and a numpy float is a Python float). Where numpy is loaded already (a command that
    computes figures), openpyxl is imported as usual; either way the cells written are the same."""

    @staticmethod
    def find_spec(name: str, path: _Any = None, target: _Any = None) -> _Any:
        if name != "openpyxl.compat.numbers" or "numpy" in _sys.modules:
            return None
        from importlib.machinery import PathFinder

        spec = PathFinder.find_spec(name, path, target)
        if spec is not None and spec.loader is not None:
            spec.loader = _LoadedWithoutNumpy(spec.loader)
        return spec


_sys.meta_path.insert(0, _OpenpyxlWithoutNumpy)  # type: ignore[arg-type]

_CHECKOUT = _Path(__file__).resolve().parent.parent
if (_CHECKOUT / "pyproject.toml").is_file() and (_CHECKOUT / "checker" / "__init__.py").is_file():
    __path__.append(str(_CHECKOUT))
