/* CGtk4: the C side of ClickGuard's GTK 4 binding. The GLib side (CGLib)
 * plus GTK 4's headers and the static inline helpers Swift needs where GTK
 * offers a macro or a variadic function. GTK 3 and GTK 4 never meet in one
 * process, so no target imports both CGtk and CGtk4. */
#ifndef CLICKGUARD_CGTK4_SHIM_H
#define CLICKGUARD_CGTK4_SHIM_H

#include "../CGLib/shim.h"
#include <gtk/gtk.h>

/* GtkButton's `clicked` class handler for `instance`: its class's `clicked`
 * method, if it has one (GtkButton's own is NULL; a toggle button's flips
 * it), called directly instead of through GLib's chain-up. */
static inline void cg4_button_clicked_method(gpointer instance) {
    GtkButtonClass *klass = GTK_BUTTON_GET_CLASS(instance);
    if (klass->clicked != NULL) klass->clicked((GtkButton *)instance);
}

/* Sets or clears a widget's accessible busy state, what AT-SPI reads as
 * "busy" (gtk_accessible_update_state is variadic). */
static inline void cg4_set_accessible_busy(GtkWidget *widget, gboolean busy) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_BUSY, busy, -1);
}

/* The "event" signal of a GtkEventControllerLegacy:
 * gboolean (*)(GtkEventController *, GdkEvent *, gpointer). */
static inline gulong cg4_connect_legacy_event(GtkEventController *controller,
                                              gboolean (*handler)(GtkEventController *, GdkEvent *, gpointer),
                                              gpointer data) {
    return g_signal_connect_data(controller, "event", G_CALLBACK(handler), data, NULL, 0);
}

/* The "items-changed" signal of a GListModel:
 * void (*)(GListModel *, guint position, guint removed, guint added, gpointer). */
static inline gulong cg4_connect_items_changed(GListModel *model,
                                               void (*handler)(GListModel *, guint, guint, guint, gpointer),
                                               gpointer data) {
    return g_signal_connect_data(model, "items-changed", G_CALLBACK(handler), data, NULL, 0);
}

/* For a `void (instance, gpointer argument)` class handler
 * (GtkListBox::row-activated), and its chain-up through GLib. */
static inline void cg4_override_class_handler_pointer(const char *signal, GType type,
                                                      void (*handler)(gpointer instance, gpointer argument,
                                                                      gpointer data),
                                                      gpointer data) {
    cg_override_class_closure(signal, type, G_CALLBACK(handler), data);
}
static inline void cg4_chain_up_pointer(gpointer instance, gpointer argument) {
    g_signal_chain_from_overridden_handler(instance, argument);
}

/* For a `void (instance, guint argument)` class handler
 * (GtkListView::activate), and its chain-up through GLib. */
static inline void cg4_override_class_handler_uint(const char *signal, GType type,
                                                   void (*handler)(gpointer instance, guint argument, gpointer data),
                                                   gpointer data) {
    cg_override_class_closure(signal, type, G_CALLBACK(handler), data);
}
static inline void cg4_chain_up_uint(gpointer instance, guint argument) {
    g_signal_chain_from_overridden_handler(instance, argument);
}

#endif
