"""`scripts/bench compare A.json B.json`: every figure of two result files side by side, before (A)
and after (B), with the ratio after / before, and a mark where a figure moved beyond the noise
threshold: WORSE, or better. It measures, it does not judge: exit status 0 whatever moved; 2,
with one line, when a file is not a bench result of this schema's major version.

A figure moved when its ratio is beyond the threshold (default 10%) in the direction that
matters (lower is better for times and memory, higher for throughput) and its change is larger
than the unit's absolute noise (a millisecond of a 3 ms process is scheduling, not a change).
"""
import argparse
import sys

from . import results
from .text import fmt_value, table

DEFAULT_THRESHOLD = 0.10
# Below these differences a figure has not moved, whatever its ratio.
ABSOLUTE_NOISE = {"ms": 1.0, "s": 0.05, "MB": 2.0, "x": 0.05}


def verdict(before, after, better="lower", unit="ms", threshold=DEFAULT_THRESHOLD):
    """worse, better or same for a figure present in both files; only-before or only-after when
    only one has a value; n/a when neither has."""
    if before is None and after is None:
        return "n/a"
    if after is None:
        return "only-before"
    if before is None:
        return "only-after"
    if abs(after - before) <= ABSOLUTE_NOISE.get(unit, 0):
        return "same"
    if before == 0:  # from nothing to something
        return "worse" if (after > 0) == (better == "lower") else "better"
    ratio = after / before
    if better == "higher":
        ratio = 1 / ratio if ratio else float("inf")
    if ratio > 1 + threshold:
        return "worse"
    if ratio < 1 / (1 + threshold):
        return "better"
    return "same"


def rows(a, b, threshold=DEFAULT_THRESHOLD):
    """One row per figure in either file (A's order, then B's new ones): name, unit, before,
    after, ratio (after / before, None when not both), verdict."""
    fa, fb = a.get("figures", {}), b.get("figures", {})
    out = []
    for name in list(fa) + [n for n in fb if n not in fa]:
        x, y = fa.get(name) or {}, fb.get(name) or {}
        before, after = x.get("value"), y.get("value")
        unit, better = (x or y).get("unit"), (x or y).get("better", "lower")
        if name in fa and name not in fb:
            v = "only-before"
        elif name in fb and name not in fa:
            v = "only-after"
        else:
            v = verdict(before, after, better, unit, threshold)
        out.append({"name": name, "unit": unit, "better": better, "before": before, "after": after,
                    "ratio": after / before if before and after is not None else None, "verdict": v})
    return out


def target_changes(a, b):
    """(name, status before, status after) for each target whose status changed."""
    before = {t.get("name", t.get("target")): t.get("status") for t in a.get("targets", [])}
    after = {t.get("name", t.get("target")): t.get("status") for t in b.get("targets", [])}
    return [(n, before.get(n, "-"), after.get(n, "-")) for n in list(before) + [n for n in after if n not in before]
            if before.get(n) != after.get(n)]


MARKS = {"worse": "WORSE", "better": "better", "only-before": "only in A", "only-after": "only in B"}


def describe(data, path):
    m = data.get("machine", {})
    load = data.get("load_average", {})
    return (f"{path}: {data.get('date')}, commit {data.get('commit')}, {data.get('binary')}; "
            f"{m.get('cores')} cores, {m.get('cpu')}; load {load.get('start')} to {load.get('end')}; {data.get('runs')} runs")


def render(a, b, path_a, path_b, threshold=DEFAULT_THRESHOLD, changed_only=False):
    compared = rows(a, b, threshold)
    lines = [f"A {describe(a, path_a)}", f"B {describe(b, path_b)}"]
    ma, mb = a.get("machine", {}), b.get("machine", {})
    if (ma.get("cores"), ma.get("cpu"), ma.get("memory_mb")) != (mb.get("cores"), mb.get("cpu"), mb.get("memory_mb")):
        lines.append("note: the machines differ; compare ratios to floors (the sqlite3 and spawn figures), not times")
    if a.get("runs") != b.get("runs"):
        lines.append(f"note: runs differ ({a.get('runs')} and {b.get('runs')})")
    shown = [r for r in compared if not changed_only or r["verdict"] in ("worse", "better")]
    table_rows = []
    for r in shown:
        change = f"{(r['ratio'] - 1) * 100:+.0f}%" if r["ratio"] is not None else ""
        table_rows.append([r["name"], r["unit"] or "", fmt_value(r["before"]), fmt_value(r["after"]),
                           f"{r['ratio']:.2f}x" if r["ratio"] is not None else "n/a", change, MARKS.get(r["verdict"], "")])
    lines += ["", table(["figure", "unit", "before", "after", "ratio", "change", ""], table_rows)]
    changes = target_changes(a, b)
    if changes:
        lines += ["", "targets whose status changed:"] + [f"  {x:4} -> {y:4}  {n}" for n, x, y in changes]
    count = lambda v: sum(r["verdict"] == v for r in compared)  # noqa: E731
    lines += ["", f"{count('worse')} worse, {count('better')} better beyond {threshold * 100:g}% (and the unit's noise: "
              + ", ".join(f"{v:g} {u}" for u, v in ABSOLUTE_NOISE.items())
              + f"), {count('same')} within it, {count('only-before') + count('only-after')} in one file only"
              + (f", {count('n/a')} measured in neither" if count("n/a") else "")
              + (" (higher is better for per s and MB/s; lower for the rest)" if compared else "")]
    return "\n".join(lines)


def main(argv):
    parser = argparse.ArgumentParser(prog="scripts/bench compare", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("before", metavar="A.json", help="the baseline: a result of scripts/bench (--json)")
    parser.add_argument("after", metavar="B.json", help="the result to compare with it")
    parser.add_argument("--threshold", type=float, default=DEFAULT_THRESHOLD * 100,
                        help=f"percent a figure must move to be marked (default {DEFAULT_THRESHOLD * 100:g})")
    parser.add_argument("--changed", action="store_true", help="list only the figures marked worse or better")
    args = parser.parse_args(argv)
    if args.threshold < 0:
        parser.error("--threshold: a percentage, 0 or more")
    try:
        a, b = results.load(args.before), results.load(args.after)
    except results.NotAResult as error:
        print(f"bench compare: {error}", file=sys.stderr)
        return 2
    print(render(a, b, args.before, args.after, args.threshold / 100, args.changed))
    return 0
