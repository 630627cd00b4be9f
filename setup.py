"""Packaging beyond pyproject.toml: the wheel carries the repository folders the bot reads at run time.

images/ (fonts, the design card) and docs/rules/ stay top-level folders of the repository; `build_py` copies
them into `bot/_shipped/`, where `bot.assets.shipped()` finds them in an installed wheel. An editable install
reads the repository's folders directly, so nothing is copied then.
"""

from __future__ import annotations

import fnmatch
import os

from setuptools import setup
from setuptools.command.build_py import build_py

SHIPPED = {"images": "bot/_shipped/images", "docs/rules": "bot/_shipped/docs/rules"}
NOT_SHIPPED = ("cards_*.png", "*.pyc", ".*")  # card overview sheets are written locally, never committed


class BuildPyWithAssets(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        for source, target in SHIPPED.items():
            for folder, _dirs, files in os.walk(source):
                for name in files:
                    if any(fnmatch.fnmatch(name, pattern) for pattern in NOT_SHIPPED):
                        continue
                    relative = os.path.relpath(os.path.join(folder, name), source)
                    destination = os.path.join(self.build_lib, target, relative)
                    self.mkpath(os.path.dirname(destination))
                    self.copy_file(os.path.join(folder, name), destination)


setup(cmdclass={"build_py": BuildPyWithAssets})
