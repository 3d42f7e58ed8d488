/* pokerhash._core: the thin CPython binding of the C core. Argument conversion and error messages live
 * here; every poker and combinatorics decision is the core's. The contract is docs/design/python-binding.md,
 * which the Pyodide backend (_wasm_core.py) implements too. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <string.h>

#include "pokerhash.h"
#include "_core_analysis.h"

#define MAX_COLLECT 64          /* more than a deck, so a wrong count is reported, not truncated */
#define GIL_FREE_ROWS 2048      /* below this the GIL round trip costs more than it frees */

static const char CARDS_TYPE_ERROR[] = "cards must be card names (str), card ids (int) or a sequence of them";

/* ---- card arguments ---------------------------------------------------------------------------- */

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

static Py_ssize_t collect_hand(PyObject *const *args, Py_ssize_t nargs, uint8_t out[MAX_COLLECT]) {
    Py_ssize_t count = collect_cards(args, nargs, out);
    if (count >= 0 && (count < PH_MIN_HAND || count > PH_MAX_HAND)) {
        PyErr_Format(PyExc_ValueError, "a hand needs 5 to 9 cards, got %zd", count);
        return -1;
    }
    return count;
}

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

static PyObject *py_evaluate(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    uint8_t cards[MAX_COLLECT];
    Py_ssize_t count = collect_hand(args, nargs, cards);
    if (count < 0)
        return NULL;
    return PyLong_FromLong(ph_evaluate(cards, (size_t)count));
}

static PyObject *py_parse_cards(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    uint8_t cards[MAX_COLLECT];
    Py_ssize_t count = collect_cards(args, nargs, cards);
    if (count < 0)
        return NULL;
    PyObject *list = PyList_New(count);
    for (Py_ssize_t i = 0; list && i < count; i++)
        PyList_SET_ITEM(list, i, PyLong_FromLong(cards[i]));
    return list;
}

static PyObject *py_best_five(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    uint8_t cards[MAX_COLLECT], five[5];
    Py_ssize_t count = collect_hand(args, nargs, cards);
    if (count < 0)
        return NULL;
    int value = ph_best_five(cards, (size_t)count, five);
    return Py_BuildValue("(i(iiiii))", value, five[0], five[1], five[2], five[3], five[4]);
}

static PyObject *py_card_name(PyObject *module, PyObject *arg) {
    (void)module;
    if (PyBool_Check(arg))
        return raise_about(PyExc_TypeError, "a card id must be an integer, got ", arg, 0, "");
    PyObject *number = PyNumber_Index(arg);
    if (!number)
        return NULL;
    int overflow;
    long card = PyLong_AsLongAndOverflow(number, &overflow);
    char name[3];
    if (overflow || card != (int)card || ph_card_format((int)card, name) < 0) { /* 2**63 names the id too */
        raise_about(PyExc_ValueError, "card id ", number, 1, " outside 0..51");
        Py_DECREF(number);
        return NULL;
    }
    Py_DECREF(number);
    return PyUnicode_FromString(name);
}

/* ---- values -------------------------------------------------------------------------------------- */

/* A hand value 1..worst; -1 with TypeError (a bool, a non-integer) or ValueError (out of range). */
static int value_upto(PyObject *arg, int worst) {
    if (PyBool_Check(arg)) {
        raise_about(PyExc_TypeError, "a hand value must be an integer, got ", arg, 0, "");
        return -1;
    }
    PyObject *number = PyNumber_Index(arg);
    if (!number)
        return -1;
    int overflow;
    long value = PyLong_AsLongAndOverflow(number, &overflow);
    if (overflow || value < 1 || value > worst) { /* 2**63 is named too, not an OverflowError */
        char range[32];
        snprintf(range, sizeof range, " outside 1..%d", worst);
        raise_about(PyExc_ValueError, "hand value ", number, 1, range);
    }
    Py_DECREF(number);
    return PyErr_Occurred() ? -1 : (int)value;
}

static int checked_value(PyObject *arg) {
    return value_upto(arg, PH_WORST_VALUE);
}

static PyObject *py_category(PyObject *module, PyObject *arg) {
    (void)module;
    int value = checked_value(arg);
    return value < 0 ? NULL : PyLong_FromLong(ph_category_of(value));
}

static PyObject *py_describe(PyObject *module, PyObject *arg) {
    (void)module;
    int value = checked_value(arg);
    if (value < 0)
        return NULL;
    char text[64];
    ph_describe(value, text, sizeof text);
    return PyUnicode_FromString(text);
}

static PyObject *py_value_ranks(PyObject *module, PyObject *arg) {
    (void)module;
    int value = checked_value(arg);
    if (value < 0)
        return NULL;
    uint8_t r[5];
    ph_value_ranks(value, r);
    return Py_BuildValue("(iiiii)", r[0], r[1], r[2], r[3], r[4]);
}

/* ---- buffers ------------------------------------------------------------------------------------- */

/* Format check: `codes` lists acceptable struct codes of the given item size ('B', 'H', "QLK"). */
static int buffer_of(PyObject *obj, Py_buffer *view, int writable, const char *codes, Py_ssize_t itemsize,
                     const char *what) {
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj, view, flags) < 0) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "%s must be a %sC-contiguous %s buffer", what,
                     writable ? "writable " : "", what[0] == 'c' ? "uint8" : "unsigned integer");
        return -1;
    }
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

static PyObject *py_evaluate_batch_into(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 3)
        return PyErr_Format(PyExc_TypeError, "evaluate_batch_into(cards, k, out) takes 3 arguments");
    long k = PyLong_AsLong(args[1]);
    if (k == -1 && PyErr_Occurred())
        return NULL;
    if (k < PH_MIN_HAND || k > PH_MAX_HAND)
        return PyErr_Format(PyExc_ValueError, "k must be 5 to 9, got %ld", k);
    Py_buffer cards, out;
    if (buffer_of(args[0], &cards, 0, "B", 1, "cards") < 0)
        return NULL;
    if (buffer_of(args[2], &out, 1, "H", 2, "out") < 0) {
        PyBuffer_Release(&cards);
        return NULL;
    }
    size_t n = (size_t)cards.len / (size_t)k, bad_row = 0;
    int status = PH_OK;
    if ((size_t)cards.len % (size_t)k) {
        PyErr_Format(PyExc_ValueError, "cards hold %zd bytes, not a multiple of k=%ld", cards.len, k);
        status = PH_E_ARGUMENT;
    } else if ((size_t)out.len / 2 != n) {
        PyErr_Format(PyExc_ValueError, "out must hold %zu uint16 values", n);
        status = PH_E_ARGUMENT;
    } else if (n >= GIL_FREE_ROWS) {
        Py_BEGIN_ALLOW_THREADS
        status = ph_evaluate_batch(cards.buf, n, (size_t)k, out.buf, &bad_row);
        Py_END_ALLOW_THREADS
    } else {
        status = ph_evaluate_batch(cards.buf, n, (size_t)k, out.buf, &bad_row);
    }
    PyBuffer_Release(&cards);
    PyBuffer_Release(&out);
    if (status == PH_E_ARGUMENT)
        return NULL;
    if (status == PH_E_DUPLICATE)
        return PyErr_Format(PyExc_ValueError, "row %zu: duplicate card", bad_row);
    if (status == PH_E_CARD)
        return PyErr_Format(PyExc_ValueError, "row %zu: card id outside 0..51", bad_row);
    Py_RETURN_NONE;
}

/* ---- combinatorics ------------------------------------------------------------------------------- */

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

static int parse_order(PyObject *arg, ph_order *order) {
    long value = PyLong_AsLong(arg);
    if (value == -1 && PyErr_Occurred())
        return -1;
    if (value != PH_COLEX && value != PH_LEX) {
        PyErr_Format(PyExc_ValueError, "order must be 0 (colex) or 1 (lex), got %ld", value);
        return -1;
    }
    *order = (ph_order)value;
    return 0;
}

static PyObject *py_comb(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    unsigned long long n, k;
    if (nargs != 2)
        return PyErr_Format(PyExc_TypeError, "comb(n, k) takes 2 arguments");
    if (unsigned_arg(args[0], "n", &n) < 0 || unsigned_arg(args[1], "k", &k) < 0)
        return NULL;
    uint64_t result = 0;
    if (ph_binomial(n, k, &result) != PH_OK)
        return PyErr_Format(PyExc_OverflowError, "C(%llu,%llu) does not fit in 64 bits", n, k);
    return PyLong_FromUnsignedLongLong(result);
}

static PyObject *py_rank_combination(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    unsigned long long n;
    ph_order order;
    if (nargs != 3)
        return PyErr_Format(PyExc_TypeError, "rank_combination(items, n, order) takes 3 arguments");
    if (unsigned_arg(args[1], "n", &n) < 0 || parse_order(args[2], &order) < 0)
        return NULL;
    PyObject *seq = frozen_sequence(args[0], "items must be a sequence of integers"); /* items run __index__ */
    if (!seq)
        return NULL;
    Py_ssize_t k = PySequence_Fast_GET_SIZE(seq);
    uint8_t items[PH_MAX_COMBINATION_N];
    PyObject *result = NULL;
    if (check_n_k(n, (unsigned long long)k) < 0)
        goto done;
    uint64_t seen = 0;
    for (Py_ssize_t i = 0; i < k; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(seq, i);
        PyObject *number = is_card_id(item) ? PyNumber_Index(item) : NULL;
        if (!number) {
            PyErr_Clear();
            PyErr_SetString(PyExc_TypeError, "items must be a sequence of integers");
            goto done;
        }
        int overflow;
        long value = PyLong_AsLongAndOverflow(number, &overflow);
        Py_DECREF(number);
        if (overflow || value < 0 || (unsigned long long)value >= n) {
            char range[48];
            snprintf(range, sizeof range, " outside 0..n-1 for n=%llu", n);
            raise_about(PyExc_ValueError, "item ", item, 1, range);
            goto done;
        }
        if (seen >> value & 1) {
            PyErr_Format(PyExc_ValueError, "duplicate item %ld", value);
            goto done;
        }
        seen |= UINT64_C(1) << value;
        items[i] = (uint8_t)value;
    }
    uint64_t rank;
    ph_combination_rank(items, (size_t)k, (unsigned)n, order, &rank);
    result = PyLong_FromUnsignedLongLong(rank);
done:
    Py_DECREF(seq);
    return result;
}

static PyObject *py_unrank_combination(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    unsigned long long index, k, n;
    ph_order order;
    if (nargs != 4)
        return PyErr_Format(PyExc_TypeError, "unrank_combination(index, k, n, order) takes 4 arguments");
    if (unsigned_arg(args[0], "index", &index) < 0 || unsigned_arg(args[1], "k", &k) < 0 ||
        unsigned_arg(args[2], "n", &n) < 0 || parse_order(args[3], &order) < 0 || check_n_k(n, k) < 0)
        return NULL;
    uint8_t items[PH_MAX_COMBINATION_N];
    if (ph_combination_unrank(index, (size_t)k, (unsigned)n, order, items) != PH_OK) {
        uint64_t total;
        ph_binomial((unsigned)n, (unsigned)k, &total);
        return PyErr_Format(PyExc_ValueError, "index %llu outside 0..C(%llu,%llu)-1 = 0..%lld", index, n, k,
                            (long long)total - 1);
    }
    PyObject *tuple = PyTuple_New((Py_ssize_t)k);
    for (size_t i = 0; tuple && i < k; i++)
        PyTuple_SET_ITEM(tuple, i, PyLong_FromLong(items[i]));
    return tuple;
}

/* combinations_into and combination_masks_into: (n, k, start, count, out). */
static PyObject *fill_combinations(PyObject *const *args, Py_ssize_t nargs, int masks) {
    unsigned long long n, k, start, count;
    if (nargs != 5)
        return PyErr_Format(PyExc_TypeError, "takes (n, k, start, count, out)");
    if (unsigned_arg(args[0], "n", &n) < 0 || unsigned_arg(args[1], "k", &k) < 0 ||
        unsigned_arg(args[2], "start", &start) < 0 || unsigned_arg(args[3], "count", &count) < 0 ||
        check_range(n, k, start, count) < 0 || check_rows_fit(count, masks ? 8 : k) < 0)
        return NULL;
    if (masks && k == 0 && count)
        return PyErr_Format(PyExc_ValueError, "k must be 1..n for masks, got 0");
    Py_buffer out;
    if (buffer_of(args[4], &out, 1, masks ? "QLK" : "B", masks ? 8 : 1, "out") < 0)
        return NULL;
    unsigned long long needed = masks ? count : count * k;
    int status = PH_OK;
    if ((unsigned long long)out.len / (unsigned long long)out.itemsize != needed) {
        PyErr_Format(PyExc_ValueError, "out must hold %llu %s values", needed, masks ? "uint64" : "uint8");
        status = PH_E_BUFFER;
    } else {
        Py_BEGIN_ALLOW_THREADS
        status = masks ? ph_combination_masks((unsigned)n, (size_t)k, start, (size_t)count, out.buf)
                       : ph_combinations((unsigned)n, (size_t)k, start, (size_t)count, out.buf);
        Py_END_ALLOW_THREADS
    }
    PyBuffer_Release(&out);
    if (status != PH_OK)
        return NULL;
    Py_RETURN_NONE;
}

static PyObject *py_combinations_into(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    return fill_combinations(args, nargs, 0);
}

static PyObject *py_combination_masks_into(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    return fill_combinations(args, nargs, 1);
}

/* Adds the values of k-card hands [start, start+count) into `out_obj` (7463 uint64 slots) with the GIL
 * released: by the core's sweep, or (by_state_machine) every hand through the nested-table machine. */
static PyObject *fill_histogram(PyObject *out_obj, size_t k, uint64_t start, uint64_t count, int by_state_machine) {
    Py_buffer out;
    if (buffer_of(out_obj, &out, 1, "QLK", 8, "out") < 0)
        return NULL;
    int status = PH_OK;
    if (out.len / 8 != PH_WORST_VALUE + 1) {
        PyErr_Format(PyExc_ValueError, "out must hold %d uint64 values", PH_WORST_VALUE + 1);
        status = PH_E_BUFFER;
    } else {
        Py_BEGIN_ALLOW_THREADS
        status = by_state_machine ? ph_sm_value_histogram(k, out.buf) : ph_value_histogram(k, start, count, out.buf);
        Py_END_ALLOW_THREADS
        if (status == PH_E_NOMEM)
            PyErr_NoMemory();
    }
    PyBuffer_Release(&out);
    if (status != PH_OK)
        return NULL;
    Py_RETURN_NONE;
}

static PyObject *py_value_histogram_into(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    unsigned long long k, start, count;
    if (nargs != 4)
        return PyErr_Format(PyExc_TypeError, "value_histogram_into(k, start, count, out) takes 4 arguments");
    if (unsigned_arg(args[0], "k", &k) < 0 || unsigned_arg(args[1], "start", &start) < 0 ||
        unsigned_arg(args[2], "count", &count) < 0)
        return NULL;
    if (k < PH_MIN_HAND || k > PH_MAX_HAND)
        return PyErr_Format(PyExc_ValueError, "k must be 5 to 9, got %llu", k);
    if (check_range(PH_DECK_SIZE, k, start, count) < 0)
        return NULL;
    return fill_histogram(args[3], (size_t)k, start, count, 0);
}

static PyObject *py_hand_index(PyObject *module, PyObject *arg) {
    (void)module;
    unsigned long long mask;
    if (unsigned_arg(arg, "mask", &mask) < 0)
        return NULL;
    int64_t index = ph_hand_index(mask);
    if (index == PH_E_CARD)
        return PyErr_Format(PyExc_ValueError, "mask has bits above card 51");
    if (index == PH_E_COUNT)
        return PyErr_Format(PyExc_ValueError, "hand_index takes 1 to 7 cards, got %d", __builtin_popcountll(mask));
    if (index == PH_E_NOMEM)
        return PyErr_NoMemory();
    return PyLong_FromLongLong(index);
}

static PyObject *py_quinary_hash(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 2)
        return PyErr_Format(PyExc_TypeError, "quinary_hash(q, k) takes 2 arguments");
    PyObject *seq = frozen_sequence(args[0], "q must be a sequence of 13 digits"); /* digits run __index__ */
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
    if (ok && PyBool_Check(args[1]))
        return raise_about(PyExc_TypeError, "k must be an integer, got ", args[1], 0, "");
    long k = ok ? PyLong_AsLong(args[1]) : -1;
    int32_t hash = (ok && k >= 0 && k <= 9) ? ph_quinary_hash(q, (unsigned)k) : PH_E_ARGUMENT;
    if (hash < 0) {
        PyErr_Clear();
        return PyErr_Format(PyExc_ValueError, "q must be 13 digits 0..4 summing to k (0..9)");
    }
    return PyLong_FromLong(hash);
}

/* ---- enumeration and equity (docs/design/equity-c-api.md) ---------------------------------------------- */

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

static PyObject *py_equity_units(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 4)
        return PyErr_Format(PyExc_TypeError, "equity_units(players_holdings, weights, board, dead) takes 4 arguments");
    py_game g;
    if (parse_game(args, &g) < 0)
        return NULL;
    uint64_t units = 0;
    int status = ph_equity_exact_units(&g.game, &units);
    py_game_free(&g);
    if (status == PH_E_OVERFLOW)
        return PyErr_Format(PyExc_OverflowError, "more than 2**64-1 holding combinations");
    return PyLong_FromUnsignedLongLong(units);
}

static PyObject *py_equity_exact_seconds(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 4)
        return PyErr_Format(PyExc_TypeError,
                            "equity_exact_seconds(players_holdings, weights, board, dead) takes 4 arguments");
    py_game g;
    if (parse_game(args, &g) < 0)
        return NULL;
    double seconds = 0;
    int status = ph_equity_exact_seconds(&g.game, &seconds);
    py_game_free(&g);
    if (status != PH_OK)
        return PyErr_Format(PyExc_ValueError, "%s", ph_error_message(status));
    return PyFloat_FromDouble(seconds);
}

static PyObject *py_equity_exact(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    unsigned long long start, count;
    if (nargs != 6)
        return PyErr_Format(PyExc_TypeError,
                            "equity_exact(players_holdings, weights, board, dead, start, count) takes 6 arguments");
    if (unsigned_arg(args[4], "start", &start) < 0 || unsigned_arg(args[5], "count", &count) < 0)
        return NULL;
    py_game g;
    if (parse_game(args, &g) < 0)
        return NULL;
    uint64_t units = 0;
    int status = ph_equity_exact_units(&g.game, &units);
    if (status == PH_OK && (start > units || count > units - start)) {
        PyErr_Format(PyExc_ValueError, "range %llu..%llu outside 0..%llu units", start, start + count,
                     (unsigned long long)units);
        py_game_free(&g);
        return NULL;
    }
    ph_equity_tally tally;
    memset(&tally, 0, sizeof tally);
    if (status == PH_OK) {
        Py_BEGIN_ALLOW_THREADS
        status = ph_equity_exact(&g.game, start, count, &tally);
        Py_END_ALLOW_THREADS
    }
    size_t players = g.game.players;
    py_game_free(&g);
    if (status == PH_E_NOMEM)
        return PyErr_NoMemory();
    if (status != PH_OK)
        return PyErr_Format(PyExc_ValueError, "%s", ph_error_message(status));
    return tally_dict(&tally, players);
}

static PyObject *py_equity_sample(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    unsigned long long seed, first, count;
    if (nargs != 7)
        return PyErr_Format(PyExc_TypeError,
                            "equity_sample(players_holdings, weights, board, dead, seed, first, count) takes 7 arguments");
    if (unsigned_arg(args[4], "seed", &seed) < 0 || unsigned_arg(args[5], "first", &first) < 0 ||
        unsigned_arg(args[6], "count", &count) < 0)
        return NULL;
    py_game g;
    if (parse_game(args, &g) < 0)
        return NULL;
    ph_equity_tally tally;
    memset(&tally, 0, sizeof tally);
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = ph_equity_sample(&g.game, seed, first, count, &tally);
    Py_END_ALLOW_THREADS
    size_t players = g.game.players;
    py_game_free(&g);
    if (status == PH_E_NOMEM)
        return PyErr_NoMemory();
    if (status == PH_E_ARGUMENT)
        return PyErr_Format(PyExc_ValueError, "could not deal holdings without shared cards (1,000,000 tries)");
    if (status != PH_OK)
        return PyErr_Format(PyExc_ValueError, "%s", ph_error_message(status));
    return tally_dict(&tally, players);
}

static PyObject *py_omaha_evaluate(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 2)
        return PyErr_Format(PyExc_TypeError, "omaha_evaluate(hole, board) takes 2 arguments");
    uint8_t hole[MAX_COLLECT], board[MAX_COLLECT];
    Py_ssize_t hole_len = collect_cards(&args[0], 1, hole);
    if (hole_len < 0)
        return NULL;
    Py_ssize_t board_len = collect_cards(&args[1], 1, board);
    if (board_len < 0)
        return NULL;
    if (hole_len < 4 || hole_len > 6)
        return PyErr_Format(PyExc_ValueError, "an Omaha hole needs 4 to 6 cards, got %zd", hole_len);
    if (board_len < 3 || board_len > 5)
        return PyErr_Format(PyExc_ValueError, "an Omaha board needs 3 to 5 cards, got %zd", board_len);
    int value = ph_omaha_evaluate(hole, (size_t)hole_len, board, (size_t)board_len);
    if (value == PH_E_DUPLICATE) {
        for (Py_ssize_t i = 0; i < hole_len; i++)
            for (Py_ssize_t j = 0; j < board_len; j++)
                if (hole[i] == board[j]) {
                    char name[3];
                    ph_card_format(hole[i], name);
                    return PyErr_Format(PyExc_ValueError, "duplicate card %s", name);
                }
    }
    if (value == PH_E_NOMEM)
        return PyErr_NoMemory();
    if (value < 0)
        return PyErr_Format(PyExc_ValueError, "%s", ph_error_message(value));
    return PyLong_FromLong(value);
}

static PyObject *py_sm_value_histogram(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    unsigned long long k;
    if (nargs != 2)
        return PyErr_Format(PyExc_TypeError, "sm_value_histogram(k, out) takes 2 arguments");
    if (unsigned_arg(args[0], "k", &k) < 0)
        return NULL;
    if (k < 5 || k > 7)
        return PyErr_Format(PyExc_ValueError, "k must be 5 to 7, got %llu", k);
    return fill_histogram(args[1], (size_t)k, 0, 0, 1);
}

/* ---- ranges (core_c/src/range*.c: the one parser of range notation) ---------------------------- */

/* parse_range(text, dead) -> (normalized text, [(ascending card ids, weight), ...]) */
static PyObject *py_parse_range(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 2)
        return PyErr_Format(PyExc_TypeError, "parse_range(text, dead) takes 2 arguments");
    if (!PyUnicode_Check(args[0]))
        return PyErr_Format(PyExc_TypeError, "a range must be text, got %s", Py_TYPE(args[0])->tp_name);
    uint8_t dead_cards[MAX_COLLECT];
    Py_ssize_t dead_len = collect_cards(&args[1], 1, dead_cards);
    if (dead_len < 0)
        return NULL;
    uint64_t dead = 0;
    for (Py_ssize_t i = 0; i < dead_len; i++)
        dead |= UINT64_C(1) << dead_cards[i];
    Py_ssize_t len;
    PyObject *keep;
    const char *text = text_utf8(args[0], &len, &keep);
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

/* ---- batch forms (python first hour) ------------------------------------------------------------- */

/* (holes, hole_len, boards, board_len, out): rows of hole cards and of boards in C-contiguous uint8
 * buffers, one uint16 value per row into out. */
static PyObject *py_omaha_evaluate_batch_into(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 5)
        return PyErr_Format(PyExc_TypeError,
                            "omaha_evaluate_batch_into(holes, hole_len, boards, board_len, out) takes 5 arguments");
    long hole_len = PyLong_AsLong(args[1]);
    if (hole_len == -1 && PyErr_Occurred())
        return NULL;
    long board_len = PyLong_AsLong(args[3]);
    if (board_len == -1 && PyErr_Occurred())
        return NULL;
    if (hole_len < 4 || hole_len > 6)
        return PyErr_Format(PyExc_ValueError, "an Omaha hole needs 4 to 6 cards, got %ld", hole_len);
    if (board_len < 3 || board_len > 5)
        return PyErr_Format(PyExc_ValueError, "an Omaha board needs 3 to 5 cards, got %ld", board_len);
    Py_buffer holes, boards, out;
    if (buffer_of(args[0], &holes, 0, "B", 1, "holes") < 0)
        return NULL;
    if (buffer_of(args[2], &boards, 0, "B", 1, "boards") < 0) {
        PyBuffer_Release(&holes);
        return NULL;
    }
    if (buffer_of(args[4], &out, 1, "H", 2, "out") < 0) {
        PyBuffer_Release(&holes);
        PyBuffer_Release(&boards);
        return NULL;
    }
    size_t n = (size_t)holes.len / (size_t)hole_len, bad_row = 0;
    int status = PH_E_ARGUMENT;
    if ((size_t)holes.len % (size_t)hole_len)
        PyErr_Format(PyExc_ValueError, "holes hold %zd bytes, not a multiple of hole_len=%ld", holes.len, hole_len);
    else if ((size_t)boards.len != n * (size_t)board_len)
        PyErr_Format(PyExc_ValueError, "boards must hold %zu rows of %ld cards, got %zd bytes", n, board_len,
                     boards.len);
    else if ((size_t)out.len / 2 != n)
        PyErr_Format(PyExc_ValueError, "out must hold %zu uint16 values", n);
    else if (n >= GIL_FREE_ROWS) {
        Py_BEGIN_ALLOW_THREADS
        status = ph_omaha_evaluate_batch(holes.buf, (size_t)hole_len, boards.buf, (size_t)board_len, n, out.buf,
                                         &bad_row);
        Py_END_ALLOW_THREADS
    } else {
        status = ph_omaha_evaluate_batch(holes.buf, (size_t)hole_len, boards.buf, (size_t)board_len, n, out.buf,
                                         &bad_row);
    }
    PyBuffer_Release(&holes);
    PyBuffer_Release(&boards);
    PyBuffer_Release(&out);
    if (status == PH_E_ARGUMENT)
        return NULL;
    if (status == PH_E_DUPLICATE)
        return PyErr_Format(PyExc_ValueError, "row %zu: duplicate card", bad_row);
    if (status == PH_E_CARD)
        return PyErr_Format(PyExc_ValueError, "row %zu: card id outside 0..51", bad_row);
    if (status == PH_E_NOMEM)
        return PyErr_NoMemory();
    if (status != PH_OK)
        return PyErr_Format(PyExc_ValueError, "%s", ph_error_message(status));
    Py_RETURN_NONE;
}

/* ---- other games: short deck, lowball, hi-lo (docs/games.md) ------------------------------------- */

static int game_arg(PyObject *arg, int *game) {
    long id = PyLong_AsLong(arg);
    if (id == -1 && PyErr_Occurred())
        return -1;
    if (id < 1 || id > PH_GAME_COUNT) {
        PyErr_Format(PyExc_ValueError, "unknown game id %ld", id);
        return -1;
    }
    *game = (int)id;
    return 0;
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

/* (game, *cards): the cards of one hand, checked for the game's deck and the 5..9 count. */
static Py_ssize_t game_hand(PyObject *const *args, Py_ssize_t nargs, int *game, uint8_t out[MAX_COLLECT]) {
    if (nargs < 1) {
        PyErr_SetString(PyExc_TypeError, "takes a game id and the cards");
        return -1;
    }
    if (game_arg(args[0], game) < 0)
        return -1;
    Py_ssize_t count = collect_cards(args + 1, nargs - 1, out);
    if (count < 0 || game_deck_check(*game, out, count) < 0)
        return -1;
    if (count < PH_MIN_HAND || count > PH_MAX_HAND) {
        PyErr_Format(PyExc_ValueError, "a hand needs 5 to 9 cards, got %zd", count);
        return -1;
    }
    return count;
}

static int game_value_arg(PyObject *const *args, Py_ssize_t nargs, const char *usage, int *game, int *value) {
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "%s takes 2 arguments", usage);
        return -1;
    }
    if (game_arg(args[0], game) < 0)
        return -1;
    *value = value_upto(args[1], ph_game_worst(*game));
    return *value < 0 ? -1 : 0;
}

static PyObject *py_game_info(PyObject *module, PyObject *arg) {
    (void)module;
    int game;
    if (game_arg(arg, &game) < 0)
        return NULL;
    int count = ph_game_category_count(game);
    PyObject *names = PyTuple_New(count);
    for (int i = 0; names && i < count; i++)
        PyTuple_SET_ITEM(names, i, PyUnicode_FromString(ph_game_category_name(game, i)));
    if (!names)
        return NULL;
    return Py_BuildValue("(siiKN)", ph_game_name(game), ph_game_worst(game), ph_game_no_low(game),
                         (unsigned long long)ph_game_deck(game), names);
}

static PyObject *py_game_evaluate(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    uint8_t cards[MAX_COLLECT];
    int game;
    Py_ssize_t count = game_hand(args, nargs, &game, cards);
    return count < 0 ? NULL : PyLong_FromLong(ph_game_evaluate(game, cards, (size_t)count));
}

static PyObject *py_game_best_five(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    uint8_t cards[MAX_COLLECT], five[5];
    int game;
    Py_ssize_t count = game_hand(args, nargs, &game, cards);
    if (count < 0)
        return NULL;
    int value = ph_game_best_five(game, cards, (size_t)count, five);
    if (value == ph_game_no_low(game))
        return Py_BuildValue("(i())", value);
    return Py_BuildValue("(i(iiiii))", value, five[0], five[1], five[2], five[3], five[4]);
}

static PyObject *py_game_omaha_evaluate(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 3)
        return PyErr_Format(PyExc_TypeError, "game_omaha_evaluate(game, hole, board) takes 3 arguments");
    int game;
    if (game_arg(args[0], &game) < 0)
        return NULL;
    uint8_t hole[MAX_COLLECT], board[MAX_COLLECT];
    Py_ssize_t hole_len = collect_cards(&args[1], 1, hole);
    if (hole_len < 0 || game_deck_check(game, hole, hole_len) < 0)
        return NULL;
    Py_ssize_t board_len = collect_cards(&args[2], 1, board);
    if (board_len < 0 || game_deck_check(game, board, board_len) < 0)
        return NULL;
    if (hole_len < 4 || hole_len > 6)
        return PyErr_Format(PyExc_ValueError, "an Omaha hole needs 4 to 6 cards, got %zd", hole_len);
    if (board_len < 3 || board_len > 5)
        return PyErr_Format(PyExc_ValueError, "an Omaha board needs 3 to 5 cards, got %zd", board_len);
    for (Py_ssize_t i = 0; i < hole_len; i++)
        for (Py_ssize_t j = 0; j < board_len; j++)
            if (hole[i] == board[j]) {
                char name[3];
                ph_card_format(hole[i], name);
                return PyErr_Format(PyExc_ValueError, "duplicate card %s", name);
            }
    int value = ph_game_omaha_evaluate(game, hole, (size_t)hole_len, board, (size_t)board_len);
    if (value == PH_E_NOMEM)
        return PyErr_NoMemory();
    if (value < 0)
        return PyErr_Format(PyExc_ValueError, "%s", ph_error_message(value));
    return PyLong_FromLong(value);
}

static PyObject *py_game_category(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    int game, value;
    if (game_value_arg(args, nargs, "game_category(game, value)", &game, &value) < 0)
        return NULL;
    return PyLong_FromLong(ph_game_category(game, value));
}

static PyObject *py_game_describe(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    int game, value;
    if (game_value_arg(args, nargs, "game_describe(game, value)", &game, &value) < 0)
        return NULL;
    char text[64];
    ph_game_describe(game, value, text, sizeof text);
    return PyUnicode_FromString(text);
}

static PyObject *py_game_value_ranks(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    int game, value;
    if (game_value_arg(args, nargs, "game_value_ranks(game, value)", &game, &value) < 0)
        return NULL;
    uint8_t r[5];
    int n = ph_game_value_ranks(game, value, r);
    PyObject *tuple = PyTuple_New(n);
    for (int i = 0; tuple && i < n; i++)
        PyTuple_SET_ITEM(tuple, i, PyLong_FromLong(r[i]));
    return tuple;
}

static PyObject *py_game_evaluate_batch_into(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 4)
        return PyErr_Format(PyExc_TypeError, "game_evaluate_batch_into(game, cards, k, out) takes 4 arguments");
    int game;
    if (game_arg(args[0], &game) < 0)
        return NULL;
    long k = PyLong_AsLong(args[2]);
    if (k == -1 && PyErr_Occurred())
        return NULL;
    if (k < PH_MIN_HAND || k > PH_MAX_HAND)
        return PyErr_Format(PyExc_ValueError, "k must be 5 to 9, got %ld", k);
    Py_buffer cards, out;
    if (buffer_of(args[1], &cards, 0, "B", 1, "cards") < 0)
        return NULL;
    if (buffer_of(args[3], &out, 1, "H", 2, "out") < 0) {
        PyBuffer_Release(&cards);
        return NULL;
    }
    size_t n = (size_t)cards.len / (size_t)k, bad_row = 0;
    int status = PH_OK;
    if ((size_t)cards.len % (size_t)k) {
        PyErr_Format(PyExc_ValueError, "cards hold %zd bytes, not a multiple of k=%ld", cards.len, k);
        status = PH_E_ARGUMENT;
    } else if ((size_t)out.len / 2 != n) {
        PyErr_Format(PyExc_ValueError, "out must hold %zu uint16 values", n);
        status = PH_E_ARGUMENT;
    } else {
        Py_BEGIN_ALLOW_THREADS
        status = ph_game_evaluate_batch(game, cards.buf, n, (size_t)k, out.buf, &bad_row);
        Py_END_ALLOW_THREADS
    }
    char problem[80] = "";
    if (status == PH_E_CARD)
        ph_game_check_cards(game, (const uint8_t *)cards.buf + bad_row * (size_t)k, (size_t)k, problem, sizeof problem);
    PyBuffer_Release(&cards);
    PyBuffer_Release(&out);
    if (status == PH_E_ARGUMENT)
        return NULL;
    if (status == PH_E_DUPLICATE)
        return PyErr_Format(PyExc_ValueError, "row %zu: duplicate card", bad_row);
    if (status == PH_E_CARD && strncmp(problem, "card id", 7) == 0)
        return PyErr_Format(PyExc_ValueError, "row %zu: card id outside 0..51", bad_row);
    if (status == PH_E_CARD)
        return PyErr_Format(PyExc_ValueError, "row %zu: %s", bad_row, problem);
    Py_RETURN_NONE;
}

static PyObject *py_game_value_histogram_into(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    unsigned long long k, start, count;
    int game;
    if (nargs != 5)
        return PyErr_Format(PyExc_TypeError, "game_value_histogram_into(game, k, start, count, out) takes 5 arguments");
    if (game_arg(args[0], &game) < 0 || unsigned_arg(args[1], "k", &k) < 0 ||
        unsigned_arg(args[2], "start", &start) < 0 || unsigned_arg(args[3], "count", &count) < 0)
        return NULL;
    if (k < PH_MIN_HAND || k > PH_MAX_HAND)
        return PyErr_Format(PyExc_ValueError, "k must be 5 to 9, got %llu", k);
    unsigned deck = (unsigned)__builtin_popcountll(ph_game_deck(game));
    if (check_range(deck, k, start, count) < 0)
        return NULL;
    Py_buffer out;
    if (buffer_of(args[4], &out, 1, "QLK", 8, "out") < 0)
        return NULL;
    int worst = ph_game_worst(game), status = PH_OK;
    if (out.len / 8 != worst + 1) {
        PyErr_Format(PyExc_ValueError, "out must hold %d uint64 values", worst + 1);
        status = PH_E_BUFFER;
    } else {
        Py_BEGIN_ALLOW_THREADS
        status = ph_game_value_histogram(game, (size_t)k, start, count, out.buf);
        Py_END_ALLOW_THREADS
    }
    PyBuffer_Release(&out);
    if (status != PH_OK)
        return NULL;
    Py_RETURN_NONE;
}

/* (high, low, players_holdings, weights, board, dead, ...): the game pair and the spot, checked by the core. */
static int parse_game_pair(PyObject *const *args, int *high, int *low, py_game *g) {
    if (game_arg(args[0], high) < 0)
        return -1;
    long low_id = PyLong_AsLong(args[1]);
    if (low_id == -1 && PyErr_Occurred())
        return -1;
    if (low_id != 0 && (low_id < 1 || low_id > PH_GAME_COUNT)) {
        PyErr_Format(PyExc_ValueError, "unknown game id %ld", low_id);
        return -1;
    }
    *low = (int)low_id;
    if (parse_game(args + 2, g) < 0)
        return -1;
    char problem[160];
    if (ph_game_equity_check(*high, *low, &g->game, problem, sizeof problem) != PH_OK) {
        PyErr_SetString(PyExc_ValueError, problem);
        py_game_free(g);
        return -1;
    }
    return 0;
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

static PyObject *py_game_equity_units(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 6)
        return PyErr_Format(PyExc_TypeError,
                            "game_equity_units(high, low, players_holdings, weights, board, dead) takes 6 arguments");
    int high, low;
    py_game g;
    if (parse_game_pair(args, &high, &low, &g) < 0)
        return NULL;
    uint64_t units = 0;
    int status = ph_game_equity_units(high, low, &g.game, &units);
    py_game_free(&g);
    if (status == PH_E_OVERFLOW)
        return PyErr_Format(PyExc_OverflowError, "more than 2**64-1 deals to enumerate");
    return PyLong_FromUnsignedLongLong(units);
}

static PyObject *py_game_equity_exact_seconds(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 6)
        return PyErr_Format(PyExc_TypeError, "game_equity_exact_seconds(high, low, players_holdings, weights, board, "
                                             "dead) takes 6 arguments");
    int high, low;
    py_game g;
    if (parse_game_pair(args, &high, &low, &g) < 0)
        return NULL;
    double seconds = 0;
    ph_game_equity_exact_seconds(high, low, &g.game, &seconds);
    py_game_free(&g);
    return PyFloat_FromDouble(seconds);
}

static PyObject *py_game_equity_exact(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    unsigned long long start, count;
    if (nargs != 8)
        return PyErr_Format(PyExc_TypeError, "game_equity_exact(high, low, players_holdings, weights, board, dead, "
                                             "start, count) takes 8 arguments");
    if (unsigned_arg(args[6], "start", &start) < 0 || unsigned_arg(args[7], "count", &count) < 0)
        return NULL;
    int high, low;
    py_game g;
    if (parse_game_pair(args, &high, &low, &g) < 0)
        return NULL;
    uint64_t units = 0;
    int status = ph_game_equity_units(high, low, &g.game, &units);
    if (status == PH_OK && (start > units || count > units - start)) {
        PyErr_Format(PyExc_ValueError, "range %llu..%llu outside 0..%llu units", start, start + count,
                     (unsigned long long)units);
        py_game_free(&g);
        return NULL;
    }
    ph_game_tally tally;
    memset(&tally, 0, sizeof tally);
    if (status == PH_OK) {
        Py_BEGIN_ALLOW_THREADS
        status = ph_game_equity_exact(high, low, &g.game, start, count, &tally);
        Py_END_ALLOW_THREADS
    }
    size_t players = g.game.players;
    py_game_free(&g);
    if (status == PH_E_OVERFLOW)
        return PyErr_Format(PyExc_OverflowError, "more than 2**64-1 deals to enumerate");
    if (status == PH_E_NOMEM)
        return PyErr_NoMemory();
    if (status != PH_OK)
        return PyErr_Format(PyExc_ValueError, "%s", ph_error_message(status));
    return game_tally_dict(&tally, players);
}

static PyObject *py_game_equity_sample(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    unsigned long long seed, first, count;
    if (nargs != 9)
        return PyErr_Format(PyExc_TypeError, "game_equity_sample(high, low, players_holdings, weights, board, dead, "
                                             "seed, first, count) takes 9 arguments");
    if (unsigned_arg(args[6], "seed", &seed) < 0 || unsigned_arg(args[7], "first", &first) < 0 ||
        unsigned_arg(args[8], "count", &count) < 0)
        return NULL;
    int high, low;
    py_game g;
    if (parse_game_pair(args, &high, &low, &g) < 0)
        return NULL;
    ph_game_tally tally;
    memset(&tally, 0, sizeof tally);
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = ph_game_equity_sample(high, low, &g.game, seed, first, count, &tally);
    Py_END_ALLOW_THREADS
    size_t players = g.game.players;
    py_game_free(&g);
    if (status == PH_E_NOMEM)
        return PyErr_NoMemory();
    if (status == PH_E_ARGUMENT)
        return PyErr_Format(PyExc_ValueError, "could not deal holdings without shared cards (1,000,000 tries)");
    if (status != PH_OK)
        return PyErr_Format(PyExc_ValueError, "%s", ph_error_message(status));
    return game_tally_dict(&tally, players);
}


/* ---- combination tables (scale-out; docs/scale.md) ----------------------------------------------- */

/* Shared checks of n, k, order for the table functions; -1 with an exception. */
static int table_shape(PyObject *n_arg, PyObject *k_arg, PyObject *order_arg, unsigned long long *n,
                       unsigned long long *k, ph_order *order) {
    if (unsigned_arg(n_arg, "n", n) < 0 || unsigned_arg(k_arg, "k", k) < 0 || parse_order(order_arg, order) < 0)
        return -1;
    return check_n_k(*n, *k);
}

/* The row errors of ph_combination_rank_batch / ph_combination_lookup as exceptions. */
static PyObject *row_error(int status, size_t bad_row, unsigned long long n) {
    if (status == PH_E_DUPLICATE)
        return PyErr_Format(PyExc_ValueError, "row %zu: duplicate item", bad_row);
    if (status == PH_E_CARD)
        return PyErr_Format(PyExc_ValueError, "row %zu: item outside 0..%llu", bad_row, n - 1);
    return PyErr_Format(PyExc_ValueError, "%s", ph_error_message(status));
}

/* Rows of a rank batch: a uint8 buffer holding a whole number of k-item rows; the row count or -1. */
static Py_ssize_t rows_of(PyObject *obj, Py_buffer *view, unsigned long long k) {
    if (buffer_of(obj, view, 0, "B", 1, "rows") < 0)
        return -1;
    if (k == 0 || (unsigned long long)view->len % k) {
        PyErr_Format(PyExc_ValueError, "rows hold %zd bytes, not a multiple of k=%llu", view->len, k);
        PyBuffer_Release(view);
        return -1;
    }
    return (Py_ssize_t)((unsigned long long)view->len / k);
}

static PyObject *py_combination_rows_into(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    unsigned long long n, k, start, count;
    ph_order order;
    if (nargs != 6)
        return PyErr_Format(PyExc_TypeError, "combination_rows_into(n, k, order, start, count, out) takes 6 arguments");
    if (table_shape(args[0], args[1], args[2], &n, &k, &order) < 0 || unsigned_arg(args[3], "start", &start) < 0 ||
        unsigned_arg(args[4], "count", &count) < 0 || check_range(n, k, start, count) < 0 ||
        check_rows_fit(count, k) < 0)
        return NULL;
    Py_buffer out;
    if (buffer_of(args[5], &out, 1, "B", 1, "out") < 0)
        return NULL;
    int status = PH_OK;
    if ((unsigned long long)out.len != count * k) {
        PyErr_Format(PyExc_ValueError, "out must hold %llu uint8 values", count * k);
        status = PH_E_BUFFER;
    } else {
        Py_BEGIN_ALLOW_THREADS
        status = ph_combination_rows((unsigned)n, (size_t)k, order, start, (size_t)count, out.buf);
        Py_END_ALLOW_THREADS
    }
    PyBuffer_Release(&out);
    if (status != PH_OK)
        return NULL;
    Py_RETURN_NONE;
}

static PyObject *py_values_by_rank_into(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    unsigned long long k, start, count;
    ph_order order;
    if (nargs != 5)
        return PyErr_Format(PyExc_TypeError, "values_by_rank_into(k, order, start, count, out) takes 5 arguments");
    if (unsigned_arg(args[0], "k", &k) < 0 || parse_order(args[1], &order) < 0 ||
        unsigned_arg(args[2], "start", &start) < 0 || unsigned_arg(args[3], "count", &count) < 0)
        return NULL;
    if (k < PH_MIN_HAND || k > PH_MAX_HAND)
        return PyErr_Format(PyExc_ValueError, "k must be 5 to 9, got %llu", k);
    if (check_range(PH_DECK_SIZE, k, start, count) < 0)
        return NULL;
    Py_buffer out;
    if (buffer_of(args[4], &out, 1, "H", 2, "out") < 0)
        return NULL;
    int status = PH_OK;
    if ((unsigned long long)out.len / 2 != count) {
        PyErr_Format(PyExc_ValueError, "out must hold %llu uint16 values", count);
        status = PH_E_BUFFER;
    } else {
        Py_BEGIN_ALLOW_THREADS
        status = ph_values_by_rank((size_t)k, order, start, (size_t)count, out.buf);
        Py_END_ALLOW_THREADS
    }
    PyBuffer_Release(&out);
    if (status != PH_OK)
        return NULL;
    Py_RETURN_NONE;
}

static PyObject *py_combination_ranks_into(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    unsigned long long n, k;
    ph_order order;
    if (nargs != 5)
        return PyErr_Format(PyExc_TypeError, "combination_ranks_into(rows, n, k, order, out) takes 5 arguments");
    if (table_shape(args[1], args[2], args[3], &n, &k, &order) < 0)
        return NULL;
    Py_buffer rows, out;
    Py_ssize_t m = rows_of(args[0], &rows, k);
    if (m < 0)
        return NULL;
    if (buffer_of(args[4], &out, 1, "QLK", 8, "out") < 0) {
        PyBuffer_Release(&rows);
        return NULL;
    }
    int status = PH_OK;
    size_t bad_row = 0;
    if (out.len / 8 != m) {
        PyErr_Format(PyExc_ValueError, "out must hold %zd uint64 values", m);
        status = PH_E_BUFFER;
    } else if (m >= GIL_FREE_ROWS) {
        Py_BEGIN_ALLOW_THREADS
        status = ph_combination_rank_batch(rows.buf, (size_t)m, (size_t)k, (unsigned)n, order, out.buf, &bad_row);
        Py_END_ALLOW_THREADS
    } else {
        status = ph_combination_rank_batch(rows.buf, (size_t)m, (size_t)k, (unsigned)n, order, out.buf, &bad_row);
    }
    PyBuffer_Release(&rows);
    PyBuffer_Release(&out);
    if (status == PH_E_BUFFER)
        return NULL;
    if (status != PH_OK)
        return row_error(status, bad_row, n);
    Py_RETURN_NONE;
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

static PyObject *py_combination_lookup_into(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    unsigned long long n, k;
    ph_order order;
    if (nargs != 6)
        return PyErr_Format(PyExc_TypeError, "combination_lookup_into(rows, n, k, order, table, out) takes 6 arguments");
    if (table_shape(args[1], args[2], args[3], &n, &k, &order) < 0)
        return NULL;
    Py_buffer rows, table, out;
    Py_ssize_t m = rows_of(args[0], &rows, k);
    if (m < 0)
        return NULL;
    if (PyObject_GetBuffer(args[4], &table, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        PyErr_Clear();
        PyBuffer_Release(&rows);
        return PyErr_Format(PyExc_ValueError, "table must be a C-contiguous buffer");
    }
    if (PyObject_GetBuffer(args[5], &out, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | PyBUF_WRITABLE) < 0) {
        PyErr_Clear();
        PyBuffer_Release(&rows);
        PyBuffer_Release(&table);
        return PyErr_Format(PyExc_ValueError, "out must be a writable C-contiguous buffer");
    }
    const char *table_format = table.format ? table.format : "B", *out_format = out.format ? out.format : "B";
    uint64_t total = 0;
    ph_binomial(n, k, &total);
    int status = PH_E_BUFFER;
    size_t bad_row = 0;
    if (out.itemsize != table.itemsize || strcmp(out_format, table_format) != 0)
        PyErr_Format(PyExc_ValueError, "out must have the table's item format '%s' (format '%s' given)", table_format,
                     out_format);
    else if (table.itemsize <= 0) /* any buffer can get here, and the entry count divides by it */
        PyErr_Format(PyExc_ValueError, "table must have items of at least one byte (format '%s' has %zd-byte items)",
                     table_format, table.itemsize);
    else if (format_holds_objects(table_format))
        PyErr_Format(PyExc_ValueError, "table must not hold Python objects (format '%s')", table_format);
    else if ((uint64_t)(table.len / table.itemsize) != total)
        PyErr_Format(PyExc_ValueError, "table must hold C(%llu,%llu) = %llu entries, not %zd", n, k,
                     (unsigned long long)total, table.len / table.itemsize);
    else if (out.len / out.itemsize != m)
        PyErr_Format(PyExc_ValueError, "out must hold %zd entries", m);
    else if (m >= GIL_FREE_ROWS) {
        Py_BEGIN_ALLOW_THREADS
        status = ph_combination_lookup(rows.buf, (size_t)m, (size_t)k, (unsigned)n, order, table.buf, total,
                                       (size_t)table.itemsize, out.buf, &bad_row);
        Py_END_ALLOW_THREADS
    } else {
        status = ph_combination_lookup(rows.buf, (size_t)m, (size_t)k, (unsigned)n, order, table.buf, total,
                                       (size_t)table.itemsize, out.buf, &bad_row);
    }
    PyBuffer_Release(&rows);
    PyBuffer_Release(&table);
    PyBuffer_Release(&out);
    if (status == PH_E_BUFFER)
        return NULL;
    if (status != PH_OK)
        return row_error(status, bad_row, n);
    Py_RETURN_NONE;
}


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
    FASTCALL(equity_exact, "equity_exact($module, players_holdings, weights, board, dead, start, count, /)\n--\n\nExact tally (dict) of units start..start+count-1."),
    FASTCALL(equity_sample, "equity_sample($module, players_holdings, weights, board, dead, seed, first, count, /)\n--\n\nMonte Carlo tally (dict) of samples first..first+count-1."),
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
                   PyModule_AddFunctions(module, ph_analysis_methods) < 0)) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
