"""The targets the issues set, as data, and the one function that checks them.

A target names a measured figure and either a maximum value (in the figure's unit) or a floor
figure and a maximum ratio measured / floor. It passes when the value (or the ratio) is at most
its limit, fails above it, and is skipped when a figure it needs was not measured (a size not
run, a tool missing). The bench reports; it does not judge: a failed target never changes the
exit status.

Where a target's figure has a stack floor beside it (benchkit.stackfloor: the same query, or
--version, from the smallest program on a11ykb's stack), its record says how the stack floor
itself stands to the same limit, and a11ykb's ratio to it: a limit the stack floor itself does not
meet is one a11ykb cannot meet on this stack, whatever its own code does. That never changes a
status: the targets are the issues'.
"""
import dataclasses

from .suites import export, importing, mcp, readers, search, serve, siege, startup
from .text import fmt_value


@dataclasses.dataclass(frozen=True)
class Target:
    name: str
    measured: str  # a figure's name
    issue: int
    floor: str = None  # a figure's name: with max_ratio, measured / floor is checked
    max_ratio: float = None
    max_value: float = None  # in the measured figure's unit

    def __post_init__(self):
        if (self.max_ratio is None) == (self.max_value is None):
            raise ValueError(f"{self.name}: a target has a max_ratio or a max_value, one of them")
        if (self.max_ratio is not None) != (self.floor is not None):
            raise ValueError(f"{self.name}: a max_ratio needs a floor figure, and only a max_ratio has one")

    @property
    def suite(self):
        """The suite whose figure this target reads (the first part of its name)."""
        return self.measured.split("/")[0]


def _value(figures, name):
    f = figures.get(name) if name else None
    return (f.get("value"), f.get("unit")) if isinstance(f, dict) else (None, None)


def stack_floor_figure(measured):
    """The stack floor's figure beside a measured figure (a fact search's, a11ykb --version's), or None."""
    return search.stack_floor_figure(measured) or startup.stack_floor_figure(measured)


def stack_floor_against(t, figures, measured):
    """How the stack floor itself stands to target t's limit, for a record: its figure, the value
    checked as t checks a11ykb's (None when not measured), whether that is within the limit, and
    in words, with a11ykb's ratio to it (measured: a11ykb's value)."""
    name = stack_floor_figure(t.measured)
    stack, unit = _value(figures, name)
    out = {"figure": name, "value": None, "within": None}
    if stack is None:
        return dict(out, measured=f"the stack floor itself: not measured ({name})")
    share = f"; a11ykb is {measured / stack:.2f}x the stack floor" if stack else ""
    if t.floor is not None:
        floor, floor_unit = _value(figures, t.floor)
        ratio = stack / floor
        within = ratio <= t.max_ratio
        text = (f"{fmt_value(stack)} {unit} vs {fmt_value(floor)} {floor_unit} = {ratio:.2f}x, "
                f"{'within' if within else 'above'} the limit of {t.max_ratio:g}x")
        return dict(out, value=ratio, within=within, measured=f"the stack floor itself: {text}{share}")
    within = stack <= t.max_value
    text = f"{fmt_value(stack)} {unit}, {'within' if within else 'above'} the limit of {t.max_value:g} {unit}"
    return dict(out, value=stack, within=within, measured=f"the stack floor itself: {text}{share}")


def check(targets, figures):
    """Each target's record, in the table's order: name, issue, status (PASS, FAIL or SKIP),
    what was measured in words, the value checked (None when skipped) and its limit; and, for a
    checked target whose figure has a stack floor beside it, how the stack floor stands to the
    same limit (stack_floor_against; else stack_floor is None)."""
    records = []
    for t in targets:
        record = {"name": t.name, "issue": t.issue, "figure": t.measured, "floor": t.floor,
                  "limit": t.max_ratio if t.max_ratio is not None else t.max_value, "value": None,
                  "stack_floor": None}
        measured, unit = _value(figures, t.measured)
        if measured is None:
            record.update(status="SKIP", measured=f"not measured ({t.measured})")
        elif t.floor is not None:
            floor, floor_unit = _value(figures, t.floor)
            if not floor:
                record.update(status="SKIP", measured=f"floor not measured ({t.floor})")
            else:
                ratio = measured / floor
                record.update(status="PASS" if ratio <= t.max_ratio else "FAIL", value=ratio,
                              measured=f"{fmt_value(measured)} {unit} vs {fmt_value(floor)} {floor_unit} = {ratio:.2f}x "
                                       f"(limit {t.max_ratio:g}x)")
        else:
            record.update(status="PASS" if measured <= t.max_value else "FAIL", value=measured,
                          measured=f"{fmt_value(measured)} {unit} ({measured / t.max_value:.2f}x the limit of "
                                   f"{t.max_value:g} {unit})")
        if record["status"] != "SKIP" and stack_floor_figure(t.measured):
            record["stack_floor"] = stack_floor_against(t, figures, measured)
        records.append(record)
    return records


def report(records, title="Targets"):
    """The checked targets one a line, then the skipped ones counted (the result file lists each)."""
    out = ["", title]
    for r in records:
        if r["status"] != "SKIP":
            out.append(f"  {r['status']:<4}  #{r['issue']:<3} {r['name']}: {r['measured']}")
            if r.get("stack_floor"):
                out.append(f"              {r['stack_floor']['measured']}")
    failed = sum(r["status"] == "FAIL" for r in records)
    checked = sum(r["status"] != "SKIP" for r in records)
    skipped = len(records) - checked
    out.append(f"  {failed} of {checked} checked targets FAIL" if failed else f"  every checked target passes ({checked})")
    if skipped:
        out.append(f"  {skipped} skipped: a figure they read was not measured in this run (the sizes or suites not run; "
                   f"each is in the result file's targets)")
    return "\n".join(out)


def for_suites(targets, suites):
    """The targets whose measured figure comes from one of these suites."""
    return [t for t in targets if t.suite in suites]


K10, K100 = 10_000, 100_000
_fact, _component = search.fact_name, search.component_name

TARGETS = [
    # Issue 7: the first scale targets.
    Target("import 100k entries under 60 s", importing.name(K100, "seconds"), 7, max_value=60),
    Target("import peak memory under 500 MB (the largest size run)", importing.LARGEST_PEAK, 7, max_value=500),
    Target("import time 100k / 10k below 12", importing.name(K100, "seconds"), 7,
           floor=importing.name(K10, "seconds"), max_ratio=12),
    *(Target(f"search {shape} at {size // 1000}k within 1.5x of sqlite3", _fact(size, shape, "a11ykb"), 7,
             floor=_fact(size, shape, "sqlite3"), max_ratio=1.5)
      for size in (K10, K100) for shape in search.FACT_SHAPES),
    *(Target(f"search {shape} at 10k under 30 ms", _fact(K10, shape, "a11ykb"), 7, max_value=30)
      for shape in ("rare word", "common word")),
    *(Target(f"search {shape} at {size // 1000}k faster than rg -i", _fact(size, shape, "a11ykb"), 7,
             floor=_fact(size, shape, "rg -i"), max_ratio=1)
      for size in (K10, K100) for shape in search.FACT_SHAPES),
    Target("export matrix at 10k under 2 s", export.name(K10, "export matrix csv"), 7, max_value=2000),
    # Issue 12: components first.
    Target("component search common word at 10k under 30 ms", _component(K10, "common word", "a11ykb"), 12, max_value=30),
    Target("component search common word at 100k under 150 ms", _component(K100, "common word", "a11ykb"), 12, max_value=150),
    Target("component search rare word at 10k within 1.5x of sqlite3", _component(K10, "rare word", "a11ykb"), 12,
           floor=_component(K10, "rare word", "sqlite3"), max_ratio=1.5),
    # Issue 15: the MCP server.
    Target("a11ykb mcp answers initialize under 50 ms", mcp.name("startup", mcp.INITIALIZE_MCP), 15, max_value=50),
    # Issue 48: the server held by slow and idle connections and duplicated-id requests.
    Target("/healthz answers under siege, p99 under 1 s", siege.name("under siege healthz p99"), 48, max_value=1000),
    Target("searches answer under siege, p99 under 1 s", siege.name("under siege search p99"), 48, max_value=1000),
    Target("SIGTERM under siege ends the server within 10 s", siege.name("stop after SIGTERM"), 48, max_value=siege.STOP_BOUND_S),
    # Issue 52: a question answered in a millisecond (the serve suite, today's corpus).
    Target("one question through the library p50 under 0.5 ms", serve.name("library: one question p50, held index"), 52, max_value=0.5),
    Target("MCP stdio find_components p50 under 2 ms", serve.name("mcp stdio find_components p50"), 52, max_value=2),
    Target("uncached questions through /api/search p99 under 100 ms", serve.name("uncached questions /api/search p99"), 52,
           max_value=100),
    # Issue 16: the import's floor, memory, process start.
    Target("import time 100k / 10k under 11", importing.name(K100, "seconds"), 16,
           floor=importing.name(K10, "seconds"), max_ratio=11),
    Target("export matrix at 100k under 20 s", export.name(K100, "export matrix csv"), 16, max_value=20000),
    Target("compare --aspect state at 10k under 2 s", export.name(K10, "compare --aspect state"), 16, max_value=2000),
    Target("compare --aspect state at 100k under 20 s", export.name(K100, "compare --aspect state"), 16, max_value=20000),
    *(Target(f"{label}: memory flat (peak at 100k within 1.5x of 10k)", export.name(K100, label, peak=True), 16,
             floor=export.name(K10, label, peak=True), max_ratio=1.5)
      for label in ("export matrix csv", "compare --aspect state")),
    Target("process start (a11ykb --version) within 2x of sqlite3 -version (CPU time)",
           startup.name("a11ykb --version", cpu=True), 16, floor=startup.name("sqlite3 -version", cpu=True), max_ratio=2),
    # Issue 33: search stays within 1.25x of the sqlite3 shell's own FTS query, whatever the
    # corrections and links add, on the 20k-entry corpus.
    *(Target(f"search {shape} at 20k within 1.25x of sqlite3", _fact(20_000, shape, "a11ykb"), 33,
             floor=_fact(20_000, shape, "sqlite3"), max_ratio=1.25)
      for shape in search.FACT_SHAPES),
    # Issue 34: the standards readers, linear.
    Target(f"import of an ACT rule with {readers.ACT_REQUIREMENTS:,} requirements under 1 s", readers.ACT_IMPORT, 34,
           max_value=1000),
    Target(f"import of a wcag.json with {readers.WCAG_CRITERIA:,} criteria under 1 s", readers.WCAG_IMPORT, 34,
           max_value=1000),
]
