"""``python -m spades_desktop``: start the game."""

import sys

from spades_desktop.app import main

if __name__ == "__main__":
    sys.exit(main())
