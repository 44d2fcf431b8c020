#!/usr/bin/env python3
"""Renders the labelled corpus's table ("Tested in real apps: the labelled
corpus", docs/module.md) from the results CorpusTests writes.

    scripts/corpus-table.py [RESULTS] [--write DOC]

RESULTS defaults to out/corpus/results.json. --failures VARIANT lists the
scenarios that broke their label under it instead. Prints the Markdown table and
its totals; with --write, replaces the part of DOC between the
`<!-- corpus-table:begin -->` and `<!-- corpus-table:end -->` lines with
them instead. Python 3 standard library only.
"""

import argparse
import json
import sys

BEGIN, END = "<!-- corpus-table:begin -->", "<!-- corpus-table:end -->"
VARIANTS = [("without", "without"), ("default", "with (default)"), ("bounce", "with `profile=bounce`")]


def acted(runs):
    """The actions counted in each run ("3 3 3"), "?" for an unread one."""
    if not runs:
        return "—"
    return " ".join("?" if run.get("acted") is None or not run.get("valid") else str(run["acted"]) for run in runs)


def verdict(scenario, variant, runs):
    """Whether every run did what the label asks of that variant."""
    if not runs or not all(run.get("valid") and run.get("acted") is not None for run in runs):
        return False
    if variant == "without":
        if scenario["kind"] == "deliberate":
            return all(run["acted"] == scenario["repeats"] for run in runs)
        return any(run["acted"] > 1 for run in runs)
    if scenario["kind"] == "deliberate":
        return all(run["acted"] == scenario["repeats"] for run in runs)
    return all(run["acted"] == 1 for run in runs)


def gaps(scenario):
    """The range of the real gaps (X server timestamps) over every valid run."""
    values = [gap for runs in scenario["variants"].values() for run in runs if run.get("valid") for gap in run["gaps"]]
    if not values:
        return "—"
    low, high = min(values), max(values)
    return f"{low}" if low == high else f"{low}–{high}"


def render(results):
    apps = results["apps"]
    lines = [
        "| app | version | what a person does | label | real gaps (ms) | " + " | ".join(title for _, title in VARIANTS) + " |",
        "|---|---|---|---|---|" + "---|" * len(VARIANTS),
    ]
    totals = {variant: {"deliberate": [0, 0], "accidental": [0, 0]} for variant, _ in VARIANTS}
    for scenario in results["scenarios"]:
        cells = []
        for variant, _ in VARIANTS:
            runs = scenario["variants"].get(variant, [])
            ok = verdict(scenario, variant, runs)
            if runs:
                tally = totals[variant][scenario["kind"]]
                tally[1] += 1
                tally[0] += ok
            mark = "" if not runs else (" ✓" if ok else " ✗")
            cells.append(acted(runs) + mark)
        app = apps.get(scenario["app"], {})
        lines.append(
            f"| {scenario['app']} | {app.get('version', '?')} | {scenario['what']} | {scenario['kind']}, "
            f"{scenario['pace_ms']} ms | {gaps(scenario)} | " + " | ".join(cells) + " |")
    lines.append("")
    lines.append("| totals | " + " | ".join(title for _, title in VARIANTS) + " |")
    lines.append("|---|" + "---|" * len(VARIANTS))
    row = []
    for variant, _ in VARIANTS:
        kept, total = totals[variant]["deliberate"]
        row.append(f"{kept}/{total}" if total else "—")
    lines.append("| deliberate: acted every time (without) / kept | " + " | ".join(row) + " |")
    row = []
    for variant, _ in VARIANTS:
        caught, total = totals[variant]["accidental"]
        row.append(f"{caught}/{total}" if total else "—")
    lines.append("| accidental: duplicated (without) / caught | " + " | ".join(row) + " |")
    count = len(results["scenarios"])
    lines.append("")
    lines.append(
        f"{count} scenarios in {len(apps)} apps, {results['runs']} runs each per column (the figures are "
        f"the actions counted in each run); the run took {round(results['seconds'])} s.")
    return "\n".join(lines) + "\n"


def failures(results, variant="default"):
    """One line per scenario that broke its label under `variant`: each
    run's count, real gaps and the module's decisions (outcome reason)."""
    lines = []
    for scenario in results["scenarios"]:
        runs = scenario["variants"].get(variant, [])
        if verdict(scenario, variant, runs):
            continue
        lines.append(f"- {scenario['id']} ({scenario['kind']}, {scenario['pace_ms']} ms; {scenario['what']}): "
                     f"acted {acted(runs)} of {scenario['repeats']} pressed")
        for run in runs:
            reasons = ", ".join(" ".join(d.split(" ")[:2]) for d in run.get("decisions", []))
            lines.append(f"  - gaps {run['gaps']} ms, acted {run.get('acted')}: {reasons or 'no decisions'}")
    return "\n".join(lines) + "\n" if lines else "(none)\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("results", nargs="?", default="out/corpus/results.json")
    parser.add_argument("--write", metavar="DOC")
    parser.add_argument("--failures", metavar="VARIANT", help="list the scenarios that broke their label")
    args = parser.parse_args()
    try:
        with open(args.results, encoding="utf-8") as handle:
            results = json.load(handle)
    except (OSError, ValueError) as error:
        sys.exit(f"corpus-table: cannot read {args.results}: {error} (CorpusTests writes it)")
    if args.failures:
        sys.stdout.write(failures(results, args.failures))
        return
    table = render(results)
    if not args.write:
        sys.stdout.write(table)
        return
    with open(args.write, encoding="utf-8") as handle:
        text = handle.read()
    if BEGIN not in text or END not in text:
        sys.exit(f"corpus-table: {args.write} has no {BEGIN} … {END} lines to replace")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    with open(args.write + ".tmp", "w", encoding="utf-8") as handle:
        handle.write(head + BEGIN + "\n" + table + END + tail)
    import os

    os.replace(args.write + ".tmp", args.write)
    print(f"corpus-table: wrote the table into {args.write}")


if __name__ == "__main__":
    main()
