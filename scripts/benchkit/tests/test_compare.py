"""`scripts/bench compare A.json B.json`: before, after, ratio, and the mark beyond the noise."""
import contextlib
import io
import json
import os
import unittest

import support  # noqa: F401
from benchkit import cli, compare, results


def result(values, targets=(), **envelope):
    """A result file's content with these figures: {name: (value, unit[, better])}."""
    data = {"schema_version": results.SCHEMA_VERSION, "kind": results.KIND, "date": "2026-11-27T00:00:00+00:00",
            "commit": "abc1234", "binary": ".build/release/a11ykb", "runs": 5,
            "machine": {"cores": 2, "cpu": "AMD EPYC", "memory_mb": 24000}, "load_average": {"start": [1.0], "end": [1.0]},
            "figures": {name: results.figure(*v) for name, v in values.items()}, "targets": list(targets)}
    data.update(envelope)
    return data


class VerdictTests(unittest.TestCase):
    def test_a_time_that_grew_beyond_the_threshold_is_worse(self):
        self.assertEqual(compare.verdict(100.0, 115.0), "worse")
        self.assertEqual(compare.verdict(100.0, 109.0), "same")
        self.assertEqual(compare.verdict(100.0, 80.0), "better")

    def test_the_threshold_is_a_parameter(self):
        self.assertEqual(compare.verdict(100.0, 115.0, threshold=0.2), "same")
        self.assertEqual(compare.verdict(100.0, 103.0, threshold=0.01), "worse")

    def test_a_change_below_the_units_noise_is_no_change(self):
        """A millisecond of a 3 ms process is scheduling: +33% but 1 ms."""
        self.assertEqual(compare.verdict(3.0, 4.0, unit="ms"), "same")
        self.assertEqual(compare.verdict(3.0, 4.5, unit="ms"), "worse")
        self.assertEqual(compare.verdict(0.10, 0.14, unit="s"), "same")

    def test_for_throughput_higher_is_better(self):
        self.assertEqual(compare.verdict(800.0, 600.0, better="higher", unit="per s"), "worse")
        self.assertEqual(compare.verdict(800.0, 1000.0, better="higher", unit="per s"), "better")

    def test_a_figure_missing_on_one_side(self):
        self.assertEqual(compare.verdict(None, 3.0), "only-after")
        self.assertEqual(compare.verdict(3.0, None), "only-before")
        self.assertEqual(compare.verdict(None, None), "n/a")

    def test_from_nothing_to_something(self):
        self.assertEqual(compare.verdict(0.0, 0.0, unit="count"), "same")
        self.assertEqual(compare.verdict(0.0, 0.01, unit="s"), "same")
        self.assertEqual(compare.verdict(0.0, 3.0, unit="count"), "worse")
        self.assertEqual(compare.verdict(0.0, 3.0, better="higher", unit="per s"), "better")


class RowsTests(unittest.TestCase):
    def test_one_row_per_figure_in_either_file_before_and_after_with_the_ratio(self):
        a = result({"import/1000/seconds": (4.0, "s"), "startup/a11ykb --help": (8.0, "ms"), "gone": (1.0, "ms")})
        b = result({"startup/a11ykb --help": (8.2, "ms"), "import/1000/seconds": (5.0, "s"), "new": (2.0, "ms")})
        rows = compare.rows(a, b)
        self.assertEqual([r["name"] for r in rows], ["import/1000/seconds", "startup/a11ykb --help", "gone", "new"])
        first = rows[0]
        self.assertEqual((first["before"], first["after"], first["ratio"], first["verdict"]), (4.0, 5.0, 1.25, "worse"))
        self.assertEqual(rows[1]["verdict"], "same")
        self.assertEqual((rows[2]["verdict"], rows[3]["verdict"]), ("only-before", "only-after"))

    def test_targets_whose_status_changed(self):
        a = result({}, targets=[{"name": "t1", "status": "PASS"}, {"name": "t2", "status": "SKIP"}])
        b = result({}, targets=[{"name": "t1", "status": "FAIL"}, {"name": "t2", "status": "SKIP"}])
        self.assertEqual(compare.target_changes(a, b), [("t1", "PASS", "FAIL")])

    def test_the_text_marks_what_got_worse_and_notes_a_different_machine(self):
        a = result({"export/10000/export matrix csv": (2000.0, "ms"), "startup/a11ykb --help": (8.0, "ms")})
        b = result({"export/10000/export matrix csv": (2600.0, "ms"), "startup/a11ykb --help": (8.1, "ms")},
                   machine={"cores": 8, "cpu": "other", "memory_mb": 1})
        text = compare.render(a, b, "A.json", "B.json")
        line = next(x for x in text.splitlines() if x.startswith("export/10000/export matrix csv"))
        self.assertIn("1.30x", line)
        self.assertIn("+30%", line)
        self.assertIn("WORSE", line)
        self.assertNotIn("WORSE", next(x for x in text.splitlines() if x.startswith("startup/a11ykb --help")))
        self.assertIn("the machines differ", text)
        self.assertIn("1 worse, 0 better", text)
        changed = compare.render(a, b, "A.json", "B.json", changed_only=True)
        self.assertNotIn("startup/a11ykb --help", changed)


class CommandTests(support.FolderTestCase):
    def file(self, name, content):
        path = os.path.join(self.folder, name)
        with open(path, "w") as f:
            f.write(content if isinstance(content, str) else json.dumps(content))
        return path

    def run_compare(self, *argv):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = cli.main(["compare", *argv])
        return status, out.getvalue(), err.getvalue()

    def test_two_results_compare_with_exit_status_0_even_when_worse(self):
        a = self.file("a.json", result({"import/1000/seconds": (4.0, "s")}))
        b = self.file("b.json", result({"import/1000/seconds": (8.0, "s")}))
        status, out, err = self.run_compare(a, b)
        self.assertEqual((status, err), (0, ""))
        self.assertIn("WORSE", out)

    def assertRefused(self, content, words):
        path = self.file("x.json", content)
        good = self.file("good.json", result({}))
        for argv in ((path, good), (good, path)):
            status, out, err = self.run_compare(*argv)
            self.assertEqual(status, 2)
            self.assertEqual(out, "")
            self.assertEqual(len(err.strip().splitlines()), 1, err)
            self.assertIn(path, err)
            self.assertIn(words, err)

    def test_a_file_that_is_not_json_is_refused_in_one_line(self):
        self.assertRefused("not json {", "not JSON")

    def test_json_that_is_not_a_bench_result_is_refused_in_one_line(self):
        self.assertRefused({"hello": 1}, "not a scripts/bench result")
        self.assertRefused([1, 2], "not a scripts/bench result")
        self.assertRefused(dict(result({}), kind="something else"), "not a scripts/bench result")

    def test_another_major_version_is_refused_in_one_line(self):
        self.assertRefused(dict(result({}), schema_version="3.0"), "schema_version 3.0")

    def test_a_result_written_before_schema_version_is_refused_as_schema_1(self):
        self.assertRefused({"date": "x", "machine": {}, "sizes": [], "targets": []}, "schema 1")

    def test_a_missing_file_is_refused_in_one_line(self):
        good = self.file("good.json", result({}))
        status, _, err = self.run_compare(good, os.path.join(self.folder, "missing.json"))
        self.assertEqual(status, 2)
        self.assertEqual(len(err.strip().splitlines()), 1)


if __name__ == "__main__":
    unittest.main()
