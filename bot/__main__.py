from __future__ import annotations

import sys

from bot.cli import main

if __name__ == "__main__":  # a map worker process (spawn) imports this module again
    sys.exit(main())
