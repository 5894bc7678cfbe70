"""Process start alone, what every end-to-end figure includes (issues 7 and 16): `a11ykb --help`
and `a11ykb --version` next to the spawn floor (/bin/true) and the sqlite3 shell's own start, in
wall and CPU time (on a machine shared with other work, CPU time moves less than wall time).

And next to floors the run compiles with the same toolchain and flags as the release build
(`-O -static-stdlib`):

  - a Swift program that prints a line: what Swift itself costs to start;
  - a Swift program using Foundation as a command-line tool might (a file check, JSON, a regular
    expression, the locale). Its regular expression and locale reach ICU, whose data and set-up
    a11ykb --version does not touch: it shows what Foundation can cost, and is not the floor of
    a11ykb's start;
  - the stack floor (benchkit.stackfloor): an ArgumentParser command linking GRDB, and with it all
    of Foundation, from the very objects of the build measured, answering --version. That is
    the floor of a11ykb --version: what it pays before a11ykb's own code runs. a11ykb's own share
    of its start is its ratio to this program; the target (within 2x of sqlite3 -version) is
    shown beside what the stack floor itself takes (targets.report)."""
import os
import shutil
import subprocess

from .. import runner
from ..results import figure
from ..text import fmt_ms, fmt_ratio

NAME = "startup"
RUNS = 60  # a few milliseconds each, in alternation: more runs than the other suites


def name(command, cpu=False):
    return f"startup/{command}" + (" CPU" if cpu else "")


SWIFT_FLOOR = "swift: print a line"
FOUNDATION_FLOOR = "swift + Foundation: files, JSON, regex"  # the name of its figures: kept as it was
STACK_FLOOR = "swift + ArgumentParser + GRDB: --version"
FLOOR_SOURCES = {
    SWIFT_FLOOR: 'print("floor 1")\n',
    # Each call reaches another part of Foundation, so that the static link takes what a tool's
    # might; the regular expression and the locale start ICU, which a11ykb --version does not.
    FOUNDATION_FLOOR: "\n".join([
        "import Foundation",
        'let exists = FileManager.default.fileExists(atPath: "/nonexistent")',
        'let json = try? JSONSerialization.data(withJSONObject: ["a": 1])',
        'let regex = try? NSRegularExpression(pattern: "a+")',
        'print("floor \\(exists) \\(json?.count ?? 0) \\(regex != nil) \\(Locale.current.identifier.count >= 0)")',
        ""]),
}


def floor_programs(workdir):
    """{label: path} of the floors compiled in workdir; empty (with a line said) without swiftc."""
    swiftc = shutil.which("swiftc")
    if not swiftc:
        runner.log("swiftc unavailable: the Swift floors of process start are not measured")
        return {}
    built = {}
    folder = os.path.join(workdir, "floor-swift")  # cli.clean removes it with the run's other files
    os.makedirs(folder, exist_ok=True)
    for index, (label, source) in enumerate(FLOOR_SOURCES.items()):
        path = os.path.join(folder, f"floor{index}")
        with open(path + ".swift", "w", encoding="utf-8") as f:
            f.write(source)
        out = subprocess.run([swiftc, "-O", "-static-stdlib", path + ".swift", "-o", path],
                             capture_output=True, text=True, cwd=folder)
        if out.returncode == 0:
            built[label] = path
        else:
            runner.log(f"{label}: did not compile, not measured ({(out.stderr.strip().splitlines() or ['?'])[-1]})")
    return built


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
    runner.log("compiling the Swift floors ...")
    commands.update({label: [path] for label, path in floor_programs(ctx.workdir).items()})
    stack = ctx.stack_floor()
    if stack.path:
        commands[STACK_FLOOR] = [stack.path, "--version"]
    return {"runs": RUNS, "a11ykb_version_argv": ["a11ykb"] + version[1:], "stack_floor_reason": stack.reason,
            "measurements": runner.measure_alternating(commands, RUNS)}


def stack_floor_figure(measured):
    """The stack floor's figure beside a11ykb --version's (wall or CPU); None for any other."""
    for cpu in (False, True):
        if measured == name("a11ykb --version", cpu):
            return name(STACK_FLOOR, cpu)
    return None


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
        f"Process start (median of {details.get('runs')}, the commands run in turn, ms): " + ", ".join(f"{k} {fmt_ms(v)}" for k, v in wall.items()),
        f"  {version}: {fmt_ms(wall.get('a11ykb --version'))} ms wall, {fmt_ms(cpu.get('a11ykb --version'))} ms CPU; "
        f"sqlite3 -version {fmt_ms(wall.get('sqlite3 -version'))} ms wall, {fmt_ms(cpu.get('sqlite3 -version'))} ms CPU "
        f"({fmt_ratio(cpu.get('a11ykb --version'), cpu.get('sqlite3 -version'))} in CPU)",
        f"  floors, in CPU: {SWIFT_FLOOR} {fmt_ms(cpu.get(SWIFT_FLOOR))} ms "
        f"({fmt_ratio(cpu.get(SWIFT_FLOOR), cpu.get('sqlite3 -version'))} sqlite3's); "
        f"{FOUNDATION_FLOOR} {fmt_ms(cpu.get(FOUNDATION_FLOOR))} ms "
        f"({fmt_ratio(cpu.get(FOUNDATION_FLOOR), cpu.get('sqlite3 -version'))} sqlite3's), which starts ICU "
        f"(its regex and locale) as a11ykb --version does not",
        f"  the stack floor, in CPU: {STACK_FLOOR} {fmt_ms(cpu.get(STACK_FLOOR))} ms "
        f"({fmt_ratio(cpu.get(STACK_FLOOR), cpu.get('sqlite3 -version'))} sqlite3's); "
        f"a11ykb's own share: a11ykb --version is {fmt_ratio(cpu.get('a11ykb --version'), cpu.get(STACK_FLOOR))} "
        f"the stack floor"
        + (f"; not measured: {details['stack_floor_reason']}" if details.get("stack_floor_reason") else "")])
