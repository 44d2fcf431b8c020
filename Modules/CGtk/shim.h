/* CGtk: the C side of ClickGuard's GTK 3 binding.
 * Only includes, plus the few static inline helpers Swift needs where GTK
 * offers a macro or a variadic function. Nothing else lives here. */
#ifndef CLICKGUARD_CGTK_SHIM_H
#define CLICKGUARD_CGTK_SHIM_H

#include <gtk/gtk.h>
#include <gmodule.h>
#include <glib-unix.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/gdkx.h>
#endif

/* libdispatch's main-queue hooks (exported by libdispatch on Linux, used by
 * CoreFoundation to run the main queue from its run loop). ClickGuard adds
 * the handle to the GLib main loop so Swift's main actor runs inside GTK. */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

/* G_TYPE_CHECK_INSTANCE_TYPE: is `instance` a `type` (or a subtype)? */
static inline gboolean cg_is_a(gpointer instance, GType type) {
    return instance != NULL && G_TYPE_CHECK_INSTANCE_TYPE(instance, type);
}

/* G_OBJECT_TYPE. */
static inline GType cg_type_of(gpointer instance) {
    return G_OBJECT_TYPE(instance);
}

/* The chain-up from an override of GtkButton's `clicked` class handler.
 * GtkButton's own class closure is a class-offset closure: it calls the
 * `clicked` vfunc of the instance's class (subclasses such as GtkToggleButton
 * override the vfunc, not the closure). Calling that vfunc is what
 * g_signal_chain_from_overridden_handler ends up doing, without its emission
 * lookup under the signal lock and its GValue marshalling: a third of a
 * click's signal-path cost. Only an override installed at GtkButton before
 * ClickGuard's would be skipped; neither GTK nor any library we know installs
 * one, and a second ClickGuard interceptor (the GTK module in a Swift app
 * that links ClickGuardGtk) is exactly what should be skipped. */
static inline void cg_chain_clicked(gpointer instance) {
    GtkButtonClass *klass = GTK_BUTTON_GET_CLASS(instance);
    if (klass->clicked != NULL) {
        klass->clicked(GTK_BUTTON(instance));
    }
}

/* The X server's current time (ms) for `window`'s display, or 0 when the
 * display is not X11 (Wayland, broadway). One round trip to the server. */
static inline guint32 cg_server_time(GdkWindow *window) {
#ifdef GDK_WINDOWING_X11
    if (window != NULL && GDK_IS_X11_DISPLAY(gdk_window_get_display(window))) {
        return gdk_x11_get_server_time(window);
    }
#endif
    (void)window;
    return 0;
}

/* g_object_set is variadic: typed single-property setters. */
static inline void cg_object_set_string(gpointer object, const char *name, const char *value) {
    g_object_set(object, name, value, NULL);
}
static inline void cg_object_set_int(gpointer object, const char *name, gint value) {
    g_object_set(object, name, value, NULL);
}
static inline void cg_object_set_bool(gpointer object, const char *name, gboolean value) {
    g_object_set(object, name, value, NULL);
}
static inline gboolean cg_object_get_bool(gpointer object, const char *name) {
    gboolean value = FALSE;
    g_object_get(object, name, &value, NULL);
    return value;
}

/* GdkEvent is a union; its accessors cover type and time, these cover the
 * window the event was delivered to. */
static inline GdkWindow *cg_event_window(const GdkEvent *event) {
    return event->any.window;
}

#endif
