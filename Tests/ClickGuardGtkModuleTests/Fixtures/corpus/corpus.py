#!/usr/bin/python3
"""The labelled corpus (issue 37): real Debian 12 GTK 3 apps, each scenario
labelled deliberate or accidental with its pace, run without the module,
with it at the default profile and with the bounce profile.

    corpus.py --module LIB --out DIR [--jobs N] [--runs N] [--only APP,...]

Each (app, variant) is one worker process: its own Xvfb display, its own
D-Bus session (dbus-run-session, which also starts the app's accessibility
bus), one launch of the app, then every scenario of that app in turn, each
run --runs times with a reset before each run. Input is real X input
(XTEST) from inject.c, which reports the X server's timestamps of its
presses: a run whose real gaps broke the label's pace is recorded as
invalid and retried. Outcomes are read back from the app over AT-SPI (the
text of a display, a caret, a label) or from its window titles.

Writes DIR/results.json (per scenario and variant: each run's presses,
real gaps, value read back, actions counted, the module's decisions) and
prints one line per scenario. Python 3 standard library plus pyatspi.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
VARIANTS = ("without", "default", "bounce")
ATTEMPTS = 5

# MARK: Scenarios ------------------------------------------------------------


class Scenario:
    """One thing a person does, labelled with its kind and pace.

    `presses` are (target, count) pairs pressed in order, one press every
    `pace_ms` (press to press); a target is ("widget", role, name) found over
    AT-SPI, ("key", chord) or ("point", x, y). `acted` turns what `read`
    returned into how many times the repeated action acted; `repeats` is how
    many times a person pressed it (what a deliberate scenario must act).
    """

    def __init__(self, ident, kind, what, pace_ms, presses, read, acted, repeats, setup=None, settle=1.0):
        self.ident, self.kind, self.what, self.pace_ms = ident, kind, what, pace_ms
        self.presses, self.read, self.acted, self.repeats = presses, read, acted, repeats
        self.setup, self.settle = setup, settle

    def pace_ok(self, gaps):
        """Whether every real gap kept the label's pace: within -20% and
        +25% of the label, a bounce under 100 ms and a double-click under
        GTK's double-click time."""
        low = self.pace_ms * 0.8 - 5
        high = self.pace_ms * 1.25 + 15
        if self.kind == "accidental":
            # A bounce stays under 100 ms; a double-click within GTK's
            # double-click time (400 ms).
            high = min(high, 100 if self.pace_ms < 100 else 400)
        return all(low <= gap <= high for gap in gaps)


def widget(role, name):
    return ("widget", role, name)


def key(chord):
    return ("key", chord)


def count_of(char):
    return lambda value: value.count(char)


# MARK: AT-SPI ---------------------------------------------------------------


class Accessibility:
    """The app's accessible tree, over its session's accessibility bus."""

    def __init__(self):
        import pyatspi  # imported here: it binds to this process's session bus

        self.pyatspi = pyatspi
        self.cache = {}

    def apps(self):
        return [app for app in self.pyatspi.Registry.getDesktop(0) if app is not None]

    def walk(self, node, depth=0):
        """The showing nodes under `node`, menus left out."""
        try:
            if depth > 1 and not node.getState().contains(self.pyatspi.STATE_SHOWING):
                return
            if node.getRoleName() == "menu bar":
                return
        except Exception:
            return
        yield node
        try:
            children = list(node)
        except Exception:
            return
        for child in children:
            if child is not None:
                yield from self.walk(child, depth + 1)

    def nodes(self, role, name=None, description=None):
        found = []
        for app in self.apps():
            for node in self.walk(app):
                try:
                    if node.getRoleName() != role:
                        continue
                    if name is not None and node.name != name:
                        continue
                    if description is not None and node.description != description:
                        continue
                    found.append(node)
                except Exception:
                    continue
        return found

    def centre(self, role, name, cached=True):
        """The screen point at the centre of the showing `role` named
        `name` ("~text" matches its description instead)."""
        if cached and (role, name) in self.cache:
            return self.cache[(role, name)]
        description = name[1:] if name.startswith("~") else None
        deadline = time.monotonic() + 5
        nodes = self.nodes(role, None if description is not None else name, description)
        while not nodes and time.monotonic() < deadline:
            time.sleep(0.3)
            nodes = self.nodes(role, None if description is not None else name, description)
        if not nodes:
            raise LookupError(f"no showing {role} named {name!r}")
        extents = nodes[0].queryComponent().getExtents(self.pyatspi.DESKTOP_COORDS)
        point = (extents.x + extents.width // 2, extents.y + extents.height // 2)
        self.cache[(role, name)] = point
        return point

    def text(self, role, name=None, index=0):
        nodes = self.nodes(role, name)
        if len(nodes) <= index:
            raise LookupError(f"no showing {role} {name!r} #{index}")
        node = nodes[index]
        try:
            return node.queryText().getText(0, -1)
        except Exception:
            return node.name

    def caret_line(self, role="text"):
        """The line of the caret in the focused text view."""
        for node in self.nodes(role):
            if node.getState().contains(self.pyatspi.STATE_FOCUSED):
                text = node.queryText()
                return text.getText(0, text.caretOffset).count("\n")
        raise LookupError("no focused text view")

    def count(self, role):
        return len(self.nodes(role))


# MARK: The session ----------------------------------------------------------


class Session:
    """One app on a display of its own, in a D-Bus session of its own."""

    def __init__(self, command, variant, module, scratch, setup=""):
        self.scratch = scratch
        self.home = os.path.join(scratch, "home")
        os.makedirs(os.path.join(self.home, "work"), exist_ok=True)
        read, write = os.pipe()
        self.xvfb = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-ac", "-nolisten", "tcp"],
            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        number = b""
        while not number.endswith(b"\n"):
            chunk = os.read(read, 16)
            if not chunk:
                raise RuntimeError("Xvfb did not start")
            number += chunk
        os.close(read)
        self.display = ":" + number.decode().strip()
        print(f"corpus: {command[0]} {variant} on display {self.display}", file=sys.stderr)
        self.log = os.path.join(scratch, "clickguard.jsonl")
        env = {
            "HOME": self.home, "PATH": "/usr/local/bin:/usr/bin:/bin:/usr/games", "DISPLAY": self.display,
            "XDG_RUNTIME_DIR": self.home, "GSETTINGS_BACKEND": "memory", "LANG": "C.UTF-8",
            "GTK_A11Y": "atspi", "NO_AT_BRIDGE": "0",
            # pluma finds a running pluma (on another display) through a
            # socket in the temporary directory and hands it its window.
            "TMPDIR": self.home,
        }
        if variant != "without":
            env["GTK3_MODULES"] = module
            env["CLICKGUARD_LOG"] = self.log
            if variant == "bounce":
                env["CLICKGUARD_PROFILE"] = "bounce"
        self.env = env
        bus_file = os.path.join(scratch, "bus")
        if os.path.exists(bus_file):
            os.remove(bus_file)
        script = f'cd "$HOME/work" || exit 1\n{setup}\nexec dbus-run-session -- sh -c \'echo "$DBUS_SESSION_BUS_ADDRESS" > {bus_file}; exec "$@"\' sh "$@"'
        self.output = open(os.path.join(scratch, "output.log"), "w")
        self.app = subprocess.Popen(
            ["/bin/sh", "-c", script, "sh"] + command, env=env, stdout=self.output, stderr=subprocess.STDOUT,
            start_new_session=True)
        deadline = time.monotonic() + 20
        while not (os.path.exists(bus_file) and open(bus_file).read().strip()):
            if time.monotonic() > deadline or self.app.poll() is not None:
                raise RuntimeError(f"{command[0]} started no session bus")
            time.sleep(0.05)
        os.environ["DISPLAY"] = self.display
        os.environ["DBUS_SESSION_BUS_ADDRESS"] = open(bus_file).read().strip()
        self.injector = os.path.join(os.path.dirname(scratch), "inject")

    def stop(self):
        for proc, group in ((self.app, True), (self.xvfb, False)):
            try:
                if group:
                    os.killpg(proc.pid, 15)
                else:
                    proc.terminate()
                proc.wait(timeout=3)
            except Exception:
                try:
                    os.killpg(proc.pid, 9) if group else proc.kill()
                    proc.wait(timeout=2)
                except Exception:
                    pass
        self.output.close()

    def run(self, command, timeout=10):
        try:
            return subprocess.run(command, capture_output=True, text=True, timeout=timeout).stdout
        except subprocess.TimeoutExpired:
            return ""

    def windows(self, name="."):
        out = self.run(["xdotool", "search", "--onlyvisible", "--name", name])
        return [line for line in out.split() if line]

    def titles(self):
        return [self.run(["xdotool", "getwindowname", w]).strip() for w in self.windows()]

    def wait_window(self, name, timeout=20):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = self.windows(name)
            if found:
                return found[0]
            time.sleep(0.1)
        raise RuntimeError(f"no window named {name!r} in {timeout} s; titles: {self.titles()}")

    def xdotool(self, *arguments):
        return self.run(["xdotool"] + list(arguments))

    def inject(self, steps):
        out = self.run([self.injector] + [str(step) for step in steps], timeout=30)
        try:
            return json.loads(out)["presses"]
        except Exception:
            return []

    def log_offset(self):
        try:
            return os.path.getsize(self.log)
        except OSError:
            return 0

    def decisions(self, offset):
        try:
            with open(self.log, "rb") as handle:
                handle.seek(offset)
                lines = handle.read().decode("utf-8", "replace").splitlines()
        except OSError:
            return []
        found = []
        for line in lines:
            try:
                entry = json.loads(line)
            except ValueError:
                continue
            if entry.get("reason") == "kind-skipped" and entry.get("outcome") == "passed":
                continue
            found.append(" ".join(str(entry.get(field, "-")) for field in ("outcome", "reason", "accessible", "event_time")))
        return found


# MARK: Running ---------------------------------------------------------------


def press_steps(session, access, scenario):
    """The injector's steps for the scenario's presses, one every pace_ms."""
    steps = ["hold", max(8, min(60, scenario.pace_ms // 3))]
    at = 0
    for target, count in scenario.presses:
        for _ in range(count):
            if at > 0:
                steps += ["at", at]
            if target[0] == "widget":
                x, y = access.centre(target[1], target[2])
                steps += ["move", x, y, "click", 1]
            elif target[0] == "point":
                steps += ["move", target[1], target[2], "click", 1]
            else:
                steps += ["key", target[1]]
            at += scenario.pace_ms
    return steps


def run_scenario(app, session, access, scenario, runs):
    results = []
    for run in range(runs):
        attempts = []
        for attempt in range(ATTEMPTS):
            try:
                app.reset(session, access)
                if scenario.setup:
                    scenario.setup(session, access)
            except Exception as error:  # a reset that failed: retried
                attempts.append({"value": f"(reset failed: {error})", "acted": None, "gaps": [], "valid": False,
                                 "decisions": []})
                continue
            offset = session.log_offset()
            steps = press_steps(session, access, scenario)
            presses = session.inject(steps)
            time.sleep(scenario.settle)
            try:
                value = scenario.read(session, access)
            except Exception as error:  # a read that failed is recorded, not fatal
                value = f"(read failed: {error})"
            gaps = [b - a for a, b in zip(presses, presses[1:])]
            # The pace that matters is the one between the repeated presses:
            # all of them (a leading different key is pressed at the same pace).
            valid = len(presses) == sum(count for _, count in scenario.presses) and scenario.pace_ok(gaps)
            try:
                acted = scenario.acted(value) if not str(value).startswith("(read failed") else None
            except Exception:
                acted = None
            record = {"value": value, "acted": acted, "gaps": gaps, "valid": valid,
                      "decisions": session.decisions(offset) if session.env.get("GTK3_MODULES") else []}
            attempts.append(record)
            if valid and acted is not None:
                break
        final = next((a for a in reversed(attempts) if a["valid"] and a["acted"] is not None), attempts[-1])
        results.append({**final, "attempts": len(attempts),
                        "invalid_gaps": [a["gaps"] for a in attempts[:-1] if not a["valid"]]})
    return results


def worker(app_name, variant, module, out, runs, scenario_filter):
    from corpus_apps import APPS

    app = APPS[app_name]
    scratch = tempfile.mkdtemp(prefix=f"{app_name}-{variant}-", dir=out)
    session = Session(app.command(scratch), variant, module, scratch, app.setup_script(scratch))
    results, errors = {}, []
    started = time.monotonic()
    try:
        try:
            session.wait_window(app.window, timeout=30)
        except RuntimeError:
            # Seen once with four apps starting at once: no window at all.
            # A second launch, then a clear error.
            session.stop()
            session = Session(app.command(scratch), variant, module, scratch, app.setup_script(scratch))
            session.wait_window(app.window, timeout=30)
        access = Accessibility()
        deadline = time.monotonic() + 20
        while not access.apps() and time.monotonic() < deadline:
            time.sleep(0.2)
        time.sleep(1.0)
        app.prepare(session, access)
        for scenario in app.scenarios:
            if scenario_filter and scenario.ident not in scenario_filter:
                continue
            try:
                results[scenario.ident] = run_scenario(app, session, access, scenario, runs)
            except Exception as error:  # this scenario's runs are missing; the others go on
                import traceback

                traceback.print_exc()
                results[scenario.ident] = []
                errors.append(f"{scenario.ident}: {error}")
    finally:
        session.stop()
    outcome = {"app": app_name, "variant": variant, "seconds": round(time.monotonic() - started, 1),
               "results": results}
    if errors:
        outcome["error"] = "; ".join(errors)
    return outcome


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--module", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--jobs", type=int, default=3)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", default="")
    parser.add_argument("--scenarios", default="")
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--worker", nargs=2, metavar=("APP", "VARIANT"))
    args = parser.parse_args()
    sys.path.insert(0, HERE)
    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    scenario_filter = set(filter(None, args.scenarios.split(",")))
    if args.worker:
        result = worker(args.worker[0], args.worker[1], args.module, out, args.runs, scenario_filter)
        print(json.dumps(result))
        return

    from corpus_apps import APPS

    injector = os.path.join(out, "inject")
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "x11", "xi", "xtst"], capture_output=True,
                           text=True, check=True).stdout.split()
    subprocess.run(["cc", "-Wall", "-Werror", "-O1", "-o", injector, os.path.join(HERE, "inject.c")] + flags,
                   check=True)
    names = [name for name in APPS if not args.only or name in args.only.split(",")]
    variants = args.variants.split(",")
    jobs = [(name, variant) for name in names for variant in variants]
    # Longest first: the apps with most scenarios.
    jobs.sort(key=lambda job: -len(APPS[job[0]].scenarios))
    started = time.monotonic()
    running, finished = [], []
    while jobs or running:
        while jobs and len(running) < args.jobs:
            name, variant = jobs.pop(0)
            log = open(os.path.join(out, f"{name}-{variant}.stderr"), "w")
            proc = subprocess.Popen(
                [sys.executable, os.path.abspath(__file__), "--module", args.module, "--out", out, "--runs",
                 str(args.runs), "--scenarios", args.scenarios, "--worker", name, variant],
                stdout=subprocess.PIPE, stderr=log, text=True)
            running.append((name, variant, proc, log))
        time.sleep(0.2)
        for item in list(running):
            name, variant, proc, log = item
            if proc.poll() is None:
                continue
            running.remove(item)
            log.close()
            text = proc.stdout.read()
            try:
                finished.append(json.loads(text.strip().splitlines()[-1]))
            except Exception:
                finished.append({"app": name, "variant": variant, "error": open(log.name).read()[-2000:],
                                 "results": {}})
            print(f"corpus: {name} {variant} done ({finished[-1].get('seconds', '?')} s)", file=sys.stderr)
    document = {"seconds": round(time.monotonic() - started, 1), "runs": args.runs, "apps": {}, "scenarios": []}
    by_job = {(item["app"], item["variant"]): item for item in finished}
    for name in names:
        app = APPS[name]
        document["apps"][name] = {"package": app.package, "version": app.version(), "errors": {
            variant: by_job.get((name, variant), {}).get("error") for variant in variants
            if by_job.get((name, variant), {}).get("error")}}
        for scenario in app.scenarios:
            if scenario_filter and scenario.ident not in scenario_filter:
                continue
            entry = {"id": scenario.ident, "app": name, "kind": scenario.kind, "pace_ms": scenario.pace_ms,
                     "what": scenario.what, "repeats": scenario.repeats, "variants": {}}
            for variant in variants:
                entry["variants"][variant] = by_job.get((name, variant), {}).get("results", {}).get(scenario.ident, [])
            document["scenarios"].append(entry)
    with open(os.path.join(out, "results.json"), "w") as handle:
        json.dump(document, handle, indent=1, ensure_ascii=False)
    for entry in document["scenarios"]:
        cells = "  ".join(f"{v}={[r['acted'] for r in entry['variants'][v]]}" for v in variants)
        print(f"corpus: {entry['id']} ({entry['kind']}, {entry['pace_ms']} ms) {cells}")
    print(f"corpus: {len(document['scenarios'])} scenarios in {document['seconds']} s")


if __name__ == "__main__":
    main()
