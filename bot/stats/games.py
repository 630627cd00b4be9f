"""What a finished match means for each game: places, hands won and the rating games it makes.

Pure functions of an engine's `result()` (or the same shape rebuilt from stored `hand_results`):
`{"winners": [...], "totals": [...], "hands": [{"deltas": [...], ...game details...}, ...]}`.

What one rating game is (openskill updates, see `ratings.py`):
- Rufmariasch: every deal is a team game, callers against defenders (2 v 2, or 1 v 3 when the caller
  holds the called card): the sides of a deal are its natural teams, and the match standing is only
  the sum of those deals.
- Schieberamsch: every deal too. A Grand Hand deal is the solo against the other two (1 v 2, won or
  lost); a Ramsch deal ranks the three by what the deal added to their totals (lower is better, so the
  player who took the points comes last and the other two share first place).
- Every other game: the match is one game, ranked by the finishing places of the match.
All rating games of a match are applied together, in order, once the match is complete: a table that
is abandoned or cancelled never reaches a rating (or a leaderboard).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

LOWER_IS_BETTER = frozenset({"schieberamsch"})
PER_DEAL_TEAMS = frozenset({"rufmariasch", "schieberamsch"})

RatingGame = tuple[list[list[int]], list[int]]  # (teams of seats, rank per team: 1 = best, ties share)


def competition_ranks(scores: Sequence[float], *, lower_is_better: bool = False) -> list[int]:
    """1 + the number of entries strictly better: ties share a place, the next place is skipped (1, 1, 3)."""
    sign = 1 if lower_is_better else -1
    keyed = [sign * s for s in scores]
    return [1 + sum(1 for o in keyed if o < k) for k in keyed]


def places(game: str, result: dict[str, Any], seats: int) -> list[int]:
    """Finishing place per seat in the match (1 = best; tied seats share)."""
    totals = list(result.get("totals") or [0] * seats)
    if game == "schroeoem":
        return _schroeoem_places(result, seats)
    return competition_ranks(totals, lower_is_better=game in LOWER_IS_BETTER)


def _schroeoem_places(result: dict[str, Any], seats: int) -> list[int]:
    """The last player standing first; then whoever was eliminated later; same game: more points first."""
    winners = set(result.get("winners") or ())
    out_at = {s: len(result.get("hands") or ()) + 1 for s in range(seats)}  # never eliminated
    for i, hand in enumerate(result.get("hands") or (), start=1):
        for s in hand.get("eliminated") or ():
            out_at[s] = i
    totals = list(result.get("totals") or [0] * seats)
    keys = [(1 if s in winners else 0, out_at[s], totals[s]) for s in range(seats)]
    return [1 + sum(1 for o in keys if o > k) for k in keys]


def hand_won(game: str, hand: dict[str, Any], seat: int) -> bool:
    """Whether `seat` won this hand (deal, game) in the game's own sense."""
    deltas = list(hand.get("deltas") or ())
    if game in ("schroeoem", "schrum", "tac"):
        return hand.get("winner") == seat
    if game == "repezita":
        finished = hand.get("finished") or ()
        return bool(finished) and finished[0] == seat
    if game == "treppenromme":
        return hand.get("finisher") == seat
    if game == "rufmariasch":
        callers = hand.get("callers") or ()
        return (seat in callers) == bool(hand.get("callers_win"))
    if game == "schieberamsch":  # ended at the good end of the deal: not the one whose total went up
        return bool(deltas) and deltas[seat] == min(deltas) < max(deltas)
    return bool(deltas) and deltas[seat] == max(deltas) > min(deltas)


def hands_won(game: str, result: dict[str, Any], seats: int) -> list[int]:
    out = [0] * seats
    for hand in result.get("hands") or ():
        for s in range(seats):
            out[s] += hand_won(game, hand, s)
    return out


def rating_games(game: str, result: dict[str, Any], seats: int,
                 match_places: list[int] | None = None) -> list[RatingGame]:
    """The rating games a finished match makes, in order (see the module docstring)."""
    hands = list(result.get("hands") or ())
    if game == "rufmariasch":
        out: list[RatingGame] = []
        for h in hands:
            callers = [int(s) for s in h.get("callers") or ()]
            defenders = [int(s) for s in h.get("defenders") or ()] or [s for s in range(seats) if s not in callers]
            if not callers or not defenders:
                continue
            win = bool(h.get("callers_win"))
            out.append(([callers, defenders], [1, 2] if win else [2, 1]))
        return out
    if game == "schieberamsch":
        out = []
        for h in hands:
            if h.get("mode") == "grand" and h.get("solo") is not None:
                solo = int(h["solo"])
                out.append(([[solo], [s for s in range(seats) if s != solo]], [1, 2] if h.get("won") else [2, 1]))
            else:
                deltas = list(h.get("deltas") or [0] * seats)
                if len(set(deltas)) > 1:  # a deal that moved nobody says nothing about skill
                    out.append(([[s] for s in range(seats)], competition_ranks(deltas, lower_is_better=True)))
        return out
    ranks = match_places if match_places is not None else places(game, result, seats)
    if len(set(ranks)) <= 1:
        return []  # everybody tied: no information
    return [([[s] for s in range(seats)], list(ranks))]


def match_rows(game: str, result: dict[str, Any], seats: int,
               winners: Sequence[int] | None = None) -> list[dict[str, int]]:
    """Per seat: total, winner, place, hands, hands_won: the stat_results columns of a finished match."""
    totals = [int(t) for t in (result.get("totals") or [0] * seats)]
    win = set(winners if winners is not None else result.get("winners") or ())
    pl = places(game, result, seats)
    won = hands_won(game, result, seats)
    n_hands = len(result.get("hands") or ())
    return [{"seat": s, "total": totals[s], "winner": int(s in win), "place": pl[s], "hands": n_hands,
             "hands_won": won[s]} for s in range(seats)]
