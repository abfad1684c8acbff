"""The package's build backend: maturin's, building the wheel others can install.

Under a build front end (``pip wheel ./python``, ``pip install``, ``python -m build``)
maturin builds for this machine alone (it is given ``--compatibility off``: a
``linux_x86_64`` wheel, which PyPI refuses). This backend gives it ``--compatibility``
without a value instead: maturin's own default, the lowest ``manylinux`` tag the module's
symbols allow (checked by maturin's auditwheel), else plain ``linux``, so a build never
fails for the tag. ``MATURIN_PEP517_ARGS`` set by the user is left as it is; everything
else is maturin's.
"""

import os

os.environ.setdefault("MATURIN_PEP517_ARGS", "--compatibility")

from maturin import *  # noqa: E402,F401,F403  (the PEP 517 hooks, as maturin defines them)
from maturin import build_sdist, build_wheel  # noqa: E402,F401
