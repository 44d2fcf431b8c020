/* CGLib: the C side of ClickGuard's GLib/GObject/GIO binding, toolkit-neutral
 * (ClickGuardGObject). Includes, plus the static inline helpers Swift needs
 * where GLib offers a macro or a variadic function, and the few libc and
 * libdispatch declarations the binding calls. */
#ifndef CLICKGUARD_CGLIB_SHIM_H
#define CLICKGUARD_CGLIB_SHIM_H

#include <glib.h>
#include <libintl.h>
#include <glib-object.h>
#include <glib-unix.h>
#include <gio/gio.h>
#include <gmodule.h>
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

/* libdispatch's main-queue hooks (exported by libdispatch on Linux, used by
 * CoreFoundation to run the main queue from its run loop). ClickGuard adds
 * the handle to the GLib main loop so Swift's main actor runs inside GTK. */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

/* g_signal_connect_data with a typed handler, one helper per C signature
 * ClickGuard connects: G_CALLBACK is a function-pointer cast Swift cannot
 * spell, so the cast happens here, where the compiler sees both types. */

/* void (*)(gpointer instance, gpointer data): clicked, toggled, activate. */
static inline gulong cg_signal_connect_void(gpointer instance, const gchar *signal,
                                            void (*handler)(gpointer instance, gpointer data),
                                            gpointer data, GClosureNotify notify, GConnectFlags flags) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, notify, flags);
}

/* gboolean (*)(gpointer instance, gboolean value, gpointer data): state-set. */
static inline gulong cg_signal_connect_boolean(gpointer instance, const gchar *signal,
                                               gboolean (*handler)(gpointer instance, gboolean value, gpointer data),
                                               gpointer data, GClosureNotify notify, GConnectFlags flags) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, notify, flags);
}

/* void (*)(gpointer instance, guint value, gpointer data): GtkListView::activate. */
static inline gulong cg_signal_connect_uint(gpointer instance, const gchar *signal,
                                            void (*handler)(gpointer instance, guint value, gpointer data),
                                            gpointer data, GClosureNotify notify, GConnectFlags flags) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, notify, flags);
}

/* gint (*)(gpointer instance, gpointer argument, gpointer data): notify::prop,
 * draw, handle-local-options, GSimpleAction::activate. */
static inline gulong cg_signal_connect_pointer(gpointer instance, const gchar *signal,
                                               gint (*handler)(gpointer instance, gpointer argument, gpointer data),
                                               gpointer data, GClosureNotify notify, GConnectFlags flags) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, notify, flags);
}

/* void (*)(gpointer monitor, gpointer file, gpointer other, GFileMonitorEvent
 * event, gpointer data): GFileMonitor::changed. */
static inline gulong cg_signal_connect_file_changed(gpointer instance, const gchar *signal,
                                                    void (*handler)(gpointer instance, gpointer file, gpointer other,
                                                                    GFileMonitorEvent event, gpointer data),
                                                    gpointer data, GClosureNotify notify, GConnectFlags flags) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, notify, flags);
}

/* A G_OPTION_ARG_CALLBACK entry's arg_data: the callback as a gpointer, the
 * cast GLib's documentation writes as `(gpointer) callback`. */
static inline gpointer cg_option_callback(GOptionArgFunc callback) {
    return (gpointer)callback;
}

/* G_TYPE_CHECK_INSTANCE_TYPE: is `instance` a `type` (or a subtype)? */
static inline gboolean cg_is_a(gpointer instance, GType type) {
    return instance != NULL && G_TYPE_CHECK_INSTANCE_TYPE(instance, type);
}

/* G_OBJECT_TYPE. */
static inline GType cg_type_of(gpointer instance) {
    return G_OBJECT_TYPE(instance);
}

/* Installs `handler` as the class handler of `signal` for `type` and its
 * subtypes, called with `data` (what g_signal_override_class_handler does,
 * with data; G_CALLBACK is a cast macro). */
static inline void cg_override_class_closure(const char *signal, GType type, GCallback handler, gpointer data) {
    guint signal_id = g_signal_lookup(signal, type);
    if (signal_id == 0) {
        g_critical("ClickGuard: no signal '%s' on %s", signal, g_type_name(type));
        return;
    }
    g_signal_override_class_closure(signal_id, type, g_cclosure_new(handler, data, NULL));
}

/* For a `void (instance)` class handler. */
static inline void cg_override_class_handler(const char *signal, GType type,
                                             void (*handler)(gpointer instance, gpointer data), gpointer data) {
    cg_override_class_closure(signal, type, G_CALLBACK(handler), data);
}

/* The chain-up from an override of a `void (instance)` signal's class
 * handler, through GLib, so every other override in the chain runs too
 * (g_signal_chain_from_overridden_handler is variadic). */
static inline void cg_chain_up(gpointer instance) {
    g_signal_chain_from_overridden_handler(instance);
}

/* The same for keybinding signals with a gboolean result:
 * `gboolean (instance)` (GtkIconView::activate-cursor-item) and
 * `gboolean (instance, gboolean)` (GtkTreeView::select-cursor-row). */
static inline void cg_override_class_handler_boolean(const char *signal, GType type,
                                                     gboolean (*handler)(gpointer instance, gpointer data),
                                                     gpointer data) {
    cg_override_class_closure(signal, type, G_CALLBACK(handler), data);
}
static inline gboolean cg_chain_up_boolean(gpointer instance) {
    gboolean result = FALSE;
    g_signal_chain_from_overridden_handler(instance, &result);
    return result;
}
static inline void cg_override_class_handler_boolean_boolean(
    const char *signal, GType type, gboolean (*handler)(gpointer instance, gboolean argument, gpointer data),
    gpointer data) {
    cg_override_class_closure(signal, type, G_CALLBACK(handler), data);
}
static inline gboolean cg_chain_up_boolean_boolean(gpointer instance, gboolean argument) {
    gboolean result = FALSE;
    g_signal_chain_from_overridden_handler(instance, argument, &result);
    return result;
}

/* The same for event signals: `gboolean (instance, GdkEvent *)`
 * (GtkWidget::button-press-event). */
static inline void cg_override_class_handler_boolean_pointer(
    const char *signal, GType type, gboolean (*handler)(gpointer instance, gpointer argument, gpointer data)) {
    cg_override_class_closure(signal, type, G_CALLBACK(handler), NULL);
}
static inline gboolean cg_chain_up_boolean_pointer(gpointer instance, gpointer argument) {
    gboolean result = FALSE;
    g_signal_chain_from_overridden_handler(instance, argument, &result);
    return result;
}

/* One message in GLib's structured log, domain ClickGuard
 * (g_log_structured is variadic). */
static inline void cg_log_message(const char *message) {
    g_log_structured("ClickGuard", G_LOG_LEVEL_MESSAGE, "MESSAGE", "%s", message);
}

/* The same at the debug level: shown only with G_MESSAGES_DEBUG. */
static inline void cg_log_debug(const char *message) {
    g_log_structured("ClickGuard", G_LOG_LEVEL_DEBUG, "MESSAGE", "%s", message);
}

/* Whether `name` has an owner on the session bus (g_variant_new is
 * variadic): 1 yes, 0 no, -1 no session bus or no answer within 2 s. */
static inline int cg_session_bus_has_owner(const char *name) {
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL);
    if (bus == NULL) return -1;
    GVariant *reply = g_dbus_connection_call_sync(
        bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
        g_variant_new("(s)", name), G_VARIANT_TYPE("(b)"), G_DBUS_CALL_FLAGS_NONE, 2000, NULL, NULL);
    g_object_unref(bus);
    if (reply == NULL) return -1;
    gboolean owned = FALSE;
    g_variant_get(reply, "(b)", &owned);
    g_variant_unref(reply);
    return owned ? 1 : 0;
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
static inline gint cg_object_get_int(gpointer object, const char *name) {
    gint value = 0;
    g_object_get(object, name, &value, NULL);
    return value;
}
static inline gboolean cg_object_get_bool(gpointer object, const char *name) {
    gboolean value = FALSE;
    g_object_get(object, name, &value, NULL);
    return value;
}
/* A string or object property, or NULL when the object's class has no
 * readable property of that name and type (no warning): free with g_free /
 * g_object_unref. */
static inline gchar *cg_object_dup_string(gpointer object, const char *name) {
    GParamSpec *spec = g_object_class_find_property(G_OBJECT_GET_CLASS(object), name);
    if (spec == NULL || spec->value_type != G_TYPE_STRING || !(spec->flags & G_PARAM_READABLE)) return NULL;
    gchar *value = NULL;
    g_object_get(object, name, &value, NULL);
    return value;
}
static inline gpointer cg_object_dup_object(gpointer object, const char *name) {
    GParamSpec *spec = g_object_class_find_property(G_OBJECT_GET_CLASS(object), name);
    if (spec == NULL || !g_type_is_a(spec->value_type, G_TYPE_OBJECT) || !(spec->flags & G_PARAM_READABLE)) {
        return NULL;
    }
    gpointer value = NULL;
    g_object_get(object, name, &value, NULL);
    return value;
}

/* Crash handling the Swift runtime adds to a process it is loaded into.
 * When the runtime starts it installs its crash handler (a backtracer) for
 * every crash signal whose disposition is still the default. In a GTK
 * module that is someone else's process: these helpers find those handlers
 * and give the signals their default disposition back. dladdr is a GNU
 * extension the C library exports; it is declared here under its own name
 * so no GNU feature macro is needed. */
typedef struct { const char *fname; void *fbase; const char *sname; void *saddr; } cg_dl_info;
extern int cg_dladdr(const void *address, cg_dl_info *info) __asm__("dladdr");

/* Any symbol of the Swift runtime, to find the object it lives in (the
 * toolchain's libswiftCore, or the module itself when linked statically). */
extern char cg_swift_runtime_symbol __asm__("swift_retain");

/* Whether `sig`'s handler is a function of the Swift runtime. */
static inline gboolean cg_signal_handled_by_swift_runtime(int sig) {
    struct sigaction action;
    if (sigaction(sig, NULL, &action) != 0) return FALSE;
    void *handler = (action.sa_flags & SA_SIGINFO) ? (void *)action.sa_sigaction : (void *)action.sa_handler;
    if (handler == (void *)SIG_DFL || handler == (void *)SIG_IGN) return FALSE;
    cg_dl_info runtime, owner;
    if (!cg_dladdr(&cg_swift_runtime_symbol, &runtime) || !cg_dladdr(handler, &owner)) return FALSE;
    return runtime.fbase == owner.fbase;
}

/* Whether the calling thread is the process's main one: its thread id is the
 * process id. (syscall is variadic; glibc's gettid wrapper needs a GNU
 * feature macro.) */
static inline gboolean cg_is_main_thread(void) {
    return syscall(SYS_gettid) == getpid();
}

/* Gives `sig` its default disposition. */
static inline void cg_signal_set_default(int sig) {
    struct sigaction action = {0};
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    sigaction(sig, &action, NULL);
}

#endif
