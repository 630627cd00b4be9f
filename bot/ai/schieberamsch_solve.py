"""Exact endgames for Schieberamsch's strong player: the rest of a deal solved by alpha-beta over the trick play.

Every seat sees every card (the searcher's sampled world), and the value is the searcher's `utility` of the
finished deal. In a Grand Hand that is the real game, two against one: the searcher's side maximises it, the
other side minimises it. A Ramsch has no sides, and the search is *paranoid*: both other seats minimise the
searcher's result. That is close to what they want anyway (a Ramsch only scores its loser, so whoever is not
in danger himself is happy to see the searcher lose), it errs on the side of safety where it is not (a seat
that would have to take points itself to hurt the searcher), and unlike a search in which each seat
maximises its own result it is a two-sided game, so alpha-beta prunes.

The state is three hand masks, the trick and the points and tricks taken; trick starts are memoised (a
transposition table with bounds), and cards of a hand that no other card in play separates and that are
worth the same (a run of 9-8-7 or of Jacks) are tried once.
"""

from __future__ import annotations

from bot.games.schieberamsch import POINTS, Schieberamsch, grand_delta

from .schieberamsch_thumb import MASK, PTS, SUIT, WINS, ids

_NEXT = (1, 2, 0)
_INF = float("inf")


class Endgame:
    """The exact value of the rest of a deal of world `w` for `seat` (see the module docstring)."""

    __slots__ = ("ally", "grand", "kontra", "loser_skat", "matadors", "nodes", "pushes", "rekontra", "seat",
                 "skat_pts", "solo", "tt")

    def __init__(self, w: Schieberamsch, seat: int) -> None:
        self.seat = seat
        self.grand = w._mode == "grand"
        self.solo = w._solo
        self.skat_pts = sum(POINTS[c] for c in w._skat)
        self.pushes = w._pushes
        self.kontra = w._kontra is not None
        self.rekontra = w._rekontra is not None
        self.matadors = w._matadors[0] if w._matadors is not None else 0
        self.loser_skat = w.options["skat_to"] == "loser"
        if self.grand:
            self.ally = tuple((s == self.solo) == (seat == self.solo) for s in range(3))
        else:
            self.ally = tuple(s == seat for s in range(3))
        self.tt: dict[tuple, tuple[float, float]] = {}
        self.nodes = 0

    def value(self, w: Schieberamsch, card: int | None = None) -> float:
        """The value for the seat of world `w` (in the play phase of the deal this solver was made for), or
        of the world after the seat to move plays `card` (a card id): the memo serves every card alike."""
        hands = list(w._masks)
        trick = list(w._trick)
        leader = w._leader if w._leader is not None else w._turn
        assert leader is not None
        led = SUIT[trick[0]] if trick else -1
        points = list(w._points)
        flags = sum(1 << s for s in range(3) if w._tricks_won[s])
        if card is not None:
            turn = (leader + len(trick)) % 3
            hands[turn] ^= 1 << card
            trick.append(card)
            if len(trick) == 1:
                led = SUIT[card]
            elif len(trick) == 3:
                wl = WINS[led]
                a, b, c = trick
                va, vb, vc = wl[a], wl[b], wl[c]
                leader = (leader + (0 if va > vb and va > vc else (1 if vb > vc else 2))) % 3
                points[leader] += PTS[a] + PTS[b] + PTS[c]
                flags |= 1 << leader
                if not hands[0] | hands[1] | hands[2]:
                    return self.leaf(points, flags, leader)
                trick, led = [], -1
        return self._node(hands, trick, led, leader, points, flags, -_INF, _INF)

    # -- the search -----------------------------------------------------------------------------------

    def leaf(self, points: list[int], flags: int, last: int) -> float:
        """The seat's utility (`bot.ai.schieberamsch.utility`) of the deal ended with these trick points,
        the seats that took a trick (bit mask) and the winner of the last trick."""
        seat = self.seat
        if self.grand:
            solo = self.solo
            assert solo is not None
            solo_points = points[solo] + self.skat_pts
            solo_tricks = 0 if not flags >> solo & 1 else (10 if flags == 1 << solo else 1)
            delta = grand_delta(self.matadors, solo_points, solo_tricks, self.kontra, self.rekontra)
            margin = (solo_points - 60) / 100
            return -delta + margin if seat == solo else delta / 2 - margin
        pts = list(points)
        owner = last
        if self.loser_skat:
            hi = max(pts)
            owner = next(s for s in (last, _NEXT[last], _NEXT[_NEXT[last]]) if pts[s] == hi)
        pts[owner] += self.skat_pts
        # ramsch_scores (bot.games.schieberamsch) on the tricks as a bit mask of the seats that took one
        m = 1 << self.pushes
        if flags in (1, 2, 4):  # Durchmarsch
            raw = [-120 * m if flags >> s & 1 else 0 for s in range(3)]
        else:
            hi = max(pts[s] for s in range(3) if flags >> s & 1)
            f = 2 * m if flags != 7 else m  # Jungfrau: exactly one seat without a trick
            raw = [hi * f if flags >> s & 1 and pts[s] == hi else 0 for s in range(3)]
        return -(raw[seat] - (raw[0] + raw[1] + raw[2] - raw[seat]) / 2) / 10 - pts[seat] / 200

    def _node(self, hands: list[int], trick: list[int], led: int, leader: int, points: list[int], flags: int,
              alpha: float, beta: float) -> float:
        self.nodes += 1
        n = len(trick)
        key = None
        if not n:
            h0, h1, h2 = hands
            if h0 & (h0 - 1) == 0:  # the last trick: nothing left to choose
                a, b, c = (h0, h1, h2)[leader:] + (h0, h1, h2)[:leader]
                a, b, c = a.bit_length() - 1, b.bit_length() - 1, c.bit_length() - 1
                wl = WINS[SUIT[a]]
                va, vb, vc = wl[a], wl[b], wl[c]
                winner = (leader + (0 if va > vb and va > vc else (1 if vb > vc else 2))) % 3
                pts = list(points)
                pts[winner] += PTS[a] + PTS[b] + PTS[c]
                return self.leaf(pts, flags | 1 << winner, winner)
            key = (h0, h1, h2, leader, points[0], points[1], points[2], flags)
            hit = self.tt.get(key)
            if hit is not None:
                lo, hi = hit
                if lo >= beta or lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
                alpha, beta = max(alpha, lo), min(beta, hi)
        alpha0, beta0 = alpha, beta
        turn = (leader + n) % 3
        hand = hands[turn]
        if n:
            legal = hand & MASK[led] or hand
            busy = (hands[0] | hands[1] | hands[2]) & ~hand | 1 << trick[0]
            if n == 2:
                busy |= 1 << trick[1]
        else:
            legal = hand
            busy = (hands[0] | hands[1] | hands[2]) & ~hand
        moves = _moves(legal, busy)
        maximise = self.ally[turn]
        best = -_INF if maximise else _INF
        for k in moves:
            hands[turn] = hand ^ (1 << k)
            if n < 2:
                trick.append(k)
                v = self._node(hands, trick, SUIT[k] if not n else led, leader, points, flags, alpha, beta)
                trick.pop()
            else:
                wl = WINS[led]
                a, b = trick
                va, vb, vc = wl[a], wl[b], wl[k]
                winner = (leader + (0 if va > vb and va > vc else (1 if vb > vc else 2))) % 3
                pts = PTS[a] + PTS[b] + PTS[k]
                points[winner] += pts
                v = self._node(hands, [], -1, winner, points, flags | 1 << winner, alpha, beta)
                points[winner] -= pts
            if maximise:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            elif v < best:
                best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        hands[turn] = hand
        if key is not None:
            lo, hi = self.tt.get(key, (-_INF, _INF))
            if best <= alpha0:
                hi = min(hi, best)
            elif best >= beta0:
                lo = max(lo, best)
            else:
                lo = hi = best
            self.tt[key] = (lo, hi)
        return best


def _moves(legal: int, busy: int) -> list[int]:
    """The cards of `legal` worth trying: of cards of one suit worth the same points with no card of `busy`
    (held by another seat or lying in the trick) between them, only the highest."""
    out: list[int] = []
    prev = -1
    for k in ids(legal):
        if prev >= 0 and SUIT[k] == SUIT[prev] and PTS[k] == PTS[prev] and \
                not busy & ((1 << k) - (1 << (prev + 1))):
            prev = k
            continue
        out.append(k)
        prev = k
    return out


def solve(w: Schieberamsch, seat: int) -> float:
    """The exact value of the rest of the deal of world `w` (in its play phase) for `seat`."""
    return Endgame(w, seat).value(w)
