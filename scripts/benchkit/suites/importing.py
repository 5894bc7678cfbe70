"""The import, per corpus size (issues 7 and 16): a synthetic corpus (corpus.generate) imported
into a fresh knowledge base, with its time, throughput, peak memory, database size and stages
(a11ykb prints them to stderr when A11YKB_IMPORT_STAGES is set); and its floor, measured in the
same run: the rows a11ykb wrote, dumped to CSV and loaded by the sqlite3 shell's `.import` into an
empty knowledge base of the same schema in one transaction, with the same one FTS rebuild.

One run of the import per size (it takes minutes at 100k): its figure is that run, not a median.
"""
import os
import re
import shutil
import subprocess

from .. import corpus, runner
from ..results import figure
from ..text import fmt_ratio, table
from . import size_label

NAME = "import"
STAGES_VARIABLE = "A11YKB_IMPORT_STAGES"  # makes `a11ykb import` print its stage timings to stderr
STAGE_LINE = re.compile(r"^a11ykb: import stage (\S+) ([0-9.]+)$", re.M)
# Stages measured on the preparing threads (summed over them, overlapping the writer); the rest
# are the writer's wall time.
PREPARE_STAGES = ("read", "hash", "parse", "normalize")
# The tables a11ykb writes, in the order their rows can be loaded (platforms and frameworks are
# written by the schema itself).
FLOOR_TABLES = ("roots", "sources", "components", "criteria", "guidance", "announcements", "gaps", "code_examples",
                "gherkin_steps", "wcag_criteria", "component_wcag", "inferred_wcag", "tests_nothing", "videos", "notices")
FLOOR_MARK = re.compile(r"^mark,(\w+),([0-9.]+)$", re.M)


def name(entries, what):
    return f"import/{entries}/{what}"


LARGEST_PEAK = "import/peak RSS, largest size"


def run(ctx, entries):
    """Generates (or reuses) the corpus of `entries` entries and imports it into a fresh
    knowledge base at ctx.db(entries). Returns the size's record; "error" in it when the import
    failed (the other suites then skip this size)."""
    source, db = ctx.corpus(entries), ctx.db(entries)
    result = {"entries": entries}
    result["generate_s"] = corpus.generate(source, entries, ctx.seed)
    files = list(corpus.source_files(source))
    result["source_files"] = len(files)
    result["source_bytes"] = sum(os.path.getsize(p) for p in files)

    runner.remove_database(db)
    runner.log(f"{entries}: importing {result['source_bytes'] / 1e6:.0f} MB ...")
    import_log = os.path.join(ctx.workdir, f"import-{entries}.log")
    stages_log = os.path.join(ctx.workdir, f"import-{entries}.stages")
    try:
        run = runner.run_once([ctx.binary, "import", source, "--db", db], stdout_path=import_log,
                              stderr_path=stages_log, extra_env={STAGES_VARIABLE: "1"})
    except runner.Timeout as timeout:
        result["error"] = f"import {timeout} (--timeout)"
        runner.log(f"{entries}: {result['error']}")
        return result
    with open(import_log, encoding="utf-8", errors="replace") as f:
        summary = f.read().strip().splitlines()[-1:]
    elapsed = run.seconds
    result["import"] = {"seconds": elapsed, "exit_status": run.status, "peak_rss_kb": run.peak_rss_kb,
                        "cpu_seconds": run.cpu_seconds, "entries_per_s": entries / elapsed,
                        "mb_per_s": result["source_bytes"] / 1e6 / elapsed, "summary": summary[0] if summary else None}
    runner.log(f"{entries}: import {elapsed:.1f} s, exit status {run.status}, peak RSS {run.peak_rss_kb / 1024:.0f} MB "
               f"({summary[0] if summary else 'no output'})")
    if run.status not in (0, 1) or not os.path.exists(db):
        result["error"] = f"import failed with exit status {run.status}; see {import_log}"
        return result
    db_bytes = sum(os.path.getsize(db + s) for s in ("", "-wal") if os.path.exists(db + s))
    result["db_bytes"] = db_bytes
    result["db_to_source"] = db_bytes / result["source_bytes"]
    result["import"]["stages"] = import_stages(stages_log)
    if ctx.tools.get("sqlite3"):
        runner.log(f"{entries}: the floor: the same rows through the sqlite3 shell's .import ...")
        result["import_floor"] = import_floor(ctx.tools["sqlite3"], ctx.binary, db, ctx.workdir, entries)
        runner.log(f"{entries}: the whole floor: the same, with the component index and its word forms ...")
        result["import_floor_whole"] = import_floor(ctx.tools["sqlite3"], ctx.binary, db, ctx.workdir, entries,
                                                    component_index=True)
    result["rare_word"] = corpus.rare_word(source)
    return result


def import_stages(path):
    """{stage: seconds} from the stage lines an import printed to stderr; {} when it printed none
    (a build without the instrumentation)."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError:
        return {}
    return {stage: float(seconds) for stage, seconds in STAGE_LINE.findall(text)}


# What the whole floor adds: the component index's word forms, rows the import writes.
COMPONENT_INDEX_TABLES = ("search_component_forms",)


def floor_script(csv_dir, tables=FLOOR_TABLES, component_index=False):
    """The floor: a11ykb's rows loaded into a11ykb's schema by the sqlite3 shell's `.import`, in one
    transaction, with the search index's triggers off and one rebuild, as a bulk import does. The
    connection is set up as a11ykb's writer is (WAL, synchronous NORMAL, the same page cache).
    With `component_index`, the whole floor: the component index is built too, from the same view
    the import builds it from, and its word forms loaded, as every bulk import does (the first
    floor, one FTS rebuild, leaves them out). Timestamps (ms) mark the end of each phase."""
    def mark(phase):
        return f"SELECT 'mark', '{phase}', printf('%.3f', (julianday('now') - 2440587.5) * 86400000.0);"
    lines = [".bail on", ".mode csv",
             "PRAGMA journal_mode = WAL;", "PRAGMA synchronous = NORMAL;", "PRAGMA cache_size = -131072;",
             "PRAGMA temp_store = MEMORY;", mark("start"), "BEGIN IMMEDIATE;", "UPDATE search_control SET bulk = 1;"]
    # A new knowledge base holds the built-in WCAG catalogue (migration 0011); the CSV brings it again.
    lines += ["DELETE FROM wcag_criteria;"] if "wcag_criteria" in tables else []
    lines += [f".import --csv '{os.path.join(csv_dir, t + '.csv')}' {t}" for t in tables]
    lines += [mark("inserts"), "INSERT INTO search_index (search_index) VALUES ('rebuild');"]
    if component_index:
        lines += ["INSERT INTO search_components (search_components) VALUES ('delete-all');",
                  "INSERT INTO search_components (rowid, title, category, body, labels, code) "
                  "SELECT id, title, category, body, labels, code FROM search_component_text;",
                  "DELETE FROM search_components_pending;"]
    lines += ["UPDATE search_control SET bulk = 0;", mark("fts"), "COMMIT;", mark("commit")]
    return "\n".join(lines) + "\n"


def floor_phases(marks, elapsed):
    """Seconds per phase of the floor from its marks (ms since the epoch) and the shell's whole
    run: inserts, fts (the rebuild), commit (with SQLite's own checkpoint), close (the shell's
    exit: the last checkpoint, the WAL deleted). {} when a mark is missing."""
    if not all(k in marks for k in ("start", "inserts", "fts", "commit")):
        return {}
    phases = {"inserts": marks["inserts"] - marks["start"], "fts": marks["fts"] - marks["inserts"],
              "commit": marks["commit"] - marks["fts"]}
    phases["close"] = max(0.0, elapsed - (marks["commit"] - marks["start"]))
    return phases


def empty_knowledge_base(binary, db, scratch):
    """Makes an empty knowledge base of the binary's schema at db: an import of an empty folder
    (made in scratch) makes one; a question never does since 0.16, an older binary's `stats` did.
    Raises CalledProcessError when neither does."""
    empty = os.path.join(scratch, "empty")
    os.makedirs(empty, exist_ok=True)
    subprocess.run([binary, "import", "--db", db, empty], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if not os.path.exists(db):
        subprocess.run([binary, "stats", "--db", db], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)


def import_floor(sqlite3, binary, db, workdir, entries, component_index=False):
    """Dumps every table a11ykb wrote to CSV, makes an empty knowledge base with a11ykb (its schema),
    and times the sqlite3 shell loading the CSV into it (floor_script). Returns seconds in all and
    per phase (floor_phases)."""
    csv_dir = os.path.join(workdir, f"floor-{entries}")
    floor_db = os.path.join(workdir, f"kb-{entries}-floor.sqlite")
    shutil.rmtree(csv_dir, ignore_errors=True)
    os.makedirs(csv_dir)
    runner.remove_database(floor_db)
    try:
        # The tables this binary's schema has (an older binary, --binary, lacks the newer ones).
        have = set(runner.capture([sqlite3, db, "SELECT name FROM sqlite_master WHERE type = 'table'"]).stdout.split())
        tables = tuple(t for t in FLOOR_TABLES + (COMPONENT_INDEX_TABLES if component_index else ()) if t in have)
        for t in tables:
            with open(os.path.join(csv_dir, t + ".csv"), "w") as out:
                # The word forms are a WITHOUT ROWID table, kept in its key's order.
                order = "" if t in COMPONENT_INDEX_TABLES else " ORDER BY rowid"
                subprocess.run([sqlite3, "-csv", db, f"SELECT * FROM {t}{order}"], stdout=out, check=True)
        empty_knowledge_base(binary, floor_db, csv_dir)
        script = os.path.join(csv_dir, "floor.sql")
        with open(script, "w") as f:
            f.write(floor_script(csv_dir, tables, component_index))
        marks_path = os.path.join(csv_dir, "marks.csv")
        err_path = os.path.join(csv_dir, "floor.err")
        run = runner.run_once([sqlite3, floor_db, "-init", script, ".quit"], stdout_path=marks_path, stderr_path=err_path)
        if run.status != 0:
            with open(err_path) as f:
                return {"error": f"sqlite3 exit status {run.status}: " + f.read().strip()[:300]}
        with open(marks_path) as f:
            marks = {phase: float(ms) / 1000 for phase, ms in FLOOR_MARK.findall(f.read())}
        rows = int(runner.capture([sqlite3, floor_db, "SELECT " + " + ".join(f"(SELECT count(*) FROM {t})" for t in tables)])
                   .stdout.strip() or 0)
        phases = floor_phases(marks, run.seconds)
        runner.log(f"{entries}: floor {run.seconds:.1f} s for {rows:,} rows (" +
                   ", ".join(f"{k} {v:.1f} s" for k, v in phases.items()) + ")")
        return {"seconds": run.seconds, "rows": rows, "phases": phases, "peak_rss_kb": run.peak_rss_kb,
                "csv_bytes": sum(os.path.getsize(os.path.join(csv_dir, t + ".csv")) for t in tables)}
    except (subprocess.CalledProcessError, runner.Timeout, OSError) as error:
        return {"error": str(error)}
    finally:
        shutil.rmtree(csv_dir, ignore_errors=True)
        runner.remove_database(floor_db)


def imported(sizes):
    """The size records whose import succeeded, smallest first."""
    return sorted((s for s in sizes if "import" in s and "error" not in s), key=lambda s: s["entries"])


def growth(sizes):
    """[(smaller entries, larger entries, import time ratio)] between consecutive sizes."""
    done = imported(sizes)
    return [(a["entries"], b["entries"], b["import"]["seconds"] / a["import"]["seconds"]) for a, b in zip(done, done[1:])]


def figures(sizes):
    out = {}
    for s in imported(sizes):
        n, imp = s["entries"], s["import"]
        floor = (s.get("import_floor") or {}).get("seconds")
        out[name(n, "seconds")] = figure(imp["seconds"], "s")
        out[name(n, "CPU seconds")] = figure(imp.get("cpu_seconds"), "s")
        out[name(n, "entries per s")] = figure(imp["entries_per_s"], "per s", "higher")
        out[name(n, "MB per s")] = figure(imp["mb_per_s"], "MB/s", "higher")
        out[name(n, "peak RSS")] = figure(imp["peak_rss_kb"] / 1024, "MB")
        out[name(n, "database")] = figure(s.get("db_bytes", 0) / 1e6, "MB")
        out[name(n, "database per source")] = figure(s.get("db_to_source"), "x")
        out[name(n, "floor seconds")] = figure(floor, "s")
        out[name(n, "ratio to floor")] = figure(imp["seconds"] / floor if floor else None, "x")
        whole = (s.get("import_floor_whole") or {}).get("seconds")
        out[name(n, "whole floor seconds")] = figure(whole, "s")
        out[name(n, "ratio to whole floor")] = figure(imp["seconds"] / whole if whole else None, "x")
        for stage, seconds in imp.get("stages", {}).items():
            out[name(n, f"stage {stage}")] = figure(seconds, "s")
    done = imported(sizes)
    if done:
        out[LARGEST_PEAK] = figure(max(s["import"]["peak_rss_kb"] for s in done) / 1024, "MB")
    return out


def report(sizes):
    done = imported(sizes)
    out = ["", "Import"]
    rows = [[size_label(s["entries"]), f"{s['source_bytes'] / 1e6:.1f}", f"{s['import']['seconds']:.2f}",
             f"{s['import']['entries_per_s']:,.0f}", f"{s['import']['mb_per_s']:.2f}",
             f"{s['import']['peak_rss_kb'] / 1024:.0f}", f"{s.get('db_bytes', 0) / 1e6:.1f}",
             f"{s.get('db_to_source', 0):.2f}x"] for s in done]
    out.append(table(["entries", "source MB", "import s", "entries/s", "MB/s", "peak RSS MB", "db MB", "db/source"], rows))
    for s in sizes:
        if "error" in s:
            out.append(f"  {size_label(s['entries'])}: {s['error']}")
    steps = growth(sizes)
    if steps:
        out.append("import time growth: " + ", ".join(f"{b:,}/{a:,} entries {g:.2f}x (entries x{b // a})" for a, b, g in steps))

    out += ["", "Import and its floor (the same rows through the sqlite3 shell's .import, same schema, one transaction, "
            "one FTS rebuild)"]
    rows = []
    for s in done:
        floor = s.get("import_floor") or {}
        phases = floor.get("phases", {})
        f = floor.get("seconds")
        rows.append([size_label(s["entries"]), f"{s['import']['seconds']:.2f}", f"{f:.2f}" if f else floor.get("error", "n/a")[:40],
                     *(f"{phases[k]:.2f}" if k in phases else "n/a" for k in ("inserts", "fts", "commit", "close")),
                     f"{floor.get('rows', 0):,}", fmt_ratio(s["import"]["seconds"], f)])
    out.append(table(["entries", "a11ykb s", "floor s", "inserts", "fts", "commit", "close", "rows", "a11ykb/floor"], rows))
    rows = []
    for s in done:
        whole = s.get("import_floor_whole") or {}
        f = whole.get("seconds")
        rows.append([size_label(s["entries"]), f"{s['import']['seconds']:.2f}", f"{f:.2f}" if f else whole.get("error", "n/a")[:40],
                     f"{whole.get('phases', {}).get('fts', 0):.2f}", fmt_ratio(s["import"]["seconds"], f)])
    out += ["", "The whole floor: the same, with the component index built from the same view and its word forms loaded, "
            "as every bulk import does"]
    out.append(table(["entries", "a11ykb s", "whole floor s", "both indexes", "a11ykb/whole floor"], rows))
    out.append("  floor: sqlite3 shell, foreign keys off (its default), NULLs loaded as ''; commit includes SQLite's checkpoint")
    staged = [s for s in done if s["import"].get("stages")]
    if staged:
        stages = list(staged[-1]["import"]["stages"])
        out += ["", "Import stages, seconds (read..normalize: thread time summed over the preparing threads, "
                "overlapping the writer; the rest: the writer's wall time)"]
        rows = [[stage] + [f"{s['import']['stages'].get(stage, 0):.2f}" for s in staged] for stage in stages]
        writer = [stage for stage in stages if stage not in PREPARE_STAGES and stage != "total"]
        rows.append(["(writer, summed)"] + [f"{sum(s['import']['stages'].get(w, 0) for w in writer):.2f}" for s in staged])
        out.append(table(["stage"] + [size_label(s["entries"]) for s in staged], rows))
    elif done:
        out.append("  import stages: not printed by this build (no A11YKB_IMPORT_STAGES support)")
    return "\n".join(out)
