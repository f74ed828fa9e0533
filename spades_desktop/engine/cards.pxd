# C types for cards.py when Cython compiles it (setup.py); cards.py stays plain Python.
# mask_to_cards reads the four suits' subset tables as plain tuples.
import cython

cdef tuple _CLUBS_OF, _DIAMONDS_OF, _HEARTS_OF, _SPADES_OF

@cython.locals(m=cython.longlong)
cpdef tuple mask_to_cards(object mask)
