"""Today's Expert or Master with changed constructor arguments, as the arena's baseline.

``--bot-arg expert:NAME=V`` changes both sides when the Expert plays itself; this file
lets one side be a variant of the same level, so that an idea can be measured against
the level as shipped on the same deals::

    python -m spades_desktop.arena --baseline benchmarks/expert_variant.py \\
        --ns baseline --ew expert --hands 150 --duplicate --seed 41 --jobs 1 \\
        --bot-arg baseline:play_inference=0.5

``--bot-arg baseline:level=master`` makes the variant a Master (default: the Expert);
every other argument is a keyword of :class:`~spades_desktop.bots.expert.ExpertBot`.
The figures measured this way are in ``docs/strength.md`` ("Master that reads the
table: ideas tried").
"""

from __future__ import annotations

from typing import Any

from spades_desktop.bots.expert import ExpertBot
from spades_desktop.bots.master import MasterBot


def make_bot(level: str = "expert", **kwargs: Any) -> ExpertBot:
    """The ``level`` ("expert" or "master") with ``kwargs`` for its constructor.

    Raises ``ValueError`` for another level, or for what the constructor refuses.
    """
    if level == "expert":
        return ExpertBot(**kwargs)
    if level == "master":
        return MasterBot(**kwargs)
    raise ValueError(f"The variant's level must be 'expert' or 'master', not {level!r}.")
