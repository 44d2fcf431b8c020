/* bounce: a galculator-like C GTK 3 app that knows nothing of ClickGuard,
 * for the bounce profile's tests. Its digit "7" is a GtkToggleButton, as
 * galculator's are: each toggle appends a 7 to the display. A View menu's
 * check item "Degrees" (Ctrl+D) is galculator's angle-unit toggle. A GtkSwitch
 * "Memory" prints what its `state-set` and `notify::active` handlers are told
 * (--no-animations turns GTK's animations off, as "Reduce animation" does:
 * the switch then flips on each release, not ~100 ms later from the frame
 * clock; --focus-memory gives the switch the keyboard focus, for Space). It
 * also has a
 * tree view whose rows open on a double-click, an entry and a text view of
 * words, and it
 * watches the X server's bell (XKB BellNotify, on a connection of its own),
 * so a test can hear gtk_widget_error_bell. It exits 0 on SIGTERM, SIGINT or
 * after --seconds.
 *
 * stdout, one line each, flushed at once:
 *   ready seven=X,Y memory=X,Y row1=X,Y word=X,Y textword=X,Y bellwatch=B
 *         (screen centres; word, textword: inside "beta" in the entry and
 *         in the text view; B: 1 when the bell can be heard)
 *   toggled N active=A display=D                    (the 7's `toggled`)
 *   row-activated N path=P                          (the tree's `row-activated`)
 *   degrees N active=A                              (the check menu item's `toggled`)
 *   state-set N state=S                             (the switch's `state-set`)
 *   notify-active N active=A                        (the switch's `notify::active`)
 *   selection S E                                   (the entry's selection changed)
 *   bell N                                          (the X server rang the bell)
 *   final toggled=N active=A display=D rows=N bells=N selection=S,E textselection=S,E
 *         degrees=N degrees-active=A memory-sets=N memory-told=S memory-active=A
 *         (memory-told: the state the last `state-set` gave, -1 for none)
 *         (at exit; selections as character offsets)
 * Build: cc bounce.c $(pkg-config --cflags --libs gtk+-3.0 x11) */
#include <gtk/gtk.h>
#include <glib-unix.h>
#include <X11/Xlib.h>
#include <X11/XKBlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static GtkWidget *seven, *display, *tree, *entry, *text;
static GtkWidget *degrees, *memory;
static int toggled_count = 0, rows_count = 0, bells = 0, degrees_count = 0;
static int memory_sets = 0, memory_told = -1, memory_notifies = 0;
static Display *bell_display = NULL;
static int xkb_event_base = 0;

static void print_point(const char *name, GtkWidget *widget, int x, int y) {
    GtkWidget *toplevel = gtk_widget_get_toplevel(widget);
    int wx = 0, wy = 0, ox = 0, oy = 0;
    gtk_widget_translate_coordinates(widget, toplevel, x, y, &wx, &wy);
    gdk_window_get_origin(gtk_widget_get_window(toplevel), &ox, &oy);
    printf(" %s=%d,%d", name, ox + wx, oy + wy);
}

static gboolean report_ready(gpointer data) {
    (void)data;
    printf("ready");
    GtkAllocation allocation;
    gtk_widget_get_allocation(seven, &allocation);
    print_point("seven", seven, allocation.width / 2, allocation.height / 2);
    gtk_widget_get_allocation(memory, &allocation);
    print_point("memory", memory, allocation.width / 2, allocation.height / 2);
    /* The first row's centre, in the tree view's widget coordinates. */
    GtkTreePath *path = gtk_tree_path_new_first();
    GdkRectangle cell;
    gtk_tree_view_get_cell_area(GTK_TREE_VIEW(tree), path, gtk_tree_view_get_column(GTK_TREE_VIEW(tree), 0), &cell);
    gtk_tree_path_free(path);
    int tx = 0, ty = 0;
    gtk_tree_view_convert_bin_window_to_widget_coords(
        GTK_TREE_VIEW(tree), cell.x + cell.width / 2, cell.y + cell.height / 2, &tx, &ty);
    print_point("row1", tree, tx, ty);
    /* Inside the word "beta" (bytes 6 to 10 of the entry's text). */
    PangoRectangle glyph;
    pango_layout_index_to_pos(gtk_entry_get_layout(GTK_ENTRY(entry)), 8, &glyph);
    int lx = 0, ly = 0;
    gtk_entry_get_layout_offsets(GTK_ENTRY(entry), &lx, &ly);
    gtk_widget_get_allocation(entry, &allocation);
    print_point("word", entry, lx + PANGO_PIXELS(glyph.x), allocation.height / 2);
    /* Inside "beta" in the text view, from buffer to widget coordinates. */
    GtkTextIter iter;
    GdkRectangle location;
    gtk_text_buffer_get_iter_at_offset(gtk_text_view_get_buffer(GTK_TEXT_VIEW(text)), &iter, 8);
    gtk_text_view_get_iter_location(GTK_TEXT_VIEW(text), &iter, &location);
    int bx = 0, by = 0;
    gtk_text_view_buffer_to_window_coords(GTK_TEXT_VIEW(text), GTK_TEXT_WINDOW_WIDGET, location.x,
                                          location.y + location.height / 2, &bx, &by);
    print_point("textword", text, bx, by);
    printf(" bellwatch=%d\n", bell_display != NULL);
    fflush(stdout);
    return G_SOURCE_REMOVE;
}

static gboolean on_map(GtkWidget *window, GdkEvent *event, gpointer data) {
    (void)window; (void)event; (void)data;
    /* Past the fresh-content fence's settle time, as a person would click. */
    g_timeout_add(600, report_ready, NULL);
    return FALSE;
}

static void on_toggled(GtkToggleButton *button, gpointer data) {
    (void)data;
    char *text = g_strconcat(gtk_label_get_text(GTK_LABEL(display)), "7", NULL);
    gtk_label_set_text(GTK_LABEL(display), text);
    g_free(text);
    printf("toggled %d active=%d display=%s\n", ++toggled_count, gtk_toggle_button_get_active(button),
           gtk_label_get_text(GTK_LABEL(display)));
    fflush(stdout);
}

static void on_degrees(GtkCheckMenuItem *item, gpointer data) {
    (void)data;
    printf("degrees %d active=%d\n", ++degrees_count, gtk_check_menu_item_get_active(item));
    fflush(stdout);
}

static gboolean on_memory_state_set(GtkSwitch *sw, gboolean state, gpointer data) {
    (void)sw; (void)data;
    memory_told = state;
    printf("state-set %d state=%d\n", ++memory_sets, state);
    fflush(stdout);
    return FALSE;
}

static void on_memory_active(GObject *object, GParamSpec *spec, gpointer data) {
    (void)spec; (void)data;
    printf("notify-active %d active=%d\n", ++memory_notifies, gtk_switch_get_active(GTK_SWITCH(object)));
    fflush(stdout);
}

/* View > Degrees (Ctrl+D), a check menu item with its accelerator. */
static GtkWidget *menu_bar(GtkWidget *window) {
    GtkAccelGroup *accels = gtk_accel_group_new();
    gtk_window_add_accel_group(GTK_WINDOW(window), accels);
    GtkWidget *bar = gtk_menu_bar_new(), *view = gtk_menu_item_new_with_mnemonic("_View");
    GtkWidget *menu = gtk_menu_new();
    degrees = gtk_check_menu_item_new_with_mnemonic("_Degrees");
    gtk_widget_add_accelerator(degrees, "activate", accels, GDK_KEY_d, GDK_CONTROL_MASK, GTK_ACCEL_VISIBLE);
    g_signal_connect(degrees, "toggled", G_CALLBACK(on_degrees), NULL);
    gtk_menu_shell_append(GTK_MENU_SHELL(menu), degrees);
    gtk_menu_item_set_submenu(GTK_MENU_ITEM(view), menu);
    gtk_menu_shell_append(GTK_MENU_SHELL(bar), view);
    return bar;
}

static void on_row_activated(GtkTreeView *view, GtkTreePath *path, GtkTreeViewColumn *column, gpointer data) {
    (void)view; (void)column; (void)data;
    char *text = gtk_tree_path_to_string(path);
    printf("row-activated %d path=%s\n", ++rows_count, text);
    g_free(text);
    fflush(stdout);
}

static void on_selection(GObject *object, GParamSpec *spec, gpointer data) {
    (void)object; (void)spec; (void)data;
    int start = 0, end = 0;
    if (gtk_editable_get_selection_bounds(GTK_EDITABLE(entry), &start, &end)) {
        printf("selection %d %d\n", start, end);
        fflush(stdout);
    }
}

/* The bell connection's events: XKB BellNotify, whoever rang. */
static gboolean on_bell_events(gint fd, GIOCondition condition, gpointer data) {
    (void)fd; (void)condition; (void)data;
    while (XPending(bell_display)) {
        XEvent event;
        XNextEvent(bell_display, &event);
        if (event.type == xkb_event_base && ((XkbEvent *)&event)->any.xkb_type == XkbBellNotify) {
            printf("bell %d\n", ++bells);
            fflush(stdout);
        }
    }
    return G_SOURCE_CONTINUE;
}

static void watch_bell(void) {
    int opcode = 0, error_base = 0, major = XkbMajorVersion, minor = XkbMinorVersion;
    bell_display = XOpenDisplay(NULL);
    if (bell_display == NULL) return;
    if (!XkbQueryExtension(bell_display, &opcode, &xkb_event_base, &error_base, &major, &minor) ||
        !XkbSelectEvents(bell_display, XkbUseCoreKbd, XkbBellNotifyMask, XkbBellNotifyMask)) {
        XCloseDisplay(bell_display);
        bell_display = NULL;
        return;
    }
    XFlush(bell_display);
    g_unix_fd_add(ConnectionNumber(bell_display), G_IO_IN, on_bell_events, NULL);
}

static gboolean quit(gpointer data) {
    (void)data;
    gtk_main_quit();
    return G_SOURCE_REMOVE;
}

int main(int argc, char **argv) {
    gtk_init(&argc, &argv);
    int seconds = 30;
    gboolean focus_memory = FALSE;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--seconds") == 0 && i + 1 < argc) seconds = atoi(argv[++i]);
        if (strcmp(argv[i], "--no-animations") == 0)
            g_object_set(gtk_settings_get_default(), "gtk-enable-animations", FALSE, NULL);
        if (strcmp(argv[i], "--focus-memory") == 0) focus_memory = TRUE;
    }
    watch_bell();
    GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
    gtk_window_set_title(GTK_WINDOW(window), "bounce");
    gtk_window_move(GTK_WINDOW(window), 40, 40);
    g_signal_connect(window, "destroy", G_CALLBACK(gtk_main_quit), NULL);
    g_signal_connect(window, "map-event", G_CALLBACK(on_map), NULL);
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8);
    gtk_container_set_border_width(GTK_CONTAINER(box), 12);
    gtk_container_add(GTK_CONTAINER(window), box);

    gtk_box_pack_start(GTK_BOX(box), menu_bar(window), FALSE, FALSE, 0);
    display = gtk_label_new("");
    gtk_box_pack_start(GTK_BOX(box), display, FALSE, FALSE, 0);
    seven = gtk_toggle_button_new_with_label("7");
    gtk_widget_set_size_request(seven, 120, 60);
    g_signal_connect(seven, "toggled", G_CALLBACK(on_toggled), NULL);
    gtk_box_pack_start(GTK_BOX(box), seven, FALSE, FALSE, 0);
    memory = gtk_switch_new();
    gtk_widget_set_halign(memory, GTK_ALIGN_START);
    g_signal_connect(memory, "state-set", G_CALLBACK(on_memory_state_set), NULL);
    g_signal_connect(memory, "notify::active", G_CALLBACK(on_memory_active), NULL);
    gtk_box_pack_start(GTK_BOX(box), memory, FALSE, FALSE, 0);

    GtkListStore *store = gtk_list_store_new(1, G_TYPE_STRING);
    const char *names[] = {"alpha.txt", "beta.txt", "gamma.txt"};
    for (int i = 0; i < 3; i++) gtk_list_store_insert_with_values(store, NULL, -1, 0, names[i], -1);
    tree = gtk_tree_view_new_with_model(GTK_TREE_MODEL(store));
    g_object_unref(store);
    gtk_tree_view_append_column(GTK_TREE_VIEW(tree),
                                gtk_tree_view_column_new_with_attributes(
                                    "File", gtk_cell_renderer_text_new(), "text", 0, NULL));
    g_signal_connect(tree, "row-activated", G_CALLBACK(on_row_activated), NULL);
    gtk_box_pack_start(GTK_BOX(box), tree, FALSE, FALSE, 0);

    entry = gtk_entry_new();
    gtk_entry_set_text(GTK_ENTRY(entry), "alpha beta gamma");
    gtk_entry_set_width_chars(GTK_ENTRY(entry), 30);
    g_signal_connect(entry, "notify::selection-bound", G_CALLBACK(on_selection), NULL);
    g_signal_connect(entry, "notify::cursor-position", G_CALLBACK(on_selection), NULL);
    gtk_box_pack_start(GTK_BOX(box), entry, FALSE, FALSE, 0);

    text = gtk_text_view_new();
    gtk_text_buffer_set_text(gtk_text_view_get_buffer(GTK_TEXT_VIEW(text)), "alpha beta gamma", -1);
    gtk_widget_set_size_request(text, -1, 60);
    gtk_box_pack_start(GTK_BOX(box), text, FALSE, FALSE, 0);

    gtk_widget_show_all(window);
    /* No initial focus on the entry: its text would start selected. */
    gtk_window_set_focus(GTK_WINDOW(window), focus_memory ? memory : NULL);
    g_unix_signal_add(SIGTERM, quit, NULL);
    g_unix_signal_add(SIGINT, quit, NULL);
    g_timeout_add_seconds(seconds, quit, NULL);
    gtk_main();
    int start = 0, end = 0;
    gtk_editable_get_selection_bounds(GTK_EDITABLE(entry), &start, &end);
    GtkTextIter text_start, text_end;
    gtk_text_buffer_get_selection_bounds(gtk_text_view_get_buffer(GTK_TEXT_VIEW(text)), &text_start, &text_end);
    printf("final toggled=%d active=%d display=%s rows=%d bells=%d selection=%d,%d textselection=%d,%d "
           "degrees=%d degrees-active=%d memory-sets=%d memory-told=%d memory-active=%d\n",
           toggled_count, gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(seven)),
           gtk_label_get_text(GTK_LABEL(display)), rows_count, bells, start, end,
           gtk_text_iter_get_offset(&text_start), gtk_text_iter_get_offset(&text_end), degrees_count,
           gtk_check_menu_item_get_active(GTK_CHECK_MENU_ITEM(degrees)), memory_sets, memory_told,
           gtk_switch_get_active(GTK_SWITCH(memory)));
    return 0;
}
