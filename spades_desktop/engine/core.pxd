# C types for core.py when Cython compiles it (setup.py); core.py stays plain Python.
# Masks are 64-bit signed ints (56 bits used), card indices, positions and scores C ints.
import cython

cpdef long long legal_mask(long long hand, long long led, bint spades_broken) noexcept

cpdef bint breaks_spades(int card) noexcept

cpdef int contract_of(int bid_a, int bid_b) noexcept

cpdef int contract_tricks_of(int bid_a, int bid_b, int won_a, int won_b,
                             bint failed_nil_counts) noexcept

@cython.locals(power=tuple, pos=int, best=int, strength=int, i=int, a=int, b=int, c=int,
               d=int)
cpdef int trick_winner_position(object cards) except? -1

cpdef int trick_winner_seat(object cards, int leader) except? -1

@cython.locals(contract=int, counted=bint, contract_tricks=int, nil_points_total=int,
               bags=int, value=int, made=int, contract_points=int, bags_after=int,
               penalty=int)
cpdef tuple score_team(int bid_a, bint blind_a, int bid_b, bint blind_b, int won_a,
                       int won_b, int bags_before, int bag_limit, int bag_points,
                       int nil_points, bint failed_nil_counts, bint ten_for_200)

cpdef int legal_bid_mask(int style, int min_team_bid, int partner_bid,
                         int spades_held) noexcept

cpdef bint blind_nil_offered(int style, int min_team_bid, int partner_bid) noexcept

cpdef bint thirteen_win(bint enabled, int contract, int team_tricks) noexcept

@cython.locals(limit=bint, reason=int)
cpdef tuple game_over(int target, object floor, int max_hands, int ns, int ew,
                      int hands_played, int thirteen)
