"""The corpus's apps and their scenarios (corpus.py runs them).

Each app: how to start it in a fresh HOME, how to reset it between runs,
and its scenarios, each labelled deliberate (a person's repeats: every
press must act) or accidental (a bounce or a double-click: one action)
with its pace. Widgets are found over AT-SPI by role and name (or, for an
icon button, "~" and its tooltip); outcomes are read back over AT-SPI or
from window titles.
"""

import subprocess
import time

from corpus import Scenario, count_of, key, widget

D, A = "deliberate", "accidental"


def pause(seconds):
    time.sleep(seconds)


class App:
    package = ""
    window = "."
    scenarios = []

    def command(self, scratch):
        raise NotImplementedError

    def setup_script(self, scratch):
        return ""

    def prepare(self, session, access):
        pass

    def reset(self, session, access):
        pass

    def version(self):
        out = subprocess.run(["dpkg-query", "-W", "-f=${Version}", self.package], capture_output=True, text=True)
        return out.stdout.strip()


def keys(session, *chords, gap=0.15):
    for chord in chords:
        session.xdotool("key", chord)
        pause(gap)


def click_point(session, x, y):
    session.xdotool("mousemove", str(x), str(y), "click", "1")


# MARK: qalculate-gtk: a calculator's keypad (GtkButtons) --------------------


class Qalculate(App):
    package = "qalculate-gtk"
    window = "^Qalculate!$"

    def command(self, scratch):
        return ["qalculate-gtk"]

    def expression(self, session, access):
        return access.text("text").strip()

    def reset(self, session, access):
        click_point(session, 380, 60)
        keys(session, "ctrl+a", "BackSpace")
        pause(0.5)

    def type_digits(self, session, access):
        session.xdotool("type", "--delay", "60", "12345")
        pause(0.6)

    @property
    def scenarios(self):
        read = self.expression
        left = lambda value: 5 - len(value)  # noqa: E731
        return [
            Scenario("qalculate-zeros-150", D, '"1", then "0" × 3, 150 ms apart (typing 1000)', 150,
                     [(widget("push button", "1"), 1), (widget("push button", "0"), 3)], read, count_of("0"), 3),
            Scenario("qalculate-zeros-250", D, 'the same, 250 ms apart', 250,
                     [(widget("push button", "1"), 1), (widget("push button", "0"), 3)], read, count_of("0"), 3),
            Scenario("qalculate-zeros-300", D, 'the same, 300 ms apart', 300,
                     [(widget("push button", "1"), 1), (widget("push button", "0"), 3)], read, count_of("0"), 3),
            Scenario("qalculate-eights-200", D, '"8" × 2, 200 ms apart (typing 88)', 200,
                     [(widget("push button", "8"), 2)], read, count_of("8"), 2),
            Scenario("qalculate-del-200", D, '"12345" typed, then DEL × 3, 200 ms apart', 200,
                     [(widget("push button", "DEL"), 3)], read, left, 3, setup=self.type_digits),
            Scenario("qalculate-seven-bounce", A, '"7" bouncing: 3 presses 40 ms apart', 40,
                     [(widget("push button", "7"), 3)], read, count_of("7"), 3),
            Scenario("qalculate-plus-bounce", A, '"5", then "+" bouncing: 3 presses 40 ms apart', 40,
                     [(widget("push button", "5"), 1), (widget("push button", "+"), 3)], read, count_of("+"), 3),
            Scenario("qalculate-del-bounce", A, '"12345" typed, then DEL bouncing: 3 × 40 ms', 40,
                     [(widget("push button", "DEL"), 3)], read, left, 3, setup=self.type_digits),
        ]


# MARK: mate-calc: another keypad, with an Undo key -------------------------


class MateCalc(App):
    package = "mate-calc"
    window = "^Calculator$"

    def command(self, scratch):
        return ["mate-calc"]

    def display(self, session, access):
        return access.text("editbar").strip()

    def reset(self, session, access):
        x, y = access.centre("push button", "clear")
        click_point(session, x, y)
        pause(0.6)

    def enter_digits(self, session, access):
        for digit in "12345":
            x, y = access.centre("push button", digit)
            click_point(session, x, y)
            pause(0.45)
        pause(0.3)

    @property
    def scenarios(self):
        read = self.display
        left = lambda value: 5 - len(value)  # noqa: E731
        return [
            Scenario("mate-calc-zeros-200", D, '"1", then "0" × 3, 200 ms apart (typing 1000)', 200,
                     [(widget("push button", "1"), 1), (widget("push button", "0"), 3)], read, count_of("0"), 3),
            Scenario("mate-calc-zeros-150", D, 'the same, 150 ms apart', 150,
                     [(widget("push button", "1"), 1), (widget("push button", "0"), 3)], read, count_of("0"), 3),
            Scenario("mate-calc-undo-250", D, '"12345" clicked, then Undo × 3, 250 ms apart', 250,
                     [(widget("push button", "undo"), 3)], read, left, 3, setup=self.enter_digits),
            Scenario("mate-calc-nine-bounce", A, '"9" bouncing: 3 presses 40 ms apart', 40,
                     [(widget("push button", "9"), 3)], read, count_of("9"), 3),
            Scenario("mate-calc-add-bounce", A, '"5", then "+" bouncing: 3 × 40 ms', 40,
                     [(widget("push button", "5"), 1), (widget("push button", "add"), 3)], read, count_of("+"), 3),
            Scenario("mate-calc-undo-bounce", A, '"12345" clicked, then Undo bouncing: 3 × 40 ms', 40,
                     [(widget("push button", "undo"), 3)], read, left, 3, setup=self.enter_digits),
        ]


# MARK: pluma: an editor with GtkAction toolbar buttons and accelerators ----


class Pluma(App):
    package = "pluma"
    window = "Pluma$"
    words = "a b c d e f"

    def command(self, scratch):
        return ["pluma"]

    def document(self, session, access):
        return access.text("text")

    def tabs(self, session, access):
        """The documents open: the notebook's tabs (hidden pages' tabs
        included, which the showing walk leaves out)."""
        return sum(node.childCount for node in access.nodes("page tab list"))

    def three_documents(self, session, access):
        for _ in range(4):
            if self.tabs(session, access) >= 3:
                break
            keys(session, "ctrl+n", gap=1.0)
        if self.tabs(session, access) != 3:
            raise RuntimeError("pluma did not open 3 documents")

    def reset(self, session, access):
        for _ in range(6):
            if self.tabs(session, access) <= 1:
                break
            main = session.windows("Pluma$")
            if main:
                session.xdotool("windowfocus", "--sync", main[0])
            keys(session, "ctrl+w", gap=0.8)
        main = session.windows("Pluma$")
        if main:
            session.xdotool("windowfocus", "--sync", main[0])
        click_point(session, 300, 300)
        keys(session, "ctrl+a", "Delete")
        pause(0.4)

    def type_words(self, session, access):
        session.xdotool("type", "--delay", "40", self.words)
        pause(0.6)

    def type_and_undo(self, session, access):
        self.type_words(session, access)
        for _ in range(3):
            keys(session, "ctrl+z", gap=0.6)

    @property
    def scenarios(self):
        undone = lambda value: 6 - len(value.split())  # noqa: E731
        redone = lambda value: len(value.split()) - 3  # noqa: E731
        new_tabs = lambda value: value - 1  # noqa: E731
        closed = lambda value: 3 - value  # noqa: E731
        return [
            Scenario("pluma-undo-250", D, '6 words typed; the toolbar\'s Undo × 3, 250 ms apart', 250,
                     [(widget("push button", "Undo"), 3)], self.document, undone, 3, setup=self.type_words),
            Scenario("pluma-redo-250", D, '6 words typed, 3 undone; the toolbar\'s Redo × 3, 250 ms apart', 250,
                     [(widget("push button", "Redo"), 3)], self.document, redone, 3, setup=self.type_and_undo),
            Scenario("pluma-ctrl-z-200", D, '6 words typed; Ctrl+Z × 3, 200 ms apart (a GtkAction accelerator)', 200,
                     [(key("ctrl+z"), 3)], self.document, undone, 3, setup=self.type_words),
            Scenario("pluma-ctrl-n-300", D, 'Ctrl+N × 3, 300 ms apart (3 new documents)', 300,
                     [(key("ctrl+n"), 3)], self.tabs, new_tabs, 3),
            Scenario("pluma-ctrl-w-300", D, 'with 3 documents, Ctrl+W (close) × 2, 300 ms apart', 300,
                     [(key("ctrl+w"), 2)], self.tabs, closed, 2, setup=self.three_documents),
            Scenario("pluma-undo-bounce", A, '6 words typed; Undo bouncing: 3 × 40 ms', 40,
                     [(widget("push button", "Undo"), 3)], self.document, undone, 3, setup=self.type_words),
            Scenario("pluma-new-bounce", A, 'the toolbar\'s New bouncing: 3 × 40 ms', 40,
                     [(widget("push button", "New"), 3)], self.tabs, new_tabs, 3),
            Scenario("pluma-new-double", A, 'the toolbar\'s New double-clicked (80 ms)', 80,
                     [(widget("push button", "New"), 2)], self.tabs, new_tabs, 2),
            Scenario("pluma-ctrl-w-bounce", A, 'with 3 documents, Ctrl+W (close) bouncing: 2 × 40 ms', 40,
                     [(key("ctrl+w"), 2)], self.tabs, closed, 2, setup=self.three_documents),
            Scenario("pluma-ctrl-n-bounce", A, 'Ctrl+N bouncing: 3 × 40 ms (a GtkAction accelerator)', 40,
                     [(key("ctrl+n"), 3)], self.tabs, new_tabs, 3),
        ]


# MARK: eog: an image viewer's zoom and next image --------------------------


def write_pictures(folder, count):
    """`count` small PNGs, p1.png … (standard library only)."""
    import os
    import struct
    import zlib

    os.makedirs(folder, exist_ok=True)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    for index in range(count):
        width, height = 400, 300
        row = b"\x00" + bytes((30 * index % 256, 200 - 20 * index % 256, 100)) * width
        data = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(row * height)) + chunk(b"IEND", b""))
        with open(os.path.join(folder, f"p{index + 1}.png"), "wb") as handle:
            handle.write(data)


class EyeOfGnome(App):
    package = "eog"
    window = "^p1.png$"
    levels = ["50%", "67%", "100%", "133%", "200%", "300%", "400%", "500%"]

    def command(self, scratch):
        write_pictures(f"{scratch}/pics", 8)
        return ["eog", f"{scratch}/pics/p1.png"]

    def zoom(self, session, access):
        return access.text("text").strip()

    def title(self, session, access):
        return session.titles()[0] if session.titles() else ""

    def reset(self, session, access):
        main = session.windows("png$")
        if main:
            session.xdotool("windowfocus", "--sync", main[0])
        keys(session, "Home", "1", gap=0.5)

    def steps_from_100(self, value):
        return self.levels.index(value) - self.levels.index("100%")

    @property
    def scenarios(self):
        up = self.steps_from_100
        down = lambda value: -self.steps_from_100(value)  # noqa: E731
        image = lambda value: int(value.split(".")[0][1:]) - 1  # noqa: E731
        return [
            Scenario("eog-zoom-in-250", D, 'Zoom In × 3, 250 ms apart', 250,
                     [(widget("push button", "Zoom In"), 3)], self.zoom, up, 3),
            Scenario("eog-zoom-out-250", D, 'Zoom Out × 2, 250 ms apart', 250,
                     [(widget("push button", "Zoom Out"), 2)], self.zoom, down, 2),
            Scenario("eog-next-key-250", D, 'Right (next image) × 3, 250 ms apart', 250,
                     [(key("Right"), 3)], self.title, image, 3),
            Scenario("eog-zoom-in-bounce", A, 'Zoom In bouncing: 3 × 40 ms', 40,
                     [(widget("push button", "Zoom In"), 3)], self.zoom, up, 3),
            Scenario("eog-zoom-out-bounce", A, 'Zoom Out bouncing: 2 × 40 ms', 40,
                     [(widget("push button", "Zoom Out"), 2)], self.zoom, down, 2),
        ]


# MARK: ristretto: an image viewer's Forward and Back -----------------------


class Ristretto(App):
    package = "ristretto"
    window = "Image Viewer"

    def command(self, scratch):
        write_pictures(f"{scratch}/pics", 8)
        return ["ristretto", f"{scratch}/pics/p1.png"]

    def prepare(self, session, access):
        # "The thumbnailer-service can not be reached": dismissed, for good.
        for _ in range(2):
            try:
                x, y = access.centre("check box", "Do not show this message again", cached=False)
            except LookupError:
                break
            click_point(session, x, y)
            pause(0.3)
            x, y = access.centre("push button", "OK", cached=False)
            click_point(session, x, y)
            pause(0.8)

    def position(self, session, access):
        for title in session.titles():
            if "[" in title:
                return int(title.split("[")[1].split("/")[0])
        return 0

    def reset(self, session, access):
        main = session.windows("Image Viewer")
        if main:
            session.xdotool("windowfocus", "--sync", main[0])
        keys(session, "Home", gap=0.6)

    def to_last(self, session, access):
        keys(session, "End", gap=0.8)

    @property
    def scenarios(self):
        forward = lambda value: value - 1  # noqa: E731
        back = lambda value: 8 - value  # noqa: E731
        return [
            Scenario("ristretto-forward-250", D, 'Forward × 3, 250 ms apart', 250,
                     [(widget("push button", "Forward"), 3)], self.position, forward, 3),
            Scenario("ristretto-back-300", D, 'at the last image, Back × 3, 300 ms apart', 300,
                     [(widget("push button", "Back"), 3)], self.position, back, 3, setup=self.to_last),
            Scenario("ristretto-forward-bounce", A, 'Forward bouncing: 3 × 40 ms', 40,
                     [(widget("push button", "Forward"), 3)], self.position, forward, 3),
            Scenario("ristretto-back-bounce", A, 'at the last image, Back bouncing: 3 × 40 ms', 40,
                     [(widget("push button", "Back"), 3)], self.position, back, 3, setup=self.to_last),
        ]


# MARK: meld: a diff viewer's next and previous change ----------------------


class Meld(App):
    package = "meld"
    window = "^a.txt — b.txt|Meld$"
    changes = [5, 15, 25, 35, 45, 55]

    def command(self, scratch):
        import os

        os.makedirs(f"{scratch}/diff", exist_ok=True)
        lines = [f"line {index}\n" for index in range(60)]
        changed = list(lines)
        for index in self.changes:
            changed[index] = f"changed {index}\n"
        with open(f"{scratch}/diff/a.txt", "w") as handle:
            handle.writelines(lines)
        with open(f"{scratch}/diff/b.txt", "w") as handle:
            handle.writelines(changed)
        return ["meld", f"{scratch}/diff/a.txt", f"{scratch}/diff/b.txt"]

    def line(self, session, access):
        nodes = [node for node in access.nodes("text")]
        # The left pane: the leftmost text view.
        nodes.sort(key=lambda node: node.queryComponent().getExtents(access.pyatspi.DESKTOP_COORDS).x)
        text = nodes[0].queryText()
        return text.getText(0, text.caretOffset).count("\n")

    def reset(self, session, access):
        nodes = access.nodes("text")
        nodes.sort(key=lambda node: node.queryComponent().getExtents(access.pyatspi.DESKTOP_COORDS).x)
        extents = nodes[0].queryComponent().getExtents(access.pyatspi.DESKTOP_COORDS)
        click_point(session, extents.x + 60, extents.y + 40)
        keys(session, "ctrl+Home", gap=0.5)

    def to_end(self, session, access):
        keys(session, "ctrl+End", gap=0.6)

    @property
    def scenarios(self):
        nxt = lambda value: self.changes.index(value) + 1  # noqa: E731
        prev = lambda value: len(self.changes) - self.changes.index(value)  # noqa: E731
        next_button = widget("push button", "~Go to the next change")
        prev_button = widget("push button", "~Go to the previous change")
        return [
            Scenario("meld-next-250", D, 'Go to the next change × 3, 250 ms apart', 250,
                     [(next_button, 3)], self.line, nxt, 3),
            Scenario("meld-previous-300", D, 'at the end, Go to the previous change × 3, 300 ms apart', 300,
                     [(prev_button, 3)], self.line, prev, 3, setup=self.to_end),
            Scenario("meld-alt-down-250", D, 'Alt+Down (next change) × 3, 250 ms apart', 250,
                     [(key("alt+Down"), 3)], self.line, nxt, 3),
            Scenario("meld-next-bounce", A, 'Go to the next change bouncing: 3 × 40 ms', 40,
                     [(next_button, 3)], self.line, nxt, 3),
            Scenario("meld-previous-bounce", A, 'at the end, Go to the previous change bouncing: 3 × 40 ms', 40,
                     [(prev_button, 3)], self.line, prev, 3, setup=self.to_end),
        ]


# MARK: caja: a file manager's Up and Back ----------------------------------


class Caja(App):
    package = "caja"
    window = "^c$"
    depth = {"base": 0, "a": 1, "b": 2, "c": 3}

    def command(self, scratch):
        import os

        os.makedirs(f"{scratch}/base/a/b/c", exist_ok=True)
        self.base = f"{scratch}/base"
        return ["caja", "--no-desktop", "--browser", f"{scratch}/base/a/b/c"]

    def folder(self, session, access):
        titles = [title for title in session.titles() if title in self.depth]
        return titles[0] if titles else ",".join(session.titles())

    def go(self, session, path):
        main = session.windows(".")
        if main:
            session.xdotool("windowfocus", "--sync", main[0])
        keys(session, "ctrl+l", gap=0.4)
        session.xdotool("type", "--delay", "10", path)
        pause(0.2)
        keys(session, "Return", gap=1.0)

    def reset(self, session, access):
        self.go(session, f"{self.base}/a/b/c/")

    def up_to_base(self, session, access):
        for _ in range(3):
            x, y = access.centre("push button", "Up")
            click_point(session, x, y)
            pause(0.9)

    @property
    def scenarios(self):
        up = lambda value: 3 - self.depth[value]  # noqa: E731
        back = lambda value: self.depth[value]  # noqa: E731
        return [
            Scenario("caja-up-400", D, 'in base/a/b/c, Up × 3, 400 ms apart', 400,
                     [(widget("push button", "Up"), 3)], self.folder, up, 3),
            Scenario("caja-back-400", D, 'Up to base, then Back × 2, 400 ms apart', 400,
                     [(widget("push button", "Back"), 2)], self.folder, back, 2, setup=self.up_to_base),
            Scenario("caja-up-bounce", A, 'in base/a/b/c, Up bouncing: 3 × 40 ms', 40,
                     [(widget("push button", "Up"), 3)], self.folder, up, 3),
            Scenario("caja-back-bounce", A, 'Up to base, then Back bouncing: 3 × 40 ms', 40,
                     [(widget("push button", "Back"), 3)], self.folder, back, 3, setup=self.up_to_base),
        ]


# MARK: gnome-mines: a game's board size, which starts a new game -----------


class Mines(App):
    package = "gnome-mines"
    window = "^Mines$"

    def command(self, scratch):
        return ["/usr/games/gnome-mines"]

    def revealed(self, session, access):
        """Whether a cell was opened: the game's clock runs from the first."""
        for node in access.nodes("label"):
            digits = "".join(ch for ch in node.name if ch.isdigit())
            if len(digits) == 4 and ("∶" in node.name or ":" in node.name):
                return int(digits) > 0
        raise LookupError("no clock")

    def reset(self, session, access):
        if access.nodes("push button", "8 × 8\n10 mines"):
            return
        x, y = access.centre("push button", "Change Difficulty", cached=False)
        click_point(session, x, y)
        pause(0.8)
        # A game under way asks "Do you want to start a new game?".
        for node in access.nodes("push button"):
            if "new game" in node.name.lower().replace("_", ""):
                x, y = access.centre("push button", node.name, cached=False)
                click_point(session, x, y)
                pause(0.8)
                break
        if not access.nodes("push button", "8 × 8\n10 mines"):
            raise RuntimeError(f"gnome-mines shows no board sizes: {[n.name for n in access.nodes('push button')][-6:]}")

    @property
    def scenarios(self):
        acted = lambda value: 2 if value else 1  # noqa: E731
        return [
            Scenario("mines-8x8-double", A, '"8 × 8" (new game) double-clicked, 200 ms: the second click lands on the new board',
                     200, [(widget("push button", "8 × 8\n10 mines"), 2)], self.revealed, acted, 2, settle=2.2),
        ]


# MARK: gucharmap: a character map's next script (a GtkAction accelerator) --


class Gucharmap(App):
    package = "gucharmap"
    window = "^Character Map$"
    scripts = ["LATIN", "LEPCHA", "LIMBU", "LINEAR A", "LINEAR B", "LISU"]

    def command(self, scratch):
        return ["gucharmap"]

    def script(self, session, access):
        return access.nodes("status bar")[0].name

    def index(self, value):
        name = value.split(" ", 1)[1] if " " in value else value
        for position in reversed(range(len(self.scripts))):
            if name.startswith(self.scripts[position]):
                return position
        raise ValueError(value)

    def reset(self, session, access):
        main = session.windows("^Character Map$")
        if main:
            session.xdotool("windowfocus", "--sync", main[0])
        for _ in range(8):
            if self.index(self.script(session, access)) == 0:
                break
            keys(session, "ctrl+Page_Up", gap=0.6)

    @property
    def scenarios(self):
        return [
            Scenario("gucharmap-next-script-250", D, 'Ctrl+Page Down (next script) × 3, 250 ms apart', 250,
                     [(key("ctrl+Page_Down"), 3)], self.script, self.index, 3),
            Scenario("gucharmap-next-script-bounce", A, 'Ctrl+Page Down bouncing: 3 × 40 ms', 40,
                     [(key("ctrl+Page_Down"), 3)], self.script, self.index, 3),
        ]


APPS = {app.package: app for app in [Qalculate(), MateCalc(), Pluma(), EyeOfGnome(), Ristretto(), Meld(), Caja(),
                                     Mines(), Gucharmap()]}
