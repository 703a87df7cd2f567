"""The schematic board of War at Sea: six sea areas placed roughly geographically, nine port
boxes on the seas they border, and where each place keeps its counters.

Coordinates are map pixels (1600 wide). The Americas are the land on the west edge, Europe the
land between the North Sea, the Baltic and the Mediterranean. Areas that share a border are
adjacent (War at Sea 6); each shared border carries a passage marker, and each port box has a
gate into every sea area it borders. Everything here is static: it is the printed board.
"""

from __future__ import annotations

from dataclasses import dataclass

Point = tuple[float, float]
Rect = tuple[int, int, int, int]  # left, top, right, bottom

WIDTH = 1600
HEIGHT = 1040
PORT_HEADER = 34


@dataclass(frozen=True)
class SeaLayout:
    key: str
    polygon: tuple[Point, ...]
    label: Point  # top-left of the name block
    zone: Rect  # where its counters go


@dataclass(frozen=True)
class PortLayout:
    key: str
    box: Rect
    gates: tuple[tuple[str, Point, str], ...]  # (area, point on the box edge, direction)

    @property
    def zone(self) -> Rect:
        x0, y0, x1, y1 = self.box
        return (x0 + 6, y0 + PORT_HEADER + 4, x1 - 6, y1 - 6)


@dataclass(frozen=True)
class Passage:
    a: str
    b: str
    at: Point
    vertical: bool  # the border runs vertically (arrows point left-right)


# Shared border lines: x = 226 (west coast), 720 (NA/SA east), 1160 (North Sea east);
# y = 210 (Barents south), 680 (North Sea south), about 730 (Mediterranean north).
SEAS: tuple[SeaLayout, ...] = (
    SeaLayout(
        "north_atlantic",
        ((226, 0), (720, 0), (720, 210), (720, 360), (600, 410), (470, 460), (226, 510)),
        (240, 10),
        (238, 68, 702, 348),
    ),
    SeaLayout(
        "south_atlantic",
        ((226, 510), (470, 460), (600, 410), (720, 560), (720, 680), (720, 1040), (226, 1040)),
        (240, 622),
        (238, 680, 702, 1036),
    ),
    SeaLayout(
        "north_sea",
        ((720, 210), (1160, 210), (1160, 380), (1160, 590), (1120, 680), (720, 680), (720, 560)),
        (734, 220),
        (862, 278, 1154, 676),
    ),
    SeaLayout(
        "barents_sea",
        ((720, 0), (1300, 0), (1300, 150), (1250, 210), (1160, 210), (720, 210)),
        (734, 8),
        (740, 64, 1254, 208),
    ),
    SeaLayout(
        "baltic_sea",
        ((1160, 380), (1270, 372), (1400, 388), (1400, 590), (1300, 614), (1160, 590)),
        (1172, 384),
        (1178, 440, 1398, 608),
    ),
    SeaLayout(
        "mediterranean",
        ((720, 730), (1000, 744), (1240, 730), (1600, 770), (1600, 1040), (720, 1040)),
        (734, 744),
        (740, 800, 1232, 1036),
    ),
)

PORTS: tuple[PortLayout, ...] = (
    PortLayout("usa", (8, 56, 214, 500), (("north_atlantic", (214, 255), "right"),)),
    PortLayout("south_america", (8, 620, 214, 1000), (("south_atlantic", (214, 810), "right"),)),
    PortLayout(
        "france",
        (262, 380, 456, 562),
        (("north_atlantic", (359, 380), "up"), ("south_atlantic", (359, 562), "down")),
    ),
    PortLayout(
        "england",
        (470, 352, 850, 612),
        (
            ("north_atlantic", (560, 352), "up"),
            ("north_sea", (850, 470), "right"),
            ("south_atlantic", (560, 612), "down"),
        ),
    ),
    PortLayout(
        "germany",
        (1172, 222, 1596, 364),
        (
            ("barents_sea", (1230, 222), "up"),
            ("north_sea", (1172, 300), "left"),
            ("baltic_sea", (1300, 364), "down"),
        ),
    ),
    PortLayout("russia", (1312, 8, 1596, 206), (("barents_sea", (1312, 110), "left"),)),
    PortLayout("leningrad", (1410, 398, 1596, 600), (("baltic_sea", (1410, 500), "left"),)),
    PortLayout("italy", (1240, 630, 1596, 822), (("mediterranean", (1240, 785), "left"),)),
    PortLayout("malta", (1240, 836, 1596, 1034), (("mediterranean", (1240, 940), "left"),)),
)

PASSAGES: tuple[Passage, ...] = (
    Passage("north_atlantic", "barents_sea", (720, 105), True),
    Passage("north_atlantic", "north_sea", (720, 285), True),
    Passage("north_atlantic", "south_atlantic", (244, 506), False),
    Passage("south_atlantic", "north_sea", (720, 646), True),
    Passage("south_atlantic", "mediterranean", (720, 890), True),
    Passage("north_sea", "barents_sea", (990, 210), False),
    Passage("north_sea", "baltic_sea", (1160, 490), True),
)

SEA_BY_KEY = {s.key: s for s in SEAS}
PORT_BY_KEY = {p.key: p for p in PORTS}


def place_rect(key: str) -> Rect:
    """The counter zone of an area or a port."""
    if key in SEA_BY_KEY:
        return SEA_BY_KEY[key].zone
    return PORT_BY_KEY[key].zone
