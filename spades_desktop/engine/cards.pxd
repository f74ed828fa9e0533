# C types for cards.py when Cython compiles it (setup.py); cards.py stays plain Python.
# cards_of_mask (mask_to_cards without its checks) reads the four suits' subset tables
# as plain tuples.
import cython

cdef tuple _CLUBS_OF, _DIAMONDS_OF, _HEARTS_OF, _SPADES_OF

cpdef tuple mask_to_cards(object mask)

@cython.locals(m=cython.longlong)
cpdef tuple cards_of_mask(object mask)
