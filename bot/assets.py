"""Where the files the bot reads at run time live (fonts and pictures in images/, rule texts in docs/rules/).

In a checkout (and an editable install) they are the repository's own top-level folders. A built wheel
carries copies inside the package, in `bot/_shipped/` (setup.py puts them there), because an installed
package has no repository beside it. The copy inside the package wins when both exist.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
REPOSITORY = PACKAGE.parent
SHIPPED = PACKAGE / "_shipped"
FOLDERS = ("images", "docs/rules")  # repository folders that ship inside the wheel


def shipped(folder: str) -> Path:
    """The folder `folder` (one of FOLDERS, relative to the repository root) as this installation has it."""
    inside = SHIPPED / folder
    return inside if inside.is_dir() else REPOSITORY / folder
