/* CGtk: the C side of ClickGuard's GTK 3 binding. The GLib side (CGLib)
 * plus GTK's headers and the static inline helpers Swift needs where GTK
 * offers a macro. */
#ifndef CLICKGUARD_CGTK_SHIM_H
#define CLICKGUARD_CGTK_SHIM_H

#include "../CGLib/shim.h"
#include <gtk/gtk.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/gdkx.h>
#endif
#ifdef GDK_WINDOWING_WAYLAND
#include <gdk/gdkwayland.h>
#endif

/* GtkButton's `clicked` class handler for `instance`: its class's `clicked`
 * method, if it has one (GtkButton's own is NULL; a toggle button's flips
 * it). An override installed on GtkButton, the class that defines the
 * signal, chains up to the signal's default class closure, which runs just
 * this: calling it directly skips GLib's chain-up, which collects the
 * arguments into GValues and looks the emission up again. */
static inline void cg_button_clicked_method(gpointer instance) {
    GtkButtonClass *klass = GTK_BUTTON_GET_CLASS(instance);
    if (klass->clicked != NULL) klass->clicked((GtkButton *)instance);
}

/* The X server's current time (ms) for `window`'s display, or 0 when the
 * display is not X11 (Wayland, broadway). One round trip to the server.
 * Wayland has no request for the input clock: ContentFence learns it from
 * the first event's time instead. */
static inline guint32 cg_server_time(GdkWindow *window) {
#ifdef GDK_WINDOWING_X11
    if (window != NULL && GDK_IS_X11_DISPLAY(gdk_window_get_display(window))) {
        return gdk_x11_get_server_time(window);
    }
#endif
    (void)window;
    return 0;
}

/* Which backend a display is (GDK_IS_X11_DISPLAY, GDK_IS_WAYLAND_DISPLAY are
 * macros, and exist only where GDK was built with that backend). */
static inline gboolean cg_display_is_x11(GdkDisplay *display) {
#ifdef GDK_WINDOWING_X11
    if (GDK_IS_X11_DISPLAY(display)) return TRUE;
#endif
    (void)display;
    return FALSE;
}
static inline gboolean cg_display_is_wayland(GdkDisplay *display) {
#ifdef GDK_WINDOWING_WAYLAND
    if (GDK_IS_WAYLAND_DISPLAY(display)) return TRUE;
#endif
    (void)display;
    return FALSE;
}

/* A key event's hardware keycode and keyboard group, to translate it with
 * gdk_keymap_translate_keyboard_state (no GDK 3 accessor for the group). */
static inline guint16 cg_event_keycode(const GdkEvent *event) {
    return event->key.hardware_keycode;
}
static inline guint8 cg_event_group(const GdkEvent *event) {
    return event->key.group;
}

/* Whether an accessible class's ref_state_set is `function` (function
 * pointers are not comparable in Swift): AccessibleBusyState adopts a class
 * once, and a class made after its parent was adopted inherited it. */
static inline gboolean cg_ref_state_set_is(AtkObjectClass *klass, AtkStateSet *(*function)(AtkObject *)) {
    return klass->ref_state_set == function;
}

#endif
