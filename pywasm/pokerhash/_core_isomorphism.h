/* The suit-isomorphic hand indexer part of the native binding, added to pokerhash._core's functions. */
#ifndef PH_CORE_ISOMORPHISM_H
#define PH_CORE_ISOMORPHISM_H

#include <Python.h>

extern PyMethodDef ph_isomorphism_methods[];

#endif
