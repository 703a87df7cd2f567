"""Deterministic PNG encoding: same pixels in, same bytes out.

No metadata is written (no text chunks, ICC profile, EXIF, DPI or timestamps), the compression
level is fixed and the optimizer is off, so a rendered view can be compared, hashed and cached.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image

from rendering.canvas import fit_width, flatten
from rendering.palette import BACKGROUND, Colour

# zlib level 1: a War at Sea map encodes in ~100 ms instead of ~175 ms at level 6, for ~7 %
# more bytes (387 KB against 362 KB); encoding was over half of drawing a map (issue 9).
COMPRESS_LEVEL = 1
MAX_WIDTH = 1600


def encode_png(image: Image.Image) -> bytes:
    """PNG bytes of `image` without any metadata (RGB, RGBA, L and LA are kept, other modes
    are converted to RGBA)."""
    mode = image.mode if image.mode in ("RGB", "RGBA", "L", "LA") else "RGBA"
    clean = Image.new(mode, image.size)
    clean.paste(image if image.mode == mode else image.convert(mode))
    buffer = io.BytesIO()
    clean.save(buffer, format="PNG", compress_level=COMPRESS_LEVEL, optimize=False)
    return buffer.getvalue()


@dataclass(frozen=True)
class EncodedPng:
    data: bytes
    width: int
    height: int
    scaled: bool  # True when the image was shrunk to fit

    @property
    def size(self) -> int:
        """Number of bytes."""
        return len(self.data)


def encode_for_discord(
    image: Image.Image,
    max_width: int = MAX_WIDTH,
    background: Colour = BACKGROUND,
    max_bytes: int | None = None,
) -> EncodedPng:
    """Flatten onto `background`, shrink to at most `max_width` px wide and encode.

    With `max_bytes`, the image is shrunk further (by steps of 20 %) until it fits.
    """
    flat = flatten(image, background)
    out = fit_width(flat, max_width)
    data = encode_png(out)
    while max_bytes is not None and len(data) > max_bytes and out.width > 64:
        out = fit_width(out, int(out.width * 0.8))
        data = encode_png(out)
    return EncodedPng(data, out.width, out.height, out.size != image.size)
