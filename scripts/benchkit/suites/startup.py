"""Process start alone, what every end-to-end figure includes (issues 7 and 16): `a11ykb --help`
and `a11ykb --version` next to the spawn floor (/bin/true) and the sqlite3 shell's own start, in
wall and CPU time (on a machine shared with other work, CPU time moves less than wall time)."""
from .. import runner
from ..results import figure
from ..text import fmt_ms, fmt_ratio

NAME = "startup"
RUNS = 30  # a few milliseconds each: more runs than the other suites


def name(command, cpu=False):
    return f"startup/{command}" + (" CPU" if cpu else "")


def run(ctx):
    """{"runs", "a11ykb --version argv", "measurements": {command: measure's record}}."""
    runner.log("process start ...")
    version = [ctx.binary, "--version"]
    try:
        if runner.run_once(version).status != 0:
            version = [ctx.binary, "--help"]  # a build without --version
    except runner.Timeout:
        version = [ctx.binary, "--help"]
    commands = {"spawn /bin/true": ["/bin/true"], "a11ykb --help": [ctx.binary, "--help"], "a11ykb --version": version}
    sqlite3 = ctx.tools.get("sqlite3")
    if sqlite3:
        commands["sqlite3 :memory: SELECT 1"] = [sqlite3, ":memory:", "SELECT 1"]
        commands["sqlite3 -version"] = [sqlite3, "-version"]
    return {"runs": RUNS, "a11ykb_version_argv": ["a11ykb"] + version[1:],
            "measurements": {command: runner.measure(argv, RUNS) for command, argv in commands.items()}}


def figures(details):
    out = {}
    for command, record in (details or {}).get("measurements", {}).items():
        out[name(command)] = figure(runner.median_ms(record), "ms")
        out[name(command, cpu=True)] = figure(record.get("cpu_ms"), "ms")
    return out


def report(details):
    m = (details or {}).get("measurements", {})
    wall = {k: runner.median_ms(v) for k, v in m.items()}
    cpu = {k: v.get("cpu_ms") for k, v in m.items()}
    version = " ".join(details.get("a11ykb_version_argv", ["a11ykb", "--version"]))
    return "\n".join([
        "",
        f"Process start (median of {details.get('runs')}, ms): " + ", ".join(f"{k} {fmt_ms(v)}" for k, v in wall.items()),
        f"  {version}: {fmt_ms(wall.get('a11ykb --version'))} ms wall, {fmt_ms(cpu.get('a11ykb --version'))} ms CPU; "
        f"sqlite3 -version {fmt_ms(wall.get('sqlite3 -version'))} ms wall, {fmt_ms(cpu.get('sqlite3 -version'))} ms CPU "
        f"({fmt_ratio(cpu.get('a11ykb --version'), cpu.get('sqlite3 -version'))} in CPU)"])
