"""The standards readers at scale (issue 34): an ACT rule with 8,000 accessibility_requirements and a
wcag.json with 80,000 success criteria (corpus.write_standards, in the shapes of W3C's files),
each imported end to end into a fresh knowledge base, next to its floor: the same import of the
same shape a thousand times smaller (what any import of one such file costs: the process, a new
knowledge base, the built-in catalogue). Then, on one knowledge base holding both, `a11ykb wcag
1.1.1` and `a11ykb coverage` (every criterion to level AA: 80,000 more to list).

The readers were quadratic (8,000 requirements: 17 s; 80,000 criteria: 28 s); the target is
each import under a second."""
import hashlib
import os
import shutil

from .. import PACKAGE, corpus, runner
from ..results import figure
from ..text import fmt_ms, fmt_ratio, table

NAME = "readers"
ACT_REQUIREMENTS = 8_000
WCAG_CRITERIA = 80_000
SCALE = 1000  # the floor's file is this many times smaller


def act_label(requirements):
    return f"import ACT rule, {requirements} requirements"


def wcag_label(criteria):
    return f"import wcag.json, {criteria} criteria"


def name(label, what=None):
    """what: None (median wall time), "CPU" or "peak RSS"."""
    return f"readers/{label}" + (f" {what}" if what else "")


ACT_IMPORT = name(act_label(ACT_REQUIREMENTS))
ACT_FLOOR = name(act_label(ACT_REQUIREMENTS // SCALE))
WCAG_IMPORT = name(wcag_label(WCAG_CRITERIA))
WCAG_FLOOR = name(wcag_label(WCAG_CRITERIA // SCALE))
QUESTIONS = (("wcag 1.1.1", ["wcag", "1.1.1"]), ("coverage", ["coverage"]))


def standards(folder, requirements, criteria, seed):
    """The standards files of these sizes in `folder`, written unless already there (--keep)."""
    with open(os.path.join(PACKAGE, "corpus.py"), "rb") as f:
        stamp = f"requirements={requirements} criteria={criteria} seed={seed} " \
                f"gen={hashlib.sha256(f.read()).hexdigest()[:16]}\n"
    stamp_path = os.path.join(folder, ".bench-standards")
    if os.path.exists(stamp_path):
        with open(stamp_path) as f:
            if f.read() == stamp:
                rules = os.path.join(folder, "act-rules")
                act_file = next(os.path.join(rules, "_rules", n) for n in os.listdir(os.path.join(rules, "_rules")))
                return {"act": rules, "act_file": act_file, "wcag": os.path.join(folder, "wcag", "wcag.json")}
    shutil.rmtree(folder, ignore_errors=True)
    paths = corpus.write_standards(folder, requirements, criteria, seed)
    with open(stamp_path, "w") as f:
        f.write(stamp)
    return paths


def run(ctx):
    root = os.path.join(ctx.workdir, "standards")
    runner.log(f"readers: writing an ACT rule of {ACT_REQUIREMENTS:,} requirements and a wcag.json of "
               f"{WCAG_CRITERIA:,} criteria ...")
    big = standards(os.path.join(root, "big"), ACT_REQUIREMENTS, WCAG_CRITERIA, ctx.seed)
    small = standards(os.path.join(root, "small"), ACT_REQUIREMENTS // SCALE, WCAG_CRITERIA // SCALE, ctx.seed)
    db = os.path.join(ctx.workdir, "readers-kb.sqlite")
    fresh = lambda: runner.remove_database(db)  # noqa: E731

    details = {"act_requirements": ACT_REQUIREMENTS, "wcag_criteria": WCAG_CRITERIA, "scale": SCALE,
               "files": {"act": os.path.getsize(big["act_file"]), "wcag": os.path.getsize(big["wcag"])}, "imports": {}}
    for label, path in ((act_label(ACT_REQUIREMENTS // SCALE), small["act"]), (act_label(ACT_REQUIREMENTS), big["act"]),
                        (wcag_label(WCAG_CRITERIA // SCALE), small["wcag"]), (wcag_label(WCAG_CRITERIA), big["wcag"])):
        runner.log(f"readers: {label} ...")
        details["imports"][label] = runner.measure([ctx.binary, "import", path, "--db", db], ctx.runs, ok=(0, 1),
                                                   before_each=fresh)

    # One knowledge base holding both, for the questions.
    fresh()
    log = os.path.join(ctx.workdir, "readers-import.log")
    try:
        both = runner.run_once([ctx.binary, "import", big["act"], big["wcag"], "--db", db], stdout_path=log)
        details["import_both"] = {"seconds": both.seconds, "exit_status": both.status}
    except runner.Timeout as timeout:
        details["import_both"] = {"error": str(timeout)}
    counts = runner.capture([ctx.binary, "sql", "--db", db, "--format", "csv",
                             "SELECT (SELECT count(*) FROM wcag_criteria), (SELECT count(*) FROM rule_sc), "
                             "(SELECT count(*) FROM rule_tags)"])
    values = counts.stdout.strip().splitlines()[-1].split(",") if counts.returncode == 0 else []
    if len(values) == 3 and all(v.strip().isdigit() for v in values):
        details["stored"] = dict(zip(("wcag_criteria", "rule_sc", "rule_tags"), (int(v) for v in values)))
    else:
        details["stored"] = {"error": (counts.stderr or counts.stdout).strip()[:200]}
    details["questions"] = {}
    for label, args in QUESTIONS:
        runner.log(f"readers: {label} ...")
        details["questions"][label] = runner.measure([ctx.binary, *args, "--db", db], ctx.runs, ok=(0, 1))
    fresh()
    return details


def figures(details):
    out = {}
    for label, record in {**(details or {}).get("imports", {}), **(details or {}).get("questions", {})}.items():
        out[name(label)] = figure(runner.median_ms(record), "ms")
        out[name(label, "CPU")] = figure(record.get("cpu_ms"), "ms")
        rss = record.get("peak_rss_kb")
        out[name(label, "peak RSS")] = figure(rss / 1024 if rss else None, "MB")
    return out


def report(details):
    if not details:
        return ""
    imports, questions = details.get("imports", {}), details.get("questions", {})

    def cell(record):
        m = runner.median_ms(record)
        return fmt_ms(m) if m is not None else (record or {}).get("error", "n/a")

    def cpu(record):
        return fmt_ms((record or {}).get("cpu_ms"))

    def peak(record):
        rss = (record or {}).get("peak_rss_kb")
        return f"{rss / 1024:.0f}" if rss else "n/a"
    rows = []
    for big, small in ((act_label(ACT_REQUIREMENTS), act_label(ACT_REQUIREMENTS // SCALE)),
                       (wcag_label(WCAG_CRITERIA), wcag_label(WCAG_CRITERIA // SCALE))):
        a, f = imports.get(big), imports.get(small)
        rows.append([big, cell(a), cpu(a), peak(a), cell(f), fmt_ratio(runner.median_ms(a), runner.median_ms(f))])
    files = details.get("files", {})
    out = ["", f"Standards readers (issue 34), median ms; floor: the same import of a file {SCALE}x smaller",
           table(["import into a fresh knowledge base", "ms", "CPU ms", "peak RSS MB", "floor ms", "ratio"], rows),
           f"  files: ACT rule {files.get('act', 0) / 1e6:.1f} MB, wcag.json {files.get('wcag', 0) / 1e6:.1f} MB; stored "
           + ", ".join(f"{k} {v:,}" if isinstance(v, int) else f"{k}: {v}" for k, v in details.get("stored", {}).items())]
    rows = [[label, cell(record), cpu(record), peak(record)] for label, record in questions.items()]
    out += ["", "On a knowledge base holding both (median ms)", table(["question", "ms", "CPU ms", "peak RSS MB"], rows)]
    return "\n".join(out)
