"""Export and compare, per corpus size, end to end with their peak memory (issues 7 and 16):
`export matrix` as CSV (the default aspects), with every heading a column (`--aspects all`, the
matrix before issue 16) and as JSON, and `compare --aspect state`."""
from .. import runner
from ..results import figure
from ..text import fmt_ms, table
from . import size_label

NAME = "export"
# (key in the size's record, figure label, a11ykb arguments before --db)
COMMANDS = (
    ("export_matrix", "export matrix csv", ["export", "matrix", "--format", "csv"]),
    ("export_matrix_all", "export matrix --aspects all", ["export", "matrix", "--aspects", "all", "--format", "csv"]),
    ("export_matrix_json", "export matrix --format json", ["export", "matrix", "--format", "json"]),
    ("compare_state", "compare --aspect state", ["compare", "--aspect", "state"]),
)


def name(entries, label, peak=False):
    return f"export/{entries}/{label}" + (" peak RSS" if peak else "")


def run(ctx, size):
    """Adds one record per command to the size's record."""
    entries, db = size["entries"], ctx.db(size["entries"])
    runner.log(f"{entries}: export matrix, compare ...")
    for key, _, args in COMMANDS:
        size[key] = runner.measure([ctx.binary, *args, "--db", db], ctx.runs)
    return size


def figures(sizes):
    out = {}
    for s in sizes:
        for key, label, _ in COMMANDS:
            if key in s:
                record = s[key]
                out[name(s["entries"], label)] = figure(runner.median_ms(record), "ms")
                rss = record.get("peak_rss_kb")
                out[name(s["entries"], label, peak=True)] = figure(rss / 1024 if rss else None, "MB")
    return out


def report(sizes):
    def cell(record):
        record = record or {}
        m = runner.median_ms(record)
        return f"{fmt_ms(m)} / {record['peak_rss_kb'] / 1024:.0f}" if m is not None else record.get("error", "n/a")
    rows = [[size_label(s["entries"])] + [cell(s.get(key)) for key, _, _ in COMMANDS]
            for s in sizes if any(key in s for key, _, _ in COMMANDS)]
    if not rows:
        return ""
    return "\n".join(["", "Export and compare, end to end (median ms / peak RSS MB)",
                      table(["entries"] + [label for _, label, _ in COMMANDS], rows)])
