/* The whole-deal analysis part of the native binding, added to pokerhash._core's functions. */
#ifndef PH_CORE_ANALYSIS_H
#define PH_CORE_ANALYSIS_H

#include <Python.h>

extern PyMethodDef ph_analysis_methods[];

#endif
