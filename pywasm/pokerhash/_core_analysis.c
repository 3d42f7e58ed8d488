/* The whole-deal analysis functions of pokerhash._core (docs/design/python-binding.md): low-level calls
 * over buffers that pokerhash/analysis.py has already checked and sized. Card lists arrive as bytes of
 * card ids, results go into writable buffers, and every call that counts deals releases the GIL. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "pokerhash.h"
#include "_core_analysis.h"

#define MAX_BUFFERS 6

/* The buffers of one call, released together. */
typedef struct held {
    Py_buffer view[MAX_BUFFERS];
    int count;
} held;

static void release(held *h) {
    for (int i = 0; i < h->count; i++)
        if (h->view[i].obj)
            PyBuffer_Release(&h->view[i]);
    h->count = 0;
}

/* Views objs[i] per modes[i]: 'r' read, 'w' write, 'n' None (NULL) or write; each at least sizes[i] bytes. */
static int take(held *h, PyObject *const *objs, const char *modes, const Py_ssize_t *sizes, const char *const *names) {
    h->count = 0;
    for (int i = 0; modes[i]; i++) {
        Py_buffer *view = &h->view[h->count++];
        if (modes[i] == 'n' && objs[i] == Py_None) {
            memset(view, 0, sizeof *view);
            continue;
        }
        int flags = modes[i] == 'r' ? PyBUF_C_CONTIGUOUS : PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE;
        if (PyObject_GetBuffer(objs[i], view, flags) < 0) {
            view->obj = NULL;
            release(h);
            return -1;
        }
        if (view->len < sizes[i]) {
            PyErr_Format(PyExc_ValueError, "%s must hold at least %zd bytes, got %zd", names[i], sizes[i], view->len);
            release(h);
            return -1;
        }
    }
    return 0;
}

static PyObject *status_error(int status) {
    if (status == PH_E_NOMEM)
        return PyErr_NoMemory();
    PyErr_SetString(PyExc_ValueError, ph_error_message(status));
    return NULL;
}

static int arg_count(Py_ssize_t nargs, Py_ssize_t want, const char *name) {
    if (nargs == want)
        return 0;
    PyErr_Format(PyExc_TypeError, "%s takes %zd arguments (%zd given)", name, want, nargs);
    return -1;
}

static int u64_arg(PyObject *obj, uint64_t *out) {
    unsigned long long v = PyLong_AsUnsignedLongLong(obj);
    if (v == (unsigned long long)-1 && PyErr_Occurred())
        return -1;
    *out = v;
    return 0;
}

/* The rules as analysis.py packs them: unit and the ten Blind pays, little-endian uint32. */
static int rules_arg(PyObject *obj, ph_uth_rules *rules) {
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_C_CONTIGUOUS) < 0)
        return -1;
    int ok = view.len == (Py_ssize_t)sizeof *rules;
    if (ok)
        memcpy(rules, view.buf, sizeof *rules);
    PyBuffer_Release(&view);
    if (!ok)
        PyErr_Format(PyExc_ValueError, "rules must be %zu bytes", sizeof *rules);
    return ok ? 0 : -1;
}

#define DATA(i) (h.view[i].buf)
#define LEN(i) ((size_t)h.view[i].len)
#define NONE_OR(i) (h.view[i].obj ? h.view[i].buf : NULL)

static PyObject *finish(held *h, int status) {
    release(h);
    if (status < 0)
        return status_error(status);
    Py_RETURN_NONE;
}

static PyObject *py_showdown_into(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    static const Py_ssize_t sizes[] = {0, 0, 2 * PH_HOLE_PAIRS, 2 * PH_HOLE_PAIRS, 24 * PH_HOLE_PAIRS,
                                       240 * PH_HOLE_PAIRS};
    static const char *const names[] = {"board", "dead", "holes", "values", "counts", "by_category"};
    held h;
    if (arg_count(nargs, 6, "showdown_into") || take(&h, args, "rrwwwn", sizes, names))
        return NULL;
    int rows;
    Py_BEGIN_ALLOW_THREADS
    rows = ph_showdown(DATA(0), LEN(0), DATA(1), LEN(1), DATA(2), DATA(3), DATA(4), NONE_OR(5));
    Py_END_ALLOW_THREADS
    release(&h);
    return rows < 0 ? status_error(rows) : PyLong_FromLong(rows);
}

static PyObject *py_showdown_matrix_units(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    static const Py_ssize_t sizes[] = {0};
    static const char *const names[] = {"dead"};
    held h;
    if (arg_count(nargs, 1, "showdown_matrix_units") || take(&h, args, "r", sizes, names))
        return NULL;
    uint64_t units = 0;
    int status = ph_showdown_matrix_units(DATA(0), LEN(0), &units);
    release(&h);
    return status < 0 ? status_error(status) : PyLong_FromUnsignedLongLong(units);
}

static PyObject *py_showdown_matrix_into(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    static const Py_ssize_t sizes[] = {0, 800, 80};
    static const char *const names[] = {"dead", "wins", "ties"};
    uint64_t start, count;
    held h;
    if (arg_count(nargs, 5, "showdown_matrix_into") || u64_arg(args[1], &start) || u64_arg(args[2], &count))
        return NULL;
    PyObject *const objs[] = {args[0], args[3], args[4]};
    if (take(&h, objs, "rww", sizes, names))
        return NULL;
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = ph_showdown_matrix(DATA(0), LEN(0), start, count, DATA(1), DATA(2));
    Py_END_ALLOW_THREADS
    return finish(&h, status);
}

static PyObject *py_uth_payoff(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    ph_uth_rules rules;
    uint64_t play, outcome;
    if (arg_count(nargs, 3, "uth_payoff") || rules_arg(args[0], &rules) || u64_arg(args[1], &play) ||
        u64_arg(args[2], &outcome))
        return NULL;
    int64_t pay = ph_uth_payoff(&rules, play > 4 ? 0 : (unsigned)play, outcome > 99 ? 99 : (unsigned)outcome);
    if (pay == INT64_MIN)
        return status_error(PH_E_ARGUMENT);
    return PyLong_FromLongLong(pay);
}

static PyObject *py_uth_river(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    static const Py_ssize_t sizes[] = {2, 5, 0};
    static const char *const names[] = {"hole", "board", "dead"};
    ph_uth_rules rules;
    held h;
    if (arg_count(nargs, 4, "uth_river") || rules_arg(args[0], &rules) || take(&h, args + 1, "rrr", sizes, names))
        return NULL;
    uint64_t outcomes[PH_UTH_OUTCOMES];
    int64_t ev[2];
    int dealers;
    Py_BEGIN_ALLOW_THREADS
    dealers = ph_uth_river(&rules, DATA(0), DATA(1), DATA(2), LEN(2), outcomes, ev);
    Py_END_ALLOW_THREADS
    release(&h);
    if (dealers < 0)
        return status_error(dealers);
    PyObject *counts = PyTuple_New(PH_UTH_OUTCOMES);
    if (!counts)
        return NULL;
    for (int o = 0; o < PH_UTH_OUTCOMES; o++) {
        PyObject *item = PyLong_FromUnsignedLongLong(outcomes[o]);
        if (!item) {
            Py_DECREF(counts);
            return NULL;
        }
        PyTuple_SET_ITEM(counts, o, item);
    }
    return Py_BuildValue("(iNLL)", dealers, counts, (long long)ev[0], (long long)ev[1]);
}

static PyObject *py_uth_flop_into(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    static const Py_ssize_t sizes[] = {3, 0, 4 * PH_UTH_FLOP_COUNTS * PH_HOLE_PAIRS, PH_HOLE_PAIRS};
    static const char *const names[] = {"flop", "dead", "counts", "bet"};
    ph_uth_rules rules;
    held h;
    if (arg_count(nargs, 5, "uth_flop_into") || rules_arg(args[0], &rules) || take(&h, args + 1, "rrww", sizes, names))
        return NULL;
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = ph_uth_flop(&rules, DATA(0), DATA(1), LEN(1), DATA(2), DATA(3));
    Py_END_ALLOW_THREADS
    return finish(&h, status);
}

static PyObject *py_uth_classes_into(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    static const Py_ssize_t sizes[] = {0, 2 * PH_HOLE_PAIRS};
    static const char *const names[] = {"dead", "out"};
    held h;
    if (arg_count(nargs, 2, "uth_classes_into") || take(&h, args, "rw", sizes, names))
        return NULL;
    return finish(&h, ph_uth_classes(DATA(0), LEN(0), DATA(1)));
}

static PyObject *py_uth_solve_into(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    Py_ssize_t sizes[] = {0, 8 * PH_UTH_LINES * PH_HOLE_PAIRS, 0};
    static const char *const names[] = {"dead", "totals", "bet"};
    ph_uth_rules rules;
    uint64_t start, count;
    held h;
    if (arg_count(nargs, 6, "uth_solve_into") || rules_arg(args[0], &rules) || u64_arg(args[2], &start) ||
        u64_arg(args[3], &count))
        return NULL;
    if (count > PH_UTH_FLOPS)
        return status_error(PH_E_RANK);
    sizes[2] = (Py_ssize_t)count * PH_HOLE_PAIRS;
    PyObject *const objs[] = {args[1], args[4], args[5]};
    if (take(&h, objs, "rwn", sizes, names))
        return NULL;
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = ph_uth_solve(&rules, DATA(0), LEN(0), start, count, DATA(1), NONE_OR(2));
    Py_END_ALLOW_THREADS
    return finish(&h, status);
}

static PyObject *row_status(held *h, int status, size_t bad_row) {
    release(h);
    if (status >= 0)
        Py_RETURN_NONE;
    if (status == PH_E_NOMEM)
        return PyErr_NoMemory();
    PyErr_Format(PyExc_ValueError, "row %zu: %s", bad_row, ph_error_message(status));
    return NULL;
}

/* Whether the hole rows (buffer `holes`) and the board rows after them (`width` cards) are shorter than the n
 * rows of out: then the buffers are released and ValueError(message) is set. */
static int short_rows(held *h, int holes, size_t width, size_t n, const char *message) {
    if ((size_t)h->view[holes].len >= 2 * n && (size_t)h->view[holes + 1].len >= width * n)
        return 0;
    release(h);
    PyErr_SetString(PyExc_ValueError, message);
    return 1;
}

static PyObject *py_uth_flop_decisions_into(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    static const Py_ssize_t sizes[] = {0, (Py_ssize_t)PH_UTH_FLOPS * PH_HOLE_PAIRS, 0, 0, 0};
    static const char *const names[] = {"dead", "bet", "holes", "flops", "out"};
    held h;
    if (arg_count(nargs, 5, "uth_flop_decisions_into") || take(&h, args, "rrrrw", sizes, names))
        return NULL;
    size_t n = LEN(4), bad_row = 0;
    if (short_rows(&h, 2, 3, n, "holes and flops must hold 2 and 3 cards per row of out"))
        return NULL;
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = ph_uth_flop_decisions(DATA(0), LEN(0), DATA(1), DATA(2), DATA(3), n, DATA(4), &bad_row);
    Py_END_ALLOW_THREADS
    return row_status(&h, status, bad_row);
}

static PyObject *py_uth_river_decisions_into(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    static const Py_ssize_t sizes[] = {0, 0, 0, 0};
    static const char *const names[] = {"dead", "holes", "boards", "out"};
    ph_uth_rules rules;
    held h;
    if (arg_count(nargs, 5, "uth_river_decisions_into") || rules_arg(args[0], &rules) ||
        take(&h, args + 1, "rrrw", sizes, names))
        return NULL;
    size_t n = LEN(3), bad_row = 0;
    if (short_rows(&h, 1, 5, n, "holes and boards must hold 2 and 5 cards per row of out"))
        return NULL;
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = ph_uth_river_decisions(&rules, DATA(0), LEN(0), DATA(1), DATA(2), n, DATA(3), &bad_row);
    Py_END_ALLOW_THREADS
    return row_status(&h, status, bad_row);
}

static int unsigned_arg(PyObject *obj, unsigned *out) {
    uint64_t v;
    if (u64_arg(obj, &v))
        return -1;
    *out = v > UINT32_MAX ? UINT32_MAX : (unsigned)v; /* past every limit, refused by the C checks */
    return 0;
}

static PyObject *py_strength_units(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    unsigned board_cards;
    if (arg_count(nargs, 1, "strength_units") || unsigned_arg(args[0], &board_cards))
        return NULL;
    uint64_t units = 0;
    int status;
    Py_BEGIN_ALLOW_THREADS /* the first call builds the indexers */
    status = ph_strength_units(board_cards, &units);
    Py_END_ALLOW_THREADS
    return status < 0 ? status_error(status) : PyLong_FromUnsignedLongLong(units);
}

/* PH_OK when count units of a street of board_cards 3..5 exist, with the rows they make. */
static int strength_rows_of(unsigned board_cards, uint64_t count, Py_ssize_t *rows) {
    uint64_t units;
    int status = ph_strength_units(board_cards, &units);
    if (status == PH_OK && count > units)
        status = PH_E_RANK;
    if (status == PH_OK)
        *rows = (Py_ssize_t)count * (52 - board_cards) * (51 - board_cards) / 2;
    return status;
}

static PyObject *py_strength_rows_into(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    static const char *const names[] = {"index", "sum", "square", "histogram"};
    unsigned board_cards, bins;
    uint64_t start, count;
    Py_ssize_t rows = 0;
    held h;
    if (arg_count(nargs, 8, "strength_rows_into") || unsigned_arg(args[0], &board_cards) ||
        unsigned_arg(args[1], &bins) || u64_arg(args[2], &start) || u64_arg(args[3], &count))
        return NULL;
    int status = board_cards == 0 ? PH_E_ARGUMENT : strength_rows_of(board_cards, count, &rows);
    if (status < 0)
        return status_error(status);
    if (bins > PH_STRENGTH_MAX_BINS)
        return status_error(PH_E_ARGUMENT);
    const Py_ssize_t sizes[] = {8 * rows, 4 * rows, 8 * rows, 2 * rows * (Py_ssize_t)bins};
    if (take(&h, args + 4, "wwnn", sizes, names))
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    status = ph_strength_rows(board_cards, bins, start, count, DATA(0), DATA(1), NONE_OR(2), NONE_OR(3));
    Py_END_ALLOW_THREADS
    return finish(&h, status);
}

static PyObject *py_strength_preflop_into(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    static const char *const names[] = {"sum", "square", "histogram"};
    unsigned bins;
    uint64_t start, count;
    held h;
    if (arg_count(nargs, 6, "strength_preflop_into") || unsigned_arg(args[0], &bins) || u64_arg(args[1], &start) ||
        u64_arg(args[2], &count))
        return NULL;
    if (bins > PH_STRENGTH_MAX_BINS)
        return status_error(PH_E_ARGUMENT);
    const Py_ssize_t classes = PH_STRENGTH_CLASSES;
    const Py_ssize_t sizes[] = {8 * classes, 8 * classes, 8 * classes * (Py_ssize_t)bins};
    if (take(&h, args + 3, "wnn", sizes, names))
        return NULL;
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = ph_strength_preflop(bins, start, count, DATA(0), NONE_OR(1), NONE_OR(2));
    Py_END_ALLOW_THREADS
    return finish(&h, status);
}

static PyObject *py_strength_hand_into(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    static const char *const names[] = {"hole", "board", "sums", "histogram"};
    unsigned bins;
    held h;
    if (arg_count(nargs, 5, "strength_hand_into") || unsigned_arg(args[2], &bins))
        return NULL;
    if (bins > PH_STRENGTH_MAX_BINS)
        return status_error(PH_E_ARGUMENT);
    const Py_ssize_t sizes[] = {2, 0, 16, 4 * (Py_ssize_t)bins};
    PyObject *const objs[] = {args[0], args[1], args[3], args[4]};
    if (take(&h, objs, "rrwn", sizes, names))
        return NULL;
    int runouts;
    Py_BEGIN_ALLOW_THREADS
    runouts = ph_strength_hand(DATA(0), DATA(1), LEN(1), bins, DATA(2), NONE_OR(3));
    Py_END_ALLOW_THREADS
    release(&h);
    return runouts < 0 ? status_error(runouts) : PyLong_FromLong(runouts);
}

#define ENTRY(name, doc) {#name, (PyCFunction)(void (*)(void))py_##name, METH_FASTCALL, doc}

PyMethodDef ph_analysis_methods[] = {
    ENTRY(showdown_into, "showdown_into($module, board, dead, holes, values, counts, by_category, /)\n--\n\nShowdown counts of every hole pair on a 3..5-card board into the buffers; returns the rows."),
    ENTRY(showdown_matrix_units, "showdown_matrix_units($module, dead, /)\n--\n\nWork units (boards) of the showdown matrix."),
    ENTRY(showdown_matrix_into, "showdown_matrix_into($module, dead, start, count, wins, ties, /)\n--\n\nAdds boards start.. of the showdown matrix to wins (10x10 uint64) and ties (10 uint64)."),
    ENTRY(uth_payoff, "uth_payoff($module, rules, play, outcome, /)\n--\n\nThe player's result of one outcome with play antes on the Play bet, in 1/unit antes."),
    ENTRY(uth_river, "uth_river($module, rules, hole, board, dead, /)\n--\n\n(dealer holes, outcomes of playing, EV of playing, EV of folding) on the river."),
    ENTRY(uth_flop_into, "uth_flop_into($module, rules, flop, dead, counts, bet, /)\n--\n\nEvery hole pair's outcome counts on one flop, and whether it bets."),
    ENTRY(uth_classes_into, "uth_classes_into($module, dead, out, /)\n--\n\nThe class (smallest pair of its suit orbit) of every hole pair."),
    ENTRY(uth_solve_into, "uth_solve_into($module, rules, dead, start, count, totals, bet, /)\n--\n\nAdds flops start.. of the whole game to the class totals; bet (or None) gets the flop decisions."),
    ENTRY(uth_flop_decisions_into, "uth_flop_decisions_into($module, dead, bet, holes, flops, out, /)\n--\n\nFlop decisions (1 bet, 0 check) of (hole, flop) rows from the solve's table."),
    ENTRY(uth_river_decisions_into, "uth_river_decisions_into($module, rules, dead, holes, boards, out, /)\n--\n\nRiver decisions (1 play, 0 fold) of (hole, board) rows by exact EV."),
    ENTRY(strength_units, "strength_units($module, board_cards, /)\n--\n\nWork units (canonical boards) of a street's hand-strength table: board cards 0, 3, 4 or 5."),
    ENTRY(strength_rows_into, "strength_rows_into($module, board_cards, bins, start, count, index, sum, square, histogram, /)\n--\n\nHand-strength rows of canonical boards start..: table index, score sums, squares, histogram."),
    ENTRY(strength_preflop_into, "strength_preflop_into($module, bins, start, count, sum, square, histogram, /)\n--\n\nAdds canonical 5-card boards start.. to the 169 classes' orbit-weighted sums and histograms."),
    ENTRY(strength_hand_into, "strength_hand_into($module, hole, board, bins, sums, histogram, /)\n--\n\nOne hole pair's score sum, square sum and histogram over every runout of a board; the runouts."),
    {NULL, NULL, 0, NULL},
};
