/* The hand indexer functions of pokerhash._core (pokerhash/_isomorphism.py builds HandIndexer on them): an
 * indexer is a capsule that frees the C indexer with it; cards and indexes travel in buffers that the Python
 * layer has already shaped, and every batch runs with the GIL released (an indexer is read-only once built). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "pokerhash.h"
#include "_core_isomorphism.h"

#define CAPSULE_NAME "pokerhash._core.indexer"

static void free_capsule(PyObject *capsule) {
    ph_indexer_free(PyCapsule_GetPointer(capsule, CAPSULE_NAME));
}

static int wrong_count(Py_ssize_t nargs, Py_ssize_t want, const char *name) {
    if (nargs == want)
        return 0;
    PyErr_Format(PyExc_TypeError, "%s takes %zd arguments (%zd given)", name, want, nargs);
    return 1;
}

static int size_arg(PyObject *obj, size_t *out) {
    size_t v = PyLong_AsSize_t(obj);
    if (v == (size_t)-1 && PyErr_Occurred())
        return -1;
    *out = v;
    return 0;
}

/* The core's error as an exception; a batch's row errors name the row, as the card batches do. */
static PyObject *core_error(int status, const size_t *bad_row) {
    if (status == PH_E_NOMEM)
        return PyErr_NoMemory();
    if (status == PH_E_OVERFLOW)
        return PyErr_Format(PyExc_OverflowError, "%s", ph_error_message(status));
    if (bad_row && status == PH_E_DUPLICATE)
        return PyErr_Format(PyExc_ValueError, "row %zu: duplicate card", *bad_row);
    if (bad_row && status == PH_E_CARD)
        return PyErr_Format(PyExc_ValueError, "row %zu: card id outside 0..51", *bad_row);
    if (bad_row && status == PH_E_RANK)
        return PyErr_Format(PyExc_ValueError, "row %zu: index out of range", *bad_row);
    return PyErr_Format(PyExc_ValueError, "%s", ph_error_message(status));
}

/* A batch's arguments: the indexer, a round (the rows' last round), `in` read in rows of in_row bytes and `out`
 * written, at least out_row bytes per row. in_row 0: the cards of rounds 0..round; out_row 0: likewise. */
typedef struct batch {
    ph_indexer *indexer;
    size_t round, rows;
    Py_buffer in, out;
} batch;

static int take_batch(batch *b, PyObject *indexer, PyObject *round, PyObject *in, Py_ssize_t in_row, PyObject *out,
                      Py_ssize_t out_row) {
    if (!(b->indexer = PyCapsule_GetPointer(indexer, CAPSULE_NAME)) || size_arg(round, &b->round))
        return -1;
    Py_ssize_t k = (Py_ssize_t)ph_indexer_cards(b->indexer, b->round);
    if (k == 0) {
        PyErr_Format(PyExc_ValueError, "%s", ph_error_message(PH_E_ARGUMENT));
        return -1;
    }
    in_row = in_row ? in_row : k;
    out_row = out_row ? out_row : k;
    if (PyObject_GetBuffer(in, &b->in, PyBUF_C_CONTIGUOUS) < 0)
        return -1;
    if (PyObject_GetBuffer(out, &b->out, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) < 0) {
        PyBuffer_Release(&b->in);
        return -1;
    }
    b->rows = (size_t)(b->in.len / in_row);
    if (b->in.len % in_row || b->out.len < (Py_ssize_t)b->rows * out_row) {
        PyErr_Format(PyExc_ValueError, "buffers of %zd and %zd bytes are not rows of %zd and %zd", b->in.len,
                     b->out.len, in_row, out_row);
        PyBuffer_Release(&b->in);
        PyBuffer_Release(&b->out);
        return -1;
    }
    return 0;
}

static PyObject *finish_batch(batch *b, int status, size_t bad_row) {
    PyBuffer_Release(&b->in);
    PyBuffer_Release(&b->out);
    if (status != PH_OK)
        return core_error(status, &bad_row);
    Py_RETURN_NONE;
}

static PyObject *py_indexer_new(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    Py_buffer counts;
    if (wrong_count(nargs, 1, "indexer_new") || PyObject_GetBuffer(args[0], &counts, PyBUF_C_CONTIGUOUS) < 0)
        return NULL;
    ph_indexer *indexer = NULL;
    int status = ph_indexer_new(counts.buf, (size_t)counts.len, &indexer);
    PyBuffer_Release(&counts);
    if (status != PH_OK)
        return core_error(status, NULL);
    PyObject *capsule = PyCapsule_New(indexer, CAPSULE_NAME, free_capsule);
    if (!capsule)
        ph_indexer_free(indexer);
    return capsule;
}

static PyObject *py_indexer_size(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    size_t round;
    ph_indexer *indexer;
    if (wrong_count(nargs, 2, "indexer_size") || !(indexer = PyCapsule_GetPointer(args[0], CAPSULE_NAME)) ||
        size_arg(args[1], &round))
        return NULL;
    return PyLong_FromUnsignedLongLong(ph_indexer_size(indexer, round));
}

static PyObject *py_indexer_index_into(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    batch b;
    int every_round;
    if (wrong_count(nargs, 5, "indexer_index_into") || (every_round = PyObject_IsTrue(args[2])) < 0)
        return NULL;
    size_t round;
    if (size_arg(args[1], &round))
        return NULL;
    Py_ssize_t per_row = (Py_ssize_t)sizeof(uint64_t) * (every_round ? (Py_ssize_t)round + 1 : 1);
    if (take_batch(&b, args[0], args[1], args[3], 0, args[4], per_row))
        return NULL;
    int status;
    size_t bad_row = 0;
    Py_BEGIN_ALLOW_THREADS
    status = ph_indexer_index_batch(b.indexer, b.in.buf, b.rows, b.round + 1, every_round, b.out.buf, &bad_row);
    Py_END_ALLOW_THREADS
    return finish_batch(&b, status, bad_row);
}

static PyObject *py_indexer_unindex_into(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    batch b;
    if (wrong_count(nargs, 4, "indexer_unindex_into") ||
        take_batch(&b, args[0], args[1], args[2], sizeof(uint64_t), args[3], 0))
        return NULL;
    int status;
    size_t bad_row = 0;
    Py_BEGIN_ALLOW_THREADS
    status = ph_indexer_unindex_batch(b.indexer, b.round, b.in.buf, b.rows, b.out.buf, &bad_row);
    Py_END_ALLOW_THREADS
    return finish_batch(&b, status, bad_row);
}

static PyObject *py_indexer_is_canonical_into(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    batch b;
    if (wrong_count(nargs, 4, "indexer_is_canonical_into") || take_batch(&b, args[0], args[1], args[2], 0, args[3], 1))
        return NULL;
    int status;
    size_t bad_row = 0;
    Py_BEGIN_ALLOW_THREADS
    status = ph_indexer_is_canonical_batch(b.indexer, b.in.buf, b.rows, b.round + 1, b.out.buf, &bad_row);
    Py_END_ALLOW_THREADS
    return finish_batch(&b, status, bad_row);
}

#define ENTRY(name, doc) {#name, (PyCFunction)(void (*)(void))py_##name, METH_FASTCALL, doc}

PyMethodDef ph_isomorphism_methods[] = {
    ENTRY(indexer_new, "indexer_new($module, counts, /)\n--\n\nA hand indexer for the rounds' card counts (bytes), as a capsule."),
    ENTRY(indexer_size, "indexer_size($module, indexer, round, /)\n--\n\nCanonical hands of round (0-based), 0 past the last."),
    ENTRY(indexer_index_into, "indexer_index_into($module, indexer, round, every_round, rows, out, /)\n--\n\nIndexes of uint8 rows of the cards of rounds 0..round into uint64 out: round's, or every round's."),
    ENTRY(indexer_unindex_into, "indexer_unindex_into($module, indexer, round, indices, out, /)\n--\n\nCanonical cards of uint64 indexes of round into uint8 rows."),
    ENTRY(indexer_is_canonical_into, "indexer_is_canonical_into($module, indexer, round, rows, out, /)\n--\n\n1 or 0 per uint8 row of the cards of rounds 0..round: whether it is its index's canonical form."),
    {NULL, NULL, 0, NULL},
};
