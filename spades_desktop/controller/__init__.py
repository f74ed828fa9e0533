"""Qt without widgets: the one path for every game change, and the bot worker thread."""

from .bot_runner import BotRunner
from .game_controller import HUMAN_SEAT, GameController

__all__ = ["HUMAN_SEAT", "BotRunner", "GameController"]
