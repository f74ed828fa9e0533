# C types for state.py when Cython compiles it (setup.py); state.py stays plain Python.
# Only the hot path of the checked API is typed: legal_actions and the card and bid
# branches of apply_action. Masks are 64-bit signed ints (56 bits used), seats and card
# indices C ints; positions are read as plain tuples (cython.cast in state.py).
import cython

from spades_desktop.engine.cards cimport cards_of_mask
from spades_desktop.engine.core cimport legal_mask, trick_winner_position

cdef object _BIDDING, _PLAYING, _GAME_OVER
cdef tuple _SEATS, _NEXT_SEAT, _PARTNER, _LED_MASK, _PLAYED
cdef dict _FOLLOW
cdef long long _RANKS, _ONE, _HIGH_TRUMPS

cdef extern from *:
    """
    /* An instance of a tuple subclass (a NamedTuple) with the items of an exact tuple:
       what tuple.__new__(type, items) gives, as state.py's pure-Python _new_tuple is. */
    static PyObject *spades_tuple_of(PyObject *type, PyObject *items) {
        PyTypeObject *tp = (PyTypeObject *)type;
        Py_ssize_t n = PyTuple_GET_SIZE(items);
        PyObject *o = tp->tp_alloc(tp, n);
        if (o == NULL) return NULL;
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *item = PyTuple_GET_ITEM(items, i);
            Py_INCREF(item);
            PyTuple_SET_ITEM(o, i, item);
        }
        return o;
    }

    /* items + (item,) for an exact tuple, without the one-item tuple. */
    static PyObject *spades_append(PyObject *items, PyObject *item) {
        Py_ssize_t n = PyTuple_GET_SIZE(items);
        PyObject *o = PyTuple_New(n + 1);
        if (o == NULL) return NULL;
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *old = PyTuple_GET_ITEM(items, i);
            Py_INCREF(old);
            PyTuple_SET_ITEM(o, i, old);
        }
        Py_INCREF(item);
        PyTuple_SET_ITEM(o, n, item);
        return o;
    }

    /* A GameState (a tuple subclass) from its ten items, without a temporary tuple:
       what tuple.__new__(type, items) gives, as state.py's pure-Python _new_state does. */
    static PyObject *spades_new_state(PyObject *type, PyObject *seat, PyObject *south,
                                      PyObject *west, PyObject *north, PyObject *east,
                                      PyObject *trick, PyObject *broken, PyObject *phase,
                                      PyObject *table, PyObject *led) {
        PyObject *items[10] = {seat, south, west, north, east, trick, broken, phase, table,
                               led};
        PyTypeObject *tp = (PyTypeObject *)type;
        PyObject *o = tp->tp_alloc(tp, 10);
        if (o == NULL) return NULL;
        for (int i = 0; i < 10; i++) {
            Py_INCREF(items[i]);
            PyTuple_SET_ITEM(o, i, items[i]);
        }
        return o;
    }

    /* An instance of a slotted class with its slots set from C, past a frozen dataclass's
       __setattr__: what object.__new__(type) and object.__setattr__(o, name, value) for
       each name give. For classes whose __init__ only sets these fields, in order, this
       equals type(*values), which state.py's pure-Python _filled returns. */
    static PyObject *spades_filled(PyObject *type, PyObject *names, PyObject *values) {
        PyTypeObject *tp = (PyTypeObject *)type;
        Py_ssize_t n = PyTuple_GET_SIZE(names);
        if (PyTuple_GET_SIZE(values) != n) {
            PyErr_SetString(PyExc_ValueError, "one value per field");
            return NULL;
        }
        PyObject *o = tp->tp_alloc(tp, 0);
        if (o == NULL) return NULL;
        for (Py_ssize_t i = 0; i < n; i++) {
            if (PyObject_GenericSetAttr(o, PyTuple_GET_ITEM(names, i),
                                        PyTuple_GET_ITEM(values, i)) < 0) {
                Py_DECREF(o);
                return NULL;
            }
        }
        return o;
    }
    """
    object _new_tuple "spades_tuple_of"(object type_, tuple items)
    tuple _append "spades_append"(tuple items, object item)
    object _new_state "spades_new_state"(object type_, object seat, object south,
                                         object west, object north, object east,
                                         object trick, object broken, object phase,
                                         object table, object led)
    object _filled "spades_filled"(object type_, tuple names, tuple values)

@cython.locals(position=tuple, seat=int, led=cython.longlong, legal=cython.longlong,
               shift=int, cards_of=tuple)
cpdef tuple legal_actions(object state)

@cython.locals(position=tuple, seat=int, led=cython.longlong, broken=bint,
               bit=cython.longlong, hand=cython.longlong, index=int, trick=tuple)
cpdef apply_action(object state, object action)

@cython.locals(broken=bint)
cdef _bid(object table, int seat, object south, object west, object north, object east,
          object bid)

@cython.locals(tricks=tuple, winners=tuple)
cdef _end_trick(object table, object south, object west, object north, object east,
                tuple trick, bint broken)

cdef tuple _RECORD_FIELDS, _SCORE_FIELDS, _SHEET_FIELDS

@cython.locals(values=tuple)
cdef _hand_score(tuple terms, object bid_a, object bid_b, int won_a, int won_b,
                 int bags_before)

cdef _finish_hand(object table, object south, object west, object north, object east,
                  bint broken)

cdef inline tuple _fields(object items)

@cython.locals(won=cython.int[4], seat=int)
cdef tuple _tricks_won(tuple winners)

@cython.locals(tricks=tuple, winners=tuple, i=int)
cpdef _record(object table, object score, object won=*)
