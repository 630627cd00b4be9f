"""Hands sorted the way players of each game hold them."""

from __future__ import annotations

from bot.render import sort_hand


def test_schieberamsch_jacks_first_then_suits_in_skat_order():
    hand = ["7C", "JH", "AC", "10C", "JC", "KS", "AH", "JD", "QC", "9D"]
    assert sort_hand("schieberamsch", hand) == ["JC", "JH", "JD", "AC", "10C", "QC", "7C", "AH", "KS", "9D"]


def test_rufmariasch_called_trump_first_and_no_permanent_trumps():
    hand = ["JC", "QC", "AS", "10H", "7H", "KD", "AH", "9S"]
    view = {"trump": "H"}
    # trump first, then the colours keep alternating (♣ ♦ ♠ after ♥); Ober above Unter
    assert sort_hand("rufmariasch", hand, view) == ["AH", "10H", "7H", "QC", "JC", "KD", "AS", "9S"]
    # before the call: plain suit order
    assert sort_hand("rufmariasch", hand)[:2] == ["QC", "JC"]


def test_schroeoem_rank_ten_high_jack_low():
    assert sort_hand("schroeoem", ["JH", "AH", "10H", "7H", "KH"]) == ["10H", "7H", "AH", "KH", "JH"]


def test_treppenromme_suits_rising():
    assert sort_hand("treppenromme", ["AS", "2S", "KS", "10C", "3C"]) == ["3C", "10C", "2S", "KS", "AS"]


def test_rank_games_sort_by_rank_along_their_sequence():
    assert sort_hand("repezita", ["KH", "2S#2", "AD", "2C"]) == ["AD", "2C", "2S#2", "KH"]
    assert sort_hand("schrum", ["7H", "AS", "KC"]) == ["AS", "7H", "KC"]
