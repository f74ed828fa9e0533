# C types for sim.py when Cython compiles it (setup.py); sim.py stays plain Python.
# Masks are 64-bit signed ints (56 bits used), cards, seats and counts C ints. Shifts of a
# literal 1 are avoided in sim.py (C would compute them in 32 bits): it uses _BIT[card].
# Values of the solver (floats or ints from a utility) stay Python objects.
import cython

cdef extern from *:
    """
    #if defined(_MSC_VER)
    #include <intrin.h>
    static __inline int spades_bit_length(long long m) {
        unsigned long i;
        return _BitScanReverse64(&i, (unsigned long long)m) ? (int)i + 1 : 0;
    }
    static __inline int spades_bit_count(long long m) {
        return (int)__popcnt64((unsigned long long)m);
    }
    #else
    static inline int spades_bit_length(long long m) {
        return m ? 64 - __builtin_clzll((unsigned long long)m) : 0;
    }
    static inline int spades_bit_count(long long m) {
        return __builtin_popcountll((unsigned long long)m);
    }
    #endif
    """
    int _bit_length "spades_bit_length"(long long m) nogil
    int _bit_count "spades_bit_count"(long long m) nogil

from spades_desktop.engine.core cimport legal_mask, trick_winner_position, trick_winner_seat
cdef long long SIDE_MASK, SPADES_MASK, _FULL
cdef int SPADES
cdef int _TAKE, _NIL, _COVER, _DUCK
cdef long long _SUIT_MASK[4]
cdef long long _ABOVE[56]
cdef long long _BELOW[56]
cdef int _SUIT_OF[56]
cdef long long _LED_MASK[56]
cdef long long _BIT[56]
cdef int _SUITS[4]
cdef int _SIDE_SUITS[3]
cdef int _OPPONENTS[8]


cdef class BidInfo:
    cdef readonly tuple bids, blind, nil, contract, has_contract
    # The rollout's copies of nil, contract and has_contract (C arrays, read unboxed).
    cdef int _nil[4]
    cdef int _contract[2]
    cdef int _has_contract[2]


@cython.locals(best=int, best_key=int, s=int, sub=cython.longlong, low=int, key=int)
cdef int _low_discard(long long m) noexcept

@cython.locals(best=int, best_key=int, s=int, sub=cython.longlong, top=int, key=int)
cdef int _high_discard(long long m) noexcept

@cython.locals(side=cython.longlong)
cdef int _cheapest_winner(long long winners) noexcept

@cython.locals(legal=cython.longlong, others=cython.longlong, nil=cython.p_int, partner=int,
               mode=int, team=int, mine=int, other=int, theirs=int, need=int, best=int,
               best_key=int, s=int, sub=cython.longlong, top=int, key=int, opp=int,
               spades=cython.longlong, side=cython.longlong, best_len=int, ln=int,
               winners=cython.longlong, following=bint, losers=cython.longlong,
               m=cython.longlong, low=cython.longlong, c=int)
cdef int _choose(int seat, long long hand, long long remaining, int n, int led, int win_card,
                 int win_seat, int win_suit, int leader, bint broken, int *won,
                 BidInfo info, int *duck) except? -2

@cython.locals(n=int, win_pos=int, win_card=int, win_suit=int, win_seat=int, led=int,
               remaining=cython.longlong, tricks_won='int[4]', ducking='int[2]')
cpdef int policy_card(int seat, object hands, object trick, int leader, bint broken,
                      object won, BidInfo info, object duck) except? -2

@cython.locals(held='long long[4]', tricks_won='int[4]', ducking='int[2]', i=int,
               remaining=cython.longlong, n=int, win_pos=int, win_card=int,
               win_suit=int, win_seat=int, led=int, seat=int, card=int,
               bit=cython.longlong, s=int)
cpdef playout(object hands, object trick, int leader, bint broken, object won, BidInfo info,
              object duck)

@cython.locals(lead=int, i=int, h=cython.longlong, seen=cython.longlong, n=int, card=int,
               size=int, k=int)
cdef int _check_position(object hands, object trick, object leader, bint sizes=*) except -1

cpdef list distinct_moves(object hand, object legal, object remaining)

@cython.locals(out=list, m=cython.longlong, low=cython.longlong, c=int,
               below=cython.longlong)
cdef list _distinct_moves(long long hand, long long legal, long long remaining)

@cython.locals(pos=int, top=int, top_suit=int, beats=cython.longlong, c=int)
cdef list _ordered(list moves, list trick, int leader, int seat)


cdef class _Solver:
    cdef public object utility, cancel_check, node_limit, memo, search
    cdef public int team
    cdef public bint additive
    cdef public long long nodes

    @cython.locals(n=int, seat=int, hand=cython.longlong, legal=cython.longlong,
                   remaining=cython.longlong, c=int, moves=list, maximize=bint, card=int,
                   bit=cython.longlong, nb=bint, w=int, saved=list)
    cpdef _search(self, list hands, list trick, int leader, bint broken, list won, alpha,
                  beta)
