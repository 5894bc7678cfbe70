"""The targets as data, checked by one function."""
import unittest

import support
from benchkit import cli, results, targets
from benchkit.suites import NAMES
from benchkit.targets import Target


def figures(**values):
    """{name: figure} from name=value pairs (underscores for slashes are not needed: names are
    passed as a dict)."""
    return {name: results.figure(value, unit) for name, (value, unit) in values.items()}


class TargetTableTests(unittest.TestCase):
    def test_a_target_has_a_max_value_or_a_floor_and_a_max_ratio(self):
        with self.assertRaises(ValueError):
            Target("both", "import/1/seconds", 7, floor="import/2/seconds", max_ratio=2, max_value=3)
        with self.assertRaises(ValueError):
            Target("neither", "import/1/seconds", 7)
        with self.assertRaises(ValueError):
            Target("ratio without floor", "import/1/seconds", 7, max_ratio=2)
        with self.assertRaises(ValueError):
            Target("floor without ratio", "import/1/seconds", 7, floor="import/2/seconds", max_value=2)

    def test_every_target_reads_figures_the_suites_name(self):
        """A renamed figure would leave its target skipped for ever: every target's figures are among
        those the suites produce from a run of every suite at 10k, 20k and 100k."""
        produced = cli.collect_figures(support.details(), NAMES)
        for t in targets.TARGETS:
            self.assertIn(t.measured, produced, t.name)
            if t.floor:
                self.assertIn(t.floor, produced, t.name)
        self.assertTrue(all(r["status"] != "SKIP" for r in targets.check(targets.TARGETS, produced)))

    def test_names_are_unique_and_every_target_names_its_issue(self):
        names = [t.name for t in targets.TARGETS]
        self.assertEqual(len(names), len(set(names)))
        self.assertTrue(all(isinstance(t.issue, int) and t.issue > 0 for t in targets.TARGETS))
        self.assertEqual({t.suite for t in targets.TARGETS} - set(NAMES), set())

    def test_the_readers_targets_are_a_second_for_each_import(self):
        readers = [t for t in targets.TARGETS if t.issue == 34]
        self.assertEqual([t.max_value for t in readers], [1000, 1000])
        self.assertEqual([t.suite for t in readers], ["readers", "readers"])

    def test_targets_of_suites_not_run_are_left_out(self):
        chosen = targets.for_suites(targets.TARGETS, ["mcp"])
        self.assertEqual([t.issue for t in chosen], [15])


class CheckTests(unittest.TestCase):
    value = Target("import under 60 s", "import/100000/seconds", 7, max_value=60)
    ratio = Target("search within 1.5x", "search/10000/facts rare word/a11ykb", 7,
                   floor="search/10000/facts rare word/sqlite3", max_ratio=1.5)

    def test_a_value_at_or_under_its_limit_passes_and_over_it_fails(self):
        for seconds, status in ((59.0, "PASS"), (60.0, "PASS"), (61.0, "FAIL")):
            [record] = targets.check([self.value], figures(**{"import/100000/seconds": (seconds, "s")}))
            self.assertEqual(record["status"], status, seconds)
            self.assertEqual(record["value"], seconds)
            self.assertEqual(record["limit"], 60)
        self.assertIn("(1.02x the limit of 60 s)", record["measured"])

    def test_a_ratio_is_measured_over_floor(self):
        values = {"search/10000/facts rare word/a11ykb": (15.0, "ms"), "search/10000/facts rare word/sqlite3": (10.0, "ms")}
        [record] = targets.check([self.ratio], figures(**values))
        self.assertEqual((record["status"], record["value"]), ("PASS", 1.5))
        values["search/10000/facts rare word/a11ykb"] = (16.0, "ms")
        [record] = targets.check([self.ratio], figures(**values))
        self.assertEqual(record["status"], "FAIL")
        self.assertEqual(record["measured"], "16.0 ms vs 10.0 ms = 1.60x (limit 1.5x)")

    def test_a_figure_not_measured_skips_the_target(self):
        [record] = targets.check([self.value], {})
        self.assertEqual((record["status"], record["value"]), ("SKIP", None))
        self.assertIn("import/100000/seconds", record["measured"])
        [record] = targets.check([self.value], figures(**{"import/100000/seconds": (None, "s")}))
        self.assertEqual(record["status"], "SKIP")

    def test_a_floor_missing_or_zero_skips_a_ratio(self):
        measured = {"search/10000/facts rare word/a11ykb": (15.0, "ms")}
        [record] = targets.check([self.ratio], figures(**measured))
        self.assertEqual(record["status"], "SKIP")
        self.assertIn("floor not measured", record["measured"])
        [record] = targets.check([self.ratio], figures(**measured, **{"search/10000/facts rare word/sqlite3": (0.0, "ms")}))
        self.assertEqual(record["status"], "SKIP")

    def test_records_keep_the_tables_order_and_name_their_issue(self):
        records = targets.check([self.ratio, self.value], {})
        self.assertEqual([r["name"] for r in records], ["search within 1.5x", "import under 60 s"])
        self.assertEqual([r["issue"] for r in records], [7, 7])

    def test_the_report_lists_checked_targets_and_counts_the_skipped(self):
        records = targets.check([self.value, self.ratio], figures(**{"import/100000/seconds": (70.0, "s")}))
        text = targets.report(records)
        self.assertIn("FAIL  #7   import under 60 s", text)
        self.assertIn("1 of 1 checked targets FAIL", text)
        self.assertIn("1 skipped", text)
        self.assertNotIn("search within 1.5x", text)


class StackFloorTests(unittest.TestCase):
    """Each checked target whose figure has a stack floor beside it says how the stack floor itself
    stands to the same limit; the statuses stay the issues'."""
    ratio = CheckTests.ratio
    value = Target("search rare word under 30 ms", "search/10000/facts rare word/a11ykb", 7, max_value=30)
    A, SQLITE3, STACK = ("search/10000/facts rare word/" + tool for tool in ("a11ykb", "sqlite3", "stack"))

    def check(self, target, **values):
        [record] = targets.check([target], figures(**{name: (v, "ms") for name, v in values.items()}))
        return record

    def test_a_limit_below_the_stack_floor_is_said_and_the_status_is_unchanged(self):
        record = self.check(self.ratio, **{self.A: 15.0, self.SQLITE3: 10.0, self.STACK: 16.0})
        self.assertEqual(record["status"], "PASS")
        self.assertEqual(record["stack_floor"]["figure"], self.STACK)
        self.assertEqual((record["stack_floor"]["value"], record["stack_floor"]["within"]), (1.6, False))
        self.assertEqual(record["stack_floor"]["measured"], "the stack floor itself: 16.0 ms vs 10.0 ms = 1.60x, above "
                                                            "the limit of 1.5x; a11ykb is 0.94x the stack floor")

    def test_a_stack_floor_within_the_limit(self):
        record = self.check(self.ratio, **{self.A: 20.0, self.SQLITE3: 10.0, self.STACK: 12.5})
        self.assertEqual(record["status"], "FAIL")
        self.assertTrue(record["stack_floor"]["within"])
        self.assertIn("= 1.25x, within the limit of 1.5x; a11ykb is 1.60x the stack floor", record["stack_floor"]["measured"])

    def test_against_a_maximum_value(self):
        record = self.check(self.value, **{self.A: 20.0, self.STACK: 32.0})
        self.assertEqual(record["status"], "PASS")
        self.assertEqual(record["stack_floor"]["measured"],
                         "the stack floor itself: 32.0 ms, above the limit of 30 ms; a11ykb is 0.62x the stack floor")

    def test_a_stack_floor_not_measured_is_said(self):
        record = self.check(self.ratio, **{self.A: 15.0, self.SQLITE3: 10.0})
        self.assertEqual((record["status"], record["stack_floor"]["value"]), ("PASS", None))
        self.assertIn("not measured", record["stack_floor"]["measured"])

    def test_a_skipped_target_or_one_without_a_stack_floor_has_none(self):
        self.assertIsNone(self.check(self.ratio, **{self.STACK: 16.0})["stack_floor"])
        self.assertIsNone(self.check(CheckTests.value, **{})["stack_floor"])

    def test_the_report_puts_it_under_its_target(self):
        records = targets.check([self.ratio], figures(**{self.A: (15.0, "ms"), self.SQLITE3: (10.0, "ms"),
                                                          self.STACK: (16.0, "ms")}))
        lines = targets.report(records).splitlines()
        at = next(i for i, line in enumerate(lines) if "search within 1.5x" in line)
        self.assertIn("the stack floor itself: 16.0 ms vs 10.0 ms = 1.60x, above the limit", lines[at + 1])

    def test_the_issues_targets_read_the_stack_floor_where_there_is_one(self):
        """Every fact search target and the process start target; the statuses are those of a run
        without the stack floor."""
        produced = cli.collect_figures(support.details(), NAMES)
        records = targets.check(targets.TARGETS, produced)
        with_stack = {r["name"] for r in records if r["stack_floor"]}
        facts = {t.name for t in targets.TARGETS if "/facts " in t.measured}
        self.assertEqual(with_stack, facts | {"process start (a11ykb --version) within 2x of sqlite3 -version (CPU time)"})
        start = next(r for r in records if r["name"].startswith("process start"))
        self.assertEqual(start["stack_floor"]["value"], 4.4 / 1.6)
        self.assertFalse(start["stack_floor"]["within"])
        without = {name: f for name, f in produced.items() if not name.endswith(("/stack", "GRDB: --version", "GRDB: --version CPU"))}
        self.assertEqual([r["status"] for r in records], [r["status"] for r in targets.check(targets.TARGETS, without)])


if __name__ == "__main__":
    unittest.main()
