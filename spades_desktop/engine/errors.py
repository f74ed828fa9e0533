"""Errors raised by the rules engine."""


class IllegalActionError(ValueError):
    """An action that the rules do not allow now.

    The message says why in words a player understands, e.g. "You must follow hearts."
    """
