"""pacomply — checks Pennsylvania table-game Rules Submissions and proves the math of every wager.

The repository is organised by layer, one top-level folder each (``regulations``, ``submissions``, ``checker``,
``engine``, ``reports``, and this command-line package); installed, they are the sub-packages ``pacomply.checker``
and so on, so nothing generic lands at the top of site-packages. In a checkout the layers are this folder's
siblings, so the checkout root is added to this package's search path; an installed copy has them inside it.
"""

import os as _os
from pathlib import Path as _Path

# openpyxl reads and writes workbooks through lxml wherever lxml is installed (pikepdf, which tags the PDF review,
# installs it): the workbooks' bytes then differ, and a filing's DOCTYPE is no longer refused as defusedxml refuses
# it. pacomply keeps openpyxl on the standard library's XML, guarded by defusedxml, whatever else is installed;
# openpyxl reads this setting when it is first imported.
_os.environ["OPENPYXL_LXML"] = "False"

_CHECKOUT = _Path(__file__).resolve().parent.parent
if (_CHECKOUT / "pyproject.toml").is_file() and (_CHECKOUT / "checker" / "__init__.py").is_file():
    __path__.append(str(_CHECKOUT))
