/* inject: real X input (XTEST) at a given pace, and the X server's own
 * timestamps of what it injected, for the labelled corpus (corpus.py).
 *
 *   inject STEP...
 *
 * Steps, run in order on $DISPLAY:
 *   move X Y       moves the pointer (absolute, screen 0)
 *   click B        presses and releases button B
 *   key KEYSYM     presses and releases a key, by keysym name ("0", "Delete",
 *                  "ctrl+n": modifiers joined by '+', pressed around it)
 *   at MS          waits until MS milliseconds after the first press
 *                  (absolute, on CLOCK_MONOTONIC: a late step does not push
 *                  the later ones back)
 *   hold MS        how long each click or key is held (default 20)
 *
 * It listens for XInput 2 raw events on the root window (delivered whatever
 * the grabs and the focus), so it prints, as one JSON object, the server
 * timestamp of every press it made: {"presses":[t0,t1,...]} — the times the
 * app's events carry, from which corpus.py checks the real gaps. */
#include <X11/XKBlib.h>
#include <X11/Xlib.h>
#include <X11/keysym.h>
#include <X11/extensions/XInput2.h>
#include <X11/extensions/XTest.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static struct timespec origin;
static int started = 0;

static void wait_until(long ms) {
  struct timespec when = origin;
  when.tv_sec += ms / 1000;
  when.tv_nsec += (ms % 1000) * 1000000L;
  if (when.tv_nsec >= 1000000000L) {
    when.tv_sec += 1;
    when.tv_nsec -= 1000000000L;
  }
  while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &when, NULL) != 0) {
  }
}

static void pause_ms(long ms) {
  struct timespec span = {ms / 1000, (ms % 1000) * 1000000L};
  while (nanosleep(&span, &span) != 0) {
  }
}

static void mark_start(void) {
  if (!started) {
    clock_gettime(CLOCK_MONOTONIC, &origin);
    started = 1;
  }
}

static KeyCode code_of(Display *display, const char *name) {
  KeySym sym = XStringToKeysym(name);
  if (sym == NoSymbol) {
    fprintf(stderr, "inject: unknown keysym %s\n", name);
    exit(2);
  }
  KeyCode code = XKeysymToKeycode(display, sym);
  if (code == 0) {
    fprintf(stderr, "inject: no keycode for %s\n", name);
    exit(2);
  }
  return code;
}

static int shifted(Display *display, const char *name) {
  KeySym sym = XStringToKeysym(name);
  KeyCode code = XKeysymToKeycode(display, sym);
  return XkbKeycodeToKeysym(display, code, 0, 0) != sym && XkbKeycodeToKeysym(display, code, 0, 1) == sym;
}

static const char *key_name(const char *part) {
  if (strcmp(part, "ctrl") == 0) return "Control_L";
  if (strcmp(part, "shift") == 0) return "Shift_L";
  if (strcmp(part, "alt") == 0) return "Alt_L";
  if (strcmp(part, "super") == 0) return "Super_L";
  return part;
}

/* Presses the keys of SPEC ("ctrl+n", "plus") in order, holds them HOLD ms,
 * releases them in reverse; a last key typed with Shift gets Shift. */
static void chord(Display *display, const char *spec, long hold) {
  char copy[256];
  snprintf(copy, sizeof copy, "%s", spec);
  const char *parts[8];
  int count = 0;
  for (char *part = strtok(copy, "+"); part != NULL && count < 8; part = strtok(NULL, "+")) parts[count++] = part;
  KeyCode codes[9];
  int total = 0;
  for (int index = 0; index < count; index++) {
    const char *name = key_name(parts[index]);
    if (index == count - 1 && shifted(display, name)) codes[total++] = code_of(display, "Shift_L");
    codes[total++] = code_of(display, name);
  }
  for (int index = 0; index < total; index++) XTestFakeKeyEvent(display, codes[index], True, CurrentTime);
  XFlush(display);
  pause_ms(hold);
  for (int index = total - 1; index >= 0; index--) XTestFakeKeyEvent(display, codes[index], False, CurrentTime);
  XFlush(display);
}

int main(int argc, char **argv) {
  Display *display = XOpenDisplay(NULL);
  if (display == NULL) {
    fprintf(stderr, "inject: cannot open display %s\n", getenv("DISPLAY") ? getenv("DISPLAY") : "(unset)");
    return 1;
  }
  int opcode, event, error, major = 2, minor = 0;
  if (!XQueryExtension(display, "XInputExtension", &opcode, &event, &error) ||
      XIQueryVersion(display, &major, &minor) != Success) {
    fprintf(stderr, "inject: the X server has no XInput 2\n");
    return 1;
  }
  unsigned char bits[XIMaskLen(XI_LASTEVENT)] = {0};
  XISetMask(bits, XI_RawKeyPress);
  XISetMask(bits, XI_RawButtonPress);
  XIEventMask mask = {XIAllMasterDevices, sizeof bits, bits};
  XISelectEvents(display, DefaultRootWindow(display), &mask, 1);
  XSync(display, False);

  long hold = 20;
  int presses = 0;
  for (int index = 1; index < argc; index++) {
    const char *step = argv[index];
    if (strcmp(step, "move") == 0 && index + 2 < argc) {
      XTestFakeMotionEvent(display, 0, atoi(argv[index + 1]), atoi(argv[index + 2]), CurrentTime);
      XFlush(display);
      index += 2;
    } else if (strcmp(step, "click") == 0 && index + 1 < argc) {
      unsigned int button = (unsigned int)atoi(argv[++index]);
      mark_start();
      XTestFakeButtonEvent(display, button, True, CurrentTime);
      XFlush(display);
      pause_ms(hold);
      XTestFakeButtonEvent(display, button, False, CurrentTime);
      XFlush(display);
      presses++;
    } else if (strcmp(step, "key") == 0 && index + 1 < argc) {
      mark_start();
      chord(display, argv[++index], hold);
      presses++;
    } else if (strcmp(step, "at") == 0 && index + 1 < argc) {
      long ms = atol(argv[++index]);
      if (started) wait_until(ms);
    } else if (strcmp(step, "hold") == 0 && index + 1 < argc) {
      hold = atol(argv[++index]);
    } else {
      fprintf(stderr, "inject: bad step %s (accepted: move X Y, click B, key KEYSYM, at MS, hold MS)\n", step);
      return 2;
    }
  }
  XSync(display, False);

  /* Collect the raw presses: modifiers' presses are not the chord's own,
   * so a chord counts its last key only (the one pressed last). */
  printf("{\"presses\":[");
  int seen = 0, printed = 0;
  struct timespec deadline;
  clock_gettime(CLOCK_MONOTONIC, &deadline);
  deadline.tv_sec += 2;
  while (seen < presses) {
    while (XPending(display) == 0) {
      struct timespec now;
      clock_gettime(CLOCK_MONOTONIC, &now);
      if (now.tv_sec > deadline.tv_sec || (now.tv_sec == deadline.tv_sec && now.tv_nsec > deadline.tv_nsec)) goto done;
      pause_ms(5);
    }
    XEvent ev;
    XNextEvent(display, &ev);
    if (ev.xcookie.type != GenericEvent || ev.xcookie.extension != opcode) continue;
    if (!XGetEventData(display, &ev.xcookie)) continue;
    XIRawEvent *raw = ev.xcookie.data;
    if (ev.xcookie.evtype == XI_RawButtonPress) {
      printf("%s%lu", printed++ ? "," : "", raw->time);
      seen++;
    } else if (ev.xcookie.evtype == XI_RawKeyPress) {
      KeySym sym = XkbKeycodeToKeysym(display, (KeyCode)raw->detail, 0, 0);
      int modifier = sym == XK_Control_L || sym == XK_Shift_L || sym == XK_Alt_L || sym == XK_Super_L;
      if (!modifier) {
        printf("%s%lu", printed++ ? "," : "", raw->time);
        seen++;
      }
    }
    XFreeEventData(display, &ev.xcookie);
  }
done:
  printf("]}\n");
  XCloseDisplay(display);
  return seen == presses ? 0 : 3;
}
