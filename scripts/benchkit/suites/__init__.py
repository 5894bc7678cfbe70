"""One module per suite. Each has NAME (the first part of its figures' names), `run`, which
measures and returns its details (plain JSON), `figures(details)`, which names the figures compare
and the targets read, and `report(details)`, its tables as text.

The import, search and export suites run once per corpus size, in that order (search and export
read the knowledge base the import made); their details live in one record per size.
"""
import dataclasses
import os

# In the order they run and report.
NAMES = ("startup", "import", "search", "export", "readers", "mcp")
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

    def corpus(self, entries):
        return os.path.join(self.workdir, f"corpus-{entries}")

    def db(self, entries):
        return os.path.join(self.workdir, f"kb-{entries}.sqlite")


def size_label(entries):
    return f"{entries:,}"
