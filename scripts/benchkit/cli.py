"""scripts/bench's command line: which suites, which binary, where the result goes; and compare."""
import argparse
import os
import shutil
import signal
import sys
import tempfile

from . import ROOT, compare, corpus, results, runner, targets
from .suites import DEFAULT, NAMES, PER_SIZE, Context, export, importing, mcp, readers, search, serve, siege, startup

USAGE = """\
    scripts/bench [--sizes 1000,10000,100000] [--runs 15] [--json FILE] [--keep] [--binary PATH | --no-build]
                  [--suites startup,import,search,export,readers,mcp,siege,serve] [--holders 1000] [--siege-seconds 15]
                  [--clients 64] [--serve-seconds 20]
    scripts/bench --mcp [--runs 15] [--no-build | --binary PATH]     # the MCP server alone: --suites mcp
    scripts/bench compare A.json B.json [--threshold 10] [--changed]
"""
DESCRIPTION = """\
Benchmark a11ykb at scale: every figure a whole process as a user runs it (process start
included, output to /dev/null), the median of --runs runs after one warm-up, next to a floor
measured in the same run. Suites (default: all but mcp):

  startup   a11ykb --help and --version next to /bin/true, the sqlite3 shell and Swift floors,
            among them the stack floor: ArgumentParser and GRDB of the build measured (issues 7, 16)
  import    per size: a synthetic corpus (scripts/gen-corpus, seed 1) imported; its floor (the
            same rows through sqlite3's .import), its stages, memory (issues 7, 16)
  search    per size: search --facts for six shapes next to its FTS5 query in sqlite3 and in the
            stack floor, and rg -i; the components-first search next to its FTS5 query, wall and
            CPU (issues 7, 12)
  export    per size: export matrix (CSV, --aspects all, JSON), compare --aspect state (7, 16)
  readers   an ACT rule of 8,000 requirements and a wcag.json of 80,000 criteria imported; then
            wcag 1.1.1 and coverage on the knowledge base holding both (issue 34)
  mcp       the MCP server: start-up, tool calls against the CLI, the SDK's cost (issue 15)

  siege     the team server held by --holders slow or idle connections and as many
            duplicated-id requests while a normal client asks: its p99; then SIGTERM and the
            time to exit (issue 48; not by default: --suites siege)
  serve     the team server and the MCP server at load on today's corpus (issues 32, 52; not by
            default: --suites serve; needs wrk): the relevance sets' questions, each once, through
            the library (held index and SQL: one question's p50), MCP find_components over stdio,
            and /api/search and MCP tools/call with the cache off under --clients for
            --serve-seconds; floors: /healthz and the mix through the library (no HTTP)

Builds release (--static-swift-stdlib) unless given --binary or --no-build. Progress goes to
stderr, the tables and the targets to stdout, everything to --json (default
bench-out/bench.json; bench-out/bench-mcp.json for --mcp): a versioned result file that
`scripts/bench compare A.json B.json` reads. Exits 0 even when targets fail: it measures, it
does not judge.
"""
DB_FACTOR = 2.5  # database bytes per source byte, with room to spare
READERS_BYTES = 200e6  # the standards files and their knowledge bases


def parse(argv):
    parser = argparse.ArgumentParser(prog="scripts/bench", usage=USAGE, description=DESCRIPTION,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="1000,10000,100000", help="corpus sizes in entries (default 1000,10000,100000)")
    parser.add_argument("--runs", type=int, default=15, help="timed runs per measurement, after one warm-up (default 15)")
    parser.add_argument("--json", help="where to write the result (default bench-out/bench.json, or bench-mcp.json for --mcp)")
    parser.add_argument("--keep", action="store_true", help="keep the corpora and databases (and reuse them next time with --workdir)")
    parser.add_argument("--workdir", help="where corpora and databases go (default: a new folder in the temp dir)")
    parser.add_argument("--seed", type=int, default=1, help="the synthetic corpora's seed (default 1)")
    parser.add_argument("--timeout", type=float, default=runner.DEFAULT_TIMEOUT_S,
                        help=f"kill a run after this many seconds and report it (default {runner.DEFAULT_TIMEOUT_S:.0f})")
    parser.add_argument("--no-build", action="store_true", help="use the existing .build/release binaries")
    parser.add_argument("--binary", help="measure this a11ykb binary (another build, an older commit) instead of building; "
                                         "the mcp suite uses the a11ykb-mcp beside it")
    parser.add_argument("--suites", help=f"comma-separated, of {', '.join(NAMES)} (default {','.join(DEFAULT)}); "
                                         "search and export imply import")
    parser.add_argument("--mcp", action="store_true", help="only the MCP server's figures (issue 15): --suites mcp")
    parser.add_argument("--holders", type=int, default=siege.HOLDERS,
                        help=f"siege: connections that hold the server, and duplicated-id requests (default {siege.HOLDERS})")
    parser.add_argument("--clients", type=int, default=serve.CLIENTS,
                        help=f"serve: wrk's connections, and the library floor's requests at once (default {serve.CLIENTS})")
    parser.add_argument("--serve-seconds", type=float, default=serve.SECONDS,
                        help=f"serve: how long each load run lasts (default {serve.SECONDS})")
    parser.add_argument("--siege-seconds", type=float, default=siege.SECONDS,
                        help=f"siege: how long they hold it while the normal client asks (default {siege.SECONDS})")
    args = parser.parse_args(argv)
    try:
        args.sizes = sorted({int(s.strip().replace("_", "").replace("k", "000")) for s in args.sizes.split(",") if s.strip()})
    except ValueError:
        parser.error("--sizes: numbers separated by commas, e.g. 1000,10000")
    if not args.sizes or min(args.sizes) < 1 or args.runs < 1:
        parser.error("--sizes and --runs must be positive")
    if args.holders < 1 or args.siege_seconds <= 0 or args.clients < 1 or args.serve_seconds <= 0:
        parser.error("--holders, --siege-seconds, --clients and --serve-seconds must be positive")
    if args.mcp and args.suites:
        parser.error("--mcp is --suites mcp: give one of them")
    chosen = ["mcp"] if args.mcp else [s.strip() for s in (args.suites or ",".join(DEFAULT)).split(",") if s.strip()]
    unknown = [s for s in chosen if s not in NAMES]
    if unknown or not chosen:
        parser.error(f"--suites: {', '.join(unknown) or 'none given'}: the suites are {', '.join(NAMES)}")
    if any(s in chosen for s in ("search", "export")) and "import" not in chosen:
        chosen.append("import")
    args.suites = [s for s in NAMES if s in chosen]
    if args.json is None:
        args.json = os.path.join(ROOT, "bench-out", "bench-mcp.json" if args.suites == ["mcp"] else "bench.json")
    return args


def choose_binary(args):
    """(a11ykb, its folder, build mode): --binary as given, --no-build the last release build,
    else a release build of what the suites need."""
    if args.binary:
        binary = os.path.abspath(args.binary)
        if not os.path.exists(binary):
            sys.exit(f"bench: {binary} does not exist")
        return binary, os.path.dirname(binary), "given binary (--binary)"
    if args.no_build:
        folder = os.path.join(ROOT, ".build", "release")
        binary = os.path.join(folder, "a11ykb")
        if not os.path.exists(binary):
            sys.exit(f"bench: {binary} does not exist; run without --no-build")
        return binary, folder, "existing binary (--no-build)"
    products = ("a11ykb",) + (("a11ykb-mcp",) if "mcp" in args.suites else ()) + (("a11ykb-serve",) if "siege" in args.suites else ()) \
        + (("a11ykb-bench",) if "search" in args.suites else ()) + (serve.PROGRAMS if "serve" in args.suites else ())
    products = tuple(dict.fromkeys(products))
    folder, mode = runner.build(products)
    return os.path.join(folder, "a11ykb"), folder, mode


def choose_workdir(args):
    sizes = args.sizes if "import" in args.suites else []
    need = sum(sizes) * corpus.BYTES_PER_ENTRY * (1 + DB_FACTOR) + (READERS_BYTES if "readers" in args.suites else 50e6)
    if args.workdir:
        os.makedirs(args.workdir, exist_ok=True)
        candidates = [args.workdir]
    else:
        candidates = [tempfile.gettempdir(), os.path.join(ROOT, "bench-out")]
    for base in candidates:
        os.makedirs(base, exist_ok=True)
        free = shutil.disk_usage(base).free
        if free > need * 1.2:
            path = base if args.workdir else tempfile.mkdtemp(prefix="a11ykb-bench-", dir=base)
            runner.log(f"working in {path} (needs about {need / 1e9:.1f} GB, {free / 1e9:.0f} GB free)")
            return path
        runner.log(f"{base}: {free / 1e9:.1f} GB free, about {need / 1e9:.1f} GB needed")
    sys.exit("bench: not enough free disk space for these sizes; try smaller --sizes or --workdir")


def clean(workdir, whole):
    """Deletes what the run wrote: the whole folder it made, or only its files in a --workdir."""
    if whole:
        shutil.rmtree(workdir, ignore_errors=True)
        return
    for name in os.listdir(workdir):
        if name.startswith(("corpus-", "kb-", "import-", "floor-", "standards", "readers-", "mcp-", "siege-", "serve")):
            path = os.path.join(workdir, name)
            shutil.rmtree(path, ignore_errors=True) if os.path.isdir(path) else os.remove(path)


def collect_figures(details, suites):
    sizes = details.get("sizes", [])
    out = {}
    for suite in suites:
        if suite == "startup":
            out.update(startup.figures(details.get("startup")))
        elif suite == "import":
            out.update(importing.figures(sizes))
        elif suite == "search":
            out.update(search.figures(sizes))
        elif suite == "export":
            out.update(export.figures(sizes))
        elif suite == "readers":
            out.update(readers.figures(details.get("readers")))
        elif suite == "mcp":
            out.update(mcp.figures(details.get("mcp")))
        elif suite == "siege":
            out.update(siege.figures(details.get("siege")))
        elif suite == "serve":
            out.update(serve.figures(details.get("serve")))
    return out


def header(data):
    m, tools, load = data["machine"], data.get("tools", {}), data["load_average"]
    return "\n".join([
        f"a11ykb benchmark  {data['date']}  commit {data.get('commit')}  {m['cores']} cores, {m['cpu']}, {m['memory_mb']} MB RAM",
        f"binary: {data['binary']} ({data['build_mode']}); sqlite3 {tools.get('sqlite3_version') or 'unavailable'}; "
        f"{tools.get('rg_version') or 'rg unavailable'}",
        f"suites: {', '.join(data['suites'])}; load average at start {load['start']}, at end {load.get('end')}; "
        f"median of {data['runs']} runs after one warm-up (fewer when one run takes over {runner.SLOW_RUN_S} s), "
        f"process start included, output to /dev/null"])


def report(data):
    details, sizes = data["details"], data["details"].get("sizes", [])
    parts = [header(data)]
    suites = data["suites"]
    if "startup" in suites:
        parts.append(startup.report(details.get("startup")))
    if "import" in suites:
        parts.append(importing.report(sizes))
    if "search" in suites:
        parts.append(search.report(sizes))
    if "export" in suites:
        parts.append(export.report(sizes))
    if "readers" in suites:
        parts.append(readers.report(details.get("readers")))
    if "mcp" in suites:
        parts.append(mcp.report(details.get("mcp")))
    if "siege" in suites:
        parts.append(siege.report(details.get("siege")))
    if "serve" in suites:
        parts.append(serve.report(details.get("serve")))
    parts.append(targets.report(data["targets"]))
    return "\n".join(p for p in parts if p)


def run(args, argv):
    runner.set_timeout(args.timeout)
    data = results.new(" ".join(["scripts/bench"] + argv), args.runs, args.seed)
    data["suites"] = args.suites
    if any(s in PER_SIZE for s in args.suites):
        data["sizes"] = args.sizes
    binary, bin_dir, mode = choose_binary(args)
    problem = (mcp.check(bin_dir) if "mcp" in args.suites else None) or (siege.check(bin_dir) if "siege" in args.suites else None) \
        or (serve.check(bin_dir) if "serve" in args.suites else None)
    if problem:
        sys.exit(f"bench: {problem}")
    shared = runner.linked_swift_runtime(binary)
    data["binary"] = os.path.relpath(binary, ROOT)
    data["build_mode"] = mode + ("" if shared is None else ", loads libswiftCore.so" if shared else ", Swift runtime linked in")
    need_sqlite3 = any(s in args.suites for s in ("startup", "import", "search"))
    tools = {"sqlite3": runner.find_tool("sqlite3", "sqlite3") if need_sqlite3 else None,
             "rg": runner.find_tool("rg", "ripgrep") if "search" in args.suites else None}
    data["tools"] = {**tools, "sqlite3_version": runner.version([tools["sqlite3"], "--version"]) if tools["sqlite3"] else None,
                     "rg_version": runner.version([tools["rg"], "--version"]) if tools["rg"] else None}
    workdir = choose_workdir(args)
    ctx = Context(binary=binary, bin_dir=bin_dir, runs=args.runs, seed=args.seed, workdir=workdir, tools=tools)
    data["workdir"] = workdir

    details = {}
    try:
        if "startup" in args.suites:
            details["startup"] = startup.run(ctx)
        if "import" in args.suites:
            details["sizes"] = []
            for entries in args.sizes:
                size = importing.run(ctx, entries)
                details["sizes"].append(size)
                if "error" not in size:
                    if "search" in args.suites:
                        search.run(ctx, size)
                    if "export" in args.suites:
                        export.run(ctx, size)
                data["load_average"][f"after_{entries}"] = runner.load_average()
        if "readers" in args.suites:
            details["readers"] = readers.run(ctx)
        if "mcp" in args.suites:
            details["mcp"] = mcp.run(ctx)
        if "siege" in args.suites:
            details["siege"] = siege.run(ctx, args.holders, args.siege_seconds)
        if "serve" in args.suites:
            details["serve"] = serve.run(ctx, args.clients, args.serve_seconds)
    except KeyboardInterrupt:
        runner.log("interrupted: reporting what was measured")
    finally:
        if args.keep:
            runner.log(f"kept corpora and databases in {workdir}")
        else:
            clean(workdir, whole=not args.workdir)
    data["load_average"]["end"] = runner.load_average()
    data["figures"] = collect_figures(details, args.suites)
    data["targets"] = targets.check(targets.for_suites(targets.TARGETS, args.suites), data["figures"])
    data["details"] = details
    print(report(data))
    results.write(args.json, data)
    runner.log(f"wrote {args.json}")
    return 0


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["compare"]:
        # A comparison read through `head` ends quietly when the reader stops, as any filter does
        # (the run itself keeps Python's handling: it writes to the pipes of the processes it runs).
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
        return compare.main(argv[1:])
    return run(parse(argv), argv)
