"""The result file: what one run of scripts/bench measured, in a shape compare can read.

    {
      "schema_version": "2.2",          major.minor; compare reads files of its own major only
      "kind": "a11ykb-bench",
      "date", "command", "commit", "binary", "build_mode", "tools", "runs", "seed", "suites",
      "machine": {"cores", "cpu", "memory_mb", "system", "python"},
      "load_average": {"start": [...], "end": [...], ...},
      "figures": {"import/1000/seconds": {"value": 4.02, "unit": "s", "better": "lower"}, ...},
      "targets": [{"name", "issue", "status", "measured", "value", "stack_floor", ...}, ...],
      "details": {"startup": {...}, "sizes": [...], "readers": {...}, "mcp": {...}}
    }

A figure is one number with its unit and which way is better; its name says what it is
(suite/size/subject/what). The details keep every record a suite made (samples, exit statuses,
notes); compare reads only the figures.

The major version changes when a figure's meaning or name scheme changes (compare would pair
different things); the minor when figures are added. Files written before issue 36 carry no
schema_version: they are schema 1. 2.1 added the stack floor (benchkit.stackfloor): the figures
startup/swift + ArgumentParser + GRDB: --version (and its CPU) and search/N/facts SHAPE/stack, and
a target record's stack_floor (how the stack floor itself stands to the target's limit). 2.2 added
the serve suite's figures (serve/...: once scripts/bench-serve's own file, and issue 52's uncached
questions and one question through the library).
"""
import datetime
import json
import os

from . import ROOT
from .runner import capture, load_average, machine

SCHEMA_VERSION = "2.2"
KIND = "a11ykb-bench"
UNITS = ("ms", "s", "MB", "x", "per s", "MB/s", "rows", "count")


class NotAResult(Exception):
    """A file compare cannot read: not JSON, not a bench result, or another major version. The
    message is one line, naming the file."""


def major(version):
    """The major number of a schema_version ("2.0" -> 2); None when it is not one."""
    try:
        return int(str(version).split(".")[0])
    except ValueError:
        return None


def figure(value, unit, better="lower"):
    """One figure: a number (None when not measured), its unit, and which way is better."""
    if unit not in UNITS:
        raise ValueError(f"unknown unit {unit!r}")
    if better not in ("lower", "higher"):
        raise ValueError(f"better must be lower or higher, not {better!r}")
    return {"value": value, "unit": unit, "better": better}


def new(command, runs, seed):
    """A result's envelope: the schema, when, what ran, on which machine, at which commit."""
    git = capture(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"])
    return {"schema_version": SCHEMA_VERSION, "kind": KIND,
            "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
            "command": command, "commit": git.stdout.strip() if git.returncode == 0 else None,
            "machine": machine(), "load_average": {"start": load_average()}, "runs": runs, "seed": seed}


def write(path, data):
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w") as f:
        json.dump(data, f, indent=2)
        f.write("\n")


def validate(data, name):
    """The result itself when compare can read it; raises NotAResult with one line otherwise."""
    if not isinstance(data, dict):
        raise NotAResult(f"{name}: not a scripts/bench result (JSON, but not an object)")
    if "schema_version" not in data:
        if "sizes" in data and "machine" in data or "tool_calls" in data:
            raise NotAResult(f"{name}: a scripts/bench result of schema 1 (written before schema_version); "
                             f"compare reads schema {major(SCHEMA_VERSION)}.x: measure again")
        raise NotAResult(f"{name}: not a scripts/bench result (no schema_version)")
    if data.get("kind") != KIND:
        raise NotAResult(f"{name}: not a scripts/bench result (kind {data.get('kind')!r}, not {KIND!r})")
    if major(data["schema_version"]) != major(SCHEMA_VERSION):
        raise NotAResult(f"{name}: schema_version {data['schema_version']}; compare reads "
                         f"{major(SCHEMA_VERSION)}.x only: measure again, or compare with the scripts/bench that wrote it")
    figures = data.get("figures")
    if not isinstance(figures, dict) or not all(
            isinstance(f, dict) and "unit" in f and (f.get("value") is None or isinstance(f.get("value"), (int, float)))
            for f in figures.values()):
        raise NotAResult(f"{name}: not a scripts/bench result (its figures are not name -> {{value, unit}})")
    return data


def load(path):
    """Reads and validates a result file; raises NotAResult with one line."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as error:
        raise NotAResult(f"{path}: cannot read it ({error.strerror or error})")
    except (ValueError, UnicodeDecodeError):
        raise NotAResult(f"{path}: not a scripts/bench result (not JSON)")
    return validate(data, path)
