"""A brute-force reference for the perft vectors in ../perft/*.perft.

Written from the rules specification (docs/rules.md, sections 2 to 9; relay
sowing and passing from sections 3 and 7 as they stand) alone, not
from the engine's code, so that its counts are an independent check of the
engine's move generator. It is slow and plain on purpose: lists, no
precomputed tables, one function per rule.

Usage:
    python3 perft.py PRESET "POSITION" DEPTH...       perft of one position
    python3 perft.py --game PRESET "POSITION" DEPTH... the same, counting games
                                                       (repetition ends them)
    python3 perft.py --check FILE...                   recompute every count
                                                       in perft files

PRESET is a preset name or a rule file under rules/ (`cross-wari.toml`),
optionally followed by `name=value` changes, in one argument (`"kalah
players=3"`); POSITION is the one-line notation of `Setup`
(`4,4,4,4,4,4:0 4,4,4,4,4,4:0 to=0 ply=0`). With --stats each count is
followed by how many laps, captures, extra turns, grand slams, forced feeds,
unfed ends, swaps, repetitions, relay lifts (and stores lifted), moves
stopped by the relay limit, passes, tuzdyks made and last seeds in a tuzdyk
the counted tree holds.
"""

import sys
import tomllib
from collections import Counter
from dataclasses import dataclass, field, fields, replace
from pathlib import Path


@dataclass(frozen=True)
class Rules:
    """The rule dimensions of docs/rules.md section 3 to 7, defaults of section 9."""

    players: int = 2
    houses: int = 6
    seeds: int = 4
    # Seeds of each house at the start, house 1 first, the same for every
    # side; empty: `seeds` in every house (section 2).
    layout: tuple = ()
    # A start dealt at random from this seed, each side its own; 0: none
    # (section 1, "A dealt start").
    layout_seed: int = 0
    stores_sown: str = "own"  # none | own | all
    origin: str = "include"  # include | skip | first | first_unless_single
    extra_turn: str = "own_store"  # none | own_store | any_store
    first_move_extra_turn: bool = True
    min_seeds: int = 1
    must_feed: bool = False
    # The seeds an unfed ending hands out are no part of a count: `end`
    # (the leftover rule) ends the game as the other two do (section 4).
    unfed: str = "any_move"  # any_move | end_to_mover | end_to_starving | end
    grand_slam: str = "allowed"  # allowed | no_capture | forbidden | leave_first
    capture: str = "opposite"  # none | opposite | count | next | gap | match
    capture_from: str = "next"  # next | opposite | all
    capture_empty_opposite: bool = False
    # Opposite capture: the last seed stays in its house (section 5).
    capture_leaves_seed: bool = False
    capture_counts: frozenset = frozenset()
    # opponent_first: the first house on the opponent's side, the rest of
    # a chain on either side (section 5).
    capture_side: str = "opponent"  # opponent | own | any | opponent_first
    chain: bool = False
    # With chain: the most houses one capture takes, the first included
    # (beyond a gap, for the gap capture); 0: no limit (section 5).
    chain_limit: int = 0
    gap_opposite: bool = False
    sow_capture_counts: frozenset = frozenset()
    sow_capture_by: str = "owner"  # owner | sower | sower_own
    # The last seed of each leg takes its house too (section 5).
    sow_capture_last: bool = False
    capture_extra_turn: bool = False
    # The most extra moves captures earn in one turn; 0: no limit (section 5).
    capture_extra_turn_limit: int = 0
    # False: a move from a house of one seed captures nothing with its
    # last seed, nor makes a tuzdyk (section 5).
    single_seed_captures: bool = True
    no_capture_moves: int = 0
    tuzdyk: bool = False
    tuzdyk_count: int = 3
    end: frozenset = frozenset({"any_side_empty"})
    # The game ends after a move that leaves this many seeds or fewer in
    # the houses; 0: never (section 7).
    end_seeds: int = 0
    pie_rule: bool = False
    direction: str = "ccw"  # ccw | cw | parity | split | opposed
    # Houses (numbers from 1, the same on every side) whose direction the
    # mover chooses: moves "3cw" and "3ccw" (section 3).
    direction_choice: frozenset = frozenset()
    relay: str = "none"  # none | last | next
    relay_on: str = "any"  # any | own | opponent
    relay_limit: int = 64
    capture_ends_relay: bool = False
    no_move: str = "end"  # end | pass
    # A capture as a house is lifted (section 5): none | first_seed |
    # single_opposite.
    capture_before_sowing: str = "none"
    # A last seed in another player's store that earns no extra move
    # takes that store's seeds (section 5).
    capture_opponent_store: bool = False
    # A relay lifts a house only when it then holds one of these counts,
    # the last seed included under `last`; empty: any count (section 3).
    relay_counts: frozenset = frozenset()
    # A relay leg's landing captures before the sowing goes on (section
    # 3): none | relay (a landing that relays captures first) | next (a
    # landing that captures goes on from the house after it).
    lap_capture: str = "none"
    # A house of at most `houses` seeds is played only when its first
    # leg's last seed does not fall into an own house that held seeds
    # (section 4).
    reach_opponent: bool = False
    # A house of a single seed is played only when the cup it falls into
    # is empty (section 4).
    single_to_empty: bool = False
    # The opponent's tuzdyk bars the house across the board from it rather
    # than the house with its number (section 5; Toguz Xorgol).
    tuzdyk_across: bool = False
    # Children (section 5, Krur): a last seed bringing an opponent's house
    # to `child_count` makes it the mover's, any number a game; with
    # `child_skip` a sowing passes over the opponent's children.
    children: bool = False
    child_count: int = 4
    child_skip: bool = False
    # A house capacity (section 3, Urim): a sowing passes over a house
    # holding this many seeds or more; 0 for none.
    capacity: int = 0
    # The game's first move (section 4): any | last_house (from the
    # mover's house `houses` only; Sadeqa IV).
    first_move: str = "any"
    # Under relay = next (section 3): the mover's own store as the cup
    # after a leg's last seed is lifted when it holds seeds (CrossCapt Eight).
    relay_store: bool = False
    # A last seed in an empty house of the opponent's gives the mover's
    # store to the opponent's (section 5, SimpleCapt PCapt; two players).
    pass_store: bool = False
    # No move straight back (section 4, Alemungula): a lone seed sown
    # across the end of a split row may not be moved on the opponent's
    # next turn.
    no_undo: bool = False
    # No sides (section 4, NoSides, Eson Xorgol): either player moves any
    # house; the opponent's house n is the mover's move houses + n.
    no_sides: bool = False
    # Under capture = gap (section 5, Eson Xorgol): only a last seed in a
    # house that held seeds captures.
    gap_occupied: bool = False
    # What a child is (section 5): store (its seeds go to its owner's
    # store) | weg (Qelat II: made on either side, it keeps its seeds,
    # nobody moves it, an opponent's last seed in it takes 2, or 1).
    child_kind: str = "store"


KALAH = Rules()

# docs/rules.md section 9, row by row.
PRESETS = {
    "kalah": KALAH,
    "oware": Rules(
        stores_sown="none",
        origin="skip",
        extra_turn="none",
        must_feed=True,
        unfed="end_to_mover",
        grand_slam="no_capture",
        capture="count",
        capture_counts=frozenset({2, 3}),
        capture_side="opponent",
        chain=True,
        end=frozenset({"majority", "repetition"}),
    ),
    "modiar": Rules(
        houses=3,
        seeds=7,
        stores_sown="none",
        origin="first",
        extra_turn="none",
        min_seeds=2,
        must_feed=True,
        unfed="any_move",
        grand_slam="forbidden",
        capture="count",
        capture_counts=frozenset({2, 4, 6}),
        capture_side="any",
        chain=True,
        no_capture_moves=1,
        end=frozenset({"no_legal_move", "majority"}),
    ),
    "al-manqala": Rules(
        houses=7,
        seeds=7,
        stores_sown="none",
        origin="include",
        extra_turn="none",
        must_feed=True,
        unfed="end_to_starving",
        grand_slam="allowed",
        capture="count",
        capture_counts=frozenset({2, 4}),
        capture_side="any",
        chain=True,
        end=frozenset({"majority", "repetition"}),
    ),
    "mancala-basic": Rules(
        stores_sown="all",
        extra_turn="any_store",
        capture="none",
        end=frozenset({"empty_first"}),
    ),
    "mankalah": replace(KALAH, houses=7, seeds=7, pie_rule=True, first_move_extra_turn=False),
    "toguz-kumalak": Rules(
        houses=9,
        seeds=9,
        stores_sown="none",
        origin="first_unless_single",
        extra_turn="none",
        capture="count",
        capture_counts=frozenset(range(2, 163, 2)),
        capture_side="opponent",
        tuzdyk=True,
        tuzdyk_count=3,
        end=frozenset({"no_legal_move", "majority", "repetition"}),
    ),
}

# docs/games.md, the rule file of each game.
PRESETS["wari"] = replace(PRESETS["oware"], grand_slam="allowed")
PRESETS["songo"] = Rules(
    houses=7,
    seeds=5,
    stores_sown="none",
    origin="skip",
    extra_turn="none",
    direction="cw",
    must_feed=True,
    unfed="any_move",
    grand_slam="allowed",
    capture="count",
    capture_counts=frozenset({2, 4}),
    capture_side="opponent",
    chain=True,
    end=frozenset({"no_legal_move", "majority", "repetition"}),
)
PRESETS["cross-kalah"] = replace(KALAH, direction="parity")


# Where the seeds left at the end go: the reference generates moves and
# never ends a game by handing seeds out, so these dimensions are read and
# left aside (`end_seeds_to`, section 7, says who takes the few seeds left
# when `end_seeds` ends the game, the mover or the round's starter: it ends
# the same way whoever takes them).
ENDGAME_ONLY = {"leftover", "cycle_leftover", "end_seeds_to"}
# A match in rounds (section 8a): a count is of one round, its first, so
# these dimensions are read and left aside too (`territory_rest`, who owns
# the house a round's winner fills in part, and `lot_seed`, the lot that
# may draw it, change no first round).
ROUNDS_ONLY = {"rounds", "round_fill", "round_starter", "match_houses", "round_limit",
               "territory_rest", "lot_seed"}


def load_rule_file(path):
    """A rule file (docs/rules.md section 15): the `preset` it names, then
    each dimension it sets; lists become sets where the rules take sets."""
    table = tomllib.loads(Path(path).read_text())
    rules = PRESETS[table.pop("preset", "kalah")]
    known = {f.name for f in fields(Rules)}
    for key, value in table.items():
        if key in ENDGAME_ONLY or key in ROUNDS_ONLY:
            continue
        assert key in known, f"{path}: the reference does not know {key}"
        if key == "layout":
            value = tuple(value)
        elif isinstance(value, list):
            value = frozenset(value)
        rules = replace(rules, **{key: value})
    return rules


# The traditional games of docs/games.md, from their rule files under
# rules/ (written from the games' sources, not from the engine).
RULE_FILES = Path(__file__).resolve().parents[2] / "rules"
for game in ("bohnenspiel", "ayoayo", "endodoi", "dakon", "ohvalhu", "congkak",
             "vai-lung-thlan", "longbeu-a-cha", "pallanguzhi", "pandi", "halusa", "ot-tjin"):
    PRESETS[game] = load_rule_file(RULE_FILES / f"{game}.toml")


def parse_rules(spec):
    """`preset [name=value...]`: a preset (or `NAME.toml`, a rule file
    under rules/) with some dimensions changed (lists comma-separated:
    `end=majority,repetition`)."""
    name, *changes = spec.split()
    # `NAME.toml`: a rule file under rules/ instead of a preset.
    rules = load_rule_file(RULE_FILES / name) if name.endswith(".toml") else PRESETS[name]
    for change in changes:
        key, value = change.split("=")
        if key in ENDGAME_ONLY or key in ROUNDS_ONLY:
            continue
        if key in ("players", "houses", "seeds", "min_seeds", "no_capture_moves", "relay_limit",
                   "tuzdyk_count", "capture_extra_turn_limit", "layout_seed", "end_seeds",
                   "chain_limit", "child_count", "capacity"):
            rules = replace(rules, **{key: int(value)})
        elif key in ("first_move_extra_turn", "must_feed", "chain", "pie_rule",
                     "capture_empty_opposite", "gap_opposite", "capture_extra_turn", "tuzdyk",
                     "capture_ends_relay", "capture_leaves_seed", "single_seed_captures",
                     "sow_capture_last", "capture_opponent_store",
                     "reach_opponent", "single_to_empty", "tuzdyk_across",
                     "children", "child_skip", "relay_store", "pass_store", "no_undo",
                     "no_sides", "gap_occupied"):
            rules = replace(rules, **{key: value == "true"})
        elif key == "end":
            rules = replace(rules, end=frozenset(value.split(",")))
        elif key == "layout":
            rules = replace(rules, layout=tuple(int(c) for c in value.split(",") if c))
        elif key in ("capture_counts", "sow_capture_counts", "direction_choice", "relay_counts"):
            counts = frozenset(int(c) for c in value.split(",") if c)
            rules = replace(rules, **{key: counts})
        else:
            rules = replace(rules, **{key: value})
    return rules


@dataclass
class State:
    """A position: houses[side][k] with k = 0 for house 1, stores by side."""

    houses: list
    stores: list
    to_move: int = 0
    ply: int = 0
    pie: str = "pending"
    over: bool = False
    # Per side: 0, or the number of the opponent's house that is its
    # tuzdyk (docs/rules.md section 5).
    tuzdyk: list = field(default_factory=lambda: [0, 0])
    # Per side, under `children`: the 0-based numbers of the opponent's
    # houses that are its children.
    children: list = field(default_factory=lambda: [set(), set()])
    # Extra moves that captures earned the side to move in this turn
    # (`capture_extra_turn_limit`, section 5).
    capture_turns: int = 0
    # Under `no_undo`: the house (from 1) of the side to move that it may
    # not move now (section 4); 0 for none.
    barred: int = 0
    # Positions seen so far in the game (only for --game): their keys
    # (docs/rules.md sections 7 and 13, `repetition`).
    seen: set = field(default_factory=set)
    # Under `child_kind = weg`: each weg's cup and its owner (section 5).
    wegs: dict = field(default_factory=dict)

    def copy(self):
        return State([list(h) for h in self.houses], list(self.stores), self.to_move,
                     self.ply, self.pie, self.over, list(self.tuzdyk),
                     [set(c) for c in self.children], self.capture_turns, self.barred,
                     self.seen, dict(self.wegs))

    def key(self):
        # Section 13, "Repetition": the pie-rule state counts too (a swap
        # leaves the board and the side to move as they were).
        return (tuple(map(tuple, self.houses)), tuple(self.stores), self.to_move,
                self.pie, tuple(self.tuzdyk), self.capture_turns,
                tuple(frozenset(c) for c in self.children), self.barred,
                tuple(sorted(self.wegs.items())))

    def tuzdyk_owner(self, cup):
        """The side whose tuzdyk `cup` is, or None."""
        for owner, number in enumerate(self.tuzdyk):
            if number and cup == ("h", 1 - owner, number - 1):
                return owner
        return self.child_owner(cup)

    def child_owner(self, cup):
        """The side whose child `cup` is (`children`), or None."""
        for owner, houses in enumerate(self.children):
            if cup[0] == "h" and cup[1] == 1 - owner and cup[2] in houses:
                return owner
        return None


def parse_position(text, rules=None):
    sides, fields = [], {}
    for token in text.split():
        if "=" in token:
            key, value = token.split("=")
            fields[key] = value
        else:
            houses, store = token.split(":")
            sides.append(([int(x) for x in houses.split(",")], int(store)))
    for key in fields:
        assert key in ("to", "ply", "pie", "tuzdyk", "capture_turns", "children", "barred",
                       "own_children"), \
            f"the reference does not know {key}="
    tuzdyk = [int(x) for x in fields.get("tuzdyk", "0,0").split(",")]
    # `children=A,B`: per side, house n of the opponent's as bit n - 1.
    masks = [int(x) for x in fields.get("children", "0,0").split(",")]
    children = [{k for k in range(8) if m >> k & 1} for m in masks]
    s = State([h for h, _ in sides], [s for _, s in sides], int(fields.get("to", 0)),
              int(fields.get("ply", 0)), fields.get("pie", "pending"), tuzdyk=tuzdyk,
              capture_turns=int(fields.get("capture_turns", 0)), children=children,
              barred=int(fields.get("barred", 0)))
    if rules is not None and rules.child_kind == "weg":
        s.wegs = read_wegs(children, fields.get("own_children", "0,0"))
        s.children = [set(), set()]
    return s


def read_wegs(children, own_text):
    """The wegs of `children=A,B` (the opponent's houses, per side) and
    `own_children=A,B` (the side's own houses) as {cup: owner}."""
    own = [int(x) for x in own_text.split(",")]
    wegs = {("h", 1 - side, k): side for side in range(2) for k in children[side]}
    wegs.update({("h", side, k): side for side in range(2) for k in range(8) if own[side] >> k & 1})
    return wegs


def write_wegs(s):
    """`children=A,B own_children=A,B` for the wegs, as the engine writes them."""
    opp, own = [0, 0], [0, 0]
    for (_, side, k), owner in s.wegs.items():
        if side == owner:
            own[owner] |= 1 << k
        else:
            opp[owner] |= 1 << k
    text = f" children={opp[0]},{opp[1]}" if any(opp) else ""
    return text + (f" own_children={own[0]},{own[1]}" if any(own) else "")


def write_position(rules, s):
    sides = " ".join(",".join(map(str, h)) + f":{st}" for h, st in zip(s.houses, s.stores))
    pie = f" pie={s.pie}" if rules.pie_rule and s.pie != "pending" else ""
    tuzdyk = f" tuzdyk={s.tuzdyk[0]},{s.tuzdyk[1]}" if any(s.tuzdyk) else ""
    masks = [sum(1 << k for k in c) for c in s.children]
    children = f" children={masks[0]},{masks[1]}" if any(masks) else ""
    turns = f" capture_turns={s.capture_turns}" if s.capture_turns else ""
    barred = f" barred={s.barred}" if s.barred else ""
    children += write_wegs(s)
    return f"{sides} to={s.to_move} ply={s.ply}{pie}{tuzdyk}{children}{turns}{barred}"


# --- Sowing (section 3) ----------------------------------------------------

def track(rules, mover):
    """The cups in sowing order from seat 0's house 1: ("h", side, k) or ("s", side).

    Stores the mover does not sow into are left out: other seats' stores
    under `own`, every store under `none`.
    """
    cups = []
    for side in range(rules.players):
        cups += [("h", side, k) for k in range(rules.houses)]
        if rules.stores_sown == "all" or (rules.stores_sown == "own" and side == mover):
            cups.append(("s", side))
    return cups


def add(s, cup, n=1):
    owner = s.tuzdyk_owner(cup)
    if owner is not None:
        # A seed sown into a tuzdyk goes to its owner's store as it falls.
        s.stores[owner] += n
    elif cup[0] == "h":
        s.houses[cup[1]][cup[2]] += n
    else:
        s.stores[cup[1]] += n


def count(s, cup):
    return s.houses[cup[1]][cup[2]] if cup[0] == "h" else s.stores[cup[1]]


def clockwise(rules, hand, way=None):
    """Section 3, `direction`: whether a sowing goes backwards along the
    track. Under `parity` an odd count goes clockwise, that is backwards.
    A `cw` board is the mirror image of a `ccw` one, numbered in sowing
    order, so its track is walked forwards like `ccw`'s. `way` is what
    the move itself says: "back" (a split row's first half, or a chosen
    direction against the board's) or "on"; None lets `parity` decide."""
    if way is not None:
        return way == "back"
    return rules.direction == "parity" and hand % 2 == 1


def ways(rules, k, mover):
    """The moves of house k (0-based) of side `mover`: [(name, way)],
    `way` as `clockwise` takes it. A house of `direction_choice` gives
    two, the mover naming the direction as seen on the board (clockwise
    goes back along the track of a `ccw` board, on along a `cw` one's);
    under `split` the first half of a row goes back; under `opposed`
    side 1 sows clockwise, back along the track (section 3)."""
    if k + 1 in rules.direction_choice:
        cw_way = "on" if rules.direction == "cw" else "back"
        ccw_way = "back" if rules.direction == "cw" else "on"
        return [(f"{k + 1}ccw", ccw_way), (f"{k + 1}cw", cw_way)]
    if rules.direction == "split":
        return [(str(k + 1), "back" if k + 1 <= rules.houses // 2 else "on")]
    if rules.direction == "opposed":
        return [(str(k + 1), "back" if mover == 1 else "on")]
    return [(str(k + 1), None)]


def sow_capture(rules, s, mover, cup, stats):
    """Section 5, captures while sowing: a seed (not the move's last) has
    just made this cup hold its count."""
    if cup[0] != "h" or count(s, cup) not in rules.sow_capture_counts:
        return
    if s.ply < rules.no_capture_moves:
        return
    if rules.sow_capture_by == "sower_own" and cup[1] != mover:
        return  # another player's house stays (Adi II); a first round's houses are their row's
    to = mover if rules.sow_capture_by in ("sower", "sower_own") else cup[1]
    s.stores[to] += count(s, cup)
    s.houses[cup[1]][cup[2]] = 0
    stats["sowing_captures"] += 1


def lift(s, cup):
    """Empties a house (or a store, under `relay_store`); returns the
    seeds it held."""
    seeds = count(s, cup)
    if cup[0] == "s":
        s.stores[cup[1]] = 0
    else:
        s.houses[cup[1]][cup[2]] = 0
    return seeds


def sow_leg(rules, s, mover, origin, stats, way=None):
    """Lifts the house `origin` and sows its seeds along the mover's track
    (backwards for a clockwise parity sowing), `origin` being this leg's
    origin; every seed but the leg's last may take a house while sowing
    (section 5). Returns the cup of the last seed."""
    cups = track(rules, mover)
    i = cups.index(origin)
    hand = lift(s, origin)
    lifted = hand
    step = -1 if clockwise(rules, hand, way) else 1
    if step < 0:
        stats["clockwise"] += 1
    hand = capture_before_sowing(rules, s, mover, origin, hand, stats)
    last = origin
    if rules.origin == "first" or (rules.origin == "first_unless_single" and lifted > 1):
        add(s, origin)
        hand -= 1
        if hand > 0 or rules.sow_capture_last:
            sow_capture(rules, s, mover, origin, stats)
    elif rules.origin == "first_unless_single":
        stats["lone_seeds_moved_on"] += 1
    passed_origin = False
    while hand > 0:
        i = (i + step) % len(cups)
        cup = cups[i]
        if cup == origin:
            passed_origin = True
            if rules.origin == "skip":
                continue
        if rules.child_skip and s.child_owner(cup) == 1 - mover:
            stats["opponents_children_passed"] += 1
            continue
        if rules.capacity and cup[0] == "h" and count(s, cup) >= rules.capacity:
            stats["full_houses_passed"] += 1
            continue
        add(s, cup)
        hand -= 1
        last = cup
        if hand > 0 or rules.sow_capture_last:
            sow_capture(rules, s, mover, cup, stats)
    if passed_origin:
        stats["laps"] += 1
    return last


def capture_before_sowing(rules, s, mover, origin, hand, stats):
    """Section 5, `capture_before_sowing`: the mover has just lifted
    `hand` seeds from `origin` (each leg's lift under relay sowing).
    `first_seed`: one of them goes to the mover's store; `single_opposite`:
    a lone seed first takes the house across from `origin`. Not in the
    first `no_capture_moves` sowings. Returns the seeds left to sow."""
    if rules.capture_before_sowing == "none" or s.ply < rules.no_capture_moves:
        return hand
    if rules.capture_before_sowing == "first_seed":
        s.stores[mover] += 1
        stats["first_seeds_stored"] += 1
        return hand - 1
    across = ("h", 1 - origin[1], rules.houses - 1 - origin[2])
    if hand == 1 and count(s, across) > 0:
        s.stores[mover] += lift(s, across)
        stats["captures_before_sowing"] += 1
    return hand


def relay_house(rules, s, mover, last, way=None):
    """The house a sowing whose last seed fell in `last` goes on from, or
    None (section 3, relay sowing). Under `next` the cup after `last` is
    the next one the move's way (`way`, as `clockwise` takes it: every
    leg goes the way of the move, issue 30)."""
    if rules.relay == "none" or last[0] == "s":
        return None
    if rules.relay == "last":
        cup = last
        if count(s, cup) < 2:  # it was empty before the last seed
            return None
    else:
        cups = track(rules, mover)
        step = -1 if way == "back" else 1
        cup = cups[(cups.index(last) + step) % len(cups)]
        if count(s, cup) == 0:
            return None
        if cup[0] == "s":
            # `relay_store`: the mover's own store is lifted too, whatever
            # `relay_on` says (its count still asked of `relay_counts`).
            if not (rules.relay_store and cup[1] == mover):
                return None
            if rules.relay_counts and count(s, cup) not in rules.relay_counts:
                return None
            return cup
    if rules.relay_on == "own" and cup[1] != mover:
        return None
    if rules.relay_on == "opponent" and cup[1] == mover:
        return None
    if rules.relay_counts and count(s, cup) not in rules.relay_counts:
        return None
    return cup


def lap_capture(rules, s, mover, last, hand, way, stats):
    """Section 3, `lap_capture`: a relay leg's last seed fell in `last`.
    Returns (the house to lift instead of `relay_house`'s, or None to go
    on as usual, or "end": the move ends here with no final landing; the
    seeds taken). `relay`: a landing that relays captures first, then
    relays if its house still holds seeds. `next`: a landing that
    captures goes on from the house after it, when that is a house
    holding seeds that `relay_on` allows. Grand slams are allowed
    (section 14): a capture is a capture."""
    none = (None, 0)
    if rules.lap_capture == "none" or last[0] == "s" or not may_capture(rules, s, hand):
        return none
    if rules.lap_capture == "relay" and relay_house(rules, s, mover, last, way) is None:
        return none
    back = 1 if way == "back" else -1
    taken = sum(capture(rules, s, mover, last, back).values())
    if taken:
        stats["lap_captures"] += 1
    if rules.lap_capture == "relay":
        return (relay_house(rules, s, mover, last, way) or "end"), taken
    if not taken:
        return none
    cups = track(rules, mover)
    cup = cups[(cups.index(last) + (-1 if way == "back" else 1)) % len(cups)]
    if cup[0] == "s" or count(s, cup) == 0:
        return "end", taken
    if (rules.relay_on == "own" and cup[1] != mover) or (
            rules.relay_on == "opponent" and cup[1] == mover):
        return "end", taken
    return cup, taken


def sow(rules, s, mover, k, stats, way=None):
    """Lifts house k of the mover and sows (the way `way` says, see
    `clockwise`), leg after leg under relay sowing; returns the cup of the
    last seed, whether the relay limit stopped the move, whether
    `lap_capture` ended it (no final landing) and the seeds its legs took."""
    hand = count(s, moved_cup(rules, mover, k))  # the seeds of the house played
    last = sow_leg(rules, s, mover, moved_cup(rules, mover, k), stats, way)
    lifts = 0
    leg_taken = 0
    while True:
        if rules.children and leg_ends_with_a_child(rules, s, mover, last, stats):
            return last, False, False, leg_taken
        lifted, taken = lap_capture(rules, s, mover, last, hand, way, stats)
        leg_taken += taken
        if lifted == "end":
            return last, False, True, leg_taken
        if lifted is None:
            lifted = relay_house(rules, s, mover, last, way)
        if lifted is None:
            return last, False, False, leg_taken
        back = 1 if way == "back" else -1
        if rules.capture_ends_relay and landing_captures(rules, s, mover, last, hand, back):
            # Section 3, `capture_ends_relay`: the landing captures instead.
            stats["relays_ended_by_a_capture"] += 1
            return last, False, False, leg_taken
        if lifts == rules.relay_limit:
            stats["relay_limits"] += 1
            return last, True, False, leg_taken
        lifts += 1
        stats["relays"] += 1
        if lifted[0] == "s":
            stats["stores_lifted"] += 1  # `relay_store`
        last = sow_leg(rules, s, mover, lifted, stats, way)


def leg_ends_with_a_child(rules, s, mover, last, stats):
    """Section 5, `children`: a leg whose last seed fell into a child
    (already its owner's) ends the move; so does one whose last seed
    brought an opponent's house to `child_count`, which becomes the
    mover's child, its seeds going to the mover's store."""
    if rules.child_kind == "weg":
        return leg_ends_in_a_weg(rules, s, mover, last, stats)
    if s.child_owner(last) is not None:
        return True
    if last[0] != "h" or last[1] == mover or count(s, last) != rules.child_count:
        return False
    s.stores[mover] += lift(s, last)
    s.children[mover].add(last[2])
    stats["children"] += 1
    return True


def leg_ends_in_a_weg(rules, s, mover, last, stats):
    """Section 5, `child_kind = weg`: a leg whose last seed fell into a
    weg ends the move, and in the opponent's weg takes 2 of its seeds, or
    its only one, for the mover's store; one whose last seed brought a
    house of either side (not a weg) to `child_count` makes it the
    mover's weg, which keeps its seeds, and ends the move."""
    if last[0] != "h":
        return False
    owner = s.wegs.get(last)
    if owner is not None:
        if owner != mover:
            taken = min(2, s.houses[last[1]][last[2]])
            s.houses[last[1]][last[2]] -= taken
            s.stores[mover] += taken
            stats[f"weg_captures_of_{taken}"] += 1
        else:
            stats["last_in_own_weg"] += 1
        return True
    if s.houses[last[1]][last[2]] != rules.child_count:
        return False
    s.wegs[last] = mover
    stats["wegs_on_own_side" if last[1] == mover else "wegs_on_opponents_side"] += 1
    return True


# --- Captures (section 5) and grand slam (section 6) ------------------------

def landing_captures(rules, s, mover, last, lifted, back):
    """Whether a last seed in `last` would capture (section 3,
    `capture_ends_relay`): the capture of section 5 takes at least one seed,
    judged as for the move's landing (not before `no_capture_moves`
    sowings, not a grand slam that `no_capture` cancels). Relay sowing is
    never played with `parity`: every leg went the move's way, `back`
    (+1 after a clockwise move, as `play_house` passes it)."""
    if not may_capture(rules, s, lifted):
        return False
    t = s.copy()
    taken = capture(rules, t, mover, last, back)
    if sum(taken.values()) == 0:
        return False
    slam = rules.players == 2 and taken[1 - mover] > 0 and sum(t.houses[1 - mover]) == 0
    return not (slam and rules.grand_slam == "no_capture")


def leave_first(t, sown, mover):
    """Section 6, `grand_slam = leave_first`: a grand slam gives back the
    opponent's lowest-numbered house that held seeds before the capture,
    when two or more did."""
    opponent = 1 - mover
    holding = [i for i, n in enumerate(sown.houses[opponent]) if n > 0]
    if len(holding) >= 2:
        first = holding[0]
        seeds = sown.houses[opponent][first]
        t.houses[opponent][first] = seeds
        t.stores[mover] -= seeds


def may_capture(rules, s, lifted):
    """Whether a move from a house of `lifted` seeds may capture with its
    last seed: not in the first `no_capture_moves` sowings, nor from a
    single seed when `single_seed_captures` is off (section 5)."""
    if s.ply < rules.no_capture_moves:
        return False
    return rules.single_seed_captures or lifted != 1


def capture(rules, t, mover, last, back):
    """The capture family's capture of section 5 for a last seed in
    `last`, on `t`; returns the seeds taken, by side."""
    if rules.capture == "opposite":
        return opposite_capture(rules, t, mover, last)
    if rules.capture == "count":
        return count_capture(rules, t, mover, last, back)
    if rules.capture == "next":
        return next_capture(rules, t, mover, last, -back)
    if rules.capture == "gap":
        return gap_capture(rules, t, mover, last, -back)
    if rules.capture == "match":
        return match_capture(rules, t, mover, last)
    return Counter()


def match_capture(rules, s, mover, last):
    """Section 5, `capture = match` (two players): the last seed's house,
    where `capture_side` allows, now holds as many seeds as the house
    across the board; both are taken."""
    taken = Counter()
    if last[0] != "h" or not side_allowed(rules, mover, last):
        return taken
    across = ("h", 1 - last[1], rules.houses - 1 - last[2])
    if count(s, across) == count(s, last):
        take(s, mover, [last, across], taken)
    return taken


def targets(rules, mover):
    """The seats whose corresponding houses an opposite capture takes."""
    n = rules.players
    if n == 2:
        return [1 - mover]
    if rules.capture_from == "next":
        return [(mover + 1) % n]
    if rules.capture_from == "opposite":
        return [(mover + 2) % n] if n == 4 else [(mover + 1) % n]
    return [p for p in range(n) if p != mover]


def opposite_capture(rules, s, mover, last):
    """Returns the captured seeds taken from each side, by side."""
    taken = Counter()
    if last[0] != "h" or s.houses[last[1]][last[2]] != 1:
        return taken
    # Two players, `capture_side` any or own: a last seed in an empty house
    # of the opponent's takes the mover's own house across the board, with
    # itself unless `capture_leaves_seed`; `own`: only that one (section 5).
    across_ok = rules.players == 2 and rules.capture_side in ("any", "own")
    if last[1] != mover:
        across = rules.houses - 1 - last[2]
        seeds = s.houses[mover][across]
        if not across_ok or seeds == 0:
            return taken
        s.houses[mover][across] = 0
        taken[mover] += seeds
        if not rules.capture_leaves_seed:
            s.houses[last[1]][last[2]] = 0
            taken[last[1]] += 1
        s.stores[mover] += sum(taken.values())
        return taken
    if rules.players == 2 and rules.capture_side == "own":
        return taken
    corresponding = rules.houses - 1 - last[2]
    total = sum(s.houses[t][corresponding] for t in targets(rules, mover))
    if total > 0:
        for t in targets(rules, mover):
            taken[t] += s.houses[t][corresponding]
            s.houses[t][corresponding] = 0
        if rules.capture_leaves_seed:
            # The last seed stays where it fell; only the targets are taken.
            s.stores[mover] += total
            return taken
    elif not rules.capture_empty_opposite:
        return taken
    s.houses[mover][last[2]] = 0
    taken[mover] += 1
    s.stores[mover] += total + 1
    return taken


def count_capture(rules, s, mover, last, back):
    """The chain walks `back` (-1, or +1 after a clockwise parity sowing:
    against the move's direction, section 5)."""
    taken = Counter()
    houses = [("h", side, k) for side in range(rules.players) for k in range(rules.houses)]

    def qualifies(cup, first):
        if s.tuzdyk_owner(cup) is not None:
            return False  # a tuzdyk is never captured
        return side_allowed(rules, mover, cup, first) and count(s, cup) in rules.capture_counts

    if last[0] != "h" or not qualifies(last, True):
        return taken
    i = houses.index(last)
    emptied = 0
    while qualifies(houses[i], emptied == 0):
        cup = houses[i]
        taken[cup[1]] += count(s, cup)
        s.stores[mover] += count(s, cup)
        s.houses[cup[1]][cup[2]] = 0
        emptied += 1
        if not rules.chain or emptied == rules.chain_limit:
            break
        i = (i + back) % len(houses)
    return taken


def board_houses(rules):
    """Every house in sowing order round the board, stores left out."""
    return [("h", side, k) for side in range(rules.players) for k in range(rules.houses)]


def next_house(rules, cup, step):
    """The house after `cup` in the sowing's direction (`step` +1 along
    the board, -1 after a clockwise parity sowing), stores passed over."""
    houses = board_houses(rules)
    return houses[(houses.index(cup) + step) % len(houses)]


def side_allowed(rules, mover, cup, first=True):
    """`capture_side` for the next, gap (and count) captures; `first`:
    the first house the capture takes (under `opponent_first` the others
    may be on any side)."""
    if rules.capture_side == "any":
        return True
    if rules.capture_side == "opponent_first":
        return not first or cup[1] != mover
    return (cup[1] == mover) == (rules.capture_side == "own")


def take(s, mover, cups, taken):
    for cup in cups:
        taken[cup[1]] += count(s, cup)
        s.stores[mover] += count(s, cup)
        s.houses[cup[1]][cup[2]] = 0


def next_capture(rules, s, mover, last, step):
    """Section 5: the house after the last one, if it holds seeds."""
    taken = Counter()
    if last[0] != "h":
        return taken
    cup = next_house(rules, last, step)
    if count(s, cup) > 0 and side_allowed(rules, mover, cup):
        take(s, mover, [cup], taken)
    return taken


def gap_capture(rules, s, mover, last, step):
    """Section 5: across the gap, with gap_opposite and chain."""
    taken = Counter()
    if last[0] != "h":
        return taken
    if rules.gap_occupied and count(s, last) < 2:
        return taken  # `gap_occupied`: the last seed fell into an empty house
    chosen = []

    def held(cup):
        return 0 if cup in chosen else count(s, cup)

    here = last
    beyonds = 0  # houses taken beyond a gap, for chain_limit
    while True:
        gap = next_house(rules, here, step)
        beyond = next_house(rules, gap, step)
        if held(gap) != 0 or beyond == last or held(beyond) == 0:
            break
        if not side_allowed(rules, mover, beyond, not chosen):
            break
        chosen.append(beyond)
        beyonds += 1
        if rules.gap_opposite:
            across = ("h", 1 - beyond[1], rules.houses - 1 - beyond[2])
            if across != last and across not in chosen:
                chosen.append(across)
        if not rules.chain or beyonds == rules.chain_limit:
            break
        here = beyond
    take(s, mover, chosen, taken)
    return taken


def opponent_store_capture(rules, s, mover, last, lifted, stats):
    """Section 5, `capture_opponent_store`: a last seed in another
    player's store that earned no extra move takes that store's seeds to
    the mover's, as the last seed's capture (not in the first
    `no_capture_moves` sowings, nor for a single seed when
    `single_seed_captures` is off); it earns no extra move."""
    if not rules.capture_opponent_store or last[0] != "s" or last[1] == mover:
        return
    if not may_capture(rules, s, lifted) or s.stores[last[1]] == 0:
        return
    s.stores[mover] += s.stores[last[1]]
    s.stores[last[1]] = 0
    stats["store_captures"] += 1


def make_tuzdyk(rules, s, mover, last, stats):
    """Section 5: the last seed brought an opponent's house to
    tuzdyk_count; it becomes the mover's tuzdyk if the rules allow.
    Returns the seeds it took (0 when no tuzdyk is made)."""
    if not rules.tuzdyk or last[0] != "h" or last[1] == mover or s.tuzdyk[mover]:
        return 0
    number = last[2] + 1
    if s.houses[last[1]][last[2]] != rules.tuzdyk_count:
        return 0
    if number == rules.houses:
        stats["tuzdyks_refused_in_the_last_house"] += 1
        return 0
    theirs = s.tuzdyk[last[1]]
    barred = rules.houses + 1 - theirs if rules.tuzdyk_across else theirs
    if theirs and number == barred:
        stats["tuzdyks_refused_facing"] += 1
        return 0
    s.tuzdyk[mover] = number
    seeds = s.houses[last[1]][last[2]]
    s.houses[last[1]][last[2]] = 0
    s.stores[mover] += seeds
    return seeds


def gives_store(rules, s, mover, last, stats):
    """Section 5, `pass_store`: the last seed fell in `last`; when that is
    a house of the opponent's that was empty and the mover's store holds
    seeds, they go to the opponent's store. Returns whether they did."""
    if not rules.pass_store or last[0] != "h" or last[1] == mover or count(s, last) != 1:
        return False
    if s.stores[mover] == 0:
        return False
    s.stores[1 - mover] += s.stores[mover]
    s.stores[mover] = 0
    stats["stores_given"] += 1
    return True


def play_house(rules, s, k, stats, way=None):
    """Plays house k (0-based) for the side to move, without the end checks.

    Returns (the position after the move, whether it earns an extra turn,
    whether it is a grand slam). Under `grand_slam = no_capture` a grand
    slam's captures are already undone.
    """
    mover = s.to_move
    before = s.copy()
    t = s.copy()
    lifted = count(s, moved_cup(rules, mover, k))
    back = 1 if clockwise(rules, lifted, way) else -1
    last, limited, lap_ended, leg_taken = sow(rules, t, mover, k, stats, way)
    sown = t.copy()
    taken = Counter()
    if limited or lap_ended:
        # Stopped by the relay limit: no capture, no extra turn. Ended by
        # a leg's capture (`lap_capture`): no final landing.
        return t, False, False
    if t.tuzdyk_owner(last) is not None:
        stats["last_in_a_tuzdyk"] += 1  # captures nothing
    elif may_capture(rules, t, lifted) and make_tuzdyk(rules, t, mover, last, stats):
        stats["tuzdyks"] += 1
    elif may_capture(rules, t, lifted) and gives_store(rules, t, mover, last, stats):
        pass  # section 5, `pass_store`: nothing else is captured
    elif may_capture(rules, t, lifted):
        taken = capture(rules, t, mover, last, back)
    opponents = [p for p in range(rules.players) if p != mover]
    grand_slam = rules.players == 2 and any(
        taken[p] > 0 and sum(t.houses[p]) == 0 for p in opponents
    )
    if grand_slam and rules.grand_slam == "no_capture":
        t = sown
    if grand_slam and rules.grand_slam == "leave_first":
        leave_first(t, sown, mover)
    extra = False
    if last[0] == "s":
        earned = rules.extra_turn == "any_store" or (
            rules.extra_turn == "own_store" and last[1] == mover
        )
        extra = earned and (rules.first_move_extra_turn or before.ply > 0)
    if not extra and not limited:
        opponent_store_capture(rules, t, mover, last, lifted, stats)
    captured = sum(taken.values()) > 0 and not (grand_slam and rules.grand_slam == "no_capture")
    if captured and rules.capture_extra_turn and (rules.first_move_extra_turn or before.ply > 0):
        # Under a limit, a capture earns another move only while the turn
        # has had fewer than `capture_extra_turn_limit` of them.
        limit = rules.capture_extra_turn_limit
        if limit == 0:
            extra = True
        elif before.capture_turns < limit:
            extra = True
            t.capture_turns = before.capture_turns + 1
    if captured:
        stats["captures"] += 1
        if last == ("h", mover, k):
            stats["captures_in_the_origin"] += 1
    if extra:
        stats["extra_turns"] += 1
    return t, extra, grand_slam


# --- Legal moves (section 4) ------------------------------------------------

def move_houses(rules):
    """The house moves a side may name: its own houses, or under
    `no_sides` (section 4) every house of the board, the opponent's
    house n as the move houses + n."""
    return 2 * rules.houses if rules.no_sides else rules.houses


def moved_cup(rules, mover, k):
    """The house that the mover's move k + 1 lifts: its own house k, or
    under `no_sides` (k from `houses` on) the opponent's house k - houses.
    Two players and one track of houses (no store sown), so the mover's
    track sows it as it would its own."""
    if k < rules.houses:
        return ("h", mover, k)
    return ("h", 1 - mover, k - rules.houses)


def reaches(rules, s, k, way):
    """Section 4, `reach_opponent` and `single_to_empty`: may house k
    (0-based) of the side to move be played? A single seed only into an
    empty house or a store (`single_to_empty`); under `reach_opponent` a house of more
    than `houses` seeds always, else only when the first leg's last seed
    does not fall into a house of the mover's own that held seeds before
    the move."""
    mover = s.to_move
    t = s.copy()
    last = sow_leg(rules, t, mover, ("h", mover, k), Counter(), way)
    if rules.single_to_empty and s.houses[mover][k] == 1 and last[0] == "h" and count(s, last) > 0:
        return False  # `single_to_empty`: a single seed into a full cup
    if not rules.reach_opponent or s.houses[mover][k] > rules.houses:
        return True
    return not (last[0] == "h" and last[1] == mover and count(s, last) > 0)


def candidate_moves(rules, s, stats):
    """Each legal house move's (house number, result, extra turn, grand slam,
    what it did), or None if the game ends unfed."""
    mover = s.to_move
    moves = []
    for k in range(move_houses(rules)):
        seeds = count(s, moved_cup(rules, mover, k))
        if seeds == 0 or seeds < rules.min_seeds:
            continue
        if rules.first_move == "last_house" and s.ply == 0 and k != rules.houses - 1:
            continue  # section 4, `first_move`: the first sowing is from the last house
        if s.tuzdyk_owner(("h", mover, k)) is not None or ("h", mover, k) in s.wegs:
            continue  # a tuzdyk (a weg) is never lifted
        if k + 1 == s.barred:
            continue  # section 4, `no_undo`: not straight back
        for name, way in ways(rules, k, mover):
            if (rules.reach_opponent or rules.single_to_empty) and not reaches(rules, s, k, way):
                continue
            seen = Counter()
            after, extra, grand_slam = play_house(rules, s, k, seen, way)
            if grand_slam and rules.grand_slam == "forbidden":
                stats["forbidden_grand_slams"] += 1
                continue
            moves.append((name, after, extra, grand_slam, seen))
    starving = rules.must_feed and all(sum(s.houses[p]) == 0
                                       for p in range(rules.players) if p != mover)
    if starving:
        fed = [m for m in moves if all(sum(m[1].houses[p]) > 0
                                       for p in range(rules.players) if p != mover)]
        if fed:
            if len(fed) < len(moves):
                stats["forced_feeds"] += 1
            return fed
        if rules.unfed != "any_move":
            stats["unfed_ends"] += 1
            return None
    return moves


def majority(rules, s):
    total = sum(map(sum, s.houses)) + sum(s.stores)
    owned = [st + weg_seeds(s, side) for side, st in enumerate(s.stores)]
    if any(2 * st > total for st in owned):
        return True
    return sum(1 for st in owned if 2 * st == total) >= 2


def weg_seeds(s, side):
    """Section 5, `child_kind = weg`: the seeds in `side`'s wegs, which
    `majority` counts as theirs."""
    return sum(s.houses[cup[1]][cup[2]] for cup, owner in s.wegs.items() if owner == side)


def has_move(rules, t):
    """Whether the side to move has a legal move (or the unfed rule ends
    the game on its turn, which is no pass either)."""
    moves = candidate_moves(rules, t, Counter())
    swap = rules.pie_rule and t.pie == "pending" and t.to_move == 1
    return moves is None or bool(moves) or swap


def pass_turn(rules, t, stats):
    """`no_move = pass` (section 7): the turn goes on to the first side
    that can move; if none can, it stays and the game ends there."""
    first, barred = t.to_move, t.barred
    for _ in range(rules.players):
        if has_move(rules, t):
            if t.to_move != first:
                stats["passes"] += 1
            return
        t.to_move = (t.to_move + 1) % rules.players
        t.barred = 0  # `no_undo`'s bar was the passing side's
    t.to_move, t.barred = first, barred


def children(rules, s, game, stats):
    """Every (move, position one move on), a swap included, with the end
    checks done."""
    if s.over:
        return []
    out = []
    moves = candidate_moves(rules, s, stats)
    if moves is None:
        return []
    for name, t, extra, grand_slam, what in moves:
        stats.update(what)
        if grand_slam:
            stats["grand_slams"] += 1
        if rules.pie_rule and t.pie == "pending" and s.to_move == 1:
            t.pie = "declined"
        t.ply += 1
        if not extra:
            t.to_move = (s.to_move + 1) % rules.players
            t.capture_turns = 0  # the turn passes: a new one's count
        t.barred = straight_back(rules, s, t, name, extra)
        if t.barred:
            stats["straight_back_bars"] += 1
        # take_all (issue 30) ends on an emptied side as they do; who wins
        # does not change a count.
        if rules.end & {"any_side_empty", "empty_first", "take_all"}:
            t.over = any(sum(h) == 0 for h in t.houses)
        if "majority" in rules.end and majority(rules, t):
            t.over = True
            stats["majority_ends"] += 1
        if rules.end_seeds and sum(map(sum, t.houses)) <= rules.end_seeds:
            t.over = True
            stats["few_seeds_ends"] += 1
        if not t.over and rules.no_move == "pass":
            pass_turn(rules, t, stats)
        if t.over or t.to_move != s.to_move:
            t.capture_turns = 0  # another side's turn (passed to), or none
        if t.over:
            t.barred = 0
        out.append((name, t))
    if rules.pie_rule and s.pie == "pending" and s.to_move == 1:
        stats["swaps"] += 1
        t = s.copy()
        t.pie = "swapped"
        t.ply += 1
        out.append(("swap", t))
    if game:
        for _, t in out:
            if not t.over and "repetition" in rules.end and t.key() in s.seen:
                t.over = True
                stats["repetitions"] += 1
            t.seen = s.seen | {t.key()}
    return out


def straight_back(rules, s, t, name, extra):
    """Section 4, `no_undo`: the house (from 1) of the opponent's that the
    move `name` from `s` to `t` bars, or 0. A lone seed lifted from an
    end house of the mover's row that now lies alone in the opponent's
    house across that end, empty before the move, with the turn passing
    to the opponent: moving it would send it straight back."""
    if not rules.no_undo or extra:
        return 0
    mover = s.to_move
    k = int(name.rstrip("cw").rstrip("c")) - 1
    if k not in (0, rules.houses - 1) or s.houses[mover][k] != 1:
        return 0
    across = rules.houses - 1 - k
    opponent = 1 - mover
    if s.houses[opponent][across] == 0 and t.houses[opponent][across] == 1:
        return across + 1
    return 0


def perft(rules, s, depth, game=False, stats=None):
    """Move sequences of exactly `depth` moves; a finished game has none."""
    stats = Counter() if stats is None else stats
    if depth == 0:
        return 1
    return sum(perft(rules, t, depth - 1, game, stats) for _, t in children(rules, s, game, stats))


def replay(rules, moves):
    """The position after `moves` (house numbers or `swap`) from the start."""
    s = start(rules)
    for m in moves:
        s = dict(children(rules, s, False, Counter()))[m]
    return s


def start(rules):
    """Every house holds `seeds`, or its count of the layout, or of the
    layout dealt from `layout_seed` (section 1)."""
    if rules.layout_seed:
        return State(deal(rules), [0] * rules.players)
    counts = list(rules.layout) if rules.layout else [rules.seeds] * rules.houses
    assert len(counts) == rules.houses, "a layout has one count per house"
    return State([list(counts) for _ in range(rules.players)], [0] * rules.players)


MASK = (1 << 64) - 1


def splitmix64(state):
    """The generator of section 1: (the new state, the number drawn)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def deal(rules):
    """The start dealt from `layout_seed` (section 1, "A dealt start"), the
    steps as written there: one list of counts per side."""
    n = rules.players * rules.houses
    least = min(rules.seeds, 2)
    rest = n * rules.seeds - n * least
    slots = list(range(rest + n - 1))
    state = rules.layout_seed
    for i in range(n - 1):
        state, number = splitmix64(state)
        j = number % (rest + n - 1 - i)
        slots[i], slots[i + j] = slots[i + j], slots[i]
    bars = [-1] + sorted(slots[:n - 1]) + [rest + n - 1]
    counts = [least + bars[k + 1] - bars[k] - 1 for k in range(n)]
    return [counts[s * rules.houses:(s + 1) * rules.houses] for s in range(rules.players)]


def run(spec, text, depths, game, show_stats):
    rules = parse_rules(spec)
    s = parse_position(text, rules)
    if game:
        s.seen = {s.key()}
    for depth in depths:
        stats = Counter()
        nodes = perft(rules, s, depth, game, stats)
        line = f"perft {depth} {nodes}"
        if show_stats:
            line += "  # " + ", ".join(f"{k} {v}" for k, v in sorted(stats.items()))
        print(line)


def check(path):
    """Recomputes every count of a perft file; returns the mismatches."""
    bad = 0
    spec = text = None
    game = False
    for n, raw in enumerate(open(path), 1):
        line = raw.split("#")[0].strip()
        if not line:
            continue
        key, rest = line.split(" ", 1)
        if key == "rules":
            spec = rest
        elif key in ("position", "game"):
            text, game = rest, key == "game"
        elif key == "moves":
            reached = write_position(parse_rules(spec), replay(parse_rules(spec), rest.split(",")))
            status = "ok" if reached == text else f"MISMATCH: the moves reach {reached}"
            bad += reached != text
            print(f"{path}:{n}: moves {status}")
        elif key == "perft":
            depth, nodes = map(int, rest.split())
            rules = parse_rules(spec)
            s = parse_position(text, rules)
            s.seen = {s.key()}
            ours = perft(rules, s, depth, game)
            status = "ok" if ours == nodes else f"MISMATCH: the reference counts {ours}"
            bad += ours != nodes
            print(f"{path}:{n}: perft {depth} {nodes} {status}")
    return bad


def main(args):
    show_stats = "--stats" in args
    args = [a for a in args if a != "--stats"]
    if args and args[0] == "--check":
        sys.exit(1 if sum(check(p) for p in args[1:]) else 0)
    game = bool(args) and args[0] == "--game"
    if game:
        args = args[1:]
    if len(args) < 3:
        sys.exit(__doc__)
    run(args[0], args[1], [int(d) for d in args[2:]], game, show_stats)


if __name__ == "__main__":
    main(sys.argv[1:])
