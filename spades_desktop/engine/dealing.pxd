# C types for dealing.py when Cython compiles it (setup.py); dealing.py stays plain Python.
# The one-by-one shuffle runs on 64-bit unsigned C integers: their arithmetic wraps
# modulo 2**64, which is what the "& _MASK64" of the Python source computes.
import cython

cdef unsigned long long _MASK64, _GOLDEN, _MIX1, _MIX2, _NEAR_TOP

@cython.locals(state=cython.ulonglong, z=cython.ulonglong,
               i=int, j=int, n=int, cards=list)
cpdef list _shuffle_one_by_one(unsigned long long seed)

@cython.locals(masks=cython.longlong[4], seat=int, one=cython.longlong, card=int, place=int,
               indices=tuple)
cpdef tuple deal_masks(object game_number, object hand_number, object dealer, int deck=*)

@cython.locals(z=cython.ulonglong)
cpdef unsigned long long _mix_part(unsigned long long state, unsigned long long low,
                                   unsigned long long high)
