"""The import's floors: the first (the rows and one FTS rebuild, as issue 52 names it) and the
whole one (the component index and its word forms too, as every bulk import builds them)."""
import unittest

import support
from benchkit.suites import importing


class FloorScriptTests(unittest.TestCase):
    def test_the_first_floor_rebuilds_one_index(self):
        script = importing.floor_script("/tmp/csv")
        self.assertIn("INSERT INTO search_index (search_index) VALUES ('rebuild');", script)
        self.assertNotIn("search_components", script)
        self.assertNotIn("search_component_forms", script)

    def test_the_whole_floor_builds_the_component_index_before_the_commit(self):
        tables = importing.FLOOR_TABLES + importing.COMPONENT_INDEX_TABLES
        script = importing.floor_script("/tmp/csv", tables, component_index=True)
        build = script.index("SELECT id, title, category, body, labels, code FROM search_component_text")
        self.assertLess(script.index("('rebuild')"), build)
        self.assertLess(build, script.index("COMMIT;"))
        self.assertIn(".import --csv '/tmp/csv/search_component_forms.csv' search_component_forms", script)

    def test_both_ratios_are_figures_and_the_whole_floor_has_its_table(self):
        size = support.size_record(10_000)
        size["import_floor_whole"] = {"seconds": 9.0, "rows": 1, "phases": {"fts": 3.0}}
        figures = importing.figures([size])
        first = figures["import/10000/ratio to floor"]["value"]
        whole = figures["import/10000/ratio to whole floor"]["value"]
        self.assertAlmostEqual(whole, size["import"]["seconds"] / 9.0)
        self.assertLess(whole, first)
        self.assertIn("a11ykb/whole floor", importing.report([size]))


if __name__ == "__main__":
    unittest.main()
