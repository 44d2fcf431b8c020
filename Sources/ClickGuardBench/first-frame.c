/* first-frame.c: the baseline of the demo start-up benchmark — a minimal GTK 3 window
 * (a header bar and a button, no ClickGuard) that draws its first frame,
 * prints `first-frame-ms <N>` (process start to the end of the first frame's
 * paint, like the demo's --quit-after-first-frame) and exits; with `--stay`
 * it stays open, idle, until it is killed (the idle benchmark counts its wakeups).
 *
 * Not part of the Swift target (excluded in Package.swift): the benchmark
 * compiles it at run time with `cc $(pkg-config --cflags --libs gtk+-3.0)`. */
#include <gtk/gtk.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

static double main_ms;
static gboolean drawn;
static gboolean stay;

static double clock_ms(clockid_t id) {
    struct timespec t;
    clock_gettime(id, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* Milliseconds since the process started: /proc/self/stat field 22
 * (starttime, clock ticks since boot) against CLOCK_BOOTTIME. */
static double ms_since_process_start(void) {
    char buffer[1024];
    FILE *file = fopen("/proc/self/stat", "r");
    if (file == NULL) return -1;
    size_t n = fread(buffer, 1, sizeof buffer - 1, file);
    fclose(file);
    buffer[n] = '\0';
    /* Fields after the command name (which may contain spaces) start after
     * the last ')': state is field 3, starttime field 22. */
    char *p = strrchr(buffer, ')');
    if (p == NULL) return -1;
    unsigned long long start_ticks = 0;
    int field = 2;
    for (char *token = strtok(p + 1, " "); token != NULL; token = strtok(NULL, " ")) {
        field++;
        if (field == 22) {
            start_ticks = strtoull(token, NULL, 10);
            break;
        }
    }
    double start_ms = 1e3 * (double)start_ticks / (double)sysconf(_SC_CLK_TCK);
    return clock_ms(CLOCK_BOOTTIME) - start_ms;
}

/* Anonymous of /proc/self/smaps_rollup, in KiB: the memory this process
 * wrote (heap, stacks, relocated data), which no other process can share,
 * unlike the pages of files it only reads. (Private_Dirty would also count
 * page-cache pages of a file not yet written back, such as a module just
 * built.) -1 when unreadable. */
static long anonymous_kb(void) {
    FILE *file = fopen("/proc/self/smaps_rollup", "r");
    if (file == NULL) return -1;
    char line[256];
    long kb = -1;
    while (fgets(line, sizeof line, file) != NULL) {
        if (sscanf(line, "Anonymous: %ld kB", &kb) == 1) break;
    }
    fclose(file);
    return kb;
}

static gboolean quit(gpointer data) {
    (void)data;
    gtk_main_quit();
    return G_SOURCE_REMOVE;
}

static void after_paint(GdkFrameClock *clock, gpointer data) {
    (void)data;
    if (!drawn) return;
    g_signal_handlers_disconnect_by_func(clock, after_paint, NULL);
    printf("first-frame-ms %.1f\n", ms_since_process_start());
    printf("first-frame-ms-since-main %.1f\n", clock_ms(CLOCK_MONOTONIC) - main_ms);
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    printf("first-frame-cpu-ms %.1f\n", (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3
                                           + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3);
    printf("first-frame-user-ms %.1f\n", usage.ru_utime.tv_sec * 1e3 + usage.ru_utime.tv_usec / 1e3);
    printf("first-frame-system-ms %.1f\n", usage.ru_stime.tv_sec * 1e3 + usage.ru_stime.tv_usec / 1e3);
    printf("first-frame-minor-faults %ld\n", usage.ru_minflt);
    printf("first-frame-peak-rss-kb %ld\n", usage.ru_maxrss);
    printf("first-frame-anonymous-kb %ld\n", anonymous_kb());
    fflush(stdout);
    if (!stay) g_idle_add(quit, NULL);
}

static gboolean on_draw(GtkWidget *widget, cairo_t *cr, gpointer data) {
    (void)widget;
    (void)cr;
    (void)data;
    drawn = TRUE;
    return FALSE;
}

static void on_realize(GtkWidget *window, gpointer data) {
    (void)data;
    g_signal_connect(gtk_widget_get_frame_clock(window), "after-paint", G_CALLBACK(after_paint), NULL);
}

int main(int argc, char **argv) {
    main_ms = clock_ms(CLOCK_MONOTONIC);
    gtk_init(&argc, &argv);
    stay = argc > 1 && strcmp(argv[1], "--stay") == 0;
    GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
    gtk_window_set_default_size(GTK_WINDOW(window), 480, 320);
    GtkWidget *header = gtk_header_bar_new();
    gtk_header_bar_set_title(GTK_HEADER_BAR(header), "First frame");
    gtk_header_bar_set_show_close_button(GTK_HEADER_BAR(header), TRUE);
    gtk_window_set_titlebar(GTK_WINDOW(window), header);
    gtk_container_add(GTK_CONTAINER(window), gtk_button_new_with_label("Open details"));
    g_signal_connect(window, "realize", G_CALLBACK(on_realize), NULL);
    g_signal_connect_after(window, "draw", G_CALLBACK(on_draw), NULL);
    g_signal_connect(window, "destroy", G_CALLBACK(gtk_main_quit), NULL);
    gtk_widget_show_all(window);
    gtk_main();
    return 0;
}
