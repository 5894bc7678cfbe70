"""Process start next to the floors: the report states each ratio, a11ykb's own share against the
stack floor, and the floors the run compiles are real programs (compiled and run here when swiftc
is on PATH; the stack floor's compile is tested in test_stackfloor)."""
import os
import shutil
import subprocess
import tempfile
import unittest

import support
from benchkit.suites import startup


class ReportTests(unittest.TestCase):
    def details(self, stack=True, **floors):
        d = support.details()["startup"]
        if not stack:
            del d["measurements"][startup.STACK_FLOOR]
        d["measurements"].update({label: support.record(ms, cpu) for label, (ms, cpu) in floors.items()})
        return d

    def test_the_floors_and_a11ykbs_distance_from_them(self):
        text = startup.report(self.details(**{startup.SWIFT_FLOOR: (2.0, 2.0), startup.FOUNDATION_FLOOR: (4.4, 4.0)}))
        # a11ykb --version: 5.5 ms CPU; sqlite3 -version 1.6 ms; the stack floor 4.4 ms.
        self.assertIn(f"{startup.SWIFT_FLOOR} 2.0 ms (1.25x sqlite3's)", text)
        self.assertIn(f"{startup.FOUNDATION_FLOOR} 4.0 ms (2.50x sqlite3's)", text)
        self.assertIn(f"{startup.STACK_FLOOR} 4.4 ms (2.75x sqlite3's)", text)
        self.assertIn("a11ykb --version is 1.25x the stack floor", text)

    def test_the_foundation_floor_is_not_called_a11ykbs(self):
        """It starts ICU, which a11ykb --version does not: a11ykb's share is against the stack floor."""
        text = startup.report(self.details(**{startup.FOUNDATION_FLOOR: (4.4, 4.0)}))
        line = next(x for x in text.splitlines() if startup.FOUNDATION_FLOOR in x and "CPU" in x)
        self.assertIn("ICU", line)
        self.assertNotIn("own share", line)
        self.assertNotIn("the second", text)

    def test_without_the_floors_the_ratios_are_not_available(self):
        text = startup.report(self.details(stack=False))
        self.assertIn(f"{startup.FOUNDATION_FLOOR} n/a ms (n/a sqlite3's)", text)
        self.assertIn(f"{startup.STACK_FLOOR} n/a ms (n/a sqlite3's)", text)
        self.assertIn("a11ykb --version is n/a the stack floor", text)

    def test_why_the_stack_floor_was_not_measured(self):
        details = self.details(stack=False)
        details["stack_floor_reason"] = "swiftc is not on PATH"
        self.assertIn("not measured: swiftc is not on PATH", startup.report(details))
        self.assertNotIn("not measured", startup.report(self.details()))

    def test_the_stack_floor_stands_beside_a11ykb_version_wall_and_cpu(self):
        self.assertEqual(startup.stack_floor_figure(startup.name("a11ykb --version", cpu=True)),
                         startup.name(startup.STACK_FLOOR, cpu=True))
        self.assertEqual(startup.stack_floor_figure(startup.name("a11ykb --version")), startup.name(startup.STACK_FLOOR))
        self.assertIsNone(startup.stack_floor_figure(startup.name("a11ykb --help")))
        figures = startup.figures(self.details())
        self.assertEqual(figures[startup.name(startup.STACK_FLOOR, cpu=True)]["value"], 4.4)
        self.assertEqual(figures[startup.name(startup.STACK_FLOOR)]["value"], 4.8)

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
