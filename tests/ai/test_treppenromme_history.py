"""An easy computer's hand read from its whole hand in heads-up Treppenrommé (`bot.ai.treppenromme_history`)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai import choose, knowledge
from bot.ai import treppenromme_history as th
from bot.ai.bitset import ids
from bot.ai.treppenromme_infer import combines, has_meld, inferring, rule_throw
from bot.games.cards import DECK_52
from bot.games.treppenromme import Treppenromme

hands = st.lists(st.sampled_from(DECK_52), min_size=1, max_size=12, unique=True)


@settings(max_examples=300, deadline=None)
@given(hands, st.integers(0, 20))
def test_the_rule_throw_on_bits_is_the_rules_of_thumb(hand: list[str], forb_at: int) -> None:
    forb = hand[forb_at] if forb_at < len(hand) and len(hand) > 1 else None
    assert th.CODES[th.rule_throw(th.mask(hand), th.INDEX[forb] if forb else -1)] == rule_throw(hand, forb)


def plain_breaches(turns: list[th.TurnBits], slot: dict[int, int]) -> int:
    """`Chain.breaches` written plainly on card lists with the reading's card helpers (the chain's count is the
    same on bits, for speed)."""
    cards = lambda m: [th.CODES[i] for i in ids(m)]  # noqa: E731
    hand = [th.CODES[i] for i, j in slot.items() if not j]
    drawn = {j: th.CODES[i] for i, j in slot.items() if j}
    n = 0
    for j, t in enumerate(turns, 1):
        top = th.CODES[t.top] if t.top >= 0 else None
        useful = top is not None and (top in cards(t.fits_start) or combines(top, hand))
        if t.drew:
            n += useful
            hand.append(drawn[j])
        else:
            n += not (useful and t.forb >= 0)
            hand += cards(t.taken)
        full = [c for c in hand if c not in cards(t.placed)]
        forb = th.CODES[t.forb] if t.forb >= 0 else None
        if forb is None:
            n += has_meld(full) + sum(c in cards(t.fits_end) for c in full)
        n += rule_throw(full, forb) != th.CODES[t.discard]
        hand = [c for c in full if c != th.CODES[t.discard]]
    return n


def played_hands(deals: int, seed: int = 50_000, seat0: str = "easy", at_draw: bool = False):
    """Seat 0 (`seat0`) against an easy seat 1, heads-up, the first hand of each deal: at each of seat 0's
    discards (`at_draw`: the start of each of its turns) from its second turn, before a rebuilt talon, the engine
    and seat 1's true history so far (his first seven cards and the card he drew in each of his turns, by turn)."""
    for deal in range(deals):
        e = Treppenromme.new(2, seed=seed + deal)
        first = list(e.hands[1])
        drawn: dict[int, str] = {}
        turns = step = 0
        while not e.over and e.hand_no == 1 and not e.rebuilt:
            seat = e.current
            if seat == 0 and e.turn_no >= 2 and (e.legal_actions(0)[0] == "draw") == at_draw:
                yield e, first, dict(drawn)
            if seat == 0 and seat0 != "easy":
                action = choose(e, 0, level=seat0, seed=step, iterations=2, players=(seat0, "easy"))
            else:
                action = choose(e, seat, level="easy", seed=step)
            events = e.apply(seat, action)
            step += 1
            if seat == 1 and action.split()[0] in ("draw", "take"):
                turns += 1
                for ev in events:
                    if ev.get("type") == "drawn":
                        drawn[turns] = ev["card"]


def chain_for(e: Treppenromme, rng: random.Random) -> th.Chain:
    turns = th.history_of(e.view(0), 0)
    assert turns is not None
    (cards, counts), = e.unseen(0)
    return th.Chain(turns, cards, counts[1], rng)


def true_slots(e: Treppenromme, first: list[str], drawn: dict[int, str], chain: th.Chain) -> dict[int, int]:
    """Seat 1's true history as the chain writes one: each card that came to him unseen, with the turn it came
    (0: dealt); it must be exactly the chain's cards, his unknown ones now and those he played."""
    hidden = {th.INDEX[c] for c in e.hands[1] if c not in e.known[1]}
    truth = {th.INDEX[c]: 0 for c in first} | {th.INDEX[c]: j for j, c in drawn.items()}
    assert set(truth) == hidden | set(chain.played)
    return truth


def test_a_card_he_threw_and_took_back_came_to_him_unseen() -> None:
    """Seat 1 throws A♦, seat 0 takes it and throws it again later, and seat 1 takes it back to lay it off: the
    A♦ was his from the deal all the same, and his true history breaks no rule."""
    e = Treppenromme.new(2, seed=3, options={"dealer": 0}, deal={
        "hands": [["JD", "QD", "KD", "2C", "5S", "9H", "7C"], ["AD", "3C", "6S", "8H", "10C", "KS", "2H"]],
        "staircase": ["4H"], "talon": ["6D", "5C", "9S", "8C", "JC", "3S"]})
    first = list(e.hands[1])

    def easy_turn() -> list[str]:
        done = []
        while e.current == 1:
            done.append(choose(e, 1, level="easy"))
            e.apply(1, done[-1])
        return done

    for own, his in ((("draw", "discard 9H"), ["draw", "discard AD"]),
                     (("take 1", "meld JD QD KD", "discard 2C"), ["draw", "discard 10C"]),
                     (("draw", "discard AD"), ["take 1", "layoff AD 1", "discard KS"])):
        for action in own:
            e.apply(0, action)
        assert easy_turn() == his
    chain = chain_for(e, random.Random(0))
    assert chain.played[th.INDEX["AD"]] == 1
    chain.slot = true_slots(e, first, {1: "5C", 2: "9S"}, chain)
    assert chain.breaches() == 0
    assert len(th.draw_hands(chain.turns, e.unseen(0)[0][0], 6, 4, random.Random(1))) == 4


@pytest.mark.parametrize(("seat0", "deals", "seed", "at_draw", "least"),
                         [("easy", 40, 50_000, False, 300), ("strong", 3, 70_000, True, 10)])
def test_the_true_history_breaks_no_rule(seat0: str, deals: int, seed: int, at_draw: bool, least: int) -> None:
    """The reading's checks hold for what really happened, else the true world would be read as unlikely: between
    easy players, and against a strong seat 0, which takes deeper and throws what it took, so that seat 1 meets
    other staircases."""
    positions = 0
    for e, first, drawn in played_hands(deals, seed, seat0=seat0, at_draw=at_draw):
        chain = chain_for(e, random.Random(0))
        chain.slot = true_slots(e, first, drawn, chain)
        assert chain.breaches() == 0
        positions += 1
    assert positions > least


def test_a_wrong_history_breaks_the_rule_as_the_plain_count_says() -> None:
    """The checks say something (most histories of random hands break the rule somewhere), and the chain counts
    on bits what the plain count on cards does, also along the chain's own moves."""
    rng = random.Random(5)
    broken = []
    for e, _, _ in played_hands(10):
        chain = chain_for(e, rng)
        broken.append(chain.breaches() > 0)
        for k in range(30):
            assert chain.breaches() == chain.cost == plain_breaches(chain.turns, chain.slot)
            chain.step(0.5 if k % 2 else 0.01)
    assert sum(broken) > 0.6 * len(broken)


def test_the_chain_deals_his_unknown_cards_from_the_unseen_ones() -> None:
    for e, _, _ in played_hands(1):
        (cards, counts), = e.unseen(0)
        for hand in th.draw_hands(th.history_of(e.view(0), 0), cards, counts[1], 5, random.Random(1)):
            assert len(hand) == len(set(hand)) == len(e.hands[1]) - len(e.known[1])
            assert set(hand) <= set(cards)


def test_the_chain_puts_his_cards_in_his_hand_far_more_often_than_plain_worlds() -> None:
    read = plain = 0.0
    for n, (e, _, _) in enumerate(played_hands(3)):
        hidden = [c for c in e.hands[1] if c not in e.known[1]]
        (cards, counts), = e.unseen(0)
        got = th.draw_hands(th.history_of(e.view(0), 0), cards, counts[1], 16, random.Random(n))
        read += sum(c in h for h in got for c in hidden) / (16 * len(hidden))
        plain += counts[1] / len(cards)
    assert read > 1.8 * plain  # measured: about 2.4 times


def test_no_history_when_not_heads_up_or_after_a_rebuild() -> None:
    e = Treppenromme.new(3, seed=2)
    assert th.history_of(e.view(0), 0) is None
    v = Treppenromme.new(2, seed=2).view(0)
    assert th.history_of({**v, "rebuilt": True}, 0) is None


def test_inference_reads_a_told_easy_computer_by_its_history() -> None:
    """At a heads-up table against an easy computer the strong player's worlds come from the chains: dealt as the
    engine deals, and (nearly) always with a hand from which his last discard was the rule's throw, which plain
    worlds often lack."""
    kept = plain = n = 0
    for e, _, _ in played_hands(3):
        know = knowledge(e, 0, "strong", players=("strong", "easy"))
        last = [t for t in e.view(0)["log"] if t["seat"] == 1][-1]
        taken = last["took"].get("cards", [])
        forb = taken[0] if len(taken) == 1 else None

        def rule_kept(w: Treppenromme, last: dict = last, forb: str | None = forb) -> bool:
            return rule_throw(w.hands[1] + [last["discard"]], forb) == last["discard"]

        inferred = inferring(know, tries=4, floor=1e-4, worlds=6)
        rng = random.Random(n)
        for _ in range(6):
            w = inferred.sample(rng)
            cards = [c for h in w.hands for c in h] + w.talon + w.staircase + [c for m in w.melds for c in m.cards]
            assert sorted(cards) == sorted(DECK_52) and w.hands[0] == e.hands[0]
            assert set(e.known[1]) <= set(w.hands[1]) and len(w.hands[1]) == len(e.hands[1])
            kept += rule_kept(w)
            plain += rule_kept(know.sample(rng))
            n += 1
    assert kept > 0.9 * n and plain < 0.7 * n


def test_the_strong_player_reading_an_easy_computer_never_peeks() -> None:
    """The chains read only the seat's view: the strong choice is the same on the real engine and on worlds
    dealt anew from what seat 0 knows (the property test of test_treppenromme.py, on positions where the
    chains are used)."""
    told = ("strong", "easy")
    for n, (e, _, _) in enumerate(played_hands(8)):
        if n % 3:
            continue
        real = choose(e, 0, level="strong", seed=n, iterations=3, players=told)
        for j in range(2):
            assert choose(e.sample(0, random.Random(j)), 0, level="strong", seed=n, iterations=3, players=told) == real
