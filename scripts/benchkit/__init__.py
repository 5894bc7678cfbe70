"""benchkit: a11ykb's benchmark, as a small package (issue 36). `scripts/bench` is its command line.

Every figure is a whole process as a user runs it (process start included, output to /dev/null),
the median of --runs runs after one warm-up, next to a floor measured in the same run where one
exists. The modules:

    runner      running processes, the median and runs policy, the build, tools, machine facts
    stackfloor  the stack floor: the smallest program on a11ykb's stack (ArgumentParser, GRDB),
                compiled against the build measured; the start-up and search suites measure it
    corpus      the synthetic corpora: MagentaA11y-shaped entries (scripts/gen-corpus), ACT rules
                and a wcag.json of any size
    suites/     one module per suite: startup, importing, search, export, readers, mcp, siege; each
                runs its measurements, names its figures and prints its tables
    results     the result file: schema_version, the machine facts, figures, targets, details
    targets     the targets, as data, and the one function that checks them
    compare     `scripts/bench compare A.json B.json`: every figure before and after
    text        table and number formatting

Python's standard library only. The unit tests of the pure parts: scripts/benchkit/tests
(`python3 -m unittest discover -s scripts/benchkit/tests`).
"""
import os

PACKAGE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(PACKAGE))
