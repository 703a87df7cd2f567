"""Benchmark: drawing the AA50 map against encoding a PNG of the same size (issue 18).

Usage: ``python -m bot bench aa50-render [REPEATS]``. Takes the public view of the 1942
set-up with three battles pending and a damaged factory, then prints for the whole world,
the theatre chosen around the battles and the Europe theatre the median time of the render
(view to PNG bytes) warm (caches filled, as in a running bot: the land layer per owners,
text masks) and cold (those caches emptied first), the median time of ``encode_png`` of the
very same picture, and their ratios. Figures are printed, not asserted.
"""

from __future__ import annotations

import argparse
import io
import time
from collections.abc import Callable
from functools import partial

from bot.benches.timing import median_ms


def _clear() -> None:
    from rendering import cache, text

    cache.clear_layers()
    cache.PICTURES.clear()
    text.clear_cache()


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="bench aa50-render")
    parser.add_argument("repeats", nargs="?", type=int, default=10)
    args = parser.parse_args(argv)
    from PIL import Image

    from bot.referee.fairdice import FairDice
    from bot.rules.aa50 import RULESET
    from bot.rules.aa50.state import Aa50State
    from rendering.aa50 import render
    from rendering.png import encode_png

    state = RULESET.setup("1942", RULESET.parse_options({}), FairDice(b"b" * 32, "g", 0)).state
    assert isinstance(state, Aa50State)
    state.battles = ["karelia_ssr", "ukraine", "sz_13"]
    for u in state.units.values():
        if u.type == "factory" and u.at == "germany":
            u.hits = 3
    view = RULESET.view(state, None).model_dump(mode="json")

    print(f"aa50 map, CPU ms, median of {args.repeats}:")
    works: list[tuple[str, Callable[[], bytes]]] = [
        ("world", lambda: render.render_world(view)),
        ("around the battles", lambda: render.render_theatre(view)),
        ("europe", lambda: render.render_theatre(view, "europe")),
        ("pacific", lambda: render.render_theatre(view, "pacific")),
    ]
    for name, draw in works:
        data = draw()
        with Image.open(io.BytesIO(data)) as png:
            picture = png.convert("RGB")
        warm = median_ms(args.repeats, draw, clock=time.process_time)
        cold = median_ms(args.repeats, draw, _clear, time.process_time)
        encode = median_ms(args.repeats, partial(encode_png, picture), clock=time.process_time)
        print(
            f"  {name:20} {picture.width}x{picture.height} {len(data) // 1024} KiB:"
            f" render {warm:.1f} warm, {cold:.1f} cold; encode_png {encode:.1f};"
            f" ratio {warm / encode:.2f}x warm, {cold / encode:.2f}x cold"
        )


if __name__ == "__main__":
    import sys

    run(sys.argv[1:])
