"""Skill ratings with openskill (Plackett-Luce, team-aware): mu/sigma per player, a shown number.

openskill is a maintained Bayesian multiplayer rating library (a TrueSkill-like model without its
patents): it rates free-for-all rankings and teams of any size, ties included, which is what card
tables need (Rufmariasch 2 v 2 and 1 v 3, a Grand Hand 1 v 2, five Repezita players in a ranking).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from functools import cache
from typing import Any

MU = 25.0
SIGMA = MU / 3

Rating = tuple[float, float]  # (mu, sigma)


@cache
def _model() -> Any:
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=MU, sigma=SIGMA)


def shown(mu: float, sigma: float) -> int:
    """The number players see: 1000 for a newcomer, then 40 points per unit of the conservative
    estimate mu - 3 sigma (so it rises as the system becomes sure of a player, and with wins)."""
    return round(1000 + 40 * (mu - 3 * sigma))


def rate(prior: dict[Hashable, Rating], games: Iterable[tuple[list[list[Hashable]], list[int]]]
         ) -> dict[Hashable, Rating]:
    """Apply rating games in order. `prior` holds the known players (others start at MU/SIGMA); each
    game is (teams of player keys, rank per team, 1 = best, ties share). Returns the new rating of
    every player who took part."""
    model = _model()
    current: dict[Hashable, Rating] = {}
    for teams, ranks in games:
        objs = [[model.rating(*current.get(p, prior.get(p, (MU, SIGMA)))) for p in team] for team in teams]
        rated = model.rate(objs, ranks=list(ranks))
        for team, new in zip(teams, rated, strict=True):
            for p, r in zip(team, new, strict=True):
                current[p] = (float(r.mu), float(r.sigma))
    return current
