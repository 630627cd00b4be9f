"""The command line the sight tools share (`treppenromme_sight`, `rufmariasch_sight`): `--sight S` and then
`python -m benchmarks.ai`'s options, played as strong against easy in one game with the strong player's sight
patched for the run."""

from __future__ import annotations

import sys
from collections.abc import Callable, Collection, Iterator
from contextlib import AbstractContextManager, contextmanager

from . import ai as bench


def main(argv: list[str] | None, *, doc: str, game: str, sights: Collection[str],
         sighted: Callable[[str], AbstractContextManager[None]]) -> int:
    """Run `benchmarks.ai` for `game` within `sighted(S)`; without a known `--sight S`, the usage from `doc` (its
    second paragraph) and exit status 2."""
    args = list(sys.argv[1:] if argv is None else argv)
    if "--sight" not in args or args.index("--sight") + 1 >= len(args):
        print(doc.split("\n\n")[1], file=sys.stderr)
        return 2
    at = args.index("--sight")
    sight = args[at + 1]
    del args[at:at + 2]
    if sight not in sights:
        print(f"--sight: one of {', '.join(sights)}", file=sys.stderr)
        return 2
    with sighted(sight):
        return bench.main(["--games", game, "--levels", "strong,easy", *args])


@contextmanager
def patched(*targets: tuple[object, str, object]) -> Iterator[None]:
    """Within: each `(owner, name, value)` set as `owner.name`; the old values are put back on the way out."""
    old = [(owner, name, getattr(owner, name)) for owner, name, _ in targets]
    for owner, name, value in targets:
        setattr(owner, name, value)
    try:
        yield
    finally:
        for owner, name, value in old:
            setattr(owner, name, value)
