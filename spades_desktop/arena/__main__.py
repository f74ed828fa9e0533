"""``python -m spades_desktop.arena``: bot against bot, headless (see ``--help``)."""

import sys

from spades_desktop.arena.cli import main

if __name__ == "__main__":
    sys.exit(main())
