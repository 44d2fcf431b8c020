/* CBenchSupport: the few libc calls the benchmarks need that Swift's Glibc
 * module does not import (malloc.h is not part of it). Header only, static
 * inline, no state. */
#ifndef CLICKGUARD_BENCH_SUPPORT_H
#define CLICKGUARD_BENCH_SUPPORT_H

#include <malloc.h>
#include <stddef.h>

/* The usable size of a heap block (malloc_usable_size). */
static inline size_t cgb_usable_size(void *block) {
    return block == NULL ? 0 : malloc_usable_size(block);
}

/* Bytes in use in malloc's heap: small blocks plus mmapped ones (mallinfo2). */
static inline size_t cgb_heap_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

/* Hands free memory at the top of the heap back to the system (malloc_trim). */
static inline void cgb_trim(void) {
    malloc_trim(0);
}

#endif
