"""The result file: versioned, its figures read by name, and the figures each suite names."""
import json
import os
import tempfile
import unittest

import support
from benchkit import cli, results
from benchkit.suites import NAMES, importing, readers, search


def minimal(**overrides):
    data = {"schema_version": results.SCHEMA_VERSION, "kind": results.KIND, "figures": {}}
    data.update(overrides)
    return data


class VersionTests(unittest.TestCase):
    def test_the_major_version(self):
        self.assertEqual(results.major("2.0"), 2)
        self.assertEqual(results.major("2.13"), 2)
        self.assertEqual(results.major(3), 3)
        self.assertIsNone(results.major("two"))

    def test_a_newer_minor_version_is_read(self):
        self.assertEqual(results.validate(minimal(schema_version=f"{results.major(results.SCHEMA_VERSION)}.99"), "x")["kind"],
                         results.KIND)

    def test_another_major_version_is_refused(self):
        for version in ("1.0", "3.0", "x"):
            with self.assertRaises(results.NotAResult) as refused:
                results.validate(minimal(schema_version=version), "r.json")
            self.assertIn(f"r.json: schema_version {version}", str(refused.exception))

    def test_a_file_of_the_unversioned_bench_is_schema_1(self):
        for old in ({"machine": {}, "sizes": []}, {"tool_calls": [], "startup_ms": {}}):
            with self.assertRaises(results.NotAResult) as refused:
                results.validate(old, "old.json")
            self.assertIn("schema 1", str(refused.exception))

    def test_figures_must_be_named_values_with_units(self):
        for figures in ([], {"a": 3}, {"a": {"value": 3}}, {"a": {"value": "3", "unit": "ms"}}):
            with self.assertRaises(results.NotAResult):
                results.validate(minimal(figures=figures), "x")
        results.validate(minimal(figures={"a": {"value": None, "unit": "ms"}, "b": {"value": 3, "unit": "s"}}), "x")

    def test_a_figure_has_a_known_unit_and_direction(self):
        self.assertEqual(results.figure(3.0, "ms"), {"value": 3.0, "unit": "ms", "better": "lower"})
        with self.assertRaises(ValueError):
            results.figure(3.0, "furlongs")
        with self.assertRaises(ValueError):
            results.figure(3.0, "ms", better="sideways")

    def test_a_written_result_reads_back(self):
        folder = tempfile.mkdtemp(prefix="benchkit-test-")
        path = os.path.join(folder, "out", "bench.json")
        try:
            data = minimal(figures={"startup/a11ykb --help": results.figure(7.5, "ms")})
            results.write(path, data)
            self.assertEqual(results.load(path), data)
            with open(path) as f:
                self.assertEqual(json.load(f)["schema_version"], results.SCHEMA_VERSION)
        finally:
            os.remove(path)
            os.rmdir(os.path.dirname(path))
            os.rmdir(folder)


class FiguresTests(unittest.TestCase):
    """What each suite makes of its details."""

    def setUp(self):
        self.figures = cli.collect_figures(support.details(), NAMES)

    def value(self, name):
        return self.figures[name]["value"]

    def test_every_figure_is_a_figure(self):
        self.assertGreater(len(self.figures), 100)
        for name, f in self.figures.items():
            self.assertIn(name.split("/")[0], NAMES, name)
            self.assertEqual(results.figure(f["value"], f["unit"], f["better"]), f, name)
        results.validate(minimal(figures=self.figures), "x")

    def test_the_import_figures(self):
        self.assertEqual(self.value(importing.name(100_000, "seconds")), 120.0)
        self.assertEqual(self.value(importing.name(100_000, "ratio to floor")), 120.0 / 90.0)
        self.assertEqual(self.value(importing.name(10_000, "peak RSS")), 200.0)
        self.assertEqual(self.value(importing.name(10_000, "stage parse")), 2.0)
        self.assertEqual(self.figures[importing.name(10_000, "entries per s")]["better"], "higher")
        self.assertEqual(self.value(importing.LARGEST_PEAK), 200.0)

    def test_the_search_figures_name_the_shape_and_the_tool(self):
        self.assertEqual(self.value(search.fact_name(10_000, "phrase", "rg -i")), 60.0)
        self.assertEqual(self.value(search.component_name(10_000, "question", "a11ykb CPU")), 10.0)

    def test_an_unavailable_tool_is_a_figure_without_value(self):
        details = support.details()
        for q in details["sizes"][0]["search"]:
            q["rg"] = {"error": "unavailable"}
        figures = cli.collect_figures(details, ["search"])
        self.assertIsNone(figures[search.fact_name(10_000, "phrase", "rg -i")]["value"])

    def test_the_readers_figures(self):
        self.assertEqual(self.value(readers.WCAG_IMPORT), 2300.0)
        self.assertEqual(self.value(readers.name(readers.wcag_label(readers.WCAG_CRITERIA), "CPU")), 1700.0)
        self.assertEqual(self.value(readers.name("coverage")), 20.0)

    def test_only_the_suites_run_have_figures(self):
        figures = cli.collect_figures(support.details(), ["readers"])
        self.assertEqual({name.split("/")[0] for name in figures}, {"readers"})


if __name__ == "__main__":
    unittest.main()
