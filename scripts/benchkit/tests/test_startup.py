"""Process start next to the stack's floors: the report states each ratio, and the floors the run
compiles are real programs (compiled and run here when swiftc is on PATH)."""
import os
import shutil
import subprocess
import tempfile
import unittest

import support
from benchkit.suites import startup


class ReportTests(unittest.TestCase):
    def details(self, **floors):
        d = support.details()["startup"]
        d["measurements"].update({label: support.record(ms, cpu) for label, (ms, cpu) in floors.items()})
        return d

    def test_the_floors_and_a11ykbs_distance_from_them(self):
        text = startup.report(self.details(**{startup.SWIFT_FLOOR: (2.0, 2.0), startup.FOUNDATION_FLOOR: (4.4, 4.0)}))
        # a11ykb --version: 5.5 ms CPU; sqlite3 -version 1.6 ms.
        self.assertIn(f"{startup.SWIFT_FLOOR} 2.0 ms (1.25x sqlite3's)", text)
        self.assertIn(f"{startup.FOUNDATION_FLOOR} 4.0 ms (2.50x sqlite3's)", text)
        self.assertIn("a11ykb --version is 1.38x the second", text)

    def test_without_the_floors_the_ratios_are_not_available(self):
        text = startup.report(self.details())
        self.assertIn(f"{startup.FOUNDATION_FLOOR} n/a ms (n/a sqlite3's)", text)
        self.assertIn("a11ykb --version is n/a the second", text)

    def test_the_floors_are_figures(self):
        figures = startup.figures(self.details(**{startup.FOUNDATION_FLOOR: (4.4, 4.0)}))
        self.assertEqual(figures[startup.name(startup.FOUNDATION_FLOOR, cpu=True)]["value"], 4.0)


@unittest.skipUnless(shutil.which("swiftc"), "swiftc is not on PATH: the floors are not compiled")
class CompileTests(unittest.TestCase):
    def test_each_floor_compiles_and_runs(self):
        with tempfile.TemporaryDirectory() as workdir:
            built = startup.floor_programs(workdir)
            self.assertEqual(set(built), set(startup.FLOOR_SOURCES))
            for label, path in built.items():
                out = subprocess.run([path], capture_output=True, text=True)
                self.assertEqual(out.returncode, 0, label)
                self.assertTrue(out.stdout.startswith("floor "), label)
            # The Foundation floor links Foundation: it is several times the size of the plain one.
            self.assertGreater(os.path.getsize(built[startup.FOUNDATION_FLOOR]),
                               3 * os.path.getsize(built[startup.SWIFT_FLOOR]))


if __name__ == "__main__":
    unittest.main()
