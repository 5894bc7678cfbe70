"""The stack floor: the smallest program on a11ykb's own stack, compiled once per run.

a11ykb is Swift, swift-argument-parser (ArgumentParser) and GRDB, which links all of Foundation.
The sqlite3 shell is none of these, so part of any distance between a11ykb and the shell is what
that stack costs before a11ykb's own code does anything. This program measures that part: an
ArgumentParser root command (`--version`) with a `search` subcommand that opens the knowledge
base read-only with GRDB and runs the same FTS5 query as the search suite's sqlite3 floor
(search.FACT_FLOOR_SQL, the match bound as a parameter). a11ykb's own share of a figure is its
ratio to this program's, beside its ratio to the shell's.

It is compiled with `swiftc -O -static-stdlib`, as the release build and the other floors, against
the objects of the release build being measured (the folder of the binary's real path: its
Modules, ArgumentParser.build, ArgumentParserToolInfo.build and GRDB.build, and GRDBSQLite's
module map among its checkouts), so that it links the very ArgumentParser and GRDB a11ykb does.
When swiftc, those objects or the module map are missing (a `--binary` copied elsewhere, a debug
build), one line says why and the figures that need it are "n/a".
"""
import dataclasses
import glob
import os
import shutil
import subprocess
import time

from . import runner

VERSION = "floor 1"  # what `floor --version` prints
OBJECT_FOLDERS = ("ArgumentParser.build", "ArgumentParserToolInfo.build", "GRDB.build")
SWIFT_MODULES = ("ArgumentParser.swiftmodule", "GRDB.swiftmodule")
MODULE_MAP = os.path.join("GRDB.swift", "Sources", "GRDBSQLite", "module.modulemap")
FOLDER = "floor-stack"  # in the run's workdir: cli.clean removes it
COMPILE_TIMEOUT_S = 300


@dataclasses.dataclass(frozen=True)
class StackFloor:
    """The compiled program's path, or None and the reason (one line) it was not compiled."""
    path: str = None
    reason: str = None


def source(sql):
    """The program, with `sql` (one `?` for the FTS5 match) as its query."""
    literal = sql.replace("\\", "\\\\").replace('"', '\\"')
    return "\n".join([
        "import ArgumentParser",
        "import GRDB",
        "",
        "struct Search: ParsableCommand {",
        "    @Argument var match: String",
        "    @Option var db: String",
        "",
        "    func run() throws {",
        "        var configuration = Configuration()",
        "        configuration.readonly = true",
        "        let queue = try DatabaseQueue(path: db, configuration: configuration)",
        "        try queue.read { db in",
        f'            let rows = try Row.fetchCursor(db, sql: "{literal}", arguments: [match])',
        "            while let row = try rows.next() { print(row[0] as Int64, row[1] as Double) }",
        "        }",
        "    }",
        "}",
        "",
        "@main struct Floor: ParsableCommand {",
        f'    static let configuration = CommandConfiguration(commandName: "floor", version: "{VERSION}", '
        "subcommands: [Search.self])",
        "}",
        ""])


def inputs(binary):
    """(what the compile needs, None) for the release build `binary` belongs to, or (None, why not)."""
    build = os.path.dirname(os.path.realpath(binary))
    checkouts = os.path.normpath(os.path.join(build, "..", "..", "checkouts"))
    modules = os.path.join(build, "Modules")
    missing = [name for name in SWIFT_MODULES if not os.path.exists(os.path.join(modules, name))]
    if missing:
        return None, f"no {' or '.join(missing)} in {modules} (not a SwiftPM release build of a11ykb)"
    objects = []
    for folder in OBJECT_FOLDERS:
        found = sorted(glob.glob(os.path.join(build, folder, "*.o")))
        if not found:
            return None, f"no objects in {os.path.join(build, folder)}"
        objects += found
    module_map = os.path.join(checkouts, MODULE_MAP)
    if not os.path.exists(module_map):
        return None, f"no {module_map}"
    return {"modules": modules, "module_map": module_map, "objects": objects}, None


def command(swiftc, found, source_path, output):
    return [swiftc, "-O", "-static-stdlib", "-parse-as-library", "-module-name", "StackFloor",
            "-I", found["modules"], "-Xcc", f"-fmodule-map-file={found['module_map']}",
            source_path, *found["objects"], "-lsqlite3", "-o", output]


def build(binary, workdir, sql):
    """Compiles the stack floor for the build `binary` belongs to into workdir/floor-stack, and
    checks that it answers --version. Returns a StackFloor; says one line either way."""
    def unavailable(reason):
        runner.log(f"stack floor not measured: {reason}")
        return StackFloor(reason=reason)
    swiftc = shutil.which("swiftc")
    if not swiftc:
        return unavailable("swiftc is not on PATH")
    found, reason = inputs(binary)
    if not found:
        return unavailable(reason)
    folder = os.path.join(workdir, FOLDER)
    os.makedirs(folder, exist_ok=True)
    source_path, output = os.path.join(folder, "floor.swift"), os.path.join(folder, "floor")
    with open(source_path, "w", encoding="utf-8") as f:
        f.write(source(sql))
    runner.log(f"compiling the stack floor (ArgumentParser and GRDB of {os.path.dirname(found['modules'])}) ...")
    start = time.perf_counter()
    try:
        out = subprocess.run(command(swiftc, found, source_path, output), capture_output=True, text=True, cwd=folder,
                             timeout=COMPILE_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return unavailable(f"swiftc took over {COMPILE_TIMEOUT_S} s")
    if out.returncode != 0:
        errors = [line for line in out.stderr.splitlines() if "error" in line] or out.stderr.strip().splitlines() or ["?"]
        return unavailable(f"it did not compile ({errors[-1].strip()})")
    answer = runner.capture([output, "--version"])
    if answer.returncode != 0 or answer.stdout.strip() != VERSION:
        return unavailable(f"it compiled but `floor --version` answered {answer.stdout.strip()!r}, "
                           f"exit status {answer.returncode}")
    runner.log(f"stack floor compiled in {time.perf_counter() - start:.1f} s")
    return StackFloor(path=output)
