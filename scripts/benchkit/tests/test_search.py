"""The fact search's table: a11ykb next to the sqlite3 shell, the stack floor and rg -i, with
a11ykb's own share (a11ykb / stack) and the stack floor's own distance from the shell."""
import unittest

import support
from benchkit import cli
from benchkit.suites import search


def row_of(text, entries, shape):
    return next(line for line in text.splitlines() if line.startswith(entries) and f" {shape} " in line)


class FactTableTests(unittest.TestCase):
    def sizes(self):
        return [support.size_record(10_000)]  # a11ykb 20 ms, sqlite3 10 ms, stack 16 ms, rg 60 ms

    def test_the_stack_column_and_its_ratios(self):
        text = search.report(self.sizes())
        header = next(line for line in text.splitlines() if line.startswith("entries") and "fts hits" in line)
        self.assertEqual(header.split()[5:], ["a11ykb", "sqlite3", "stack", "rg", "-i", "a11ykb/sqlite3", "stack/sqlite3",
                                              "a11ykb/stack", "a11ykb/rg"])
        cells = row_of(text, "10,000", "rare word").split()[-8:]
        self.assertEqual(cells, ["20.0", "10.0", "16.0", "60.0", "2.00x", "1.60x", "1.25x", "0.33x"])
        self.assertIn("a11ykb/stack: a11ykb's own share", text)
        self.assertNotIn("stack: not measured", text)

    def test_without_the_stack_floor_its_cells_are_n_a_and_the_reason_is_said(self):
        sizes = self.sizes()
        for q in sizes[0]["search"]:
            q["stack"] = {"error": "unavailable: no objects in B/GRDB.build"}
        text = search.report(sizes)
        cells = row_of(text, "10,000", "common word").split()[-8:]
        self.assertEqual(cells, ["20.0", "10.0", "n/a", "60.0", "2.00x", "n/a", "n/a", "0.33x"])
        self.assertIn("stack: not measured (unavailable: no objects in B/GRDB.build)", text)

    def test_a_record_made_before_the_stack_floor_reads(self):
        sizes = self.sizes()
        for q in sizes[0]["search"]:
            del q["stack"]
        self.assertIn("n/a", row_of(search.report(sizes), "10,000", "phrase"))
        self.assertIsNone(cli.collect_figures({"sizes": sizes}, ["search"])[search.fact_name(10_000, "phrase", "stack")]["value"])

    def test_the_stack_floor_is_a_figure_beside_a11ykbs(self):
        figures = cli.collect_figures({"sizes": self.sizes()}, ["search"])
        self.assertEqual(figures[search.fact_name(10_000, "two words", "stack")]["value"], 16.0)
        self.assertEqual(search.stack_floor_figure(search.fact_name(20_000, "prefix", "a11ykb")),
                         search.fact_name(20_000, "prefix", "stack"))
        for other in (search.fact_name(20_000, "prefix", "sqlite3"), search.component_name(10_000, "rare word", "a11ykb"),
                      "startup/a11ykb --version"):
            self.assertIsNone(search.stack_floor_figure(other), other)

    def test_the_stack_floor_runs_the_shells_query_with_the_match_bound(self):
        shell = search.floor_sql('"it\'s"')
        self.assertIn("""MATCH '"it''s"'""", shell)
        self.assertEqual(search.stack_floor_sql(), shell.replace("""'"it''s"'""", "?"))


if __name__ == "__main__":
    unittest.main()


class InProcessTableTests(unittest.TestCase):
    """Issue 52's comparison at a size: the library's p50 beside the FTS5 statement's own time."""

    def sizes(self):
        sizes = [support.size_record(20_000)]
        for q in sizes[0]["component_search"]:
            q["in_process"] = {"p50_ms": 3.0, "sqlite3_query_ms": 1.2, "index_texts": 0}
        return sizes

    def test_the_ratio_and_the_path_are_said(self):
        text = search.report(self.sizes())
        section = text.split("The same questions in one process", 1)[1]
        cells = row_of(section, "20,000", "two words").split()[-4:]
        self.assertEqual(cells, ["3.0", "1.2", "2.50x", "SQL"])

    def test_figures_name_both_sides(self):
        figures = cli.collect_figures({"sizes": self.sizes()}, ["search"])
        self.assertEqual(figures[search.component_name(20_000, "question", "library p50")]["value"], 3.0)
        self.assertEqual(figures[search.component_name(20_000, "question", "sqlite3 query")]["value"], 1.2)

    def test_a_record_without_it_has_no_such_table(self):
        self.assertNotIn("The same questions in one process", search.report([support.size_record(20_000)]))

    def test_an_error_is_said_in_its_row(self):
        sizes = self.sizes()
        sizes[0]["component_search"][0]["in_process"] = {"error": "a11ykb-bench is missing"}
        self.assertIn("a11ykb-bench is missing", search.report(sizes))
