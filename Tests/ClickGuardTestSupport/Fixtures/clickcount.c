/* clickcount: a plain C GTK 3 app that knows nothing of ClickGuard, for the
 * module tests. It shows a push button, a button bound to a GAction and a
 * radio group, prints where they are once it is drawn, counts what happens,
 * and exits 0 on SIGTERM, SIGINT or after --seconds.
 *
 * stdout, one line each, flushed at once:
 *   ready count=X,Y action=X,Y r1=X,Y r2=X,Y r3=X,Y switch=X,Y file=X,Y
 *         (screen centres; file: the File menu)
 *   clicked N                                          (Count's `clicked`)
 *   activated N                                        (win.bump ran)
 *   toggled rK active=A group-active=M                 (M: members active now)
 *   exported N / undone N                              (File > Export Ctrl+E, File > Undo Ctrl+Z)
 *   switched N                                         (the switch's state-set)
 *   final clicked=N activated=N active=rK maxgap=MS    (at exit)
 * maxgap is the longest the main loop went without running a 5 ms ticker.
 *
 * The ready line also says how the process handles crashes:
 *   ... dumpable=D crash-defaults=N   (prctl's dumpable flag; how many of
 *                                      SEGV BUS ILL FPE ABRT TRAP QUIT are
 *                                      at their default disposition)
 *
 * --no-buttons: a window with only a label, which quits by itself after
 * a second (once ready).
 * --pump-ms N: Count's handler runs a nested main loop for N ms while it
 * works; `clicked N depth=D` then says how deep the handler is nested.
 * --critical: once ready, raises a Gtk-CRITICAL (gtk_widget_show(NULL)).
 * --crash: once ready, dies of SIGSEGV.
 * Right after gtk_init (GTK modules are loaded by then) it prints
 * `early button-class=B` (B: whether the GtkButton class exists yet; the
 * program has made no button).
 * Build: cc clickcount.c $(pkg-config --cflags --libs gtk+-3.0) */
#include <gtk/gtk.h>
#include <glib-unix.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/prctl.h>

static int clicked_count = 0;
static int activated_count = 0;
static GtkWidget *count_button, *action_button, *radios[3], *toggle_switch, *file_menu;
static int exported_count = 0, undone_count = 0, switched_count = 0;
static gint64 last_tick = 0, max_gap = 0;
static gboolean ready = FALSE;
static int pump_ms = 0, depth = 0, max_depth = 0;
static gboolean raise_critical = FALSE, crash = FALSE;

static void print_centre(const char *name, GtkWidget *widget) {
    GtkAllocation allocation;
    gtk_widget_get_allocation(widget, &allocation);
    GtkWidget *toplevel = gtk_widget_get_toplevel(widget);
    int wx = 0, wy = 0, ox = 0, oy = 0;
    gtk_widget_translate_coordinates(widget, toplevel, allocation.width / 2, allocation.height / 2, &wx, &wy);
    gdk_window_get_origin(gtk_widget_get_window(toplevel), &ox, &oy);
    printf(" %s=%d,%d", name, ox + wx, oy + wy);
}

static gboolean report_ready(gpointer data) {
    (void)data;
    printf("ready");
    if (count_button != NULL) {
        print_centre("count", count_button);
        print_centre("action", action_button);
        print_centre("r1", radios[0]);
        print_centre("r2", radios[1]);
        print_centre("r3", radios[2]);
        print_centre("switch", toggle_switch);
        print_centre("file", file_menu);
    }
    int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGQUIT}, defaults = 0;
    for (int i = 0; i < 7; i++) {
        struct sigaction action;
        sigaction(crash_signals[i], NULL, &action);
        if (!(action.sa_flags & SA_SIGINFO) && action.sa_handler == SIG_DFL) defaults++;
    }
    printf(" dumpable=%d crash-defaults=%d\n", prctl(PR_GET_DUMPABLE), defaults);
    fflush(stdout);
    ready = TRUE;
    if (raise_critical) gtk_widget_show(NULL);
    if (crash) raise(SIGSEGV);
    last_tick = g_get_monotonic_time();
    return G_SOURCE_REMOVE;
}

static gboolean on_map(GtkWidget *window, GdkEvent *event, gpointer data) {
    (void)window; (void)event; (void)data;
    /* ClickGuard fences a program's first window too: input within GTK's
     * double-click time (400 ms) after it appeared is taken for a burst
     * aimed elsewhere. Ready once that is over, as a person would click. */
    g_timeout_add(600, report_ready, NULL);
    return FALSE;
}

static gboolean tick(gpointer data) {
    (void)data;
    if (ready) {
        gint64 now = g_get_monotonic_time();
        if (now - last_tick > max_gap) max_gap = now - last_tick;
        last_tick = now;
    }
    return G_SOURCE_CONTINUE;
}

static void on_clicked(GtkButton *button, gpointer data) {
    (void)button; (void)data;
    if (++depth > max_depth) max_depth = depth;
    printf("clicked %d depth=%d\n", ++clicked_count, depth);
    fflush(stdout);
    gint64 end = g_get_monotonic_time() + (gint64)pump_ms * 1000;
    while (g_get_monotonic_time() < end) {
        while (gtk_events_pending()) gtk_main_iteration();
        g_usleep(5000);
    }
    depth--;
}

static void on_bump(GSimpleAction *action, GVariant *parameter, gpointer data) {
    (void)action; (void)parameter; (void)data;
    printf("activated %d\n", ++activated_count);
    fflush(stdout);
}

static int active_radio(void) {
    for (int i = 0; i < 3; i++)
        if (gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(radios[i]))) return i + 1;
    return 0;
}

static void on_toggled(GtkToggleButton *button, gpointer data) {
    int active = 0;
    for (int i = 0; i < 3; i++) active += gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(radios[i])) ? 1 : 0;
    printf("toggled r%d active=%d group-active=%d\n", GPOINTER_TO_INT(data),
           gtk_toggle_button_get_active(button) ? 1 : 0, active);
    fflush(stdout);
}

static void on_export(GtkMenuItem *item, gpointer data) {
    (void)item; (void)data;
    printf("exported %d\n", ++exported_count);
    fflush(stdout);
}

static void on_undo(GtkMenuItem *item, gpointer data) {
    (void)item; (void)data;
    printf("undone %d\n", ++undone_count);
    fflush(stdout);
}

static gboolean on_state_set(GtkSwitch *widget, gboolean state, gpointer data) {
    (void)widget; (void)state; (void)data;
    printf("switched %d\n", ++switched_count);
    fflush(stdout);
    return FALSE;
}

/* File > Export (Ctrl+E) and File > Undo (Ctrl+Z), with their accelerators. */
static GtkWidget *menu_bar(GtkWidget *window) {
    GtkAccelGroup *accels = gtk_accel_group_new();
    gtk_window_add_accel_group(GTK_WINDOW(window), accels);
    GtkWidget *bar = gtk_menu_bar_new(), *file = gtk_menu_item_new_with_mnemonic("_File");
    file_menu = file;
    GtkWidget *menu = gtk_menu_new();
    GtkWidget *export = gtk_menu_item_new_with_mnemonic("_Export");
    GtkWidget *undo = gtk_menu_item_new_with_mnemonic("_Undo");
    gtk_widget_add_accelerator(export, "activate", accels, GDK_KEY_e, GDK_CONTROL_MASK, GTK_ACCEL_VISIBLE);
    gtk_widget_add_accelerator(undo, "activate", accels, GDK_KEY_z, GDK_CONTROL_MASK, GTK_ACCEL_VISIBLE);
    g_signal_connect(export, "activate", G_CALLBACK(on_export), NULL);
    g_signal_connect(undo, "activate", G_CALLBACK(on_undo), NULL);
    gtk_menu_shell_append(GTK_MENU_SHELL(menu), export);
    gtk_menu_shell_append(GTK_MENU_SHELL(menu), undo);
    gtk_menu_item_set_submenu(GTK_MENU_ITEM(file), menu);
    gtk_menu_shell_append(GTK_MENU_SHELL(bar), file);
    return bar;
}

static gboolean quit(gpointer data) {
    (void)data;
    gtk_main_quit();
    return G_SOURCE_REMOVE;
}

int main(int argc, char **argv) {
    gboolean no_buttons = FALSE;
    int seconds = 30;
    gtk_init(&argc, &argv);
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--no-buttons") == 0) no_buttons = TRUE;
        else if (strcmp(argv[i], "--seconds") == 0 && i + 1 < argc) seconds = atoi(argv[++i]);
        else if (strcmp(argv[i], "--pump-ms") == 0 && i + 1 < argc) pump_ms = atoi(argv[++i]);
        else if (strcmp(argv[i], "--critical") == 0) raise_critical = TRUE;
        else if (strcmp(argv[i], "--crash") == 0) crash = TRUE;
    }
    printf("early button-class=%d\n", g_type_class_peek(gtk_button_get_type()) != NULL);

    GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
    gtk_window_set_title(GTK_WINDOW(window), "clickcount");
    gtk_window_set_default_size(GTK_WINDOW(window), 300, 320);
    g_signal_connect(window, "destroy", G_CALLBACK(gtk_main_quit), NULL);
    g_signal_connect(window, "map-event", G_CALLBACK(on_map), NULL);
    gtk_widget_add_events(window, GDK_STRUCTURE_MASK);

    if (no_buttons) {
        gtk_container_add(GTK_CONTAINER(window), gtk_label_new("no buttons here"));
        g_timeout_add(1000, quit, NULL);
    } else {
        GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8);
        gtk_box_pack_start(GTK_BOX(box), menu_bar(window), FALSE, FALSE, 0);
        count_button = gtk_button_new_with_label("Count");
        g_signal_connect(count_button, "clicked", G_CALLBACK(on_clicked), NULL);
        gtk_box_pack_start(GTK_BOX(box), count_button, TRUE, TRUE, 0);

        GSimpleActionGroup *group = g_simple_action_group_new();
        GSimpleAction *bump = g_simple_action_new("bump", NULL);
        g_signal_connect(bump, "activate", G_CALLBACK(on_bump), NULL);
        g_action_map_add_action(G_ACTION_MAP(group), G_ACTION(bump));
        gtk_widget_insert_action_group(window, "win", G_ACTION_GROUP(group));
        action_button = gtk_button_new_with_label("Bump");
        gtk_actionable_set_action_name(GTK_ACTIONABLE(action_button), "win.bump");
        gtk_box_pack_start(GTK_BOX(box), action_button, TRUE, TRUE, 0);

        radios[0] = gtk_radio_button_new_with_label(NULL, "Radio 1");
        radios[1] = gtk_radio_button_new_with_label_from_widget(GTK_RADIO_BUTTON(radios[0]), "Radio 2");
        radios[2] = gtk_radio_button_new_with_label_from_widget(GTK_RADIO_BUTTON(radios[0]), "Radio 3");
        for (int i = 0; i < 3; i++) {
            g_signal_connect(radios[i], "toggled", G_CALLBACK(on_toggled), GINT_TO_POINTER(i + 1));
            gtk_box_pack_start(GTK_BOX(box), radios[i], TRUE, TRUE, 0);
        }
        toggle_switch = gtk_switch_new();
        gtk_widget_set_halign(toggle_switch, GTK_ALIGN_CENTER);
        g_signal_connect(toggle_switch, "state-set", G_CALLBACK(on_state_set), NULL);
        gtk_box_pack_start(GTK_BOX(box), toggle_switch, FALSE, FALSE, 0);
        gtk_container_add(GTK_CONTAINER(window), box);
    }

    g_unix_signal_add(SIGTERM, quit, NULL);
    g_unix_signal_add(SIGINT, quit, NULL);
    g_timeout_add_seconds(seconds, quit, NULL);
    g_timeout_add(5, tick, NULL);
    gtk_widget_show_all(window);
    gtk_window_move(GTK_WINDOW(window), 100, 100);
    gtk_main();

    printf("final clicked=%d activated=%d active=r%d maxgap=%d maxdepth=%d exported=%d undone=%d switched=%d\n",
           clicked_count, activated_count, count_button != NULL ? active_radio() : 0, (int)(max_gap / 1000), max_depth,
           exported_count, undone_count, switched_count);
    fflush(stdout);
    return 0;
}
