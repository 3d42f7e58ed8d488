/* pokerhash._core: the thin CPython binding of the C core. Argument conversion and error messages live
 * here; every poker and combinatorics decision is the core's. The contract is docs/design/python-binding.md,
 * which the Pyodide backend (_wasm_core.py) implements too. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <string.h>

#include "pokerhash.h"
#include "_core_analysis.h"
#include "_core_isomorphism.h"

#define MAX_COLLECT 64          /* more than a deck, so a wrong count is reported, not truncated */
#define GIL_FREE_ROWS 2048      /* below this the GIL round trip costs more than it frees */

static const char CARDS_TYPE_ERROR[] = "cards must be card names (str), card ids (int) or a sequence of them";

/* ---- card arguments ------------------------------------------------------------------------------ */

/* The items of any iterable as a tuple holding strong references (a tuple is returned as is). Walking a list
 * in place is unsafe as soon as Python code runs on an item (__index__, __float__): that code may resize
 * the list, moving or freeing the items array being read. NULL with a TypeError(message) for a non-iterable. */
static PyObject *frozen_sequence(PyObject *obj, const char *message) {
    PyObject *seq = PySequence_Fast(obj, message);
    if (!seq || !PyList_Check(seq))
        return seq;
    PyObject *copy = PyList_AsTuple(seq);
    Py_DECREF(seq);
    return copy;
}

/* Whether converting `item` runs no Python code: ints (subclasses too: read directly) and text. */
static int converts_inertly(PyObject *item) {
    return PyLong_Check(item) || PyUnicode_Check(item);
}

/* User text (UTF-8) quoted for a message by the core's rule (ph_quote_text; shown() in _checks.py is its
 * Python twin): a 10 MB bad text must not make a 10 MB message. */
static PyObject *shown_text(const char *utf8, Py_ssize_t len) {
    char out[PH_QUOTE_CAP];
    size_t at = ph_quote_text(utf8, (size_t)len, out);
    return PyUnicode_DecodeUTF8(out, (Py_ssize_t)at, "replace");
}

/* The UTF-8 bytes of text; *keep holds them when they are not the string's own cache (then Py_DECREF it).
 * A lone surrogate has no UTF-8 form: it travels as its escape '\\ud800', which no card or range token
 * accepts, so the parser names the token that holds it (a ValueError, not Python's UnicodeEncodeError). */
static const char *text_utf8(PyObject *text, Py_ssize_t *len, PyObject **keep) {
    *keep = NULL;
    const char *utf8 = PyUnicode_AsUTF8AndSize(text, len);
    if (utf8 || !PyErr_ExceptionMatches(PyExc_UnicodeEncodeError))
        return utf8;
    PyErr_Clear();
    *keep = PyUnicode_AsEncodedString(text, "utf-8", "backslashreplace");
    if (!*keep)
        return NULL;
    *len = PyBytes_GET_SIZE(*keep);
    return PyBytes_AS_STRING(*keep);
}

static int unknown_card(const char *text, Py_ssize_t len) {
    PyObject *token = shown_text(text, len);
    if (token) {
        PyErr_Format(PyExc_ValueError, "unknown card %U", token);
        Py_DECREF(token);
    }
    return -1;
}

static int collect_utf8(const char *utf8, Py_ssize_t len, uint8_t *out, Py_ssize_t *count) {
    size_t bad = 0;
    int parsed = ph_cards_parse(utf8, (size_t)len, out + *count, (size_t)(MAX_COLLECT - *count), &bad);
    if (parsed == PH_E_PARSE) {
        return unknown_card(utf8 + bad, (Py_ssize_t)ph_cards_word_length(utf8 + bad, (size_t)len - bad));
    }
    if (parsed < 0) {
        PyErr_Format(PyExc_ValueError, "more than %d cards", MAX_COLLECT);
        return -1;
    }
    *count += parsed;
    return 0;
}

/* Appends the cards of one text ("As Ks", "AsKs", "As,Ks") to out; -1 with an exception on error. */
static int collect_text(PyObject *text, uint8_t *out, Py_ssize_t *count) {
    Py_ssize_t len;
    PyObject *keep;
    const char *utf8 = text_utf8(text, &len, &keep);
    int status = utf8 ? collect_utf8(utf8, len, out, count) : -1;
    Py_XDECREF(keep);
    return status;
}

/* Raises `type` with before + obj + after, obj written for a message by _checks.shown_value (str() when
 * as_str, else repr()): the rule both backends share, so a huge int or a long text makes neither a huge
 * message nor Python's digit-limit error. Returns NULL. */
static PyObject *raise_about(PyObject *type, const char *before, PyObject *obj, int as_str, const char *after) {
    PyObject *checks = PyImport_ImportModule("pokerhash._checks");
    PyObject *shown = NULL;
    if (checks)
        shown = as_str ? PyObject_CallMethod(checks, "shown_value", "OO", obj, (PyObject *)&PyUnicode_Type)
                       : PyObject_CallMethod(checks, "shown_value", "O", obj);
    Py_XDECREF(checks);
    if (shown) {
        PyErr_Format(type, "%s%U%s", before, shown, after);
        Py_DECREF(shown);
    }
    return NULL;
}

static int type_has(PyObject *obj, const char *attribute) {
    return PyObject_HasAttrString((PyObject *)Py_TYPE(obj), attribute);
}

/* Card ids are ints or anything else with __index__ (numpy integers), as Python's own APIs take them;
 * a numpy array has __index__ too, but it has a length: it holds cards instead. The same tests, by type
 * attributes, are in _wasm_core.py. */
static int is_card_id(PyObject *item) {
    if (PyBool_Check(item)) /* True is an int, but never a card, a count or a value */
        return 0;
    return PyLong_Check(item) || (!PyUnicode_Check(item) && PyIndex_Check(item) && !type_has(item, "__len__"));
}

static int collect_one(PyObject *item, uint8_t *out, Py_ssize_t *count) {
    if (PyLong_CheckExact(item) && *count < MAX_COLLECT) { /* the common case, ahead of the general one */
        long id = PyLong_AsLong(item);
        if ((unsigned long)id < PH_DECK_SIZE) {
            out[(*count)++] = (uint8_t)id;
            return 0;
        }
        PyErr_Clear(); /* out of range or too big for a long: the general path names it */
    }
    if (is_card_id(item)) {
        PyObject *number = PyNumber_Index(item);
        if (!number)
            return -1;
        int overflow;
        long id = PyLong_AsLongAndOverflow(number, &overflow);
        Py_DECREF(number);
        if (id == -1 && PyErr_Occurred())
            return -1;
        if (overflow || id < 0 || id >= PH_DECK_SIZE) {
            raise_about(PyExc_ValueError, "card id ", item, 1, " outside 0..51");
            return -1;
        }
        if (*count == MAX_COLLECT) {
            PyErr_Format(PyExc_ValueError, "more than %d cards", MAX_COLLECT);
            return -1;
        }
        out[(*count)++] = (uint8_t)id;
        return 0;
    }
    if (PyUnicode_Check(item))
        return collect_text(item, out, count);
    PyErr_SetString(PyExc_TypeError, CARDS_TYPE_ERROR);
    return -1;
}

/* One argument that holds the cards: a list or tuple, or any other sequence (a numpy row, a range) that
 * is neither text nor bytes (bytes are far more often mistaken text than a row of ids). */
static int is_card_sequence(PyObject *arg) {
    return PyList_Check(arg) || PyTuple_Check(arg) ||
           (!is_card_id(arg) && !PyUnicode_Check(arg) && !PyBytes_Check(arg) && !PyByteArray_Check(arg) &&
            !PyDict_Check(arg) && type_has(arg, "__len__") && type_has(arg, "__getitem__"));
}

/* Cards from positional arguments: one text, one sequence, or the cards themselves. Checks ids and
 * duplicates; returns the count or -1 with an exception. */
static Py_ssize_t collect_cards(PyObject *const *args, Py_ssize_t nargs, uint8_t out[MAX_COLLECT]) {
    Py_ssize_t count = 0;
    if (nargs == 1 && is_card_sequence(args[0])) {
        PyObject *seq = PySequence_Fast(args[0], CARDS_TYPE_ERROR);
        if (!seq)
            return -1;
        Py_ssize_t size = PySequence_Fast_GET_SIZE(seq);
        PyObject **items = PySequence_Fast_ITEMS(seq);
        int inert = 1; /* the common case (ints, text) walks the list itself: no copy */
        for (Py_ssize_t i = 0; inert && i < size; i++)
            inert = converts_inertly(items[i]);
        if (!inert && PyList_Check(seq)) {
            Py_SETREF(seq, PyList_AsTuple(seq));
            if (!seq)
                return -1;
            items = PySequence_Fast_ITEMS(seq);
        }
        for (Py_ssize_t i = 0; i < size; i++)
            if (collect_one(items[i], out, &count) < 0) {
                Py_DECREF(seq);
                return -1;
            }
        Py_DECREF(seq);
    } else {
        for (Py_ssize_t i = 0; i < nargs; i++)
            if (collect_one(args[i], out, &count) < 0)
                return -1;
    }
    uint64_t seen = 0;
    for (Py_ssize_t i = 0; i < count; i++) {
        uint64_t bit = UINT64_C(1) << out[i];
        if (seen & bit) {
            char name[3];
            ph_card_format(out[i], name);
            PyErr_Format(PyExc_ValueError, "duplicate card %s", name);
            return -1;
        }
        seen |= bit;
    }
    return count;
}

/* ---- integer arguments --------------------------------------------------------------------------- */

static int unsigned_arg(PyObject *arg, const char *name, unsigned long long *out) {
    PyObject *number = PyBool_Check(arg) ? NULL
                       : PyLong_Check(arg) || !is_card_id(arg) ? (Py_INCREF(arg), arg) : PyNumber_Index(arg);
    *out = number ? PyLong_AsUnsignedLongLong(number) : (unsigned long long)-1;
    if (!number && !PyErr_Occurred()) /* a bool: named by the message below */
        PyErr_SetNone(PyExc_TypeError);
    Py_XDECREF(number);
    if (*out == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        char before[128];
        snprintf(before, sizeof before, "%s must be a non-negative integer below 2**64, got ", name);
        raise_about(PyExc_ValueError, before, arg, 0, "");
        return -1;
    }
    return 0;
}

/* A `what` ("card id", "hand value") in lo..hi: TypeError for a bool (True is an int, but never a card or a
 * value) or a non-integer, ValueError naming the number otherwise (2**63 too, not an OverflowError). */
static int id_in(PyObject *arg, const char *what, long lo, long hi, long *out) {
    char before[64], after[48];
    if (PyBool_Check(arg)) {
        snprintf(before, sizeof before, "a %s must be an integer, got ", what);
        raise_about(PyExc_TypeError, before, arg, 0, "");
        return -1;
    }
    PyObject *number = PyNumber_Index(arg);
    if (!number)
        return -1;
    int overflow;
    *out = PyLong_AsLongAndOverflow(number, &overflow);
    if (overflow || *out < lo || *out > hi) {
        snprintf(before, sizeof before, "%s ", what);
        snprintf(after, sizeof after, " outside %ld..%ld", lo, hi);
        raise_about(PyExc_ValueError, before, number, 1, after);
    }
    Py_DECREF(number);
    return PyErr_Occurred() ? -1 : 0;
}

/* ---- buffers ------------------------------------------------------------------------------------- */

/* A C-contiguous buffer whose format is one of the struct codes `codes` ('B', 'H', "QLK") of the given item
 * size; codes NULL takes any format. */
static int buffer_of(PyObject *obj, Py_buffer *view, int writable, const char *codes, Py_ssize_t itemsize,
                     const char *what) {
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj, view, flags) < 0) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "%s must be a %sC-contiguous %sbuffer", what, writable ? "writable " : "",
                     !codes ? "" : what[0] == 'c' ? "uint8 " : "unsigned integer ");
        return -1;
    }
    if (!codes)
        return 0;
    const char *format = view->format ? view->format : "B";
    if (*format == '<' || *format == '=' || *format == '@')
        format++;
    if (view->itemsize != itemsize || strlen(format) != 1 || !strchr(codes, format[0])) {
        PyErr_Format(PyExc_ValueError, "%s must hold %zd-byte unsigned integers (format '%s' given)", what,
                     itemsize, view->format ? view->format : "B");
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

/* Whether a struct format holds object references ('O'), the ":name:" of fields aside: copying those as bytes
 * would skip their reference counts. */
static int format_holds_objects(const char *format) {
    for (int in_name = 0; *format; format++) {
        if (*format == ':')
            in_name = !in_name;
        else if (!in_name && *format == 'O')
            return 1;
    }
    return 0;
}

/* out holds `count` items, else ValueError("out must hold 12 uint16 values"); `items` names them. */
static int out_holds(const Py_buffer *out, unsigned long long count, const char *items) {
    if ((unsigned long long)(out->len / out->itemsize) == count)
        return 0;
    PyErr_Format(PyExc_ValueError, "out must hold %llu %s", count, items);
    return -1;
}

/* ---- combinatorics checks ------------------------------------------------------------------------ */

static int check_n_k(unsigned long long n, unsigned long long k) {
    if (n > PH_MAX_COMBINATION_N) {
        PyErr_Format(PyExc_ValueError, "n must be 0..64, got %llu", n);
        return -1;
    }
    if (k > n) {
        PyErr_Format(PyExc_ValueError, "k must be 0..n, got %llu for n=%llu", k, n);
        return -1;
    }
    return 0;
}

static int check_range(unsigned long long n, unsigned long long k, unsigned long long start,
                       unsigned long long count) {
    if (check_n_k(n, k) < 0)
        return -1;
    uint64_t total;
    ph_binomial((unsigned)n, (unsigned)k, &total);
    if (start > total || count > total - start) {
        PyErr_Format(PyExc_ValueError, "range %llu..%llu outside 0..C(%llu,%llu) = %llu", start, start + count, n,
                     k, (unsigned long long)total);
        return -1;
    }
    return 0;
}

/* count rows of `width` bytes must fit in one buffer: past SIZE_MAX the product wraps (count=2**59 rows of 32
 * items is 0 modulo 2**64) to a size that a small buffer would pass. _wasm_core.py has the same check. */
static int check_rows_fit(unsigned long long count, unsigned long long width) {
    if (width && count > SIZE_MAX / width) {
        PyErr_Format(PyExc_ValueError, "count=%llu rows of %llu bytes do not fit in memory", count, width);
        return -1;
    }
    return 0;
}


/* ---- equity spots (docs/design/equity-c-api.md) -------------------------------------------------- */

/* A game copied out of Python objects into C arrays, so the GIL can be released while it is computed. */
typedef struct py_game {
    ph_equity_game game;
    uint8_t *holdings;
    size_t *offsets;
    double *weights;
    uint8_t board[MAX_COLLECT], dead[MAX_COLLECT];
} py_game;

static void py_game_free(py_game *g) {
    PyMem_Free(g->holdings);
    PyMem_Free(g->offsets);
    PyMem_Free(g->weights);
}

static int card_id_of(PyObject *item, uint8_t *out) {
    if (!is_card_id(item)) { /* numpy integers are ids too (issue 13 item 8) */
        PyErr_SetString(PyExc_TypeError, "holdings must hold card ids (int)");
        return -1;
    }
    PyObject *number = PyNumber_Index(item);
    if (!number)
        return -1;
    int overflow;
    long id = PyLong_AsLongAndOverflow(number, &overflow);
    if (!(id == -1 && PyErr_Occurred()) && (overflow || id < 0 || id >= PH_DECK_SIZE))
        raise_about(PyExc_ValueError, "card id ", number, 1, " outside 0..51");
    Py_DECREF(number);
    if (PyErr_Occurred())
        return -1;
    *out = (uint8_t)id;
    return 0;
}

/* (players_holdings, weights_or_None, board, dead) -> py_game; -1 with an exception. Validated by the core.
 * A weight's __float__ is Python code that may grow, shrink or free the lists being walked; so the players'
 * lists and the weight lists are walked as tuple snapshots (strong references, fixed sizes) taken before
 * any such code runs: the arrays sized from them cannot be overrun, and the game is the one passed in. */
static int parse_game(PyObject *const *args, py_game *g) {
    memset(g, 0, sizeof *g);
    static const char shape[] = "players_holdings must be a list (per player) of lists of card-id tuples";
    PyObject *players = frozen_sequence(args[0], shape);
    if (!players)
        return -1;
    Py_ssize_t n = PyTuple_GET_SIZE(players);
    PyObject *weights = args[1] == Py_None ? NULL : frozen_sequence(args[1], "weights must be None or a list per player");
    PyObject *lists = NULL, *wlists = NULL; /* each player's holdings and weights, frozen */
    int result = -1;
    if (args[1] != Py_None && !weights)
        goto done;
    if (weights && PyTuple_GET_SIZE(weights) != n) {
        PyErr_Format(PyExc_ValueError, "weights must match players_holdings: %zd players, %zd weight lists", n,
                     PyTuple_GET_SIZE(weights));
        goto done;
    }
    if (!(lists = PyTuple_New(n)) || (weights && !(wlists = PyTuple_New(n))))
        goto done;
    /* Sizes first: the total holding count and the hole size (from the first holding found). */
    Py_ssize_t total = 0, hole = 0;
    for (Py_ssize_t p = 0; p < n; p++) {
        PyObject *list = PyTuple_GET_ITEM(players, p);
        if (!PyList_Check(list) && !PyTuple_Check(list)) {
            PyErr_SetString(PyExc_TypeError, shape);
            goto done;
        }
        if (!(list = frozen_sequence(list, shape)))
            goto done;
        PyTuple_SET_ITEM(lists, p, list);
        if (weights) { /* checked below, in the order of the players */
            PyObject *given = PyTuple_GET_ITEM(weights, p);
            if (PyList_Check(given) || PyTuple_Check(given))
                given = frozen_sequence(given, shape);
            else
                Py_INCREF(given);
            if (!given)
                goto done;
            PyTuple_SET_ITEM(wlists, p, given);
        }
        Py_ssize_t count = PyTuple_GET_SIZE(list);
        if (!hole && count) {
            PyObject *first = PyTuple_GET_ITEM(list, 0);
            if (!PyList_Check(first) && !PyTuple_Check(first)) {
                PyErr_SetString(PyExc_TypeError, shape);
                goto done;
            }
            hole = PySequence_Fast_GET_SIZE(first);
        }
        total += count;
    }
    if (hole < 1 || hole > 6)
        hole = hole < 1 ? 2 : hole; /* the core names a bad hole size or the missing holdings */
    g->holdings = PyMem_Malloc((size_t)(total * hole) + 1);
    g->offsets = PyMem_Malloc(sizeof(size_t) * (size_t)(n + 1));
    g->weights = weights ? PyMem_Malloc(sizeof(double) * (size_t)(total + 1)) : NULL;
    if (!g->holdings || !g->offsets || (weights && !g->weights)) {
        PyErr_NoMemory();
        goto done;
    }
    Py_ssize_t at = 0;
    for (Py_ssize_t p = 0; p < n; p++) {
        PyObject *list = PyTuple_GET_ITEM(lists, p);
        Py_ssize_t count = PyTuple_GET_SIZE(list);
        PyObject *wlist = weights ? PyTuple_GET_ITEM(wlists, p) : NULL;
        g->offsets[p] = (size_t)at;
        if (wlist && (!PyTuple_Check(wlist) || PyTuple_GET_SIZE(wlist) != count)) {
            PyErr_Format(PyExc_ValueError, "weights must match players_holdings: player %zd has %zd holdings", p + 1,
                         count);
            goto done;
        }
        for (Py_ssize_t j = 0; j < count; j++, at++) {
            /* A holding is read whole with no Python code in between, and the snapshot keeps it alive. */
            PyObject *holding = PyTuple_GET_ITEM(list, j);
            if (!PyList_Check(holding) && !PyTuple_Check(holding)) {
                PyErr_SetString(PyExc_TypeError, shape);
                goto done;
            }
            if (PySequence_Fast_GET_SIZE(holding) != hole) {
                PyErr_Format(PyExc_ValueError, "player %zd: holding %zd has %zd cards, expected %zd", p + 1, j + 1,
                             PySequence_Fast_GET_SIZE(holding), hole);
                goto done;
            }
            for (Py_ssize_t i = 0; i < hole; i++)
                if (card_id_of(PySequence_Fast_GET_ITEM(holding, i), g->holdings + at * hole + i) < 0)
                    goto done;
            if (weights) {
                double w = PyFloat_AsDouble(PyTuple_GET_ITEM(wlist, j));
                if (w == -1.0 && PyErr_Occurred())
                    goto done;
                g->weights[at] = w;
            }
        }
    }
    g->offsets[n] = (size_t)at;
    Py_ssize_t board_len = collect_cards(&args[2], 1, g->board);
    if (board_len < 0)
        goto done;
    Py_ssize_t dead_len = collect_cards(&args[3], 1, g->dead);
    if (dead_len < 0)
        goto done;
    g->game = (ph_equity_game){(size_t)n, (size_t)hole, g->holdings, g->offsets, g->weights,
                               g->board, (size_t)board_len, g->dead, (size_t)dead_len};
    char problem[160];
    if (ph_equity_check(&g->game, problem, sizeof problem) != PH_OK) {
        PyErr_SetString(PyExc_ValueError, problem);
        goto done;
    }
    result = 0;
done:
    Py_DECREF(players);
    Py_XDECREF(weights);
    Py_XDECREF(lists);
    Py_XDECREF(wlists);
    if (result < 0)
        py_game_free(g);
    return result;
}

/* Every card in the game's deck, else ValueError("card 5c is not in the short deck"). */
static int game_deck_check(int game, const uint8_t *cards, Py_ssize_t n) {
    char problem[80];
    if (ph_game_check_cards(game, cards, (size_t)n, problem, sizeof problem) != PH_OK) {
        PyErr_SetString(PyExc_ValueError, problem);
        return -1;
    }
    return 0;
}

/* ---- equity tallies ------------------------------------------------------------------------------ */

static PyObject *u64_list(const uint64_t *values, size_t n) {
    PyObject *list = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; list && i < n; i++)
        PyList_SET_ITEM(list, (Py_ssize_t)i, PyLong_FromUnsignedLongLong(values[i]));
    return list;
}

static PyObject *double_list(const double *values, size_t n) {
    PyObject *list = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; list && i < n; i++)
        PyList_SET_ITEM(list, (Py_ssize_t)i, PyFloat_FromDouble(values[i]));
    return list;
}

static PyObject *tally_dict(const ph_equity_tally *t, size_t players) {
    return Py_BuildValue("{s:K,s:N,s:N,s:N,s:N,s:d,s:N,s:N,s:N,s:N}", "deals", (unsigned long long)t->deals,
                         "win", u64_list(t->win, players), "tie", u64_list(t->tie, players),
                         "lose", u64_list(t->lose, players), "share", u64_list(t->share, players),
                         "weight", t->weight, "weighted_share", double_list(t->weighted_share, players),
                         "sum_sq", double_list(t->sum_sq, players),
                         "weighted_win", double_list(t->weighted_win, players),
                         "weighted_tie", double_list(t->weighted_tie, players));
}

static PyObject *game_tally_dict(const ph_game_tally *t, size_t players) {
    return Py_BuildValue("{s:K,s:N,s:N,s:N,s:N,s:d,s:N,s:N,s:N,s:N,s:N,s:N,s:K}", "deals",
                         (unsigned long long)t->deals, "win", u64_list(t->win, players), "tie",
                         u64_list(t->tie, players), "lose", u64_list(t->lose, players), "share",
                         u64_list(t->share, players), "weight", t->weight, "weighted_share",
                         double_list(t->weighted_share, players), "sum_sq", double_list(t->sum_sq, players),
                         "weighted_win", double_list(t->weighted_win, players), "weighted_tie",
                         double_list(t->weighted_tie, players), "high_share", u64_list(t->high_share, players),
                         "weighted_high_share", double_list(t->weighted_high_share, players), "low_deals",
                         (unsigned long long)t->low_deals);
}

/* ---- the argument table -------------------------------------------------------------------------- */

/* Every binding reads its arguments by one table of steps (a call_spec), run in order by parse_args: each
 * step reads one argument into a member of call_args, or checks a rule across the members read so far, and
 * the first wrong argument raises its exception. The table order is the order in which the first of several
 * wrong arguments is named; _wasm_core.py checks in the same order (tests/web/core_cases.py compares them).
 *
 * Adding a binding, say showdown_counts(board, holes, out):
 *
 *     static const call_spec showdown_counts_args = {
 *         TAKES("showdown_counts(board, holes, out)", 3),
 *         STEPS(CARDS(0, board, 0), IN_BUFFER(1, holes, "B", 1), OUT_BUFFER(2, out, "QLK", 8), RULE(holes_fit))};
 *     static PyObject *showdown_counts_call(call_args *a) {
 *         ... a->board.ids, a->board.len, a->holes.buf, a->out.buf; the GIL released for long work ...
 *     }
 *     BIND(showdown_counts)
 *
 * and FASTCALL(showdown_counts, "showdown_counts($module, board, holes, out, /)\n--\n\n...") in `methods`.
 * BIND defines py_showdown_counts: it parses by the table, runs the call, then gives back what the table
 * took (buffers, the spot) whatever the call returned, so a call just returns. The shorter forms:
 * BIND_RETURNING(name, expression of a) for a one-expression call; BIND_RELEASED(name) for work that only
 * fills buffers, an int name_run(const call_args *a) run with the GIL released, its status the result;
 * BIND_O for a METH_O function. A member call_args lacks is added there, named as its Python parameter
 * (U64 messages name it so); a check across arguments is a RULE: int rule(call_args *a), -1 with an
 * exception. Whatever the table runs is inlined into the binding and folds away (evaluate costs what it did
 * by hand). The Pyodide twin in _wasm_core.py takes the same arguments in the same order with the same
 * messages, and docs/design/python-binding.md is the contract. */

typedef struct card_list {
    uint8_t ids[MAX_COLLECT];
    Py_ssize_t len;
} card_list;

typedef struct call_args {
    /* Integers, named as their parameters (U64 and BOUND messages name them so). A LONG step keeps the C
     * long's bits: a member is negative, read as (long), only until a LONG_BOUND of it has passed. */
    unsigned long long n, k, start, count, index, seed, first, mask, order, game, low, hole_len, board_len, card,
        value;
    card_list hand, hole, board, dead;
    Py_buffer cards, holes, boards, rows, table, out;
    py_game spot;                        /* (players_holdings, weights, board, dead), checked by the core */
    uint8_t items[PH_MAX_COMBINATION_N]; /* rank_combination's items (a->k of them) */
    /* parse_args' own: the arguments, and what release_args gives back */
    PyObject *const *args;
    Py_ssize_t nargs;
    Py_buffer *held[6]; /* one per Py_buffer member above: a table reads each at most once */
    int held_count, spot_held;
} call_args;

typedef enum {
    STEP_U64,    /* args[at]: 0..2**64-1, else "n must be a non-negative integer below 2**64, got -1" */
    STEP_LONG,   /* args[at]: a C long (PyLong_AsLong's own errors), within lo..hi when `error` is given */
    STEP_BOUND,  /* a member read before within lo..hi, else ValueError(error, value) */
    STEP_ID,     /* args[at]: a card id or hand value in lo..hi (OF_GAME: 1..the game's worst value) */
    STEP_CARDS,  /* args[at] (REST: args[at:]): cards, by collect_cards */
    STEP_BUFFER, /* args[at]: a C-contiguous buffer of one of `codes` (NULL: any format) */
    STEP_SPOT,   /* args[at:at+4]: an equity spot, by parse_game */
    STEP_RULE,   /* rule(a): a check across the members read so far */
} step_kind;

enum step_flag {
    WRITABLE = 1,  /* buffer: written by the call */
    REST = 2,      /* cards: every argument from `at` on */
    HAND_SIZE = 4, /* cards: 5 to 9 of them */
    IN_DECK = 8,   /* cards: all in the deck of the game read before */
    SIGNED = 16,   /* bound: of a LONG member, printed with %ld */
    OF_GAME = 32,  /* id: a hand value up to the worst value of the game read before */
};

typedef struct arg_step {
    step_kind kind;
    int at, flags;
    const char *name; /* the parameter's name in messages */
    size_t member;    /* offsetof(call_args, member) */
    long lo, hi;
    const char *error; /* a value outside lo..hi: the ValueError's format, one %ld (or %llu for BOUND) */
    const char *codes;
    Py_ssize_t itemsize;
    int (*rule)(call_args *a);
} arg_step;

typedef struct call_spec {
    const char *arity_error; /* the TypeError for a wrong argument count */
    Py_ssize_t arity;        /* how many arguments; with `variadic`, the fewest */
    int variadic;
    size_t step_count;
    const arg_step *steps;
} call_spec;

/* The offset of call_args' `name`, which must be of `type` (else no _Generic association matches). */
#define MEMBER(type, name) _Generic(((call_args *)0)->name, type: offsetof(call_args, name))
#define INTEGER(name) MEMBER(unsigned long long, name)

#define TAKES(usage, arity) usage " takes " #arity " arguments", arity, 0
#define STEPS(...) sizeof((const arg_step[]){__VA_ARGS__}) / sizeof(arg_step), (const arg_step[]){__VA_ARGS__}

#define U64(at_, name_) {.kind = STEP_U64, .at = at_, .name = #name_, .member = INTEGER(name_)}
#define LONG(at_, name_) {.kind = STEP_LONG, .at = at_, .member = INTEGER(name_)}
#define LONG_IN(at_, name_, lo_, hi_, error_) \
    {.kind = STEP_LONG, .at = at_, .member = INTEGER(name_), .lo = lo_, .hi = hi_, .error = error_}
#define BOUND(name_, lo_, hi_, error_) \
    {.kind = STEP_BOUND, .member = INTEGER(name_), .lo = lo_, .hi = hi_, .error = error_}
#define LONG_BOUND(name_, lo_, hi_, error_) \
    {.kind = STEP_BOUND, .flags = SIGNED, .member = INTEGER(name_), .lo = lo_, .hi = hi_, .error = error_}
#define ID(at_, name_, what_, lo_, hi_, flags_) \
    {.kind = STEP_ID, .at = at_, .flags = flags_, .name = what_, .member = INTEGER(name_), .lo = lo_, .hi = hi_}
#define CARDS(at_, name_, flags_) {.kind = STEP_CARDS, .at = at_, .flags = flags_, .member = MEMBER(card_list, name_)}
#define BUFFER(at_, name_, flags_, codes_, itemsize_)                                                   \
    {.kind = STEP_BUFFER, .at = at_, .flags = flags_, .name = #name_, .member = MEMBER(Py_buffer, name_), \
     .codes = codes_, .itemsize = itemsize_}
#define SPOT(at_) {.kind = STEP_SPOT, .at = at_}
#define RULE(rule_) {.kind = STEP_RULE, .rule = rule_}

/* The usual arguments, one step or a few. */
#define HAND(at_, flags_) CARDS(at_, hand, REST | HAND_SIZE | (flags_))
#define IN_BUFFER(at_, name_, codes_, itemsize_) BUFFER(at_, name_, 0, codes_, itemsize_)
#define OUT_BUFFER(at_, name_, codes_, itemsize_) BUFFER(at_, name_, WRITABLE, codes_, itemsize_)
#define ORDER(at_) LONG_IN(at_, order, PH_COLEX, PH_LEX, "order must be 0 (colex) or 1 (lex), got %ld")
#define GAME(at_) LONG_IN(at_, game, 1, PH_GAME_COUNT, "unknown game id %ld")
#define ROW_K(at_) LONG_IN(at_, k, PH_MIN_HAND, PH_MAX_HAND, "k must be 5 to 9, got %ld")
#define HAND_K BOUND(k, PH_MIN_HAND, PH_MAX_HAND, "k must be 5 to 9, got %llu")
#define HAND_VALUE(at_, flags_) ID(at_, value, "hand value", 1, PH_WORST_VALUE, flags_)

/* The walk of a table is inlined into each binding, where its constant steps fold away: evaluate's call
 * costs what it did written by hand (called, the walk added ~3% to it). */
#define INLINED inline __attribute__((always_inline))

static unsigned long long *integer_at(call_args *a, const arg_step *s) {
    return (unsigned long long *)((char *)a + s->member);
}

static int read_long(const arg_step *s, call_args *a) {
    long value = PyLong_AsLong(a->args[s->at]);
    if (value == -1 && PyErr_Occurred())
        return -1;
    *integer_at(a, s) = (unsigned long long)value;
    if (s->error && (value < s->lo || value > s->hi)) {
        PyErr_Format(PyExc_ValueError, s->error, value);
        return -1;
    }
    return 0;
}

static int check_bound(const arg_step *s, call_args *a) {
    unsigned long long value = *integer_at(a, s);
    if (s->flags & SIGNED ? (long)value < s->lo || (long)value > s->hi
                          : value < (unsigned long long)s->lo || value > (unsigned long long)s->hi) {
        if (s->flags & SIGNED)
            PyErr_Format(PyExc_ValueError, s->error, (long)value);
        else
            PyErr_Format(PyExc_ValueError, s->error, value);
        return -1;
    }
    return 0;
}

static int read_id(const arg_step *s, call_args *a) {
    long value, hi = s->flags & OF_GAME ? ph_game_worst((int)a->game) : s->hi;
    if (id_in(a->args[s->at], s->name, s->lo, hi, &value) < 0)
        return -1;
    *integer_at(a, s) = (unsigned long long)value;
    return 0;
}

static INLINED int read_cards(const arg_step *s, call_args *a) {
    card_list *list = (card_list *)((char *)a + s->member);
    list->len = collect_cards(a->args + s->at, s->flags & REST ? a->nargs - s->at : 1, list->ids);
    if (list->len < 0 || (s->flags & IN_DECK && game_deck_check((int)a->game, list->ids, list->len) < 0))
        return -1;
    if (s->flags & HAND_SIZE && (list->len < PH_MIN_HAND || list->len > PH_MAX_HAND)) {
        PyErr_Format(PyExc_ValueError, "a hand needs 5 to 9 cards, got %zd", list->len);
        return -1;
    }
    return 0;
}

static int read_buffer(const arg_step *s, call_args *a) {
    Py_buffer *view = (Py_buffer *)((char *)a + s->member);
    if (buffer_of(a->args[s->at], view, s->flags & WRITABLE, s->codes, s->itemsize, s->name) < 0)
        return -1;
    a->held[a->held_count++] = view;
    return 0;
}

static INLINED int run_step(const arg_step *s, call_args *a) {
    switch (s->kind) {
    case STEP_U64:
        return unsigned_arg(a->args[s->at], s->name, integer_at(a, s));
    case STEP_LONG:
        return read_long(s, a);
    case STEP_BOUND:
        return check_bound(s, a);
    case STEP_ID:
        return read_id(s, a);
    case STEP_CARDS:
        return read_cards(s, a);
    case STEP_BUFFER:
        return read_buffer(s, a);
    case STEP_SPOT:
        if (parse_game(a->args + s->at, &a->spot) < 0)
            return -1;
        a->spot_held = 1;
        return 0;
    case STEP_RULE:
        return s->rule(a);
    }
    return 0;
}

/* Gives back the buffers and the spot that parse_args took. */
static INLINED void release_args(call_args *a) {
    while (a->held_count)
        PyBuffer_Release(a->held[--a->held_count]);
    if (a->spot_held)
        py_game_free(&a->spot);
    a->spot_held = 0;
}

/* Reads args by the spec into *a; -1 with an exception (and nothing held) for the first wrong argument. */
static INLINED int parse_args(const call_spec *spec, PyObject *const *args, Py_ssize_t nargs, call_args *a) {
    a->args = args;
    a->nargs = nargs;
    a->held_count = a->spot_held = 0;
    if (spec->variadic ? nargs < spec->arity : nargs != spec->arity) {
        PyErr_SetString(PyExc_TypeError, spec->arity_error);
        return -1;
    }
    for (size_t i = 0; i < spec->step_count; i++)
        if (run_step(&spec->steps[i], a) < 0) {
            release_args(a);
            return -1;
        }
    return 0;
}

static INLINED PyObject *bound_call(const call_spec *spec, PyObject *(*call)(call_args *), PyObject *const *args,
                                    Py_ssize_t nargs) {
    call_args a;
    if (parse_args(spec, args, nargs, &a) < 0)
        return NULL;
    PyObject *result = call(&a);
    release_args(&a);
    return result;
}

/* py_<name>, the METH_FASTCALL function of the binding <name>_args + <name>_call (see above). */
#define BIND(name)                                                                             \
    static PyObject *py_##name(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {    \
        (void)module;                                                                          \
        return bound_call(&name##_args, name##_call, args, nargs);                             \
    }
/* BIND for a binding whose call is one expression of `a`. */
#define BIND_RETURNING(name, expression)          \
    static PyObject *name##_call(call_args *a) {  \
        return expression;                        \
    }                                             \
    BIND(name)
/* BIND for a METH_O function (one argument: no count to check). */
#define BIND_O(name)                                                                           \
    static PyObject *py_##name(PyObject *module, PyObject *arg) {                              \
        (void)module;                                                                          \
        return bound_call(&name##_args, name##_call, &arg, 1);                                 \
    }

/* Runs `call` (a statement) with the GIL released when `big`: for small work the round trip costs more. */
#define RUN_RELEASED_IF(big, call)  \
    do {                            \
        if (big) {                  \
            Py_BEGIN_ALLOW_THREADS  \
            call;                   \
            Py_END_ALLOW_THREADS    \
        } else {                    \
            call;                   \
        }                           \
    } while (0)

/* ---- rules across arguments ---------------------------------------------------------------------- */

static int n_k_fit(call_args *a) {
    return check_n_k(a->n, a->k);
}

static int n_k_range(call_args *a) {
    return check_range(a->n, a->k, a->start, a->count);
}

static int hand_range(call_args *a) { /* the k-card hands of the deck */
    return check_range(PH_DECK_SIZE, a->k, a->start, a->count);
}

static int game_hand_range(call_args *a) { /* the k-card hands of the game's deck */
    return check_range((unsigned)__builtin_popcountll(ph_game_deck((int)a->game)), a->k, a->start, a->count);
}

static int k_rows_fit(call_args *a) {
    return check_rows_fit(a->count, a->k);
}

static int masks_fit(call_args *a) {
    if (check_rows_fit(a->count, 8) < 0)
        return -1;
    if (a->k == 0 && a->count) {
        PyErr_Format(PyExc_ValueError, "k must be 1..n for masks, got 0");
        return -1;
    }
    return 0;
}

/* rows: a whole number of k-item rows. */
static int whole_rows(call_args *a) {
    if (a->k == 0 || (unsigned long long)a->rows.len % a->k) {
        PyErr_Format(PyExc_ValueError, "rows hold %zd bytes, not a multiple of k=%llu", a->rows.len, a->k);
        return -1;
    }
    return 0;
}

/* out holds what the call writes. */
static int out_fits_histogram(call_args *a) {
    return out_holds(&a->out, PH_WORST_VALUE + 1, "uint64 values");
}

static int out_fits_game_histogram(call_args *a) {
    return out_holds(&a->out, (unsigned long long)ph_game_worst((int)a->game) + 1, "uint64 values");
}

static int out_fits_rows(call_args *a) { /* count rows of k items */
    return out_holds(&a->out, a->count * a->k, "uint8 values");
}

static int out_fits_masks(call_args *a) {
    return out_holds(&a->out, a->count, "uint64 values");
}

static int out_fits_values(call_args *a) {
    return out_holds(&a->out, a->count, "uint16 values");
}

/* hole and board: 4 to 6 and 3 to 5 cards, none shared. */
static int omaha_cards(call_args *a) {
    if (a->hole.len < 4 || a->hole.len > 6) {
        PyErr_Format(PyExc_ValueError, "an Omaha hole needs 4 to 6 cards, got %zd", a->hole.len);
        return -1;
    }
    if (a->board.len < 3 || a->board.len > 5) {
        PyErr_Format(PyExc_ValueError, "an Omaha board needs 3 to 5 cards, got %zd", a->board.len);
        return -1;
    }
    for (Py_ssize_t i = 0; i < a->hole.len; i++)
        for (Py_ssize_t j = 0; j < a->board.len; j++)
            if (a->hole.ids[i] == a->board.ids[j]) {
                char name[3];
                ph_card_format(a->hole.ids[i], name);
                PyErr_Format(PyExc_ValueError, "duplicate card %s", name);
                return -1;
            }
    return 0;
}

/* The spot fits the game pair (high = game, low). */
static int game_pair_fits(call_args *a) {
    char problem[160];
    if (ph_game_equity_check((int)a->game, (int)a->low, &a->spot.game, problem, sizeof problem) != PH_OK) {
        PyErr_SetString(PyExc_ValueError, problem);
        return -1;
    }
    return 0;
}

/* cards: rows of k cards, and out one uint16 per row. */
static int card_rows_fit(call_args *a) {
    if ((size_t)a->cards.len % (size_t)a->k) {
        PyErr_Format(PyExc_ValueError, "cards hold %zd bytes, not a multiple of k=%llu", a->cards.len, a->k);
        return -1;
    }
    return out_holds(&a->out, (size_t)a->cards.len / (size_t)a->k, "uint16 values");
}

/* holes and boards: as many rows of hole_len and board_len cards, and out one uint16 per row. */
static int omaha_rows_fit(call_args *a) {
    size_t hole_len = (size_t)a->hole_len, board_len = (size_t)a->board_len, n = (size_t)a->holes.len / hole_len;
    if ((size_t)a->holes.len % hole_len)
        PyErr_Format(PyExc_ValueError, "holes hold %zd bytes, not a multiple of hole_len=%zu", a->holes.len, hole_len);
    else if ((size_t)a->boards.len != n * board_len)
        PyErr_Format(PyExc_ValueError, "boards must hold %zu rows of %zu cards, got %zd bytes", n, board_len,
                     a->boards.len);
    else
        return out_holds(&a->out, n, "uint16 values");
    return -1;
}

/* out: one uint64 rank per row of rows. */
static int out_fits_ranks(call_args *a) {
    return out_holds(&a->out, (size_t)a->rows.len / (size_t)a->k, "uint64 values");
}

/* table and out: one item format, table holding C(n,k) entries and out one per row of rows. */
static int lookup_fits(call_args *a) {
    const char *table_format = a->table.format ? a->table.format : "B";
    const char *out_format = a->out.format ? a->out.format : "B";
    Py_ssize_t itemsize = a->table.itemsize;
    uint64_t total = 0;
    ph_binomial(a->n, a->k, &total);
    if (a->out.itemsize != itemsize || strcmp(out_format, table_format) != 0)
        PyErr_Format(PyExc_ValueError, "out must have the table's item format '%s' (format '%s' given)", table_format,
                     out_format);
    else if (itemsize <= 0) /* any buffer can get here, and the entry count divides by it */
        PyErr_Format(PyExc_ValueError, "table must have items of at least one byte (format '%s' has %zd-byte items)",
                     table_format, itemsize);
    else if (format_holds_objects(table_format))
        PyErr_Format(PyExc_ValueError, "table must not hold Python objects (format '%s')", table_format);
    else if ((uint64_t)(a->table.len / itemsize) != total)
        PyErr_Format(PyExc_ValueError, "table must hold C(%llu,%llu) = %llu entries, not %zd", a->n, a->k,
                     (unsigned long long)total, a->table.len / itemsize);
    else
        return out_holds(&a->out, (size_t)a->rows.len / (size_t)a->k, "entries");
    return -1;
}

#define TABLE_SHAPE(at_) U64(at_, n), U64((at_) + 1, k), ORDER((at_) + 2), RULE(n_k_fit)
#define GAME_PAIR(at_) \
    GAME(at_), LONG_IN((at_) + 1, low, 0, PH_GAME_COUNT, "unknown game id %ld"), SPOT((at_) + 2), RULE(game_pair_fits)

/* ---- results ------------------------------------------------------------------------------------- */

/* None for PH_OK, else the core's error: MemoryError, or ValueError with its message. */
static PyObject *status_result(int status) {
    if (status == PH_OK)
        Py_RETURN_NONE;
    if (status == PH_E_NOMEM)
        return PyErr_NoMemory();
    return PyErr_Format(PyExc_ValueError, "%s", ph_error_message(status));
}

/* The result of work that touches no Python object, run with the GIL released: None, or the core's error. */
static PyObject *released_run(int (*run)(const call_args *), const call_args *a) {
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = run(a);
    Py_END_ALLOW_THREADS
    return status_result(status);
}

/* BIND for a binding whose whole work is <name>_run(a), run by released_run (filling `out`, say). */
#define BIND_RELEASED(name)                        \
    static PyObject *name##_call(call_args *a) {   \
        return released_run(name##_run, a);        \
    }                                              \
    BIND(name)

/* The row errors of the card batches as exceptions ("row 17: duplicate card"). */
static PyObject *row_status(int status, size_t bad_row) {
    if (status == PH_E_DUPLICATE)
        return PyErr_Format(PyExc_ValueError, "row %zu: duplicate card", bad_row);
    if (status == PH_E_CARD)
        return PyErr_Format(PyExc_ValueError, "row %zu: card id outside 0..51", bad_row);
    return status_result(status);
}

/* The row errors of ph_combination_rank_batch / ph_combination_lookup as exceptions. */
static PyObject *item_row_status(int status, size_t bad_row, unsigned long long n) {
    if (status == PH_E_DUPLICATE)
        return PyErr_Format(PyExc_ValueError, "row %zu: duplicate item", bad_row);
    if (status == PH_E_CARD)
        return PyErr_Format(PyExc_ValueError, "row %zu: item outside 0..%llu", bad_row, n - 1);
    return status_result(status);
}


/* ---- cards and values ---------------------------------------------------------------------------- */

/* evaluate is pokerhash.evaluate itself (no Python frame per call), so it carries the public docstring;
 * _wasm_core.evaluate has the same text (tests/web/core_cases.py compares them). */
static const char EVALUATE_DOC[] =
    "evaluate($module, /, *cards)\n--\n\n"
    "Value of the best five of 5 to 9 cards: 1 (royal flush) to 7462 (7-5-4-3-2 offsuit), lower is better.\n"
    "\n"
    "Args:\n"
    "    *cards: the cards as one text (\"As Ks Qs Js Ts\", \"AsKsQsJsTs\", \"A\u2660 K\u2660 ...\", \"10s\"), one\n"
    "        sequence (list, tuple, numpy row, range) of card names or ids, or separate arguments. An id is\n"
    "        4 * rank + suit (2c = 0, As = 51): an int, a Card, or anything with __index__ (numpy integers).\n"
    "\n"
    "Returns:\n"
    "    int: the value 1..7462 (pokerhash.category and pokerhash.describe name it).\n"
    "\n"
    "Raises:\n"
    "    ValueError: unknown card text, an id outside 0..51, a duplicate card, or fewer than 5 or more\n"
    "        than 9 cards; the message names the problem (\"duplicate card As\").\n"
    "    TypeError: an argument that is neither text, an integer nor a sequence of them.\n"
    "\n"
    "Example:\n"
    "    >>> import pokerhash as ph\n"
    "    >>> ph.evaluate(\"As Ks Qs Js Ts 2c 3d\")\n"
    "    1\n"
    "    >>> ph.evaluate([\"9s\", \"9h\", \"9d\", \"4c\", \"4s\"]), ph.evaluate(51, 47, 43, 39, 35)\n"
    "    (236, 1)\n";

static const call_spec evaluate_args = {NULL, 0, 1, STEPS(HAND(0, 0))};
BIND_RETURNING(evaluate, PyLong_FromLong(ph_evaluate(a->hand.ids, (size_t)a->hand.len)))

static const call_spec parse_cards_args = {NULL, 0, 1, STEPS(CARDS(0, hand, REST))};
static PyObject *parse_cards_call(call_args *a) {
    PyObject *list = PyList_New(a->hand.len);
    for (Py_ssize_t i = 0; list && i < a->hand.len; i++)
        PyList_SET_ITEM(list, i, PyLong_FromLong(a->hand.ids[i]));
    return list;
}
BIND(parse_cards)

static const call_spec best_five_args = {NULL, 0, 1, STEPS(HAND(0, 0))};
static PyObject *best_five_call(call_args *a) {
    uint8_t five[5];
    int value = ph_best_five(a->hand.ids, (size_t)a->hand.len, five);
    return Py_BuildValue("(i(iiiii))", value, five[0], five[1], five[2], five[3], five[4]);
}
BIND(best_five)

static const call_spec card_name_args = {NULL, 1, 0, STEPS(ID(0, card, "card id", 0, PH_DECK_SIZE - 1, 0))};
static PyObject *card_name_call(call_args *a) {
    char name[3];
    ph_card_format((int)a->card, name);
    return PyUnicode_FromString(name);
}
BIND_O(card_name)

static const call_spec category_args = {NULL, 1, 0, STEPS(HAND_VALUE(0, 0))};
static PyObject *category_call(call_args *a) {
    return PyLong_FromLong(ph_category_of((int)a->value));
}
BIND_O(category)

static const call_spec describe_args = {NULL, 1, 0, STEPS(HAND_VALUE(0, 0))};
static PyObject *describe_call(call_args *a) {
    char text[64];
    ph_describe((int)a->value, text, sizeof text);
    return PyUnicode_FromString(text);
}
BIND_O(describe)

static const call_spec value_ranks_args = {NULL, 1, 0, STEPS(HAND_VALUE(0, 0))};
static PyObject *value_ranks_call(call_args *a) {
    uint8_t r[5];
    ph_value_ranks((int)a->value, r);
    return Py_BuildValue("(iiiii)", r[0], r[1], r[2], r[3], r[4]);
}
BIND_O(value_ranks)

/* ---- batches and histograms ---------------------------------------------------------------------- */

static const call_spec evaluate_batch_into_args = {
    TAKES("evaluate_batch_into(cards, k, out)", 3),
    STEPS(ROW_K(1), IN_BUFFER(0, cards, "B", 1), OUT_BUFFER(2, out, "H", 2), RULE(card_rows_fit))};
static PyObject *evaluate_batch_into_call(call_args *a) {
    size_t n = (size_t)a->cards.len / (size_t)a->k, bad_row = 0;
    int status;
    RUN_RELEASED_IF(n >= GIL_FREE_ROWS,
                    status = ph_evaluate_batch(a->cards.buf, n, (size_t)a->k, a->out.buf, &bad_row));
    return row_status(status, bad_row);
}
BIND(evaluate_batch_into)

/* Adds the values of the k-card hands with colex ranks start..start+count-1 into out (7463 uint64 slots). */
static const call_spec value_histogram_into_args = {
    TAKES("value_histogram_into(k, start, count, out)", 4),
    STEPS(U64(0, k), U64(1, start), U64(2, count), HAND_K, RULE(hand_range), OUT_BUFFER(3, out, "QLK", 8),
          RULE(out_fits_histogram))};
static int value_histogram_into_run(const call_args *a) {
    return ph_value_histogram((size_t)a->k, a->start, a->count, a->out.buf);
}
BIND_RELEASED(value_histogram_into)

/* The same for every k-card hand, through the nested-table state machine. */
static const call_spec sm_value_histogram_args = {
    TAKES("sm_value_histogram(k, out)", 2),
    STEPS(U64(0, k), BOUND(k, 5, 7, "k must be 5 to 7, got %llu"), OUT_BUFFER(1, out, "QLK", 8),
          RULE(out_fits_histogram))};
static int sm_value_histogram_run(const call_args *a) {
    return ph_sm_value_histogram((size_t)a->k, a->out.buf);
}
BIND_RELEASED(sm_value_histogram)

/* ---- combinatorics ------------------------------------------------------------------------------- */

static const call_spec comb_args = {TAKES("comb(n, k)", 2), STEPS(U64(0, n), U64(1, k))};
static PyObject *comb_call(call_args *a) {
    uint64_t result = 0;
    if (ph_binomial(a->n, a->k, &result) != PH_OK)
        return PyErr_Format(PyExc_OverflowError, "C(%llu,%llu) does not fit in 64 bits", a->n, a->k);
    return PyLong_FromUnsignedLongLong(result);
}
BIND(comb)

/* One item of rank_combination: an integer 0..n-1 not seen before. */
static int read_item(PyObject *item, unsigned long long n, uint64_t *seen, uint8_t *out) {
    PyObject *number = is_card_id(item) ? PyNumber_Index(item) : NULL;
    if (!number) {
        PyErr_Clear();
        PyErr_SetString(PyExc_TypeError, "items must be a sequence of integers");
        return -1;
    }
    int overflow;
    long value = PyLong_AsLongAndOverflow(number, &overflow);
    Py_DECREF(number);
    if (overflow || value < 0 || (unsigned long long)value >= n) {
        char range[48];
        snprintf(range, sizeof range, " outside 0..n-1 for n=%llu", n);
        raise_about(PyExc_ValueError, "item ", item, 1, range);
        return -1;
    }
    if (*seen >> value & 1) {
        PyErr_Format(PyExc_ValueError, "duplicate item %ld", value);
        return -1;
    }
    *seen |= UINT64_C(1) << value;
    *out = (uint8_t)value;
    return 0;
}

/* The items (args[0]) into a->items, their count into a->k; walked as a snapshot, since an item's
 * __index__ may change the list. */
static int read_items(call_args *a) {
    PyObject *seq = frozen_sequence(a->args[0], "items must be a sequence of integers");
    if (!seq)
        return -1;
    a->k = (unsigned long long)PySequence_Fast_GET_SIZE(seq);
    uint64_t seen = 0;
    int status = check_n_k(a->n, a->k);
    for (unsigned long long i = 0; status == 0 && i < a->k; i++)
        status = read_item(PySequence_Fast_GET_ITEM(seq, (Py_ssize_t)i), a->n, &seen, &a->items[i]);
    Py_DECREF(seq);
    return status;
}

static const call_spec rank_combination_args = {TAKES("rank_combination(items, n, order)", 3),
                                                STEPS(U64(1, n), ORDER(2), RULE(read_items))};
static PyObject *rank_combination_call(call_args *a) {
    uint64_t rank;
    ph_combination_rank(a->items, (size_t)a->k, (unsigned)a->n, (ph_order)a->order, &rank);
    return PyLong_FromUnsignedLongLong(rank);
}
BIND(rank_combination)

static const call_spec unrank_combination_args = {TAKES("unrank_combination(index, k, n, order)", 4),
                                                  STEPS(U64(0, index), U64(1, k), U64(2, n), ORDER(3), RULE(n_k_fit))};
static PyObject *unrank_combination_call(call_args *a) {
    if (ph_combination_unrank(a->index, (size_t)a->k, (unsigned)a->n, (ph_order)a->order, a->items) != PH_OK) {
        uint64_t total;
        ph_binomial((unsigned)a->n, (unsigned)a->k, &total);
        return PyErr_Format(PyExc_ValueError, "index %llu outside 0..C(%llu,%llu)-1 = 0..%lld", a->index, a->n, a->k,
                            (long long)total - 1);
    }
    PyObject *tuple = PyTuple_New((Py_ssize_t)a->k);
    for (size_t i = 0; tuple && i < a->k; i++)
        PyTuple_SET_ITEM(tuple, i, PyLong_FromLong(a->items[i]));
    return tuple;
}
BIND(unrank_combination)

/* combinations_into and combination_masks_into: (n, k, start, count, out), the subsets with colex ranks
 * start..start+count-1, as rows of k items or as bit masks. */
#define COMBINATIONS_ARGS(fit, out_codes, out_itemsize, out_fit)                                                   \
    {"takes (n, k, start, count, out)", 5, 0,                                                                    \
     STEPS(U64(0, n), U64(1, k), U64(2, start), U64(3, count), RULE(n_k_range), RULE(fit),                       \
           OUT_BUFFER(4, out, out_codes, out_itemsize), RULE(out_fit))}

static const call_spec combinations_into_args = COMBINATIONS_ARGS(k_rows_fit, "B", 1, out_fits_rows);
static const call_spec combination_masks_into_args = COMBINATIONS_ARGS(masks_fit, "QLK", 8, out_fits_masks);

static int combinations_into_run(const call_args *a) {
    return ph_combinations((unsigned)a->n, (size_t)a->k, a->start, (size_t)a->count, a->out.buf);
}
BIND_RELEASED(combinations_into)

static int combination_masks_into_run(const call_args *a) {
    return ph_combination_masks((unsigned)a->n, (size_t)a->k, a->start, (size_t)a->count, a->out.buf);
}
BIND_RELEASED(combination_masks_into)

static const call_spec hand_index_args = {NULL, 1, 0, STEPS(U64(0, mask))};
static PyObject *hand_index_call(call_args *a) {
    int64_t index = ph_hand_index(a->mask);
    if (index == PH_E_CARD)
        return PyErr_Format(PyExc_ValueError, "mask has bits above card 51");
    if (index == PH_E_COUNT)
        return PyErr_Format(PyExc_ValueError, "hand_index takes 1 to 7 cards, got %d", __builtin_popcountll(a->mask));
    if (index == PH_E_NOMEM)
        return PyErr_NoMemory();
    return PyLong_FromLongLong(index);
}
BIND_O(hand_index)

/* Every wrong q or k but a bool is the one ValueError below, so q and k are read here, not by steps. */
static const call_spec quinary_hash_args = {TAKES("quinary_hash(q, k)", 2), 0, NULL};
static PyObject *quinary_hash_call(call_args *a) {
    PyObject *seq = frozen_sequence(a->args[0], "q must be a sequence of 13 digits"); /* digits run __index__ */
    if (!seq)
        return NULL;
    uint8_t q[13];
    int ok = PySequence_Fast_GET_SIZE(seq) == 13;
    for (Py_ssize_t i = 0; ok && i < 13; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(seq, i);
        if (PyBool_Check(item)) { /* True is an int to C, but never a count (as for card ids and values) */
            Py_DECREF(seq);
            return raise_about(PyExc_TypeError, "q must hold integers, got ", item, 0, "");
        }
        long digit = PyLong_AsLong(item);
        ok = !(digit == -1 && PyErr_Occurred()) && digit >= 0 && digit <= 4;
        q[i] = (uint8_t)digit;
    }
    Py_DECREF(seq);
    if (ok && PyBool_Check(a->args[1]))
        return raise_about(PyExc_TypeError, "k must be an integer, got ", a->args[1], 0, "");
    long k = ok ? PyLong_AsLong(a->args[1]) : -1;
    int32_t hash = (ok && k >= 0 && k <= 9) ? ph_quinary_hash(q, (unsigned)k) : PH_E_ARGUMENT;
    if (hash < 0) {
        PyErr_Clear();
        return PyErr_Format(PyExc_ValueError, "q must be 13 digits 0..4 summing to k (0..9)");
    }
    return PyLong_FromLong(hash);
}
BIND(quinary_hash)

/* ---- enumeration and equity (docs/design/equity-c-api.md) ---------------------------------------- */

/* The four ways to tally a spot: hold'em (ph_equity_*) or a game pair (ph_game_equity_*: high read into
 * a->game, low into a->low), by exact enumeration or by Monte Carlo samples. */
typedef enum { HOLDEM_EXACT, HOLDEM_SAMPLE, GAME_EXACT, GAME_SAMPLE } equity_run;

static int is_sample(equity_run run) {
    return run == HOLDEM_SAMPLE || run == GAME_SAMPLE;
}

/* The core's status of a run as an exception. */
static PyObject *equity_error(int status, equity_run run) {
    if (status == PH_E_ARGUMENT && is_sample(run))
        return PyErr_Format(PyExc_ValueError, "could not deal holdings without shared cards (1,000,000 tries)");
    if (status == PH_E_OVERFLOW && run == GAME_EXACT)
        return PyErr_Format(PyExc_OverflowError, "more than 2**64-1 deals to enumerate");
    return status_result(status);
}

/* The spot's units (exact runs) hold start..start+count-1, else ValueError. */
static int units_cover(call_args *a, equity_run run) {
    uint64_t units = 0;
    int status = run == GAME_EXACT ? ph_game_equity_units((int)a->game, (int)a->low, &a->spot.game, &units)
                                   : ph_equity_exact_units(&a->spot.game, &units);
    if (status != PH_OK) {
        equity_error(status, run);
        return -1;
    }
    if (a->start > units || a->count > units - a->start) {
        PyErr_Format(PyExc_ValueError, "range %llu..%llu outside 0..%llu units", a->start, a->start + a->count,
                     (unsigned long long)units);
        return -1;
    }
    return 0;
}

static int holdem_units_cover(call_args *a) {
    return units_cover(a, HOLDEM_EXACT);
}

static int game_units_cover(call_args *a) {
    return units_cover(a, GAME_EXACT);
}

/* The tally (a dict) of one run, computed with the GIL released. */
static PyObject *equity_tally(call_args *a, equity_run run) {
    union {
        ph_equity_tally holdem;
        ph_game_tally game;
    } tally;
    memset(&tally, 0, sizeof tally);
    const ph_equity_game *spot = &a->spot.game;
    int high = (int)a->game, low = (int)a->low, status;
    Py_BEGIN_ALLOW_THREADS
    switch (run) {
    case HOLDEM_EXACT: status = ph_equity_exact(spot, a->start, a->count, &tally.holdem); break;
    case HOLDEM_SAMPLE: status = ph_equity_sample(spot, a->seed, a->first, a->count, &tally.holdem); break;
    case GAME_EXACT: status = ph_game_equity_exact(high, low, spot, a->start, a->count, &tally.game); break;
    default: status = ph_game_equity_sample(high, low, spot, a->seed, a->first, a->count, &tally.game); break;
    }
    Py_END_ALLOW_THREADS
    if (status != PH_OK)
        return equity_error(status, run);
    return run == HOLDEM_EXACT || run == HOLDEM_SAMPLE ? tally_dict(&tally.holdem, spot->players)
                                                       : game_tally_dict(&tally.game, spot->players);
}

/* The units of the exact run (equity_units, game_equity_units). */
static PyObject *spot_units(call_args *a, equity_run run) {
    uint64_t units = 0;
    if (run == GAME_EXACT) {
        if (ph_game_equity_units((int)a->game, (int)a->low, &a->spot.game, &units) == PH_E_OVERFLOW)
            return PyErr_Format(PyExc_OverflowError, "more than 2**64-1 deals to enumerate");
    } else if (ph_equity_exact_units(&a->spot.game, &units) == PH_E_OVERFLOW) {
        return PyErr_Format(PyExc_OverflowError, "more than 2**64-1 holding combinations");
    }
    return PyLong_FromUnsignedLongLong(units);
}

/* The estimated native single-core seconds of the exact run (a game's status is not reported, as in
 * _wasm_core.py: past the spot's check it has none but running out of memory). */
static PyObject *spot_seconds(call_args *a, equity_run run) {
    double seconds = 0;
    if (run == GAME_EXACT) {
        ph_game_equity_exact_seconds((int)a->game, (int)a->low, &a->spot.game, &seconds);
    } else {
        int status = ph_equity_exact_seconds(&a->spot.game, &seconds);
        if (status != PH_OK)
            return PyErr_Format(PyExc_ValueError, "%s", ph_error_message(status));
    }
    return PyFloat_FromDouble(seconds);
}

/* An upper bound of spot_seconds' hold'em estimate (inf for Omaha), from the holding counts alone. */
static PyObject *spot_seconds_bound(call_args *a) {
    double seconds = 0;
    int status = ph_equity_exact_seconds_bound(&a->spot.game, &seconds);
    if (status != PH_OK)
        return PyErr_Format(PyExc_ValueError, "%s", ph_error_message(status));
    return PyFloat_FromDouble(seconds);
}

/* 1, with the spot's units, when its seconds bound b (spot_seconds_bound's) has b <= limits[0] and
 * b * limits[1] <= limits[2] (Python's own arithmetic: the same doubles) and the spot has units: the rule of
 * equity_exact_within and equity_ranges. */
static int all_units_within(const ph_equity_game *game, const double limits[3], uint64_t *units) {
    double seconds = 0;
    return ph_equity_exact_seconds_bound(game, &seconds) == PH_OK && seconds <= limits[0] &&
           seconds * limits[1] <= limits[2] && ph_equity_exact_units(game, units) == PH_OK && *units;
}

/* equity_exact_within's tally: all the units of a hold'em spot, when its bound b (spot_seconds_bound's) has
 * b <= most_seconds and b * host_factor <= most_host_seconds (Python's own arithmetic: the same doubles) and
 * the spot has units; None otherwise, for the caller's planned path. One reading of the spot serves the
 * bound, the units and the run, where three calls would read it three times. */
static PyObject *exact_within(call_args *a) {
    double limits[3];
    for (int i = 0; i < 3; i++) {
        limits[i] = PyFloat_AsDouble(a->args[4 + i]);
        if (limits[i] == -1.0 && PyErr_Occurred())
            return NULL;
    }
    uint64_t units = 0;
    if (!all_units_within(&a->spot.game, limits, &units))
        Py_RETURN_NONE;
    a->start = 0;
    a->count = units;
    return equity_tally(a, HOLDEM_EXACT);
}

/* The bindings of a spot: name, result (an expression of a), usage, argument count, then the steps. */
#define SPOT_BINDING(name, result, usage, arity, ...)                              \
    static const call_spec name##_args = {TAKES(usage, arity), STEPS(__VA_ARGS__)}; \
    BIND_RETURNING(name, result)

SPOT_BINDING(equity_units, spot_units(a, HOLDEM_EXACT), "equity_units(players_holdings, weights, board, dead)", 4,
             SPOT(0))
SPOT_BINDING(equity_exact_seconds, spot_seconds(a, HOLDEM_EXACT),
             "equity_exact_seconds(players_holdings, weights, board, dead)", 4, SPOT(0))
SPOT_BINDING(equity_exact_seconds_bound, spot_seconds_bound(a),
             "equity_exact_seconds_bound(players_holdings, weights, board, dead)", 4, SPOT(0))
SPOT_BINDING(equity_exact_within, exact_within(a),
             "equity_exact_within(players_holdings, weights, board, dead, most_seconds, host_factor, "
             "most_host_seconds)", 7, SPOT(0))
SPOT_BINDING(equity_exact, equity_tally(a, HOLDEM_EXACT),
             "equity_exact(players_holdings, weights, board, dead, start, count)", 6, U64(4, start), U64(5, count),
             SPOT(0), RULE(holdem_units_cover))
SPOT_BINDING(equity_sample, equity_tally(a, HOLDEM_SAMPLE),
             "equity_sample(players_holdings, weights, board, dead, seed, first, count)", 7, U64(4, seed),
             U64(5, first), U64(6, count), SPOT(0))
SPOT_BINDING(game_equity_units, spot_units(a, GAME_EXACT),
             "game_equity_units(high, low, players_holdings, weights, board, dead)", 6, GAME_PAIR(0))
SPOT_BINDING(game_equity_exact_seconds, spot_seconds(a, GAME_EXACT),
             "game_equity_exact_seconds(high, low, players_holdings, weights, board, dead)", 6, GAME_PAIR(0))
SPOT_BINDING(game_equity_exact, equity_tally(a, GAME_EXACT),
             "game_equity_exact(high, low, players_holdings, weights, board, dead, start, count)", 8, U64(6, start),
             U64(7, count), GAME_PAIR(0), RULE(game_units_cover))
SPOT_BINDING(game_equity_sample, equity_tally(a, GAME_SAMPLE),
             "game_equity_sample(high, low, players_holdings, weights, board, dead, seed, first, count)", 9,
             U64(6, seed), U64(7, first), U64(8, count), GAME_PAIR(0))

/* ---- equity of known hands (a bot's call: pokerhash._equity_fixed) --------------------------------- */

/* None, or NULL when an exception other than a fault in the cards is pending. */
static PyObject *none_unless_raised(void) {
    if (PyErr_Occurred())
        return NULL;
    Py_RETURN_NONE;
}

static uint64_t id_mask(const uint8_t *ids, Py_ssize_t n) {
    uint64_t mask = 0;
    for (Py_ssize_t i = 0; i < n; i++)
        mask |= UINT64_C(1) << ids[i];
    return mask;
}

/* The cards of a board or dead cards given as None, text or a list or tuple: the count, or -1 for any
 * other type or a fault (no exception: the caller's checked path names it). */
static Py_ssize_t plain_cards(PyObject *cards, uint8_t out[MAX_COLLECT]) {
    if (cards == Py_None)
        return 0;
    if (!PyUnicode_CheckExact(cards) && !PyList_CheckExact(cards) && !PyTuple_CheckExact(cards))
        return -1;
    Py_ssize_t count = collect_cards(&cards, 1, out);
    if (count < 0 && PyErr_ExceptionMatches(PyExc_ValueError) | PyErr_ExceptionMatches(PyExc_TypeError))
        PyErr_Clear();
    return count;
}

/* One player's hand given as card text with no comma (a comma makes range text) or a list or tuple of
 * cards: its size, or -1 for a range, any other type or a fault. */
static Py_ssize_t plain_hand(PyObject *player, uint8_t out[MAX_COLLECT]) {
    if (PyUnicode_CheckExact(player) && PyUnicode_FindChar(player, ',', 0, PyUnicode_GET_LENGTH(player), 1) != -1)
        return -1;
    return plain_cards(player, out);
}

/* A new reference to None, for results that are built before they are returned. */
static PyObject *none_ref(void) {
    Py_INCREF(Py_None);
    return Py_None;
}

/* A board and dead cards as equity_hands and equity_ranges read them: 1 with their counts and card mask; 0 for
 * a fault (no exception: the checked path names it), a board of 1, 2 or 6+ cards or a card both on the board
 * and dead; -1 with an exception other than a fault in the cards. */
static int plain_table(PyObject *board_cards, PyObject *dead_cards, uint8_t board[MAX_COLLECT],
                       uint8_t dead[MAX_COLLECT], Py_ssize_t *board_len, Py_ssize_t *dead_len, uint64_t *used) {
    *board_len = plain_cards(board_cards, board);
    *dead_len = *board_len < 0 ? -1 : plain_cards(dead_cards, dead);
    if (*dead_len < 0 || !(*board_len == 0 || (*board_len >= 3 && *board_len <= 5)))
        return PyErr_Occurred() ? -1 : 0;
    uint64_t on_board = id_mask(board, *board_len), gone = id_mask(dead, *dead_len);
    *used = on_board | gone;
    return (on_board & gone) == 0;
}

/* The fields of an exact tally, as equity()'s _result reports them: (players, equity, win, tie, lose, deals,
 * board ids, dead ids, win_rate, tie_rate, lose_rate). labels: the players' labels (a tuple, stolen). weighted:
 * the spot had weights, and the fractions are the weighted ones. */
static PyObject *exact_fields(const ph_equity_tally *t, size_t n, PyObject *labels, int weighted,
                              const uint8_t *board, size_t board_len, const uint8_t *dead, size_t dead_len) {
    PyObject *equity = PyTuple_New((Py_ssize_t)n);
    PyObject *counts[3] = {PyTuple_New((Py_ssize_t)n), PyTuple_New((Py_ssize_t)n), PyTuple_New((Py_ssize_t)n)};
    PyObject *rates[3] = {PyTuple_New((Py_ssize_t)n), PyTuple_New((Py_ssize_t)n), PyTuple_New((Py_ssize_t)n)};
    PyObject *ids[2] = {PyTuple_New((Py_ssize_t)board_len), PyTuple_New((Py_ssize_t)dead_len)};
    PyObject *fields = NULL;
    if (!labels || !equity || !counts[0] || !counts[1] || !counts[2] || !rates[0] || !rates[1] || !rates[2] ||
        !ids[0] || !ids[1])
        goto done;
    /* Each ratio of integers below 2**53 (the callers' spots stay far below) is exact as doubles, so one
     * division rounds it as Python's int / int. Weighted: _result's float arithmetic, in its order. */
    double deals = (double)t->deals, pot = (double)PH_EQUITY_UNIT * deals, weight = t->weight;
    for (size_t p = 0; p < n; p++) {
        const uint64_t *of[3] = {t->win, t->tie, t->lose};
        double lost = (weight - t->weighted_win[p] - t->weighted_tie[p]) / weight;
        double fractions[4] = {(double)t->share[p] / pot, (double)of[0][p] / deals, (double)of[1][p] / deals,
                               (double)of[2][p] / deals};
        if (weighted) {
            fractions[0] = t->weighted_share[p] / weight;
            fractions[1] = t->weighted_win[p] / weight;
            fractions[2] = t->weighted_tie[p] / weight;
            fractions[3] = lost > 0.0 ? lost : 0.0; /* max(0.0, lost), NaN and -0.0 included */
        }
        PyObject *share = PyFloat_FromDouble(fractions[0]);
        PyTuple_SET_ITEM(equity, (Py_ssize_t)p, share);
        if (!share)
            goto done;
        for (int k = 0; k < 3; k++) {
            PyObject *count = PyLong_FromUnsignedLongLong(of[k][p]), *rate = PyFloat_FromDouble(fractions[k + 1]);
            PyTuple_SET_ITEM(counts[k], (Py_ssize_t)p, count);
            PyTuple_SET_ITEM(rates[k], (Py_ssize_t)p, rate);
            if (!count || !rate)
                goto done;
        }
    }
    const uint8_t *cards[2] = {board, dead};
    size_t lens[2] = {board_len, dead_len};
    for (int k = 0; k < 2; k++)
        for (size_t i = 0; i < lens[k]; i++) {
            PyObject *id = PyLong_FromLong(cards[k][i]);
            if (!id)
                goto done;
            PyTuple_SET_ITEM(ids[k], (Py_ssize_t)i, id);
        }
    fields = Py_BuildValue("(OOOOOKOOOOO)", labels, equity, counts[0], counts[1], counts[2],
                           (unsigned long long)t->deals, ids[0], ids[1], rates[0], rates[1], rates[2]);
done:
    Py_XDECREF(labels);
    Py_XDECREF(equity);
    for (int k = 0; k < 3; k++) {
        Py_XDECREF(counts[k]);
        Py_XDECREF(rates[k]);
    }
    Py_XDECREF(ids[0]);
    Py_XDECREF(ids[1]);
    return fields;
}

/* equity_hands(players, board, dead, omaha, most_seconds): exact equity, as equity() would report it, of
 * 2 to 10 players who each hold one known hand (card text or a list or tuple of cards; board and dead None,
 * text, a list or a tuple; omaha None, True or False) when the call is plainly valid and the cost model
 * puts the enumeration at most most_seconds of one core; None otherwise, with no exception, for the
 * checked path to decide and to name any fault in its own words. Enumerations before the flop (hundreds of
 * microseconds and more) run with the GIL released; later ones take less than releasing it costs. */
static PyObject *py_equity_hands(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 5)
        return PyErr_Format(PyExc_TypeError, "equity_hands(players, board, dead, omaha, most_seconds) takes 5 "
                            "arguments (%zd given)", nargs);
    PyObject *players = args[0], *omaha = args[3];
    double most_seconds = PyFloat_AsDouble(args[4]);
    if (most_seconds == -1.0 && PyErr_Occurred())
        return NULL;
    if ((!PyList_CheckExact(players) && !PyTuple_CheckExact(players)) || (omaha != Py_None && !PyBool_Check(omaha)))
        Py_RETURN_NONE;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(players);
    if (n < 2 || n > PH_EQUITY_MAX_PLAYERS)
        Py_RETURN_NONE;
    uint8_t board[MAX_COLLECT], dead[MAX_COLLECT], hands[PH_EQUITY_MAX_PLAYERS][MAX_COLLECT];
    uint8_t holdings[PH_EQUITY_MAX_PLAYERS * 6];
    Py_ssize_t board_len, dead_len;
    uint64_t used;
    int table = plain_table(args[1], args[2], board, dead, &board_len, &dead_len, &used);
    if (table <= 0)
        return table < 0 ? NULL : none_ref();
    Py_ssize_t size = 0;
    for (Py_ssize_t p = 0; p < n; p++) {
        /* a card's __index__ may change the list of players: read it as it stands, each hand held */
        if (PySequence_Fast_GET_SIZE(players) != n)
            Py_RETURN_NONE;
        PyObject *player = PySequence_Fast_GET_ITEM(players, p);
        Py_INCREF(player);
        Py_ssize_t len = plain_hand(player, hands[p]);
        Py_DECREF(player);
        if (len < 0 || (p && len != size) || (len != 2 && (len < 4 || len > 6)))
            return none_unless_raised();
        size = len;
        uint64_t mask = id_mask(hands[p], len);
        if (used & mask) /* a card twice: the checked path names it */
            Py_RETURN_NONE;
        used |= mask;
        uint8_t *sorted = holdings + p * len; /* a Range keeps a holding's ids ascending */
        for (Py_ssize_t i = 0; i < len; i++) {
            Py_ssize_t j = i;
            for (; j > 0 && sorted[j - 1] > hands[p][i]; j--)
                sorted[j] = sorted[j - 1];
            sorted[j] = hands[p][i];
        }
    }
    if ((omaha == Py_True && size == 2) || (omaha == Py_False && size != 2) || n * size + 5 + dead_len > PH_DECK_SIZE)
        Py_RETURN_NONE;
    size_t offsets[PH_EQUITY_MAX_PLAYERS + 1];
    for (Py_ssize_t p = 0; p <= n; p++)
        offsets[p] = (size_t)p;
    ph_equity_game game = {(size_t)n, (size_t)size, holdings, offsets, NULL, board, (size_t)board_len, dead,
                           (size_t)dead_len};
    double seconds;
    if (ph_equity_exact_seconds(&game, &seconds) != PH_OK || !(seconds <= most_seconds))
        Py_RETURN_NONE;
    ph_equity_tally tally;
    memset(&tally, 0, sizeof tally);
    int status;
    if (board_len < 3) {
        Py_BEGIN_ALLOW_THREADS
        status = ph_equity_exact(&game, 0, 1, &tally);
        Py_END_ALLOW_THREADS
    } else {
        status = ph_equity_exact(&game, 0, 1, &tally);
    }
    if (status != PH_OK)
        return status_result(status);
    if (!tally.deals)
        Py_RETURN_NONE;
    PyObject *labels = PyTuple_New(n);
    for (Py_ssize_t p = 0; labels && p < n; p++) {
        char label[2 * 6];
        for (Py_ssize_t i = 0; i < size; i++)
            ph_card_format(hands[p][i], label + 2 * i);
        PyObject *text = PyUnicode_FromStringAndSize(label, 2 * size);
        if (!text)
            Py_CLEAR(labels);
        else
            PyTuple_SET_ITEM(labels, p, text);
    }
    return exact_fields(&tally, (size_t)n, labels, 0, board, (size_t)board_len, dead, (size_t)dead_len);
}

/* One player of equity_ranges: a known hand or a range's combos (parsed with no dead cards), and its label. */
typedef struct range_player {
    ph_range_combo *combos; /* PyMem; a hand is one combo of weight 1 */
    int count;
    PyObject *label;
} range_player;

/* Reads a player as Spot does: text with no comma that reads as cards is a hand; other text is range text
 * (ph_range_parse, the one parser); a list or tuple is a hand. 1 when read, 0 for anything equity_ranges
 * leaves to the checked path (a Range object, a fault, cards that repeat one: Spot names them), -1 with an
 * exception (no memory). */
static int read_range_player(PyObject *player, range_player *out) {
    uint8_t hand[MAX_COLLECT];
    Py_ssize_t len, text_len = 0;
    if (PyUnicode_CheckExact(player) && PyUnicode_FindChar(player, ',', 0, PyUnicode_GET_LENGTH(player), 1) == -1) {
        len = collect_cards(&player, 1, hand);
        if (len < 0) { /* range text, unless the cards read but repeat one (Spot names the card) */
            if (!PyErr_ExceptionMatches(PyExc_ValueError))
                return -1;
            PyObject *type, *value, *trace;
            PyErr_Fetch(&type, &value, &trace);
            PyObject *message = value ? PyObject_Str(value) : NULL;
            const char *words = message ? PyUnicode_AsUTF8(message) : NULL;
            int repeats = words && strncmp(words, "duplicate card", 14) == 0; /* _equity_spot._as_hand's test */
            Py_XDECREF(message);
            Py_XDECREF(type);
            Py_XDECREF(value);
            Py_XDECREF(trace);
            PyErr_Clear();
            if (repeats)
                return 0;
        }
    } else {
        len = plain_hand(player, hand);
        if (len < 0 && PyErr_Occurred())
            return -1;
    }
    if (len < 0 && !PyUnicode_CheckExact(player))
        return 0;
    const char *text = len < 0 ? PyUnicode_AsUTF8AndSize(player, &text_len) : NULL;
    if (len < 0 && !text) {
        PyErr_Clear(); /* text that is not UTF-8: the checked path words it */
        return 0;
    }
    size_t cap = len >= 0 ? 1 : ph_range_capacity((size_t)text_len);
    out->combos = PyMem_Malloc(sizeof *out->combos * cap);
    if (!out->combos) {
        PyErr_NoMemory();
        return -1;
    }
    if (len >= 0) {
        if (len != 2)
            return 0; /* this lane is hold'em's; Omaha hands take equity_hands */
        memset(&out->combos[0], 0, sizeof out->combos[0]);
        out->combos[0].size = 2;
        out->combos[0].cards[0] = hand[0] < hand[1] ? hand[0] : hand[1]; /* a Range keeps ids ascending */
        out->combos[0].cards[1] = hand[0] < hand[1] ? hand[1] : hand[0];
        out->combos[0].weight = 1.0;
        out->count = 1;
        char label[4];
        ph_card_format(hand[0], label);
        ph_card_format(hand[1], label + 2);
        out->label = PyUnicode_FromStringAndSize(label, 4);
    } else {
        out->count = ph_range_parse(text, (size_t)text_len, 0, out->combos, cap, NULL, 0);
        if (out->count == PH_E_NOMEM) {
            PyErr_NoMemory();
            return -1;
        }
        if (out->count <= 0) /* a bad token or no combo: the checked path says which */
            return 0;
        for (int i = 0; i < out->count; i++)
            if (out->combos[i].size != 2)
                return 0;
        out->label = PyObject_CallMethod(player, "strip", NULL);
    }
    return out->label ? 1 : -1;
}

static uint64_t combo_mask(const ph_range_combo *combo) {
    return (UINT64_C(1) << combo->cards[0]) | (UINT64_C(1) << combo->cards[1]);
}

/* equity_ranges' work once the players are read: the Spot's card rules, the holdings left after card removal,
 * the bound and the run. The fields, None for the checked path, NULL with an exception. */
static PyObject *ranges_fields(range_player *players, Py_ssize_t n, const uint8_t *board, Py_ssize_t board_len,
                               const uint8_t *dead, Py_ssize_t dead_len, uint64_t known, const double limits[3]) {
    /* a player of one combo holds known cards, which leave the other ranges (a clash: Spot names it) */
    for (Py_ssize_t p = 0; p < n; p++)
        if (players[p].count == 1) {
            uint64_t mask = combo_mask(&players[p].combos[0]);
            if (known & mask)
                Py_RETURN_NONE;
            known |= mask;
        }
    if (n * 2 + 5 + dead_len > PH_DECK_SIZE)
        Py_RETURN_NONE;
    size_t total = 0, offsets[PH_EQUITY_MAX_PLAYERS + 1];
    for (Py_ssize_t p = 0; p < n; p++)
        total += (size_t)players[p].count;
    uint8_t *holdings = PyMem_Malloc(2 * total + 1);
    double *weights = PyMem_Malloc(sizeof *weights * (total + 1));
    PyObject *result = NULL;
    if (!holdings || !weights) {
        PyErr_NoMemory();
        goto done;
    }
    size_t kept = 0;
    int weighted = 0;
    for (Py_ssize_t p = 0; p < n; p++) {
        offsets[p] = kept;
        uint64_t removed = players[p].count == 1 ? 0 : known;
        for (int i = 0; i < players[p].count; i++) {
            const ph_range_combo *combo = &players[p].combos[i];
            if (combo_mask(combo) & removed)
                continue;
            holdings[2 * kept] = combo->cards[0];
            holdings[2 * kept + 1] = combo->cards[1];
            weights[kept++] = combo->weight;
            weighted |= combo->weight != 1.0;
        }
        if (kept == offsets[p]) { /* no hand left after card removal: Spot says so */
            result = none_ref();
            goto done;
        }
    }
    offsets[n] = kept;
    ph_equity_game game = {(size_t)n, 2, holdings, offsets, weighted ? weights : NULL, board, (size_t)board_len,
                           dead, (size_t)dead_len};
    uint64_t units = 0;
    if (!all_units_within(&game, limits, &units)) {
        result = none_ref();
        goto done;
    }
    ph_equity_tally tally;
    memset(&tally, 0, sizeof tally);
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = ph_equity_exact(&game, 0, units, &tally);
    Py_END_ALLOW_THREADS
    /* a refused spot (ranges left with one holding each that share a card) or no deal at all: the checked
     * path's deal search words it */
    if (status != PH_OK || !tally.deals || tally.deals > (UINT64_C(1) << 53) / PH_EQUITY_UNIT) {
        result = none_ref();
        goto done;
    }
    PyObject *labels = PyTuple_New(n);
    for (Py_ssize_t p = 0; labels && p < n; p++) {
        Py_INCREF(players[p].label);
        PyTuple_SET_ITEM(labels, p, players[p].label);
    }
    result = exact_fields(&tally, (size_t)n, labels, weighted, board, (size_t)board_len, dead, (size_t)dead_len);
done:
    PyMem_Free(holdings);
    PyMem_Free(weights);
    return result;
}

/* equity_ranges(players, board, dead, omaha, most_seconds, host_factor, most_host_seconds): the exact result
 * fields, as equity() would report them, of 2 to 10 hold'em players who are range text or known hands (as
 * equity_hands reads them), when the call is plainly valid and the cheap bound b of the enumeration has
 * b <= most_seconds and b * host_factor <= most_host_seconds (run_within_one_piece's rule, in the same
 * doubles): a small job of ranges in one call, the parse, card removal and run included. None otherwise,
 * with no exception, for the checked path to decide and to name any fault in its own words. */
static PyObject *py_equity_ranges(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 7)
        return PyErr_Format(PyExc_TypeError, "equity_ranges(players, board, dead, omaha, most_seconds, host_factor, "
                            "most_host_seconds) takes 7 arguments (%zd given)", nargs);
    double limits[3];
    for (int i = 0; i < 3; i++) {
        limits[i] = PyFloat_AsDouble(args[4 + i]);
        if (limits[i] == -1.0 && PyErr_Occurred())
            return NULL;
    }
    PyObject *players = args[0], *omaha = args[3];
    if ((!PyList_CheckExact(players) && !PyTuple_CheckExact(players)) || omaha == Py_True ||
        (omaha != Py_None && omaha != Py_False))
        Py_RETURN_NONE;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(players);
    if (n < 2 || n > PH_EQUITY_MAX_PLAYERS)
        Py_RETURN_NONE;
    uint8_t board[MAX_COLLECT], dead[MAX_COLLECT];
    Py_ssize_t board_len, dead_len;
    uint64_t known;
    int table = plain_table(args[1], args[2], board, dead, &board_len, &dead_len, &known);
    if (table <= 0)
        return table < 0 ? NULL : none_ref();
    range_player read[PH_EQUITY_MAX_PLAYERS];
    memset(read, 0, sizeof read);
    PyObject *result = NULL;
    int status = 1;
    for (Py_ssize_t p = 0; status == 1 && p < n; p++) {
        if (PySequence_Fast_GET_SIZE(players) != n) { /* a card's __index__ changed the list: the checked path */
            status = 0;
            break;
        }
        PyObject *player = PySequence_Fast_GET_ITEM(players, p);
        Py_INCREF(player);
        status = read_range_player(player, &read[p]);
        Py_DECREF(player);
    }
    if (status == 1)
        result = ranges_fields(read, n, board, board_len, dead, dead_len, known, limits);
    else if (status == 0)
        result = none_ref();
    for (Py_ssize_t p = 0; p < n; p++) {
        PyMem_Free(read[p].combos);
        Py_XDECREF(read[p].label);
    }
    return result;
}

/* ---- Omaha --------------------------------------------------------------------------------------- */

static const call_spec omaha_evaluate_args = {TAKES("omaha_evaluate(hole, board)", 2),
                                              STEPS(CARDS(0, hole, 0), CARDS(1, board, 0), RULE(omaha_cards))};
static PyObject *omaha_evaluate_call(call_args *a) {
    int value = ph_omaha_evaluate(a->hole.ids, (size_t)a->hole.len, a->board.ids, (size_t)a->board.len);
    return value < 0 ? status_result(value) : PyLong_FromLong(value);
}
BIND(omaha_evaluate)

/* (holes, hole_len, boards, board_len, out): rows of hole cards and of boards in C-contiguous uint8
 * buffers, one uint16 value per row into out. */
static const call_spec omaha_evaluate_batch_into_args = {
    TAKES("omaha_evaluate_batch_into(holes, hole_len, boards, board_len, out)", 5),
    STEPS(LONG(1, hole_len), LONG(3, board_len),
          LONG_BOUND(hole_len, 4, 6, "an Omaha hole needs 4 to 6 cards, got %ld"),
          LONG_BOUND(board_len, 3, 5, "an Omaha board needs 3 to 5 cards, got %ld"), IN_BUFFER(0, holes, "B", 1),
          IN_BUFFER(2, boards, "B", 1), OUT_BUFFER(4, out, "H", 2), RULE(omaha_rows_fit))};
static PyObject *omaha_evaluate_batch_into_call(call_args *a) {
    size_t hole_len = (size_t)a->hole_len, board_len = (size_t)a->board_len;
    size_t n = (size_t)a->holes.len / hole_len, bad_row = 0;
    int status;
    RUN_RELEASED_IF(n >= GIL_FREE_ROWS, status = ph_omaha_evaluate_batch(a->holes.buf, hole_len, a->boards.buf,
                                                                         board_len, n, a->out.buf, &bad_row));
    return row_status(status, bad_row);
}
BIND(omaha_evaluate_batch_into)

/* ---- ranges (core_c/src/range*.c: the one parser of range notation) ------------------------------ */

static int range_is_text(call_args *a) {
    if (PyUnicode_Check(a->args[0]))
        return 0;
    PyErr_Format(PyExc_TypeError, "a range must be text, got %s", Py_TYPE(a->args[0])->tp_name);
    return -1;
}

/* parse_range(text, dead) -> (normalized text, [(ascending card ids, weight), ...]) */
static const call_spec parse_range_args = {TAKES("parse_range(text, dead)", 2),
                                           STEPS(RULE(range_is_text), CARDS(1, dead, 0))};
static PyObject *parse_range_call(call_args *a) {
    uint64_t dead = 0;
    for (Py_ssize_t i = 0; i < a->dead.len; i++)
        dead |= UINT64_C(1) << a->dead.ids[i];
    Py_ssize_t len;
    PyObject *keep;
    const char *text = text_utf8(a->args[0], &len, &keep);
    if (!text)
        return NULL;
    size_t cap = ph_range_capacity((size_t)len), text_cap = 2 * (size_t)len + PH_RANGE_PROBLEM_CAP;
    ph_range_combo *combos = PyMem_Malloc(sizeof *combos * cap);
    char *problem = PyMem_Malloc(text_cap); /* holds any message whole, and the normalized text */
    PyObject *result = NULL, *list = NULL;
    if (!combos || !problem) {
        PyErr_NoMemory();
        goto done;
    }
    int count = ph_range_parse(text, (size_t)len, dead, combos, cap, problem, text_cap);
    if (count == PH_E_NOMEM) {
        PyErr_NoMemory();
        goto done;
    }
    if (count < 0) {
        PyErr_SetString(PyExc_ValueError, problem);
        goto done;
    }
    list = PyList_New(count);
    for (int i = 0; list && i < count; i++) {
        PyObject *cards = PyTuple_New(combos[i].size);
        for (int j = 0; cards && j < combos[i].size; j++)
            PyTuple_SET_ITEM(cards, j, PyLong_FromLong(combos[i].cards[j]));
        PyObject *pair = cards ? Py_BuildValue("(Nd)", cards, combos[i].weight) : NULL;
        if (!pair) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, i, pair);
    }
    if (!list)
        goto done;
    int text_len = ph_range_text(text, (size_t)len, problem, text_cap);
    if (text_len < 0) {
        PyErr_NoMemory();
        goto done;
    }
    result = Py_BuildValue("(s#O)", problem, (Py_ssize_t)text_len, list);
done:
    Py_XDECREF(list);
    Py_XDECREF(keep);
    PyMem_Free(combos);
    PyMem_Free(problem);
    return result;
}
BIND(parse_range)

/* ---- other games: short deck, lowball, hi-lo (docs/games.md) ------------------------------------- */

static const call_spec game_info_args = {NULL, 1, 0, STEPS(GAME(0))};
static PyObject *game_info_call(call_args *a) {
    int game = (int)a->game, count = ph_game_category_count(game);
    PyObject *names = PyTuple_New(count);
    for (int i = 0; names && i < count; i++)
        PyTuple_SET_ITEM(names, i, PyUnicode_FromString(ph_game_category_name(game, i)));
    if (!names)
        return NULL;
    return Py_BuildValue("(siiKN)", ph_game_name(game), ph_game_worst(game), ph_game_no_low(game),
                         (unsigned long long)ph_game_deck(game), names);
}
BIND_O(game_info)

/* (game, *cards): one hand, its cards in the game's deck. */
static const call_spec game_evaluate_args = {"takes a game id and the cards", 1, 1, STEPS(GAME(0), HAND(1, IN_DECK))};
BIND_RETURNING(game_evaluate, PyLong_FromLong(ph_game_evaluate((int)a->game, a->hand.ids, (size_t)a->hand.len)))

static const call_spec game_best_five_args = {"takes a game id and the cards", 1, 1, STEPS(GAME(0), HAND(1, IN_DECK))};
static PyObject *game_best_five_call(call_args *a) {
    uint8_t five[5];
    int value = ph_game_best_five((int)a->game, a->hand.ids, (size_t)a->hand.len, five);
    if (value == ph_game_no_low((int)a->game))
        return Py_BuildValue("(i())", value);
    return Py_BuildValue("(i(iiiii))", value, five[0], five[1], five[2], five[3], five[4]);
}
BIND(game_best_five)

static const call_spec game_omaha_evaluate_args = {
    TAKES("game_omaha_evaluate(game, hole, board)", 3),
    STEPS(GAME(0), CARDS(1, hole, IN_DECK), CARDS(2, board, IN_DECK), RULE(omaha_cards))};
static PyObject *game_omaha_evaluate_call(call_args *a) {
    int value = ph_game_omaha_evaluate((int)a->game, a->hole.ids, (size_t)a->hole.len, a->board.ids,
                                       (size_t)a->board.len);
    return value < 0 ? status_result(value) : PyLong_FromLong(value);
}
BIND(game_omaha_evaluate)

#define GAME_VALUE GAME(0), HAND_VALUE(1, OF_GAME)

static const call_spec game_category_args = {TAKES("game_category(game, value)", 2), STEPS(GAME_VALUE)};
BIND_RETURNING(game_category, PyLong_FromLong(ph_game_category((int)a->game, (int)a->value)))

static const call_spec game_describe_args = {TAKES("game_describe(game, value)", 2), STEPS(GAME_VALUE)};
static PyObject *game_describe_call(call_args *a) {
    char text[64];
    ph_game_describe((int)a->game, (int)a->value, text, sizeof text);
    return PyUnicode_FromString(text);
}
BIND(game_describe)

static const call_spec game_value_ranks_args = {TAKES("game_value_ranks(game, value)", 2), STEPS(GAME_VALUE)};
static PyObject *game_value_ranks_call(call_args *a) {
    uint8_t r[5];
    int n = ph_game_value_ranks((int)a->game, (int)a->value, r);
    PyObject *tuple = PyTuple_New(n);
    for (int i = 0; tuple && i < n; i++)
        PyTuple_SET_ITEM(tuple, i, PyLong_FromLong(r[i]));
    return tuple;
}
BIND(game_value_ranks)

static const call_spec game_evaluate_batch_into_args = {
    TAKES("game_evaluate_batch_into(game, cards, k, out)", 4),
    STEPS(GAME(0), ROW_K(2), IN_BUFFER(1, cards, "B", 1), OUT_BUFFER(3, out, "H", 2), RULE(card_rows_fit))};
static PyObject *game_evaluate_batch_into_call(call_args *a) {
    size_t k = (size_t)a->k, n = (size_t)a->cards.len / k, bad_row = 0;
    int game = (int)a->game, status;
    Py_BEGIN_ALLOW_THREADS
    status = ph_game_evaluate_batch(game, a->cards.buf, n, k, a->out.buf, &bad_row);
    Py_END_ALLOW_THREADS
    char problem[80] = "";
    if (status == PH_E_CARD)
        ph_game_check_cards(game, (const uint8_t *)a->cards.buf + bad_row * k, k, problem, sizeof problem);
    if (status == PH_E_CARD && strncmp(problem, "card id", 7) != 0) /* a card outside the game's deck */
        return PyErr_Format(PyExc_ValueError, "row %zu: %s", bad_row, problem);
    return row_status(status, bad_row);
}
BIND(game_evaluate_batch_into)

static const call_spec game_value_histogram_into_args = {
    TAKES("game_value_histogram_into(game, k, start, count, out)", 5),
    STEPS(GAME(0), U64(1, k), U64(2, start), U64(3, count), HAND_K, RULE(game_hand_range),
          OUT_BUFFER(4, out, "QLK", 8), RULE(out_fits_game_histogram))};
static int game_value_histogram_into_run(const call_args *a) {
    return ph_game_value_histogram((int)a->game, (size_t)a->k, a->start, a->count, a->out.buf);
}
BIND_RELEASED(game_value_histogram_into)

/* ---- combination tables (scale-out; docs/scale.md) ----------------------------------------------- */

static const call_spec values_by_rank_into_args = {
    TAKES("values_by_rank_into(k, order, start, count, out)", 5),
    STEPS(U64(0, k), ORDER(1), U64(2, start), U64(3, count), HAND_K, RULE(hand_range), OUT_BUFFER(4, out, "H", 2),
          RULE(out_fits_values))};
static int values_by_rank_into_run(const call_args *a) {
    return ph_values_by_rank((size_t)a->k, (ph_order)a->order, a->start, (size_t)a->count, a->out.buf);
}
BIND_RELEASED(values_by_rank_into)

static const call_spec combination_rows_into_args = {
    TAKES("combination_rows_into(n, k, order, start, count, out)", 6),
    STEPS(TABLE_SHAPE(0), U64(3, start), U64(4, count), RULE(n_k_range), RULE(k_rows_fit), OUT_BUFFER(5, out, "B", 1),
          RULE(out_fits_rows))};
static int combination_rows_into_run(const call_args *a) {
    return ph_combination_rows((unsigned)a->n, (size_t)a->k, (ph_order)a->order, a->start, (size_t)a->count,
                               a->out.buf);
}
BIND_RELEASED(combination_rows_into)

static const call_spec combination_ranks_into_args = {
    TAKES("combination_ranks_into(rows, n, k, order, out)", 5),
    STEPS(TABLE_SHAPE(1), IN_BUFFER(0, rows, "B", 1), RULE(whole_rows), OUT_BUFFER(4, out, "QLK", 8),
          RULE(out_fits_ranks))};
static PyObject *combination_ranks_into_call(call_args *a) {
    size_t m = (size_t)a->rows.len / (size_t)a->k, bad_row = 0;
    int status;
    RUN_RELEASED_IF(m >= GIL_FREE_ROWS, status = ph_combination_rank_batch(a->rows.buf, m, (size_t)a->k, (unsigned)a->n,
                                                                           (ph_order)a->order, a->out.buf, &bad_row));
    return item_row_status(status, bad_row, a->n);
}
BIND(combination_ranks_into)

static const call_spec combination_lookup_into_args = {
    TAKES("combination_lookup_into(rows, n, k, order, table, out)", 6),
    STEPS(TABLE_SHAPE(1), IN_BUFFER(0, rows, "B", 1), RULE(whole_rows), IN_BUFFER(4, table, NULL, 0),
          OUT_BUFFER(5, out, NULL, 0), RULE(lookup_fits))};
static PyObject *combination_lookup_into_call(call_args *a) {
    size_t m = (size_t)a->rows.len / (size_t)a->k, bad_row = 0;
    uint64_t total = 0;
    ph_binomial(a->n, a->k, &total);
    int status;
    size_t itemsize = (size_t)a->table.itemsize;
    RUN_RELEASED_IF(m >= GIL_FREE_ROWS, status = ph_combination_lookup(a->rows.buf, m, (size_t)a->k, (unsigned)a->n,
                                                                       (ph_order)a->order, a->table.buf, total,
                                                                       itemsize, a->out.buf, &bad_row));
    return item_row_status(status, bad_row, a->n);
}
BIND(combination_lookup_into)



/* ---- module -------------------------------------------------------------------------------------- */

/* Every FASTCALL binding is named py_<name>. */
#define FASTCALL(name, doc) {#name, (PyCFunction)(void (*)(void))py_##name, METH_FASTCALL, doc}

static PyMethodDef methods[] = {
    FASTCALL(evaluate, EVALUATE_DOC),
    FASTCALL(parse_cards, "parse_cards($module, /, *cards)\n--\n\nCard ids (list of int) of any number of cards; duplicates rejected."),
    FASTCALL(best_five, "best_five($module, /, *cards)\n--\n\n(value, the five card ids that make it, in order of importance)."),
    {"card_name", py_card_name, METH_O, "card_name($module, card_id, /)\n--\n\nThe two-character name of a card id: 'As'."},
    {"category", py_category, METH_O, "category($module, value, /)\n--\n\nCategory 0..9 (0 = royal flush) of a hand value 1..7462."},
    {"describe", py_describe, METH_O, "describe($module, value, /)\n--\n\nName of a hand value 1..7462: 'Nines Full over Fours'."},
    {"value_ranks", py_value_ranks, METH_O, "value_ranks($module, value, /)\n--\n\nThe five ranks 0..12 of a hand value, in order of importance."},
    FASTCALL(evaluate_batch_into, "evaluate_batch_into($module, cards, k, out, /)\n--\n\nValues of the k-card rows of a uint8 buffer into a uint16 buffer."),
    FASTCALL(value_histogram_into, "value_histogram_into($module, k, start, count, out, /)\n--\n\nAdds the values of the k-card hands with colex ranks start.. into out (7463 uint64 slots)."),
    FASTCALL(comb, "comb($module, n, k, /)\n--\n\nC(n, k) exactly; OverflowError past 2**64-1."),
    FASTCALL(rank_combination, "rank_combination($module, items, n, order, /)\n--\n\nRank of the k-subset items of range(n); order 0 = colex, 1 = lex."),
    FASTCALL(unrank_combination, "unrank_combination($module, index, k, n, order, /)\n--\n\nThe k-subset of range(n) at index (order 0 = colex, 1 = lex), ascending."),
    FASTCALL(combinations_into, "combinations_into($module, n, k, start, count, out, /)\n--\n\nRows of the k-subsets of range(n) with colex ranks start.. into a uint8 buffer."),
    FASTCALL(combination_masks_into, "combination_masks_into($module, n, k, start, count, out, /)\n--\n\nBit masks of the k-subsets of range(n) with colex ranks start.. into a uint64 buffer."),
    {"hand_index", py_hand_index, METH_O, "hand_index($module, mask, /)\n--\n\nColex rank of a 1..7 card mask among the hands of its size."},
    FASTCALL(quinary_hash, "quinary_hash($module, q, k, /)\n--\n\nDP quinary hash of 13 rank counts summing to k."),
    FASTCALL(equity_units, "equity_units($module, players_holdings, weights, board, dead, /)\n--\n\nExact work units: the number of holding combinations."),
    FASTCALL(equity_exact_seconds,
             "equity_exact_seconds($module, players_holdings, weights, board, dead, /)\n--\n\nEstimated native single-core seconds of the exact enumeration."),
    FASTCALL(equity_exact_seconds_bound,
             "equity_exact_seconds_bound($module, players_holdings, weights, board, dead, /)\n--\n\nAn upper bound of equity_exact_seconds from the holding counts alone (inf for Omaha)."),
    FASTCALL(equity_exact_within,
             "equity_exact_within($module, players_holdings, weights, board, dead, most_seconds, host_factor, most_host_seconds, /)\n--\n\nAll units' tally if the seconds bound b <= most_seconds and b * host_factor <= most_host_seconds, else None."),
    FASTCALL(equity_exact, "equity_exact($module, players_holdings, weights, board, dead, start, count, /)\n--\n\nExact tally (dict) of units start..start+count-1."),
    FASTCALL(equity_sample, "equity_sample($module, players_holdings, weights, board, dead, seed, first, count, /)\n--\n\nMonte Carlo tally (dict) of samples first..first+count-1."),
    FASTCALL(equity_ranges, "equity_ranges($module, players, board, dead, omaha, most_seconds, host_factor, most_host_seconds, /)\n--\n\nThe exact result fields of a small job of ranges (equity()'s), or None for any call its checked path must decide."),
    FASTCALL(equity_hands, "equity_hands($module, players, board, dead, omaha, most_seconds, /)\n--\n\nThe exact result fields of known hands (equity()'s), or None for any call its checked path must decide."),
    FASTCALL(omaha_evaluate, "omaha_evaluate($module, hole, board, /)\n--\n\nOmaha high value: exactly two hole cards and three board cards."),
    FASTCALL(sm_value_histogram, "sm_value_histogram($module, k, out, /)\n--\n\nAdds all k-card hands (5..7) into out via the state machine."),
    /* python first hour: batch forms */
    FASTCALL(omaha_evaluate_batch_into, "omaha_evaluate_batch_into($module, holes, hole_len, boards, board_len, out, /)\n--\n\nOmaha high values of rows of holes and boards (uint8 buffers) into a uint16 buffer."),
    FASTCALL(parse_range, "parse_range($module, text, dead, /)\n--\n\nRange text -> (normalized text, [(card ids, weight), ...]), "
                          "leaving out combos that hold a dead card."),
    /* other games (docs/games.md) */
    {"game_info", py_game_info, METH_O, "game_info($module, game, /)\n--\n\n(name, worst value, no-low value, deck mask, category names) of a game id."},
    FASTCALL(game_evaluate, "game_evaluate($module, game, /, *cards)\n--\n\nValue of the best five of 5 to 9 cards on the game's scale (lower is better)."),
    FASTCALL(game_best_five, "game_best_five($module, game, /, *cards)\n--\n\n(value, the five card ids that make it in order of importance, or () for no low)."),
    FASTCALL(game_omaha_evaluate, "game_omaha_evaluate($module, game, hole, board, /)\n--\n\nValue of two hole cards and three board cards on the game's scale."),
    FASTCALL(game_category, "game_category($module, game, value, /)\n--\n\nCategory index of a value on the game's scale."),
    FASTCALL(game_describe, "game_describe($module, game, value, /)\n--\n\nName of a value on the game's scale."),
    FASTCALL(game_value_ranks, "game_value_ranks($module, game, value, /)\n--\n\nRanks 0..12 of a value in order of importance (() for no low)."),
    FASTCALL(game_evaluate_batch_into, "game_evaluate_batch_into($module, game, cards, k, out, /)\n--\n\nValues of the k-card rows of a uint8 buffer into a uint16 buffer, on the game's scale."),
    FASTCALL(game_value_histogram_into, "game_value_histogram_into($module, game, k, start, count, out, /)\n--\n\nAdds the game values of the k-card hands (of its deck) with colex ranks start.. into out."),
    FASTCALL(game_equity_units, "game_equity_units($module, high, low, players_holdings, weights, board, dead, /)\n--\n\nExact work units (deals) of a game's equity spot."),
    FASTCALL(game_equity_exact_seconds, "game_equity_exact_seconds($module, high, low, players_holdings, weights, board, dead, /)\n--\n\nEstimated native single-core seconds of the exact enumeration of a game's spot."),
    FASTCALL(game_equity_exact, "game_equity_exact($module, high, low, players_holdings, weights, board, dead, start, count, /)\n--\n\nExact tally (dict) of units start..start+count-1 of a game's spot."),
    FASTCALL(game_equity_sample, "game_equity_sample($module, high, low, players_holdings, weights, board, dead, seed, first, count, /)\n--\n\nMonte Carlo tally (dict) of samples first..first+count-1 of a game's spot."),
    /* combination tables (scale-out) */
    FASTCALL(values_by_rank_into, "values_by_rank_into($module, k, order, start, count, out, /)\n--\n\nValues of the k-card hands (5..9) with ranks start.. in colex (order 0) or lex (1) order, into a uint16 buffer."),
    FASTCALL(combination_rows_into, "combination_rows_into($module, n, k, order, start, count, out, /)\n--\n\nRows of the k-subsets of range(n) with ranks start.. in colex (order 0) or lex (1) order, into a uint8 buffer."),
    FASTCALL(combination_ranks_into, "combination_ranks_into($module, rows, n, k, order, out, /)\n--\n\nThe uint64 rank (colex or lex) of each k-item row of a uint8 buffer, into out."),
    FASTCALL(combination_lookup_into, "combination_lookup_into($module, rows, n, k, order, table, out, /)\n--\n\nThe table entry at each row's rank (colex or lex), into out."),
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "pokerhash._core", "Native binding of the pokerhash C core.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__core(void) {
    PyObject *module = PyModule_Create(&module_def);
    if (module && (PyModule_AddStringConstant(module, "core_version", ph_version()) < 0 ||
                   PyModule_AddFunctions(module, ph_analysis_methods) < 0 ||
                   PyModule_AddFunctions(module, ph_isomorphism_methods) < 0)) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
