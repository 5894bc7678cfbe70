"""One module per suite. Each has NAME (the first part of its figures' names), `run`, which
measures and returns its details (plain JSON), `figures(details)`, which names the figures compare
and the targets read, and `report(details)`, its tables as text.

The import, search and export suites run once per corpus size, in that order (search and export
read the knowledge base the import made); their details live in one record per size. The start-up
and search suites share one stack floor (benchkit.stackfloor), compiled when first asked for.
"""
import dataclasses
import os

# In the order they run and report.
NAMES = ("startup", "import", "search", "export", "readers", "mcp", "siege", "serve")
DEFAULT = ("startup", "import", "search", "export", "readers")
PER_SIZE = ("import", "search", "export")


@dataclasses.dataclass
class Context:
    """What every suite is given: the binary under test, the tools of the floors, the policy."""
    binary: str  # the a11ykb measured
    bin_dir: str  # where its siblings are (a11ykb-mcp)
    runs: int  # timed runs per measurement, after one warm-up
    seed: int  # of the synthetic corpora
    workdir: str  # where corpora and knowledge bases go
    tools: dict  # {"sqlite3": path or None, "rg": path or None}
    _stack_floor: object = dataclasses.field(default=None, init=False, repr=False)

    def stack_floor(self):
        """The stack floor for this binary (a stackfloor.StackFloor: its path, or why there is
        none), compiled on the first call of the run and shared by the suites after it."""
        if self._stack_floor is None:
            from .. import stackfloor
            from . import search
            self._stack_floor = stackfloor.build(self.binary, self.workdir, search.stack_floor_sql())
        return self._stack_floor

    def corpus(self, entries):
        return os.path.join(self.workdir, f"corpus-{entries}")

    def db(self, entries):
        return os.path.join(self.workdir, f"kb-{entries}.sqlite")


def size_label(entries):
    return f"{entries:,}"
