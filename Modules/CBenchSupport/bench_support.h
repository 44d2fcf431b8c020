/* CBenchSupport: the C the benchmarks need that Swift cannot spell or
 * Swift's Glibc module does not import: malloc.h's heap figures, typed
 * g_signal_connect_data helpers (G_CALLBACK is a function-pointer cast), and
 * an X event type check. Header only, static inline, no state. */
#ifndef CLICKGUARD_BENCH_SUPPORT_H
#define CLICKGUARD_BENCH_SUPPORT_H

#include <glib-object.h>
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

/* g_signal_connect_data with a `void (instance, data)` handler: clicked,
 * after-paint. */
static inline gulong cgb_signal_connect_void(gpointer instance, const gchar *signal,
                                             void (*handler)(gpointer instance, gpointer data),
                                             gpointer data, GClosureNotify notify, GConnectFlags flags) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, notify, flags);
}

/* g_signal_connect_data with a `gint (instance, argument, data)` handler:
 * draw. */
static inline gulong cgb_signal_connect_pointer(gpointer instance, const gchar *signal,
                                                gint (*handler)(gpointer instance, gpointer argument, gpointer data),
                                                gpointer data, GClosureNotify notify, GConnectFlags flags) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, notify, flags);
}

/* Whether the X event a GdkFilterFunc receives is a pointer button release:
 * a core ButtonRelease, or XInput 2's XI_ButtonRelease (a GenericEvent, which
 * is what GTK 3 selects when the server has XInput 2). */
static inline gboolean cgb_is_button_release(const void *xevent) {
    const XEvent *event = xevent;
    if (event->type == ButtonRelease) return TRUE;
    return event->type == GenericEvent && event->xcookie.evtype == XI_ButtonRelease;
}

#endif
