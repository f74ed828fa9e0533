"""The hand review: a finished hand replayed trick by trick, all four
hands face up, with the coach's verdict on each of South's decisions.

==========  ==============================================================
``scene``   :class:`ReviewScene`: the hands and the trick, drawn with the table's cards
``window``  :class:`ReviewWindow`: the scene, the texts, stepping, the analysis;
            :class:`ReviewCache`: the reviews finished in this session
==========  ==============================================================
"""

from __future__ import annotations

from .scene import ReviewScene
from .window import ReviewCache, ReviewWindow

__all__ = ["ReviewCache", "ReviewScene", "ReviewWindow"]
