"""Schieberamsch's computer players.

`easy` plays rules of thumb: in a Ramsch it ducks under the trick's best card with its highest card that
stays below, sheds Aces and Tens when it cannot follow, takes the skat with a dangerous hand and discards its
worst cards; it announces Grand Hand and says Kontra only with a strong hand.

`strong` is perfect-information Monte Carlo: it deals the unseen cards anew (`Engine.sample`), plays every
candidate action in each world and finishes the deal with the rules of thumb for all three seats, and takes
the action with the best average outcome. Every decision is searched that way, the Grand Hand, push or take,
the discard (the six most promising pairs) and Kontra as much as the cards. The outcome is the seat's score
relative to the others': in a Ramsch the loser's score counts against him and for the other two, in a Grand
Hand the solo's value goes to him and, with the sign turned, to both opponents; a small term for the card
points taken breaks the ties of deals nobody loses. Two ingredients (`bot.ai.INGREDIENTS`) make it read the
table:
- *endgame*: with `SOLVE_CARDS` cards or fewer left in the hands, each world is solved exactly instead of
  played out (`schieberamsch_solve`: alpha-beta, paranoid in a Ramsch, two against one in a Grand Hand);
- *inference*: the worlds follow what the others did (`schieberamsch_infer`): each is kept from a few drawn
  with the chance that the others, holding its cards, would have announced or passed Grand Hand, said
  Kontra or Rekontra or not, pushed or taken the skat, put down that discard and played those cards, by the
  rules of thumb softened (the cards of a seat shown as a searching computer by a choice model fitted to
  searchers' cards, `schieberamsch_choice`). Against a Grand Hand this replaces the former filter on the
  solo's hand.
Measured with `python -m benchmarks.ai --games schieberamsch --jobs 1` (24 worlds, no deadline) on a loaded
2-core machine, neither ingredient shows yet at the sizes that fitted: strong over easy +7.98 [6.14, 9.82]
points in 120 deals (seed 12), 66 % [51, 86] of the oracle's +12.03 (the code before the measured factors:
+7.15, 59 % [41, 81] on the same deals); against strong-no-inference (which searches the same worlds wherever
the likelihood is flat) +0.12 [-0.69, 0.92] in 400 deals (seeds 11-13). The endgame changed 32 of 600
seat-deals played from 12 cards on against strong-no-endgame opponents, +0.17 [-0.20, 0.54] points a deal.
Valued on the true deal by the search's own evaluation, the decisions the inference changes gain
+0.27 [0.05, 0.49] each against easy players (whom the rules of thumb describe exactly; +0.41 in a Ramsch,
+0.04 in a Grand Hand) and -0.05 [-0.30, 0.20] against strong players, whose actions the rules of thumb
describe poorly (the ratios in `schieberamsch_infer`). The rules of thumb, on hand masks, are in
`schieberamsch_thumb`.
"""

from __future__ import annotations

import random

from bot.games.schieberamsch import SORTED_DECK, Schieberamsch, mask_of

from . import Budget, Knowledge
from .schieberamsch_infer import worlds
from .schieberamsch_solve import Endgame
from .schieberamsch_thumb import (
    ACTION,
    card_to_play,
    discard_action,
    discards,
    grand_ok,
    kontra_ok,
    take_ok,
    world_policy,
)

ITERATIONS = 24  # sampled worlds per decision; every candidate is played out once in each
SOLVE_CARDS = 10  # cards left in the hands at or below which each world is solved exactly (the endgame)
DISCARD_CANDIDATES = 6
BIDS = ("grand", "schieben", "kontra", "rekontra")
BID_FACTOR = 3  # worlds for a bid: this many times ITERATIONS

# -- easy ---------------------------------------------------------------------------------------------


def easy(know: Knowledge, rng: random.Random) -> str:
    v = know.view
    hand = mask_of(v["hand"])
    phase = v["phase"]
    if phase == "play":
        trick = [SORTED_DECK.index(t["card"]) for t in v["trick"]]
        seats = [t["seat"] for t in v["trick"]]
        action = ACTION[card_to_play(hand, trick, v["mode"], know.seat, v["solo"], seats)]
    elif phase == "discard":
        action = discard_action(*discards(hand, v["options"]["jacks_in_skat"])[0])
    elif phase == "grand":
        action = "grand" if grand_ok(hand) else "pass"
    elif phase == "schieben":
        action = "take" if take_ok(hand) else "push"
    elif phase == "kontra":
        action = "kontra" if kontra_ok(hand) else "pass"
    else:
        action = "pass"
    if action not in know.legal:  # a discard names its cards in hand order
        parts = action.split()
        swapped = f"{parts[0]} {parts[2]} {parts[1]}" if len(parts) == 3 else action
        action = swapped if swapped in know.legal else know.legal[0]
    return action


# -- strong -------------------------------------------------------------------------------------------


def finish_deal(w: Schieberamsch) -> dict:
    """Play the current deal to its end with the rules of thumb; the deal's record."""
    hand_no = w._hand_no
    history = w._history
    while w._hand_no == hand_no and not w._over:
        seat = w._turn
        w.apply(seat, world_policy(w, seat))
    return history[-1]


def utility(record: dict, seat: int) -> float:
    """How good a finished deal is for `seat` (higher is better): its score against the others' mean, with
    a small term for card points (fewer in a Ramsch, more on its side in a Grand Hand)."""
    points = record["points"]
    if record["mode"] == "ramsch":
        raw = record["scores"]
        others = [raw[s] for s in range(3) if s != seat]
        return -(raw[seat] - sum(others) / 2) / 10 - points[seat] / 200
    solo = record["solo"]
    delta = record["deltas"][solo]
    margin = (record["solo_points"] - 60) / 100
    return -delta + margin if seat == solo else delta / 2 - margin



def strong(know: Knowledge, rng: random.Random, budget: Budget) -> str:
    seat = know.seat
    v = know.view
    phase = v["phase"]
    n = budget.iterations * (BID_FACTOR if phase in BIDS else 1)  # a bid: a whole deal hangs on it
    moves = list(know.legal)
    if phase == "discard":
        hand = mask_of(v["hand"])
        legal = set(moves)
        moves = []
        for a, b in discards(hand, v["options"]["jacks_in_skat"])[:DISCARD_CANDIDATES]:
            act = discard_action(a, b)
            moves.append(act if act in legal else discard_action(b, a))
    exact = phase == "play" and sum(v["counts"]) <= SOLVE_CARDS and know.uses("endgame")
    if exact:
        cards = [SORTED_DECK.index(a[5:]) for a in moves]
    totals = [0.0] * len(moves)
    for world, count in worlds(know, rng, budget, n):
        if exact:
            solver = Endgame(world, seat)
            for i, k in enumerate(cards):
                totals[i] += count * solver.value(world, k)
        else:
            for i, move in enumerate(moves):
                after = world.clone()
                after.apply(seat, move)
                totals[i] += count * utility(finish_deal(after), seat)
        if budget.expired():
            break
    best = max(range(len(moves)), key=lambda i: (totals[i], -i))  # ties: the earlier move
    return moves[best]
