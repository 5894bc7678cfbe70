"""Running processes and timing them: one spawn, one measurement policy, the build, the tools.

A figure is a whole process: spawned with posix_spawn, stdin from /dev/null, stdout and stderr
to /dev/null unless asked, waited for with wait4 (which gives that one child's peak memory and
CPU time). A measurement is one discarded warm-up, then --runs timed runs, fewer when one run is
slow (runs_for), summarised by the median (summarize).
"""
import collections
import os
import platform
import shutil
import signal
import statistics
import subprocess
import sys
import threading
import time

from . import ROOT

# When one run of a command takes longer than this, fewer runs are made (at least MIN_RUNS), so
# that the slow columns at 100k entries stay bounded.
SLOW_RUN_S = 0.5
SLOW_BUDGET_S = 10.0
MIN_RUNS = 3
VERY_SLOW_RUN_S = 10.0  # one timed run only
DEFAULT_TIMEOUT_S = 600.0  # a run is killed after this (--timeout)

_timeout_s = DEFAULT_TIMEOUT_S


def set_timeout(seconds):
    """The time after which any run is killed and reported (--timeout)."""
    global _timeout_s
    _timeout_s = seconds


def log(message, prefix="bench"):
    print(f"[{prefix} {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


class Timeout(Exception):
    pass


Run = collections.namedtuple("Run", "seconds status peak_rss_kb cpu_seconds")


def child_environment(extra_env=None):
    """The environment every measured process gets: ours, without NO_COLOR, plus extra_env."""
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    env.update(extra_env or {})
    return env


def run_once(argv, stdout_path=os.devnull, stderr_path=os.devnull, timeout=None, extra_env=None):
    """Runs argv to completion, stdout to stdout_path, stderr to stderr_path, with extra_env added
    to the environment. Returns a Run (seconds of wall time, exit status, peak RSS in KB, seconds
    of CPU time, user and system) of that one child; raises Timeout after `timeout` seconds
    (default --timeout)."""
    actions = [(os.POSIX_SPAWN_OPEN, 1, stdout_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
               (os.POSIX_SPAWN_OPEN, 2, stderr_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
               (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0)]
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, child_environment(extra_env), file_actions=actions)
    killed = []
    timer = threading.Timer(timeout or _timeout_s, lambda: (killed.append(True), os.kill(pid, signal.SIGKILL)))
    timer.start()
    try:
        _, status, usage = os.wait4(pid, 0)
    finally:
        timer.cancel()
    elapsed = time.perf_counter() - start
    if killed:
        raise Timeout(f"killed after {elapsed:.0f} s")
    return Run(elapsed, os.waitstatus_to_exitcode(status), usage.ru_maxrss, usage.ru_utime + usage.ru_stime)


def runs_for(warm_seconds, runs):
    """How many timed runs to make after a warm-up that took warm_seconds: all of them; fewer
    when one run is slow (about SLOW_BUDGET_S in all, but at least MIN_RUNS); one when very slow.
    Never more than asked for."""
    if warm_seconds > VERY_SLOW_RUN_S:
        return 1
    if warm_seconds > SLOW_RUN_S:
        return min(runs, max(MIN_RUNS, int(SLOW_BUDGET_S / warm_seconds)))
    return runs


def summarize(samples_ms, cpu_ms=None, peak_rss_kb=None):
    """A measurement's record from its timed runs: the median, min and max in ms, the runs, the
    median CPU time when given, the largest peak RSS when given, and every sample."""
    record = {"median_ms": statistics.median(samples_ms), "min_ms": min(samples_ms), "max_ms": max(samples_ms),
              "runs": len(samples_ms)}
    if cpu_ms:
        record["cpu_ms"] = statistics.median(cpu_ms)
    if peak_rss_kb is not None:
        record["peak_rss_kb"] = peak_rss_kb
    record["samples_ms"] = [round(s, 3) for s in samples_ms]
    return record


def measure(argv, runs, ok=(0,), before_each=None, extra_env=None):
    """One warm-up, then runs_for(warm-up, runs) timed runs. Returns summarize's record, or a
    record with an error (a failing exit status, or a run killed by --timeout). before_each runs
    before every run, warm-up included (an import's fresh knowledge base)."""
    def once():
        if before_each:
            before_each()
        return run_once(argv, extra_env=extra_env)
    try:
        warm = once()
        if warm.status not in ok:
            return {"error": f"exit status {warm.status}", "argv": argv}
        samples, cpu, rss = [], [], 0
        for _ in range(runs_for(warm.seconds, runs)):
            run = once()
            if run.status not in ok:
                return {"error": f"exit status {run.status}", "argv": argv}
            samples.append(run.seconds * 1000)
            cpu.append(run.cpu_seconds * 1000)
            rss = max(rss, run.peak_rss_kb)
    except Timeout as timeout:
        return {"error": f"timeout: {timeout}", "argv": argv}
    return summarize(samples, cpu, rss)


def measure_alternating(commands, runs):
    """{label: argv} measured in turn: a warm-up round, then `runs` rounds, each running every
    command once, so that a ratio of two of them (a11ykb's start against its floor's) is taken
    over the same moments of the machine, not over two stretches of it. Returns {label:
    summarize's record}, or a record with an error for a command that failed or timed out (it
    leaves the rounds)."""
    records, samples = {}, {label: ([], [], 0) for label in commands}
    live = dict(commands)
    for round_index in range(runs + 1):
        for label, argv in list(live.items()):
            try:
                run = run_once(argv)
            except Timeout as timeout:
                records[label] = {"error": f"timeout: {timeout}", "argv": argv}
                del live[label]
                continue
            if run.status != 0:
                records[label] = {"error": f"exit status {run.status}", "argv": argv}
                del live[label]
                continue
            if round_index == 0:
                continue
            wall, cpu, rss = samples[label]
            wall.append(run.seconds * 1000)
            cpu.append(run.cpu_seconds * 1000)
            samples[label] = (wall, cpu, max(rss, run.peak_rss_kb))
    for label in live:
        wall, cpu, rss = samples[label]
        records[label] = summarize(wall, cpu, rss)
    return {label: records[label] for label in commands}


def median_ms(record):
    """The median of a measurement's record; None for an error or nothing."""
    return record.get("median_ms") if isinstance(record, dict) else None


def capture(argv, **kwargs):
    return subprocess.run(argv, capture_output=True, text=True, **kwargs)


# MARK: - Build and tools

def build(products=("a11ykb",)):
    """swift build -c release --product P --static-swift-stdlib for each product, else without the
    flag; one product at a time (a plain `swift build -c release` also builds Tests/TestSupport,
    which cannot build in release). Returns (the bin folder, the build mode)."""
    for mode, flags in (("static-swift-stdlib", ["--static-swift-stdlib"]), ("shared Swift runtime", [])):
        log(f"building release ({mode}): {', '.join(products)} ...")
        start = time.perf_counter()
        built = all(subprocess.run(["swift", "build", "-c", "release", "--product", product] + flags, cwd=ROOT,
                                   stdout=sys.stderr, stderr=sys.stderr).returncode == 0 for product in products)
        if built:
            log(f"built in {time.perf_counter() - start:.0f} s")
            path = capture(["swift", "build", "-c", "release", "--show-bin-path"] + flags, cwd=ROOT).stdout.strip()
            return path or os.path.join(ROOT, ".build", "release"), mode
        log(f"build with {mode} failed")
    sys.exit("bench: swift build -c release failed; see above")


def linked_swift_runtime(binary):
    """True when the binary loads the shared Swift runtime (libswiftCore.so); None when unknown."""
    try:
        ldd = capture(["ldd", binary])
    except OSError:
        return None
    return "libswiftCore" in ldd.stdout if ldd.returncode == 0 else None


def shared_libraries(binary):
    """The paths of the shared libraries the binary loads (ldd)."""
    try:
        out = capture(["ldd", binary]).stdout
    except OSError:
        return set()
    return {line.split("=>")[1].split("(")[0].strip() for line in out.splitlines()
            if "=>" in line and "/" in line.split("=>")[1]}


def find_tool(name, package):
    """The tool's path; installs the Debian package when missing and possible; None otherwise."""
    path = shutil.which(name)
    if path:
        return path
    if shutil.which("apt-get") and os.geteuid() == 0:
        log(f"{name} missing: apt-get install -y {package}")
        for attempt in (["apt-get", "install", "-y", package], ["apt-get", "update"],
                        ["apt-get", "install", "-y", package]):
            subprocess.run(attempt, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
            if attempt[1] == "install" and shutil.which(name):
                return shutil.which(name)
    log(f"{name} unavailable: its columns are reported as unavailable")
    return None


def version(argv):
    """The first line a tool prints for its version; None when it cannot run."""
    try:
        out = capture(argv)
        return (out.stdout or out.stderr).strip().splitlines()[0]
    except (OSError, IndexError):
        return None


def load_average():
    return [round(x, 2) for x in os.getloadavg()]


def machine():
    """The machine facts a result file carries: cores, CPU model, memory, system, Python."""
    cpu = None
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), None)
    except OSError:
        pass
    memory = None
    try:
        with open("/proc/meminfo") as f:
            memory = int(next(line.split()[1] for line in f if line.startswith("MemTotal"))) // 1024
    except (OSError, StopIteration):
        pass
    return {"cores": os.cpu_count(), "cpu": cpu, "memory_mb": memory, "system": platform.platform(),
            "python": platform.python_version()}


def missing_sibling(bin_dir, program, suite):
    """None when `program` is beside the a11ykb measured; else why `suite` cannot run, in one line."""
    path = os.path.join(bin_dir, program)
    if os.path.exists(path):
        return None
    return f"{path} is missing: the {suite} suite runs the {program} beside a11ykb (build it: swift build -c release --product {program})"


def magenta_knowledge_base(a11ykb, db):
    """Imports the corpus's MagentaA11y folders (the seed when ../shared/corpus is absent) into a
    fresh knowledge base at db; says which."""
    remove_database(db)
    shared = os.path.join(os.path.dirname(ROOT), "shared", "corpus")
    sources = [os.path.join(shared, n) for n in ("magentaA11y-2026", "magentaA11y-2024") if os.path.isdir(os.path.join(shared, n))]
    subprocess.run([a11ykb, "import", "--db", db] + (sources or [os.path.join(ROOT, "seed")]),
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return "corpus" if sources else "seed (../shared/corpus absent)"


def remove_database(db):
    """Removes a knowledge base file and its side files."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        if os.path.exists(db + suffix):
            os.remove(db + suffix)
