/* pokerhash._core: the thin CPython binding of the C core. Argument conversion and error messages live
 * here; every poker and combinatorics decision is the core's. The contract is docs/python-binding.md,
 * which the Pyodide backend (_wasm_core.py) implements too. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <string.h>

#include "pokerhash.h"

#define MAX_COLLECT 64          /* more than a deck, so a wrong count is reported, not truncated */
#define GIL_FREE_ROWS 2048      /* below this the GIL round trip costs more than it frees */

static const char CARDS_TYPE_ERROR[] = "cards must be card names (str), card ids (int) or a sequence of them";

/* ---- card arguments ---------------------------------------------------------------------------- */

static int unknown_card(const char *text, Py_ssize_t len) {
    PyObject *token = PyUnicode_DecodeUTF8(text, len, "replace");
    if (token) {
        PyErr_Format(PyExc_ValueError, "unknown card '%U'", token);
        Py_DECREF(token);
    }
    return -1;
}

/* Appends the cards of one text ("As Ks", "AsKs", "As,Ks") to out; -1 with an exception on error. */
static int collect_text(PyObject *text, uint8_t *out, Py_ssize_t *count) {
    Py_ssize_t len;
    const char *utf8 = PyUnicode_AsUTF8AndSize(text, &len);
    if (!utf8)
        return -1;
    size_t bad = 0;
    int parsed = ph_cards_parse(utf8, (size_t)len, out + *count, (size_t)(MAX_COLLECT - *count), &bad);
    if (parsed == PH_E_PARSE) {
        Py_ssize_t end = (Py_ssize_t)bad;
        while (end < len && utf8[end] != ' ' && utf8[end] != ',' && utf8[end] != '\t' && utf8[end] != '\n')
            end++;
        return unknown_card(utf8 + bad, end - (Py_ssize_t)bad);
    }
    if (parsed < 0) {
        PyErr_Format(PyExc_ValueError, "more than %d cards", MAX_COLLECT);
        return -1;
    }
    *count += parsed;
    return 0;
}

static int collect_one(PyObject *item, uint8_t *out, Py_ssize_t *count) {
    if (PyLong_Check(item)) {
        int overflow;
        long id = PyLong_AsLongAndOverflow(item, &overflow);
        if (id == -1 && PyErr_Occurred())
            return -1;
        if (overflow || id < 0 || id >= PH_DECK_SIZE) {
            PyErr_Format(PyExc_ValueError, "card id %S outside 0..51", item);
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

/* Cards from positional arguments: one text, one list/tuple, or the cards themselves. Checks ids and
 * duplicates; returns the count or -1 with an exception. */
static Py_ssize_t collect_cards(PyObject *const *args, Py_ssize_t nargs, uint8_t out[MAX_COLLECT]) {
    Py_ssize_t count = 0;
    if (nargs == 1 && (PyList_Check(args[0]) || PyTuple_Check(args[0]))) {
        PyObject *seq = args[0];
        Py_ssize_t size = PySequence_Fast_GET_SIZE(seq);
        PyObject **items = PySequence_Fast_ITEMS(seq);
        for (Py_ssize_t i = 0; i < size; i++)
            if (collect_one(items[i], out, &count) < 0)
                return -1;
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
    long card = PyLong_AsLong(arg);
    if (card == -1 && PyErr_Occurred())
        return NULL;
    char name[3];
    if (ph_card_format((int)card, name) < 0 || card != (int)card)
        return PyErr_Format(PyExc_ValueError, "card id %ld outside 0..51", card);
    return PyUnicode_FromString(name);
}

/* ---- values -------------------------------------------------------------------------------------- */

static int checked_value(PyObject *arg) {
    long value = PyLong_AsLong(arg);
    if (value == -1 && PyErr_Occurred())
        return -1;
    if (value < 1 || value > PH_WORST_VALUE) {
        PyErr_Format(PyExc_ValueError, "hand value %ld outside 1..7462", value);
        return -1;
    }
    return (int)value;
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
    *out = PyLong_AsUnsignedLongLong(arg);
    if (*out == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "%s must be a non-negative integer below 2**64, got %R", name, arg);
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
    PyObject *seq = PySequence_Fast(args[0], "items must be a sequence of integers");
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
        if (!PyLong_Check(item)) {
            PyErr_SetString(PyExc_TypeError, "items must be a sequence of integers");
            goto done;
        }
        int overflow;
        long value = PyLong_AsLongAndOverflow(item, &overflow);
        if (overflow || value < 0 || (unsigned long long)value >= n) {
            PyErr_Format(PyExc_ValueError, "item %S outside 0..n-1 for n=%llu", item, n);
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
        check_range(n, k, start, count) < 0)
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
    PyObject *seq = PySequence_Fast(args[0], "q must be a sequence of 13 digits");
    if (!seq)
        return NULL;
    uint8_t q[13];
    int ok = PySequence_Fast_GET_SIZE(seq) == 13;
    for (Py_ssize_t i = 0; ok && i < 13; i++) {
        long digit = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        ok = !(digit == -1 && PyErr_Occurred()) && digit >= 0 && digit <= 4;
        q[i] = (uint8_t)digit;
    }
    Py_DECREF(seq);
    long k = ok ? PyLong_AsLong(args[1]) : -1;
    int32_t hash = (ok && k >= 0 && k <= 9) ? ph_quinary_hash(q, (unsigned)k) : PH_E_ARGUMENT;
    if (hash < 0) {
        PyErr_Clear();
        return PyErr_Format(PyExc_ValueError, "q must be 13 digits 0..4 summing to k (0..9)");
    }
    return PyLong_FromLong(hash);
}

/* ---- enumeration and equity (docs/equity-c-api.md) ---------------------------------------------- */

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
    if (!PyLong_Check(item)) {
        PyErr_SetString(PyExc_TypeError, "holdings must hold card ids (int)");
        return -1;
    }
    int overflow;
    long id = PyLong_AsLongAndOverflow(item, &overflow);
    if (id == -1 && PyErr_Occurred())
        return -1;
    if (overflow || id < 0 || id >= PH_DECK_SIZE) {
        PyErr_Format(PyExc_ValueError, "card id %S outside 0..51", item);
        return -1;
    }
    *out = (uint8_t)id;
    return 0;
}

/* (players_holdings, weights_or_None, board, dead) -> py_game; -1 with an exception. Validated by the core. */
static int parse_game(PyObject *const *args, py_game *g) {
    memset(g, 0, sizeof *g);
    static const char shape[] = "players_holdings must be a list (per player) of lists of card-id tuples";
    PyObject *players = PySequence_Fast(args[0], shape);
    if (!players)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(players);
    PyObject *weights = args[1] == Py_None ? NULL : PySequence_Fast(args[1], "weights must be None or a list per player");
    int result = -1;
    if (args[1] != Py_None && !weights)
        goto done;
    if (weights && PySequence_Fast_GET_SIZE(weights) != n) {
        PyErr_Format(PyExc_ValueError, "weights must match players_holdings: %zd players, %zd weight lists", n,
                     PySequence_Fast_GET_SIZE(weights));
        goto done;
    }
    /* Sizes first: the total holding count and the hole size (from the first holding found). */
    Py_ssize_t total = 0, hole = 0;
    for (Py_ssize_t p = 0; p < n; p++) {
        PyObject *list = PySequence_Fast_GET_ITEM(players, p);
        if (!PyList_Check(list) && !PyTuple_Check(list)) {
            PyErr_SetString(PyExc_TypeError, shape);
            goto done;
        }
        Py_ssize_t count = PySequence_Fast_GET_SIZE(list);
        if (!hole && count) {
            PyObject *first = PySequence_Fast_GET_ITEM(list, 0);
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
        PyObject *list = PySequence_Fast_GET_ITEM(players, p);
        Py_ssize_t count = PySequence_Fast_GET_SIZE(list);
        PyObject *wlist = NULL;
        g->offsets[p] = (size_t)at;
        if (weights) {
            wlist = PySequence_Fast_GET_ITEM(weights, p);
            if ((!PyList_Check(wlist) && !PyTuple_Check(wlist)) || PySequence_Fast_GET_SIZE(wlist) != count) {
                PyErr_Format(PyExc_ValueError, "weights must match players_holdings: player %zd has %zd holdings",
                             p + 1, count);
                goto done;
            }
        }
        for (Py_ssize_t j = 0; j < count; j++, at++) {
            PyObject *holding = PySequence_Fast_GET_ITEM(list, j);
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
                double w = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(wlist, j));
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
        unsigned_arg(args[4], "count", &count) < 0 || check_range(n, k, start, count) < 0)
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
    FASTCALL(evaluate, "evaluate(*cards) -> int: value 1..7462 of the best five of 5 to 9 cards (lower is better)."),
    FASTCALL(parse_cards, "parse_cards(*cards) -> list[int]"),
    FASTCALL(best_five, "best_five(*cards) -> (value, five card ids in order of importance)"),
    {"card_name", py_card_name, METH_O, "card_name(card_id) -> str"},
    {"category", py_category, METH_O, "category(value) -> int 0..9"},
    {"describe", py_describe, METH_O, "describe(value) -> str"},
    {"value_ranks", py_value_ranks, METH_O, "value_ranks(value) -> five ranks in order of importance"},
    FASTCALL(evaluate_batch_into, "evaluate_batch_into(cards, k, out)"),
    FASTCALL(value_histogram_into, "value_histogram_into(k, start, count, out)"),
    FASTCALL(comb, "comb(n, k) -> int"),
    FASTCALL(rank_combination, "rank_combination(items, n, order) -> int"),
    FASTCALL(unrank_combination, "unrank_combination(index, k, n, order) -> tuple"),
    FASTCALL(combinations_into, "combinations_into(n, k, start, count, out)"),
    FASTCALL(combination_masks_into, "combination_masks_into(n, k, start, count, out)"),
    {"hand_index", py_hand_index, METH_O, "hand_index(mask) -> colex rank of a 1..7 card mask"},
    FASTCALL(quinary_hash, "quinary_hash(q, k) -> int"),
    FASTCALL(equity_units, "equity_units(players_holdings, weights_or_None, board, dead) -> int"),
    FASTCALL(equity_exact_seconds,
             "equity_exact_seconds(players_holdings, weights_or_None, board, dead) -> estimated native seconds"),
    FASTCALL(equity_exact, "equity_exact(players_holdings, weights_or_None, board, dead, start, count) -> dict"),
    FASTCALL(equity_sample, "equity_sample(players_holdings, weights_or_None, board, dead, seed, first, count) -> dict"),
    FASTCALL(omaha_evaluate, "omaha_evaluate(hole, board) -> int: Omaha high value (two hole + three board cards)"),
    FASTCALL(sm_value_histogram, "sm_value_histogram(k, out): adds all k-card hands (5..7) via the state machine"),
    /* combination tables (scale-out) */
    FASTCALL(combination_rows_into, "combination_rows_into(n, k, order, start, count, out): rows in colex or lex order"),
    FASTCALL(combination_ranks_into, "combination_ranks_into(rows, n, k, order, out): uint64 rank of each row"),
    FASTCALL(combination_lookup_into,
             "combination_lookup_into(rows, n, k, order, table, out): the table entry at each row's rank"),
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "pokerhash._core", "Native binding of the pokerhash C core.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__core(void) {
    PyObject *module = PyModule_Create(&module_def);
    if (module && PyModule_AddStringConstant(module, "core_version", ph_version()) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
