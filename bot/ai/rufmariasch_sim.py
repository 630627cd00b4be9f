"""A quick perfect-information Rufmariasch hand for the strong player's search.

A sampled world (an engine) becomes a `Hand`: hands as 32-bit masks, card `id = suit * 8 + strength` (so a
higher bit in a suit is a higher card), the sides known. On it run a playout policy that sees every hand
(`policy`), a sound policy that sees only what its seat may know (`own`), the rules of thumb of the easy
player, which see only that too (`thumb`), playouts to the end of the hand (`playout`: the searching seat by
`own`, leading by `own_lead`, the others by `thumb` if they are among `thumb_seats`, else by `own` with its
cautious lead; `thumb_playout`: everybody by `thumb`, which judges the call, see
`bot.ai.rufmariasch.strong_call`) and an exact alpha-beta over the last tricks (`solve`). Values are the
searching seat's money for the hand, as `settle` in the engine computes it.
Roughly twenty times quicker than playing the engine itself: no events, views or strings.
"""

from __future__ import annotations

from bot.games.cards import SUITS
from bot.games.rufmariasch import STRENGTH, TRICKS, Rufmariasch, target

from . import bitset
from .bitset import ids

CARD_ID: dict[str, int] = {c: SUITS.index(c[-1]) * 8 + s for c, s in STRENGTH.items()}
ID_CARD: dict[int, str] = {i: c for c, i in CARD_ID.items()}
SUIT_MASK = tuple(0xFF << (8 * s) for s in range(4))
POINTS = tuple(10 if i & 7 >= 6 else 0 for i in range(32))       # A and 10
KING, QUEEN = 5, 4
EVERY_SEAT = 0b1111  # `Hand.thumb_seats` for a playout in which every seat plays by the rules of thumb
VOID_RISK = 0.25   # `Hand.own` fears a trump from a seat at least this likely void in the led suit
# the order `policy` and `own` try cards in: cheapest first, trump or not (CHEAPNESS below knows the trump)
CHEAP = tuple((POINTS[i] * 8 + (i & 7)) * 4 + (i >> 3) for i in range(32))
# CHEAPNESS[trump][card]: the card a player gives up most lightly sorts first: fewest points, a side card before a
# trump, the lowest (the rules of thumb's low card, `own_lead`'s, and the search's choice among equal totals); a
# table, since the rules of thumb sort by it at every card of a playout
CHEAPNESS = tuple(tuple((POINTS[i], i >> 3 == t, i & 7) for i in range(32)) for t in range(4))


def mask(cards: list[str]) -> int:
    return bitset.mask(cards, CARD_ID)


def beats(c: int, w: int, trump: int) -> bool:
    """Does card `c` beat the trick's winning card `w`?"""
    cs, ws = c >> 3, w >> 3
    return (cs == ws and c > w) or (cs == trump and ws != trump)


class Hand:
    """One hand in play, every card known. `side[s]` is 1 for the callers, 0 for the defenders."""

    __slots__ = ("hands", "trump", "side", "alone", "must_head", "stake", "trick", "led", "win_seat",
                 "win_card", "turn", "trick_no", "points", "won", "announced", "married", "fh", "call_id",
                 "revealed", "thumb_seats", "lacks", "own_self")

    hands: list[int]
    trump: int
    side: tuple[int, ...]
    alone: bool
    must_head: bool
    stake: int
    trick: list[int]          # cards of the current trick, in order
    led: int
    win_seat: int
    win_card: int
    turn: int
    trick_no: int
    points: list[int]         # card points per side (0 defenders, 1 callers)
    won: list[int]            # tricks per side
    announced: list[int]      # marriage points announced per side
    married: list[int]        # per seat: suits announced (bit mask)
    fh: int                   # the caller
    call_id: int              # the called card's id
    revealed: bool            # has the called card been played or shown in a marriage (the sides are public)?
    thumb_seats: int          # in `playout`, the seats (a mask) that play by the rules of thumb (else by `own`)
    lacks: list[int]          # per seat: the cards it showed it lacks (public: a suit not followed, no trump)
    own_self: bool            # in `playout`, does the searching seat play by `own` (else by `policy`)?

    @classmethod
    def of(cls, w: Rufmariasch) -> Hand:
        """The hand of a world in play (its partner known: it is a sampled world)."""
        h = cls()
        h.hands = [mask(x) for x in w.hands]
        h.trump = SUITS.index(w.trump or "C")
        partner = w.partner_seat if w.partner_seat is not None else w.fh
        h.side = tuple(1 if s in (w.fh, partner) else 0 for s in range(4))
        h.alone = partner == w.fh
        h.must_head = w._must_head
        h.stake = w._stake
        h.fh, h.call_id, h.revealed = w.fh, CARD_ID[w.called] if w.called else -1, w.revealed
        h.thumb_seats = EVERY_SEAT
        h.lacks = [mask(list(x)) for x in w._lacks]
        h.own_self = False
        h.trick = [CARD_ID[c] for _, c in w.trick]
        h.turn = w.turn
        h.trick_no = w.trick_no
        h.led = h.trick[0] >> 3 if h.trick else -1
        h.win_seat, h.win_card = -1, -1
        for s, c in w.trick:
            i = CARD_ID[c]
            if h.win_card < 0 or beats(i, h.win_card, h.trump):
                h.win_seat, h.win_card = s, i
        h.points = [0, 0]
        h.won = [0, 0]
        for s in range(4):
            h.points[h.side[s]] += w.card_points[s]
            h.won[h.side[s]] += w.tricks_won[s]
        h.announced = [0, 0]
        h.married = [0, 0, 0, 0]
        for m in w.marriages:
            h.announced[h.side[m["seat"]]] += m["points"]
            h.married[m["seat"]] |= 1 << SUITS.index(m["suit"])
        return h

    @classmethod
    def called(cls, w: Rufmariasch, trump: str, card: str) -> Hand:
        """The hand a world still in the call phase becomes after `call trump card` (its second batch known)."""
        full = [list(w.hands[s]) + list(w._second[s]) for s in range(4)]
        h = cls()
        h.hands = [mask(x) for x in full]
        h.trump = SUITS.index(trump)
        partner = next(s for s in range(4) if card in full[s])
        h.side = tuple(1 if s in (w.fh, partner) else 0 for s in range(4))
        h.alone = partner == w.fh
        h.must_head = w._must_head
        h.stake = w._stake
        h.fh, h.call_id, h.revealed = w.fh, CARD_ID[card], False
        h.thumb_seats = EVERY_SEAT
        h.lacks, h.own_self = [0, 0, 0, 0], False
        h.trick, h.led, h.win_seat, h.win_card = [], -1, -1, -1
        h.turn, h.trick_no = w.fh, 1
        h.points, h.won, h.announced, h.married = [0, 0], [0, 0], [0, 0], [0, 0, 0, 0]
        return h

    def copy(self) -> Hand:
        h = type(self)()
        h.hands = list(self.hands)
        h.trump, h.side, h.alone, h.must_head, h.stake = (self.trump, self.side, self.alone, self.must_head,
                                                          self.stake)
        h.fh, h.call_id, h.revealed, h.thumb_seats = self.fh, self.call_id, self.revealed, self.thumb_seats
        h.lacks, h.own_self = list(self.lacks), self.own_self
        h.trick = list(self.trick)
        h.led, h.win_seat, h.win_card, h.turn, h.trick_no = (self.led, self.win_seat, self.win_card, self.turn,
                                                            self.trick_no)
        h.points, h.won, h.announced, h.married = (list(self.points), list(self.won), list(self.announced),
                                                   list(self.married))
        return h

    # -- rules ------------------------------------------------------------------------------------
    def legal(self) -> int:
        """The cards the player to act may play (a mask), as the engine's `_legal_cards`."""
        hand = self.hands[self.turn]
        if not self.trick:
            return hand
        led, trump, w = self.led, self.trump, self.win_card
        f = hand & SUIT_MASK[led]
        if f:
            if not self.must_head or (w >> 3 == trump and led != trump):
                return f
            return (f >> (w + 1) << (w + 1)) or f
        t = hand & SUIT_MASK[trump]
        if t:
            if self.must_head and w >> 3 == trump:
                return (t >> (w + 1) << (w + 1)) or t
            return t
        return hand

    def announce_all(self) -> None:
        """The player to act announces every marriage it holds (trick 1 only; always worth it)."""
        seat = self.turn
        hand = self.hands[seat]
        for s in range(4):
            if not self.married[seat] >> s & 1 and hand >> (8 * s + KING) & 1 and hand >> (8 * s + QUEEN) & 1:
                self.married[seat] |= 1 << s
                self.announced[self.side[seat]] += 40 if s == self.trump else 20
                if self.call_id in (8 * s + KING, 8 * s + QUEEN):  # the called card shown: the sides are public
                    self.revealed = True

    def play(self, c: int) -> None:
        seat = self.turn
        if self.trick_no == 1:
            self.announce_all()
        self.hands[seat] &= ~(1 << c)
        if c == self.call_id:
            self.revealed = True
        if not self.trick:
            self.led, self.win_seat, self.win_card = c >> 3, seat, c
        elif c >> 3 != self.led:
            self.lacks[seat] |= SUIT_MASK[self.led] if c >> 3 == self.trump else SUIT_MASK[self.led] | SUIT_MASK[
                self.trump]
            if beats(c, self.win_card, self.trump):
                self.win_seat, self.win_card = seat, c
        elif beats(c, self.win_card, self.trump):
            self.win_seat, self.win_card = seat, c
        self.trick.append(c)
        if len(self.trick) < 4:
            self.turn = (seat + 1) & 3
            return
        t = self.trick
        pts = POINTS[t[0]] + POINTS[t[1]] + POINTS[t[2]] + POINTS[t[3]]
        if self.trick_no == TRICKS:
            pts += 10
        side = self.side[self.win_seat]
        self.points[side] += pts
        self.won[side] += 1
        self.turn = self.win_seat
        self.trick = []
        self.trick_no += 1

    def done(self) -> bool:
        return self.trick_no > TRICKS

    def value(self, seat: int) -> int:
        """`seat`'s money for the finished hand (the engine's `settle`)."""
        ann_c, ann_d = self.announced[1], self.announced[0]
        callers = self.points[1] + (ann_c if self.won[1] else 0)
        defenders = self.points[0] + (ann_d if self.won[0] else 0)
        pay = abs(callers - defenders) * self.stake
        if callers < target(ann_c):
            pay = -pay
        if self.side[seat] == 0:
            return -pay
        return 3 * pay if self.alone else pay

    # -- playout policy -----------------------------------------------------------------------------
    def can_beat(self, seat: int, w: int) -> bool:
        """Could `seat`, still to play to this trick, beat the winning card `w`?"""
        hand, trump = self.hands[seat], self.trump
        f = hand & SUIT_MASK[self.led]
        if f:
            return w >> 3 == self.led and f >> (w + 1) != 0
        t = hand & SUIT_MASK[trump]
        if t:
            return w >> 3 != trump or t >> (w + 1) != 0
        return False

    def policy(self) -> int:
        """A sound card for the player to act, seeing every hand: take a trick it can keep, smear points on a
        partner's safe trick, otherwise give the cheapest card."""
        seat = self.turn
        legal = self.legal()
        if not legal & (legal - 1):
            return legal.bit_length() - 1
        my = self.side[seat]
        cards = sorted(ids(legal), key=CHEAP.__getitem__)
        if not self.trick:
            return self.lead(seat, cards)
        later = [(seat + k) & 3 for k in range(1, 4 - len(self.trick))]
        opps = [s for s in later if self.side[s] != my]
        w = self.win_card
        if self.side[self.win_seat] == my and not any(self.can_beat(s, w) for s in opps):
            return max(cards, key=lambda c: (POINTS[c], -(c & 7)))
        keep = [c for c in cards if beats(c, w, self.trump) and not any(self.can_beat(s, c) for s in opps)]
        if keep:
            return max(keep, key=lambda c: (POINTS[c], -(c & 7)))
        return cards[0]

    def lead(self, seat: int, cards: list[int]) -> int:
        """A card nobody against us can beat (richest first); else the cheapest card of a suit in which the
        partner holds such a card; else the cheapest card."""
        my = self.side[seat]
        opps = [s for s in range(4) if self.side[s] != my]
        mates = [s for s in range(4) if self.side[s] == my and s != seat]
        best = -1
        for c in cards:
            self.led = c >> 3
            if not any(self.can_beat(s, c) for s in opps):
                best = c
        if best < 0 and mates:
            partner = self.hands[mates[0]]
            for c in cards:
                suit = c >> 3
                top = partner & SUIT_MASK[suit]
                if top:
                    self.led = suit
                    t = top.bit_length() - 1
                    if not any(self.can_beat(s, t) for s in opps):
                        best = c
                        break
        self.led = -1
        return best if best >= 0 else cards[0]

    def playout(self, seat: int) -> int:
        """Play the hand to its end; `seat`'s money. `seat` plays by `own` (by `policy` unless `own_self`: the
        oracle, whose one world is the true deal), the others by the rules of thumb (`thumb`) if among
        `thumb_seats`, else by `own` with the cautious lead (`lead=False`): nobody at a table sees the others'
        cards. The others keep the cautious lead: with `own_lead` for them too the searcher gained as much
        against easy (+1.00 [-1.37, 3.37] stake per deal against +1.33 [-1.07, 3.73], 200 deals at 100 worlds,
        paired against the code before) but read a smear on the caller's trick less well (it gave the A♦ to the
        likely partner in 10 of 12 seeds of the test of that)."""
        thumb_seats, own_self = self.thumb_seats, self.own_self
        while self.trick_no <= TRICKS:
            if self.turn == seat:
                self.play(self.own() if own_self else self.policy())
            else:
                self.play(self.thumb() if thumb_seats >> self.turn & 1 else self.own(lead=False))
        return self.value(seat)

    # -- the searching seat's own later cards, from what it may know -----------------------------------
    def own(self, lead: bool = True) -> int:
        """`policy` for a player who sees only its own cards, the public play and the sides as far as its seat
        knows them: a card is safe when no seat that may be against it might beat it (`may_beat`). The
        searching seat plays its later cards so in the playouts: by `policy` it would time its Aces as if it
        saw every hand, which makes a low lead look as good as cashing the Ace (strategy fusion). It leads by
        `own_lead`; with `lead=False` (the others' lead in `playout`) cautiously: the richest card nobody who
        may be against it might beat, else the cheapest card."""
        seat = self.turn
        legal = self.legal()
        if not legal & (legal - 1):
            return legal.bit_length() - 1
        if not self.trick and lead:
            return self.own_lead(legal)
        cards = sorted(ids(legal), key=CHEAP.__getitem__)
        mates = self.known_mates(seat)
        unseen = (self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]) & ~self.hands[seat]
        if not self.trick:
            opps = [s for s in range(4) if s != seat and s not in mates]
            best = -1
            for c in cards:
                self.led = c >> 3
                if not any(self.may_beat(s, c, unseen) for s in opps):
                    best = c
            self.led = -1
            return best if best >= 0 else cards[0]
        later = [(seat + k) & 3 for k in range(1, 4 - len(self.trick))]
        opps = [s for s in later if s not in mates]
        w = self.win_card
        if self.win_seat in mates and not any(self.may_beat(s, w, unseen) for s in opps):
            return max(cards, key=lambda c: (POINTS[c], -(c & 7)))
        keep = [c for c in cards if beats(c, w, self.trump) and not any(self.may_beat(s, c, unseen) for s in opps)]
        if keep:
            return max(keep, key=lambda c: (POINTS[c], -(c & 7)))
        return cards[0]

    def own_lead(self, legal: int) -> int:
        """`own`'s lead, the playouts' model of the searching seat's later leads: a side Ace, else the cheapest
        card (fewest points, a side card before a trump, the lowest). The cautious lead it replaces (the richest
        card nobody might beat: mostly a top trump, which draws the partner's trumps and the caller's own
        strength) played far worse: one seat by `own` among three by the rules of thumb, over 2,000 random deals
        called by the easy rule, earned as caller +3.6 stake per deal with it and +24.2 with this lead (the
        rules of thumb themselves +20.9 over 1,000 deals), as partner or defender 1.6 to 2.3 less. With this
        lead the search expects of its own later leads what it would do; on 200 benchmark deals (100 worlds, no
        deadline) strong gained +1.33 [-1.07, 3.73] stake per deal over easy, paired against the code before,
        and +2.07 [-0.54, 4.68] on 100 deals of seed 2 (both: +1.58 [-0.24, 3.39] over 75 rounds)."""
        trump = self.trump
        for s in range(4):
            if s != trump and legal >> (8 * s + 7) & 1:
                return 8 * s + 7
        return min(ids(legal), key=CHEAPNESS[trump].__getitem__)

    def may_beat(self, s: int, c: int, unseen: int) -> bool:
        """Might seat `s`, still to play to this trick, beat `c`, as far as a seat that sees only its own cards
        can tell? It may hold a higher card of the led suit (any the others hold that `s` has not shown it
        lacks), or a beating trump when it is void in the led suit: shown, or at least `VOID_RISK` likely for
        `s`'s number of cards drawn from those it may hold."""
        avail = unseen & ~self.lacks[s]
        led, trump = self.led, self.trump
        f = avail & SUIT_MASK[led]
        if c >> 3 == led and f >> (c + 1):
            return True
        if led == trump:
            return False
        t = avail & SUIT_MASK[trump]
        if c >> 3 == trump:
            t >>= c + 1
        if not t:
            return False
        if not f:
            return True
        pool, u = avail.bit_count(), f.bit_count()
        p = 1.0
        for i in range(self.hands[s].bit_count()):
            if pool - u - i <= 0:
                return False
            p *= (pool - u - i) / (pool - i)
        return p >= VOID_RISK

    # -- the rules of thumb (the easy player's `easy_card`), from what the seat to act may know ----------
    def known_mates(self, seat: int) -> list[int]:
        """The seats `seat` knows to play with it: everybody's once the called card is out, before that only
        the partner's (who holds the called card) and a caller's who holds it himself."""
        if not (self.revealed or (self.side[seat] and (seat != self.fh or self.alone))):
            return []
        return [s for s in range(4) if s != seat and self.side[s] == self.side[seat]]

    def thumb(self) -> int:
        """The easy player's card (`bot.ai.rufmariasch.easy_card`) for the player to act: it sees its own
        hand, the trick and the sides only as far as its seat knows them."""
        seat = self.turn
        legal = self.legal()
        if not legal & (legal - 1):
            return legal.bit_length() - 1
        trump = self.trump
        cards = ids(legal)
        low = min(cards, key=CHEAPNESS[trump].__getitem__)
        if not self.trick:
            for c in cards:
                if c & 7 == 7 and c >> 3 != trump:
                    return c
            trumps = [c for c in cards if c >> 3 == trump]
            return trumps[-1] if len(trumps) >= 3 else low
        last = len(self.trick) == 3
        w = self.win_card
        if self.win_seat in self.known_mates(seat) and (last or w & 7 == 7 or w >> 3 == trump):
            return max(cards, key=lambda c: (POINTS[c], -(c & 7)))
        winners = [c for c in cards if beats(c, w, trump)]
        if winners:
            if last:
                return max(winners, key=lambda c: (POINTS[c], -(c & 7)))
            top = [c for c in winners if c & 7 == 7 or (c >> 3 == trump and self.led != trump)]
            if top:
                return min(top, key=lambda c: (c >> 3 == trump, c & 7))
        return low

    def thumb_playout(self, seat: int) -> int:
        """Play the hand to its end with the rules of thumb for everybody; `seat`'s money."""
        while self.trick_no <= TRICKS:
            self.play(self.thumb())
        return self.value(seat)


def solve(h: Hand, seat: int, alpha: float = -1e9, beta: float = 1e9) -> int:
    """Exact value for `seat` of the rest of the hand (alpha-beta, both sides seeing every card); for the last
    few tricks only: the tree grows as (cards per hand)! to the fourth."""
    if h.trick_no > TRICKS:
        return h.value(seat)
    maximize = h.side[h.turn] == h.side[seat]
    legal = h.legal()
    first = h.policy()
    order = [first] + [c for c in ids(legal) if c != first]
    best = -10**9 if maximize else 10**9
    for c in order:
        child = h.copy()
        child.play(c)
        v = solve(child, seat, alpha, beta)
        if maximize:
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
        else:
            if v < best:
                best = v
                if v < beta:
                    beta = v
        if alpha >= beta:
            break
    return best
