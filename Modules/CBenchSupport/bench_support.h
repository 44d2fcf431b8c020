/* CBenchSupport: the C the benchmarks need that Swift's Glibc module does
 * not import (malloc.h's heap figures) or that Swift cannot spell (reading an
 * XEvent union). Header only, static inline, no state. */
#ifndef CLICKGUARD_BENCH_SUPPORT_H
#define CLICKGUARD_BENCH_SUPPORT_H

#include <malloc.h>
#include <stddef.h>
#include <X11/Xlib.h>
#include <X11/extensions/XInput2.h>

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

/* Whether the X event a GdkFilterFunc receives is a pointer button release:
 * a core ButtonRelease, or XInput 2's XI_ButtonRelease (a GenericEvent, which
 * is what GTK 3 selects when the server has XInput 2). */
static inline int cgb_is_button_release(const void *xevent) {
    const XEvent *event = xevent;
    if (event->type == ButtonRelease) return 1;
    return event->type == GenericEvent && event->xcookie.evtype == XI_ButtonRelease;
}

#endif
