"""The median and runs policy, and one real spawn of each outcome (fast: true, false, a killed sleep)."""
import shutil
import unittest

import support  # noqa: F401
from benchkit import runner

TRUE, FALSE, SLEEP = shutil.which("true"), shutil.which("false"), shutil.which("sleep")


class RunsPolicyTests(unittest.TestCase):
    def test_a_fast_command_gets_every_run_asked_for(self):
        self.assertEqual(runner.runs_for(0.01, 15), 15)
        self.assertEqual(runner.runs_for(runner.SLOW_RUN_S, 15), 15)

    def test_a_slow_command_gets_about_the_budget_but_at_least_the_minimum(self):
        self.assertEqual(runner.runs_for(2.0, 15), 5)  # 10 s of budget
        self.assertEqual(runner.runs_for(0.6, 15), 15)  # 16 would fit: never more than asked
        self.assertEqual(runner.runs_for(4.0, 15), runner.MIN_RUNS)  # 2 would fit: at least 3

    def test_a_very_slow_command_runs_once(self):
        self.assertEqual(runner.runs_for(runner.VERY_SLOW_RUN_S + 1, 15), 1)

    def test_never_more_runs_than_asked_for(self):
        """Before: --runs 1 with a slow command made MIN_RUNS runs."""
        for warm in (0.01, 0.6, 2.0, 4.0, 20.0):
            for runs in (1, 2, 3, 15):
                self.assertLessEqual(runner.runs_for(warm, runs), runs, (warm, runs))
                self.assertGreaterEqual(runner.runs_for(warm, runs), 1)


class SummaryTests(unittest.TestCase):
    def test_the_median_of_an_odd_and_an_even_number_of_runs(self):
        self.assertEqual(runner.summarize([3.0, 1.0, 2.0])["median_ms"], 2.0)
        self.assertEqual(runner.summarize([4.0, 1.0, 3.0, 2.0])["median_ms"], 2.5)

    def test_a_record_holds_min_max_runs_cpu_peak_and_the_samples(self):
        record = runner.summarize([10.0, 30.0, 20.0], cpu_ms=[5.0, 9.0, 1.0], peak_rss_kb=2048)
        self.assertEqual((record["min_ms"], record["max_ms"], record["runs"]), (10.0, 30.0, 3))
        self.assertEqual(record["cpu_ms"], 5.0)
        self.assertEqual(record["peak_rss_kb"], 2048)
        self.assertEqual(record["samples_ms"], [10.0, 30.0, 20.0])

    def test_samples_are_rounded_to_microseconds(self):
        self.assertEqual(runner.summarize([1.23456789])["samples_ms"], [1.235])

    def test_median_ms_of_an_error_or_nothing_is_none(self):
        self.assertIsNone(runner.median_ms({"error": "exit status 1"}))
        self.assertIsNone(runner.median_ms(None))
        self.assertEqual(runner.median_ms({"median_ms": 4.0}), 4.0)


class MeasureTests(unittest.TestCase):
    def test_a_measurement_is_the_timed_runs_after_one_warm_up(self):
        calls = []
        record = runner.measure([TRUE], 3, before_each=lambda: calls.append(1))
        self.assertEqual(record["runs"], 3)
        self.assertEqual(len(calls), 4, "before_each runs before the warm-up and each timed run")
        self.assertIn("cpu_ms", record)
        self.assertGreater(record["peak_rss_kb"], 0)

    def test_a_failing_exit_status_is_an_error_unless_allowed(self):
        self.assertEqual(runner.measure([FALSE], 2)["error"], "exit status 1")
        self.assertNotIn("error", runner.measure([FALSE], 2, ok=(0, 1)))

    def test_a_run_past_the_timeout_is_killed_and_reported(self):
        runner.set_timeout(0.2)
        try:
            record = runner.measure([SLEEP, "5"], 1)
        finally:
            runner.set_timeout(runner.DEFAULT_TIMEOUT_S)
        self.assertTrue(record["error"].startswith("timeout"), record)


if __name__ == "__main__":
    unittest.main()


class AlternatingTests(unittest.TestCase):
    """Commands measured in turn, round after round: each gets its runs, a failing one its error."""

    def test_each_command_gets_its_runs_and_a_failing_one_its_error(self):
        records = runner.measure_alternating({"true": ["/bin/true"], "false": ["/bin/false"], "echo": ["/bin/echo", "x"]}, 3)
        self.assertEqual(list(records), ["true", "false", "echo"])
        self.assertEqual(records["true"]["runs"], 3)
        self.assertEqual(records["echo"]["runs"], 3)
        self.assertIn("cpu_ms", records["true"])
        self.assertEqual(records["false"]["error"], "exit status 1")
