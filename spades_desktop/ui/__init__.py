"""Widgets and dialogs of Spades Desktop; they display the game and collect choices."""
