"""The AA50 world map, theatres and battle board (issue 18): drawn from the view and the
board's own geometry, checked pixel by pixel against the view."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from bot.referee.fairdice import FairDice
from bot.rules.aa50 import RULESET, board
from bot.rules.aa50.state import Aa50State, Battle
from bot.rules.aa50.view import Aa50View
from rendering import cache, text
from rendering.aa50 import battle as battles
from rendering.aa50 import board as mapdraw
from rendering.aa50 import legend, render
from rendering.aa50.geometry import THEATRES, geometry

ROOT = Path(__file__).resolve().parents[2]
DISCORD_BYTES = 8 << 20  # the smallest upload limit Discord applies


def _state() -> Aa50State:
    state = RULESET.setup("1942", RULESET.parse_options({}), FairDice(b"m" * 32, "g", 0)).state
    assert isinstance(state, Aa50State)
    return state


def _view(state: Aa50State) -> Aa50View:
    v = RULESET.view(state, None)
    assert isinstance(v, Aa50View)
    return v


def _png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(data)).convert("RGB")


def _inside(sid: str) -> tuple[int, int]:
    """A map point well inside a space, away from its markers: the middle of the longest
    horizontal run of its largest ring through its centre row."""
    space = geometry().space(sid)
    ring = max(space.polygons, key=len)
    y = space.center[1] + 7
    xs = []
    pts = [(ring[i], ring[i + 1]) for i in range(0, len(ring), 2)]
    for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1], strict=True):
        if (y1 <= y < y2) or (y2 <= y < y1):
            xs.append(x1 + (y - y1) * (x2 - x1) / (y2 - y1))
    xs.sort()
    runs = [(xs[i + 1] - xs[i], (xs[i] + xs[i + 1]) / 2) for i in range(0, len(xs) - 1, 2)]
    return round(max(runs)[1]), y


def _pixel(img: Image.Image, sid: str, frame: mapdraw.Frame) -> tuple[int, int, int]:
    """The commonest colour around a point well inside the space (labels and chips aside)."""
    x, y = frame.point(_inside(sid), 0)
    x, y = round(x), round(y) + render.HEADER
    counts = img.crop((x - 6, y - 6, x + 7, y + 7)).getcolors(maxcolors=1 << 12) or []
    colour = max(counts)[1]
    assert isinstance(colour, tuple)
    return (colour[0], colour[1], colour[2])


def test_geometry_covers_the_board_exactly() -> None:
    geo = geometry()
    assert {s.id for s in geo.spaces} == set(board.comps().territories)
    assert geo.width == 3773 and geo.height == 1830
    for s in geo.spaces:
        assert all(len(r) >= 6 for r in s.polygons)
    # Every capital and victory city of the rules has its marker on the map.
    for t in board.comps().territories.values():
        if t.victory_city:
            assert geo.space(t.id).victory_at is not None, t.id
        if t.capital_of:
            assert geo.space(t.id).capital_at is not None, t.id


def test_the_converter_writes_the_committed_file(tmp_path: Path) -> None:
    reference = ROOT.parent / "shared" / "reference" / "aa50"
    if not reference.exists():
        pytest.skip("the reference files are not beside the repository")
    script = ROOT / "scripts" / "convert_aa50_map.py"
    subprocess.run(
        [sys.executable, str(script), "--reference", str(reference), "--out", str(tmp_path)],
        check=True,
    )
    committed = ROOT / "data" / "aa50" / "map" / "geometry.json"
    assert (tmp_path / "geometry.json").read_bytes() == committed.read_bytes()


def test_land_is_filled_in_its_controllers_colour() -> None:
    state = _state()
    world = (0, 0, geometry().width, geometry().height)
    frame = mapdraw.Frame(world, render.WORLD_WIDTH)
    img = _png(render.render_world(_view(state)))
    assert img.width == render.WORLD_WIDTH
    for sid in ("germany", "russia", "india", "australia", "brazil"):
        expected = mapdraw.land_fill(state.owners[sid])
        assert (
            max(abs(a - b) for a, b in zip(_pixel(img, sid, frame), expected, strict=True)) <= 6
        ), sid
    # Taken by the Soviets: Poland turns their colour on the next picture.
    state.owners["poland"] = "russians"
    img = _png(render.render_world(_view(state)))
    got = _pixel(img, "poland", frame)
    assert max(abs(a - b) for a, b in zip(got, mapdraw.land_fill("russians"), strict=True)) <= 6


def _has(img: Image.Image, colour: tuple[int, int, int], box: tuple[int, int, int, int]) -> int:
    counts = img.crop(box).getcolors(maxcolors=1 << 20) or []
    return sum(n for n, c in counts if c == colour)


def test_pending_battles_and_damaged_factories_are_marked() -> None:
    state = _state()
    plain = _png(render.render_theatre(_view(state), "europe"))
    state.battles = ["karelia_ssr"]
    factory = next(u for u in state.units.values() if u.type == "factory" and u.at == "germany")
    factory.hits = 4
    marked = _png(render.render_theatre(_view(state), "europe"))
    frame = mapdraw.Frame(THEATRES["europe"], render.THEATRE_WIDTH)
    x, y = frame.point(geometry().space("karelia_ssr").center, 0)
    box = (
        round(x) - 120,
        round(y) - 120 + render.HEADER,
        round(x) + 120,
        round(y) + 120 + render.HEADER,
    )
    assert _has(plain, mapdraw.BATTLE, box) == 0
    assert _has(marked, mapdraw.BATTLE, box) > 50
    gx, gy = frame.point(geometry().space("germany").center, 0)
    red = (190, 30, 30)
    spot = (
        round(gx) - 6,
        round(gy) - 6 + render.HEADER,
        round(gx) + 6,
        round(gy) + 6 + render.HEADER,
    )
    assert _has(plain, red, spot) == 0
    assert _has(marked, red, spot) > 20


def test_unit_counts_per_power_come_from_the_view() -> None:
    state = _state()
    v = _view(state)
    here = [
        u for u in v.units if u.at == "germany" and u.owner == "germans" and u.type != "factory"
    ]
    counts: dict[str, int] = {}
    for u in here:
        counts[u.type] = counts.get(u.type, 0) + 1
    label = mapdraw.chip_text(counts, True)
    assert label.startswith(f"{counts['infantry']}inf")
    # The chip is drawn in the owner's colour at the space's first unit slot (moved by up to
    # three chips' heights when it would cover another chip).
    frame = mapdraw.Frame(THEATRES["europe"], render.THEATRE_WIDTH)
    img = _png(render.render_theatre(v, "europe"))
    x, y = frame.point(geometry().space("germany").anchor, 0)
    colour = mapdraw.power_colour("germans")
    spot = (
        round(x) - 30,
        round(y) - 70 + render.HEADER,
        round(x) + 30,
        round(y) + 70 + render.HEADER,
    )
    assert _has(img, colour, spot) > 100
    # Moving them all far away removes the chip.
    for unit in state.units.values():
        if unit.at == "germany" and unit.type != "factory":
            unit.at = "union_of_south_africa"
    bare = _png(render.render_theatre(_view(state), "europe"))
    assert _has(bare, colour, spot) < 10


def test_the_theatre_follows_the_action() -> None:
    state = _state()
    state.battles = ["japan"]
    assert render.choose_theatre(_view(state))[0] in ("asia", "pacific")
    state.battles = ["karelia_ssr", "ukraine"]
    assert render.choose_theatre(_view(state))[0] == "europe"
    state.battles = ["egypt", "karelia_ssr"]  # two theatres: a box around both
    name, box = render.choose_theatre(_view(state))
    assert name == "action"
    for sid in state.battles:
        x, y = geometry().space(sid).center
        assert box[0] < x < box[2] and box[1] < y < box[3]
    state.battles = ["japan", "egypt", "eastern_united_states"]
    assert render.choose_theatre(_view(state))[0] == "world"
    state.battles = []
    name, box = render.choose_theatre(_view(state))  # the moving power's capital
    x, y = geometry().space(board.capitals()[state.power]).center
    assert name != "world" and box[0] < x < box[2]


@pytest.mark.parametrize("theatre", [*THEATRES, None])
def test_sizes_fit_discord_and_a_phone(theatre: str | None) -> None:
    v = _view(_state())
    data = render.render_theatre(v, theatre)
    img = _png(data)
    assert len(data) < DISCORD_BYTES
    assert img.width == render.THEATRE_WIDTH or theatre is None
    assert img.height <= 1.1 * img.width  # a phone shows it whole without scrolling
    assert len(render.render_world(v)) < DISCORD_BYTES


def test_pictures_are_pure_functions_of_the_view() -> None:
    v = _view(_state())
    first = render.render_theatre(v, "pacific")
    cache.clear_layers()
    text.clear_cache()
    assert render.render_theatre(v, "pacific") == first
    assert render.render_theatre(v.model_dump(mode="json"), "pacific") == first


def test_the_battle_board_shows_each_side_by_value_and_the_dice() -> None:
    state = _state()
    me = state.power
    enemy = next(p for p in board.POWERS if not board.allied(p, me) and p != "chinese")
    where = next(t for t, o in sorted(state.owners.items()) if o == enemy)
    for u in state.units.values():
        if u.at == where:
            u.at = "sz_1" if u.type in board.SEA_UNITS else u.at
    from bot.rules.aa50.state import Unit

    extra = {"infantry": 4, "artillery": 1, "armour": 2, "fighter": 1}
    for kind, n in extra.items():
        for i in range(n):
            uid = f"x{kind}{i}"
            state.units[uid] = Unit(id=uid, type=kind, owner=me, at=where)
    state.battle = Battle(where=where, attacker=me, kind="land", round=1, step="attacker_fire")
    v = _view(state)
    att, dfn, _ = battles.sides(v)
    assert dfn and all(not board.allied(u.owner, me) for u in dfn)
    assert not any(u.type in ("factory", "aa_gun") for u in dfn)  # not battle units (5.5.4.1)
    cols = battles.columns(att, True, ())
    assert cols[2] == {"art": 1, "inf": 1}  # one infantry supported by the artillery (7.1.2)
    assert cols[1] == {"inf": 3} and cols[3] == {"tnk": 2, "ftr": 1}
    volleys = [battles.Volley(who="attacker", rolls=(1, 2, 6, 3, 5, 2, 4, 1), hits=4)]
    img = _png(battles.render_battle(v, volleys))
    plain = _png(battles.render_battle(v))
    assert img.width == battles.WIDTH and img.height > plain.height  # the dice row
    with pytest.raises(ValueError):
        state.battle = None
        battles.render_battle(_view(state))


def _kinds_drawn(v: Aa50View, theatre: str) -> frozenset[str]:
    """The unit kinds whose chips fall on the picture: units at a space with a unit slot
    in the box (the board wraps east to west)."""
    frame = mapdraw.Frame(THEATRES[theatre], render.THEATRE_WIDTH)
    out: set[str] = set()
    for u in v.units:
        if u.type == "factory":
            continue
        space = geometry().space(u.at)
        if any(frame.inside(frame.point(space.anchor, s)) for s in frame.shifts(space)):
            out.add(u.type)
    return frozenset(out)


def test_the_key_names_only_what_the_picture_shows_and_reads_on_a_phone() -> None:
    """The key under a theatre (a strip of its own) explains the unit kinds counted on it and
    the markers drawn, no more, in text that reads at a phone's 400 px (issue 18)."""
    state = _state()
    state.battles = ["karelia_ssr"]
    v = _view(state)
    img = _png(render.render_theatre(v, "europe"))
    kinds = _kinds_drawn(v, "europe")
    assert "carrier" not in kinds and {"infantry", "armour"} <= kinds  # the 1942 set-up
    marks = frozenset({"capital", "victory", "factory", "battle"})
    key = legend.strip(render.THEATRE_WIDTH, kinds, marks).convert("RGB")
    assert img.crop((0, img.height - key.height, img.width, img.height)).tobytes() == key.tobytes()
    words = " ".join(w for _, w in legend.items(kinds, marks))
    assert "Infantry 步兵" in words and "battle 战斗" in words and "Carrier" not in words
    assert "damaged" not in words  # no factory is damaged yet
    # The whole world counts a power's units as one number: the key says so, no unit kind.
    world = _png(render.render_world(v))
    seen = frozenset({"count", "capital", "victory", "factory", "battle"})
    whole = legend.strip(render.WORLD_WIDTH, frozenset(), seen).convert("RGB")
    bottom = world.crop((0, world.height - whole.height, world.width, world.height))
    assert bottom.tobytes() == whole.tobytes()
    # Legible: the key's letters are at least 10 px high on a 400 px wide phone.
    assert legend.BASE * 400 / render.THEATRE_WIDTH >= 10
    # A damaged factory in the picture adds its marker to the key.
    next(u for u in state.units.values() if u.type == "factory" and u.at == "germany").hits = 2
    damaged = _png(render.render_theatre(_view(state), "europe"))
    wider = legend.strip(render.THEATRE_WIDTH, kinds, marks | {"damaged"}).convert("RGB")
    bottom = damaged.crop((0, damaged.height - wider.height, damaged.width, damaged.height))
    assert bottom.tobytes() == wider.tobytes()
