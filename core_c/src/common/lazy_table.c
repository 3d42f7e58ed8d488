/* Race-free publication of lazily built tables. */
#include <stddef.h>

#include "tables.h"

void *ph_lazy_table(_Atomic(void *) *slot, void *(*build)(void), void (*discard)(void *)) {
    void *table = atomic_load_explicit(slot, memory_order_acquire);
    if (table)
        return table;
    void *fresh = build();
    if (!fresh)
        return NULL;
    if (atomic_compare_exchange_strong_explicit(slot, &table, fresh, memory_order_acq_rel, memory_order_acquire))
        return fresh;
    discard(fresh);
    return table;
}
