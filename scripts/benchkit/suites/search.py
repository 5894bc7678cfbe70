"""`a11ykb search`, per corpus size, end to end: the fact listing (`search --facts`, issue 7) for six
query shapes next to the same FTS5 query in the sqlite3 shell (the floor), next to the same query
run by the stack floor (benchkit.stackfloor: the smallest program on a11ykb's stack, Swift,
ArgumentParser and GRDB with Foundation, which the shell does not pay) and next to `rg -i` over
the sources (what a user would do without a11ykb); and the default, components-first search
(issue 12) for five shapes next to its FTS5 query over search_components, wall and CPU time.

The targets stay the issues' own, against the shell; a11ykb / stack floor is a11ykb's own share of
a search, and stack floor / sqlite3 says whether a target's limit is below what the stack itself
takes (targets.report says it for each target)."""
import json
import os
import time

from .. import runner
from ..results import figure
from ..text import fmt_ms, fmt_ratio, table
from . import size_label

NAME = "search"


def fact_name(entries, shape, tool):
    """tool: a11ykb, sqlite3, stack (the stack floor) or rg -i."""
    return f"search/{entries}/facts {shape}/{tool}"


def component_name(entries, shape, tool):
    """tool: a11ykb, sqlite3, a11ykb CPU or sqlite3 CPU."""
    return f"search/{entries}/components {shape}/{tool}"


def query_shapes(rare):
    """(name, a11ykb search arguments, the FTS5 match a11ykb runs, rg -i arguments, note)."""
    return [
        ("rare word", ["--facts", rare], f'"{rare}"', [rare], None),
        ("common word", ["--facts", "focus"], '"focus"', ["focus"], None),
        ("two words", ["--facts", "dimmed", "state"], '"dimmed" AND "state"',
         ["-e", "dimmed.*state", "-e", "state.*dimmed"], "rg: both words on one line"),
        ("phrase", ["--facts", '"double tap"'], '"double tap"', ["double tap"], None),
        ("prefix", ["--facts", "dim*"], '"dim" *', [r"\bdim"], None),
        ("filtered", ["--facts", "focus", "--platform", "android", "--kind", "guidance"], '"focus"', ["focus"],
         "floor and rg: the unfiltered query (neither can filter by platform or kind)"),
    ]


def component_search_shapes(rare):
    """(name, a11ykb search arguments, the words of the FTS5 query over search_components, note).
    A word is sent in every form the index holds (search_component_forms), a prefix as is."""
    return [
        ("rare word", [rare], [rare], None),
        ("common word", ["focus"], ["focus"], None),
        ("two words", ["table", "state"], ["table", "state"], None),
        ("prefix", ["dim*"], ["dim*"], None),
        ("question", ["how do I make a table accessible on Android"], ["table", "accessible"],
         "floor: the words left after stop and platform words"),
    ]


FACT_SHAPES = tuple(shape[0] for shape in query_shapes("x"))
COMPONENT_SHAPES = tuple(shape[0] for shape in component_search_shapes("x"))


# The fact listing's floor query; the sqlite3 shell gets the match as a literal, the stack floor
# binds it as a parameter.
FACT_FLOOR_SQL = "SELECT rowid, bm25(search_index) FROM search_index WHERE search_index MATCH {match} ORDER BY rank LIMIT 20"


def floor_sql(match):
    escaped = match.replace("'", "''")
    return FACT_FLOOR_SQL.format(match=f"'{escaped}'")


def stack_floor_sql():
    return FACT_FLOOR_SQL.format(match="?")


def component_floor_sql(match):
    escaped = match.replace("'", "''")
    return (f"SELECT rowid, bm25(search_components, 10, 4, 1) AS score FROM search_components "
            f"WHERE search_components MATCH '{escaped}' ORDER BY score LIMIT 10")


def component_match(sqlite3, db, words):
    """The FTS5 expression a11ykb runs over search_components for plain words without equivalents."""
    groups = []
    for word in words:
        if word.endswith("*"):
            groups.append(f'"{word[:-1]}" *')
            continue
        out = runner.capture([sqlite3, db, "SELECT term FROM search_component_forms WHERE stem = "
                              f"(SELECT stem FROM search_component_forms WHERE term = '{word}') ORDER BY term"])
        forms = [word] + [t for t in out.stdout.split() if t != word]
        groups.append(f'"{forms[0]}"' if len(forms) == 1 else "(" + " OR ".join(f'"{t}"' for t in forms) + ")")
    return " AND ".join(groups)


def count_hits(sqlite3, db, match):
    if not sqlite3:
        return None
    escaped = match.replace("'", "''")
    out = runner.capture([sqlite3, db, f"SELECT count(*) FROM search_index WHERE search_index MATCH '{escaped}'"])
    return int(out.stdout.strip()) if out.returncode == 0 and out.stdout.strip().isdigit() else None


def run(ctx, size):
    """Adds "search" and "component_search" to the size's record."""
    entries, db, source = size["entries"], ctx.db(size["entries"]), ctx.corpus(size["entries"])
    sqlite3, rg = ctx.tools.get("sqlite3"), ctx.tools.get("rg")
    rare = size.get("rare_word") or "zzzzzzzz"
    searches = []
    for shape, words, match, rg_args, note in query_shapes(rare):
        runner.log(f"{entries}: search {shape} ...")
        row = {"shape": shape, "query": " ".join(words), "fts5": match, "note": note, "hits": count_hits(sqlite3, db, match)}
        # Exit status 1: nothing matched, still a measured search.
        row["a11ykb"] = runner.measure([ctx.binary, "search", *words, "--db", db], ctx.runs, ok=(0, 1))
        row["sqlite3"] = runner.measure([sqlite3, db, floor_sql(match)], ctx.runs) if sqlite3 else {"error": "unavailable"}
        stack = ctx.stack_floor()
        row["stack"] = (runner.measure([stack.path, "search", "--db", db, match], ctx.runs) if stack.path
                        else {"error": f"unavailable: {stack.reason}"})
        if rg:
            row["rg"] = runner.measure([rg, "-i", *rg_args, source], ctx.runs, ok=(0, 1))
            row["rg_args"] = ["-i", *rg_args]
        else:
            row["rg"] = {"error": "unavailable"}
        searches.append(row)
    size["search"] = searches

    components = []
    for shape, args, words, note in component_search_shapes(rare):
        runner.log(f"{entries}: component search {shape} ...")
        row = {"shape": shape, "query": " ".join(args), "note": note}
        row["a11ykb"] = runner.measure([ctx.binary, "search", *args, "--db", db], ctx.runs, ok=(0, 1))
        if sqlite3:
            row["fts5"] = component_match(sqlite3, db, words)
            row["sqlite3"] = runner.measure([sqlite3, db, component_floor_sql(row["fts5"])], ctx.runs)
        else:
            row["sqlite3"] = {"error": "unavailable"}
        row["in_process"] = in_process(ctx, db, " ".join(args), row.get("fts5"))
        components.append(row)
    size["component_search"] = components
    return size


REPEATS = 21


def in_process(ctx, db, question, match):
    """Issue 52's comparison, start-up left out on both sides: the question through the library in
    one process (`a11ykb-bench questions`, asked REPEATS times; the long-running readers' path, from
    the held ranking index when the knowledge base is held) against the FTS5 query of its words in
    the sqlite3 shell (the statement run REPEATS + 1 times in one shell less once, per run)."""
    sqlite3 = ctx.tools.get("sqlite3")
    bench = os.path.join(ctx.bin_dir, "a11ykb-bench")
    if not os.path.exists(bench):
        return {"error": f"{bench} is missing (swift build -c release --product a11ykb-bench)"}
    path = os.path.join(ctx.workdir, "in-process-questions.txt")
    with open(path, "w", encoding="utf-8") as f:
        f.write((question + "\n") * REPEATS)
    out = runner.capture([bench, "questions", db, path])
    if out.returncode != 0:
        return {"error": (out.stderr or out.stdout).strip()[:300]}
    record = json.loads(out.stdout)
    if sqlite3 and match:
        statement = component_floor_sql(match) + ";\n"
        times = []
        for count in (1, REPEATS + 1):
            start = time.perf_counter()
            runner.capture([sqlite3, db], input=statement * count)
            times.append((time.perf_counter() - start) * 1000)
        record["sqlite3_query_ms"] = round(max(times[1] - times[0], 0) / REPEATS, 3)
    return record


def stack_floor_figure(measured):
    """The stack floor's figure beside a fact search's a11ykb figure; None for any other."""
    parts = measured.split("/")
    if len(parts) == 4 and parts[0] == NAME and parts[2].startswith("facts ") and parts[3] == "a11ykb":
        return "/".join(parts[:3] + ["stack"])
    return None


def figures(sizes):
    out = {}
    for s in sizes:
        n = s["entries"]
        for q in s.get("search", []):
            for tool, key in (("a11ykb", "a11ykb"), ("sqlite3", "sqlite3"), ("stack", "stack"), ("rg -i", "rg")):
                out[fact_name(n, q["shape"], tool)] = figure(runner.median_ms(q.get(key)), "ms")
        for q in s.get("component_search", []):
            for tool in ("a11ykb", "sqlite3"):
                out[component_name(n, q["shape"], tool)] = figure(runner.median_ms(q.get(tool)), "ms")
                out[component_name(n, q["shape"], f"{tool} CPU")] = figure((q.get(tool) or {}).get("cpu_ms"), "ms")
            inside = q.get("in_process") or {}
            out[component_name(n, q["shape"], "library p50")] = figure(inside.get("p50_ms"), "ms")
            out[component_name(n, q["shape"], "sqlite3 query")] = figure(inside.get("sqlite3_query_ms"), "ms")
    return out


def report(sizes):
    ms = runner.median_ms
    out = ["", "Search, end to end (ms, median)"]
    rows = []
    for s in sizes:
        for q in s.get("search", []):
            a, f, st, r = ms(q["a11ykb"]), ms(q["sqlite3"]), ms(q.get("stack")), ms(q["rg"])
            rows.append([size_label(s["entries"]), q["shape"], q["query"], q["hits"] if q["hits"] is not None else "n/a",
                         fmt_ms(a), fmt_ms(f), fmt_ms(st), fmt_ms(r),
                         fmt_ratio(a, f), fmt_ratio(st, f), fmt_ratio(a, st), fmt_ratio(a, r)])
    out.append(table(["entries", "shape", "query", "fts hits", "a11ykb", "sqlite3", "stack", "rg -i",
                      "a11ykb/sqlite3", "stack/sqlite3", "a11ykb/stack", "a11ykb/rg"], rows))
    notes = {q["shape"]: q["note"] for s in sizes for q in s.get("search", []) if q["note"]}
    for shape, note in notes.items():
        out.append(f"  {shape}: {note}")
    out.append("  fts hits: documents the FTS5 query matches (before filters); sqlite3 runs "
               "`SELECT rowid, bm25(search_index) ... MATCH q ORDER BY rank LIMIT 20`")
    out.append("  stack: the stack floor (Swift, ArgumentParser, GRDB and Foundation, from this build's objects) "
               "running that query with GRDB, read-only; a11ykb/stack: a11ykb's own share; stack/sqlite3: what the "
               "stack itself takes against the shell (the targets' limits are ratios to sqlite3)")
    unavailable = next((q["stack"]["error"] for s in sizes for q in s.get("search", [])
                        if isinstance(q.get("stack"), dict) and "error" in q["stack"]), None)
    if unavailable:
        out.append(f"  stack: not measured ({unavailable})")

    rows = []
    for s in sizes:
        for q in s.get("component_search", []):
            a, f = q["a11ykb"], q["sqlite3"]
            rows.append([size_label(s["entries"]), q["shape"], q["query"], fmt_ms(ms(a)), fmt_ms(ms(f)), fmt_ratio(ms(a), ms(f)),
                         fmt_ms(a.get("cpu_ms")), fmt_ms(f.get("cpu_ms")), fmt_ratio(a.get("cpu_ms"), f.get("cpu_ms"))])
    if rows:
        out += ["", "Search, components first (ms, median; wall and CPU time of the process)",
                table(["entries", "shape", "query", "a11ykb", "sqlite3", "ratio", "a11ykb cpu", "sqlite3 cpu", "cpu ratio"], rows)]
        for note in sorted({q["note"] for s in sizes for q in s.get("component_search", []) if q["note"]}):
            out.append(f"  {note}")
        out.append("  sqlite3 runs the same FTS5 query over search_components: "
                   "`SELECT rowid, bm25(search_components, 10, 4, 1) ... ORDER BY score LIMIT 10`")
    rows = []
    for s in sizes:
        for q in s.get("component_search", []):
            inside = q.get("in_process")
            if not inside:
                continue  # a record made before this table
            if "error" in inside:
                rows.append([size_label(s["entries"]), q["shape"], q["query"], inside["error"][:60], "", "", ""])
                continue
            lib, query = inside.get("p50_ms"), inside.get("sqlite3_query_ms")
            rows.append([size_label(s["entries"]), q["shape"], q["query"], fmt_ms(lib), fmt_ms(query), fmt_ratio(lib, query),
                         "held" if inside.get("index_texts") else "SQL"])
    if rows:
        out += ["", "The same questions in one process, start-up left out (ms; issue 52: within 2x at 20k)",
                table(["entries", "shape", "query", "library p50", "sqlite3 query", "ratio", "path"], rows),
                f"  library: `a11ykb-bench questions`, each asked {REPEATS} times, as the long-running readers answer; "
                "sqlite3 query: the FTS5 statement above run in one shell, the time of one run with start-up left out"]
    return "\n".join(out)
