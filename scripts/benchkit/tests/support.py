"""What the tests share: benchkit importable (scripts/ on the path), and a run's details made up
for every suite, as the suites record them (the stack floor measured), for the figures and targets
to read.

    python3 -m unittest discover -s scripts/benchkit/tests
"""
import os
import shutil
import sys
import tempfile
import unittest

SCRIPTS = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if SCRIPTS not in sys.path:
    sys.path.insert(0, SCRIPTS)

from benchkit.suites import export, mcp, readers, search, startup  # noqa: E402


def record(median_ms, cpu_ms=None, peak_rss_kb=10240):
    """A measurement's record as runner.measure makes it."""
    out = {"median_ms": median_ms, "min_ms": median_ms, "max_ms": median_ms, "runs": 3, "peak_rss_kb": peak_rss_kb,
           "samples_ms": [median_ms] * 3}
    if cpu_ms is not None:
        out["cpu_ms"] = cpu_ms
    return out


def size_record(entries, import_seconds=10.0, floor_seconds=8.0, search_ms=20.0, export_ms=1500.0):
    """A corpus size as the import, search and export suites leave it."""
    return {
        "entries": entries, "generate_s": 1.0, "source_files": entries, "source_bytes": entries * 9000,
        "import": {"seconds": import_seconds, "exit_status": 0, "peak_rss_kb": 200 * 1024, "cpu_seconds": import_seconds * 1.5,
                   "entries_per_s": entries / import_seconds, "mb_per_s": entries * 9000 / 1e6 / import_seconds,
                   "summary": "done", "stages": {"parse": 2.0, "fts": 1.0, "total": import_seconds}},
        "db_bytes": entries * 18000, "db_to_source": 2.0,
        "import_floor": {"seconds": floor_seconds, "rows": entries * 80, "phases": {}, "peak_rss_kb": 1024, "csv_bytes": 1},
        "rare_word": "damihoxi",
        "search": [{"shape": shape, "query": shape, "fts5": "x", "note": None, "hits": 1,
                    "a11ykb": record(search_ms), "sqlite3": record(search_ms / 2), "stack": record(search_ms * 0.8),
                    "rg": record(search_ms * 3)}
                   for shape in search.FACT_SHAPES],
        "component_search": [{"shape": shape, "query": shape, "note": None,
                              "a11ykb": record(search_ms, cpu_ms=search_ms / 2), "sqlite3": record(search_ms / 4, cpu_ms=1.0)}
                             for shape in search.COMPONENT_SHAPES],
        **{key: record(export_ms, peak_rss_kb=40 * 1024) for key, _, _ in export.COMMANDS},
    }


def details():
    """A whole run's details: every suite, sizes 10k, 20k (issue 33's size) and 100k."""
    return {
        "startup": {"runs": 30, "a11ykb_version_argv": ["a11ykb", "--version"], "measurements": {
            "spawn /bin/true": record(1.0, 0.5), "a11ykb --help": record(7.0, 6.0), "a11ykb --version": record(6.0, 5.5),
            "sqlite3 :memory: SELECT 1": record(2.0, 1.8), "sqlite3 -version": record(1.8, 1.6),
            startup.STACK_FLOOR: record(4.8, 4.4)}, "stack_floor_reason": None},
        "sizes": [size_record(10_000), size_record(20_000), size_record(100_000, import_seconds=120.0, floor_seconds=90.0, search_ms=40.0,
                                                  export_ms=25000.0)],
        "readers": {"imports": {readers.act_label(readers.ACT_REQUIREMENTS): record(800.0, 700.0),
                                readers.act_label(readers.ACT_REQUIREMENTS // readers.SCALE): record(150.0, 60.0),
                                readers.wcag_label(readers.WCAG_CRITERIA): record(2300.0, 1700.0),
                                readers.wcag_label(readers.WCAG_CRITERIA // readers.SCALE): record(170.0, 60.0)},
                    "questions": {label: record(20.0, 15.0) for label, _ in readers.QUESTIONS}},
        "mcp": {"knowledge_base": "seed", "components": 4, "runs": 5,
                "startup": {"spawn /bin/true": record(1.0), "a11ykb --help": record(7.0),
                            mcp.INITIALIZE_MCP: {"median_ms": 28.0, "min_ms": 27.0, "runs": 5},
                            mcp.INITIALIZE_SERVER: {"median_ms": 25.0, "min_ms": 24.0, "runs": 5}},
                "tool_calls": [{"label": label, "tool": tool, "arguments": arguments, "cli": "a11ykb " + " ".join(cli),
                                "tool_call": {"median_ms": 2.0}, "cli_command": record(15.0)}
                               for label, tool, arguments, cli in mcp.PAIRS],
                "sdk_link_cost": {"libraries_only_a11ykb_mcp_loads": 30, "a11ykb --help": record(7.0),
                                  "a11ykb --help, those libraries preloaded": record(12.0), "a11ykb stats": record(9.0),
                                  "a11ykb stats, those libraries preloaded": record(14.0),
                                  "bytes": {"a11ykb": 100_000_000, "a11ykb-mcp": 120_000_000}}},
        "siege": {"knowledge_base": "seed", "holders": 1000, "duplicated_id_requests": 1000, "seconds": 15, "holders_refused": 0,
                  "baseline": {"healthz": {"requests": 900, "p50_ms": 1.0, "p99_ms": 4.0},
                               "search": {"requests": 900, "p50_ms": 1.5, "p99_ms": 6.0}, "failures": 0, "first_failures": []},
                  "under_siege": {"healthz": {"requests": 800, "p50_ms": 1.2, "p99_ms": 30.0},
                                  "search": {"requests": 800, "p50_ms": 2.0, "p99_ms": 40.0}, "failures": 0, "first_failures": []},
                  "duplicated_id_statuses": {"400": 1000}, "rss_mb_before": 50.0, "rss_mb_under_siege": 90.0,
                  "peak_rss_mb": 95.0, "stop": {"seconds": 5.1, "ended": True, "status": 0, "bound_s": 10}},
        "serve": {"knowledge_base": "corpus", "clients": 64, "seconds": 20, "questions": 224,
                  "library_held": {"questions": 224, "path": "held", "p50_ms": 0.4, "p90_ms": 0.9, "p99_ms": 2.0,
                                   "index_build_ms": 90.0, "index_bytes": 4_500_000, "index_texts": 3725},
                  "library_sql": {"questions": 224, "path": "sql", "p50_ms": 5.0, "p90_ms": 9.0, "p99_ms": 20.0,
                                  "index_build_ms": 0.0, "index_bytes": 0, "index_texts": 0},
                  "mcp_stdio": {"calls": 224, "p50_ms": 1.5, "p99_ms": 4.0, "failures": 0},
                  **{key: {"requests": 30000, "seconds": 20.0, "rps": 1500.0, "p50_ms": 30.0, "p99_ms": 90.0, "non2xx": 0, "errors": 0}
                     for key in ("library_floor", "questions_uncached", "mcp_questions_uncached", "mix_uncached", "healthz", "mix",
                                 "search", "import_during_load")},
                  "rss_mb_uncached_start": 60.0, "rss_mb_uncached_end": 62.0, "peak_rss_mb_uncached": 65.0, "peak_rss_mb": 70.0},
    }


class FolderTestCase(unittest.TestCase):
    """A test with a fresh folder of its own (`self.folder`), removed after it."""
    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="benchkit-test-")

    def tearDown(self):
        shutil.rmtree(self.folder, ignore_errors=True)
