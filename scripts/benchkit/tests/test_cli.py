"""scripts/bench's command line: today's options, the suites, and where the result goes."""
import contextlib
import io
import os
import unittest

import support  # noqa: F401
from benchkit import ROOT, cli


def parse_error(argv):
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.suppress(SystemExit):
        cli.parse(argv)
        return None
    return err.getvalue()


class ParseTests(unittest.TestCase):
    def test_the_defaults(self):
        args = cli.parse([])
        self.assertEqual(args.sizes, [1000, 10000, 100000])
        self.assertEqual(args.runs, 15)
        self.assertEqual(args.suites, ["startup", "import", "search", "export", "readers"])
        self.assertEqual(args.json, os.path.join(ROOT, "bench-out", "bench.json"))
        self.assertFalse(args.keep or args.no_build or args.mcp)
        self.assertIsNone(args.binary)

    def test_todays_options(self):
        args = cli.parse(["--sizes", "10k,1_000,200", "--runs", "3", "--json", "x.json", "--keep", "--binary", "a11ykb"])
        self.assertEqual(args.sizes, [200, 1000, 10000])
        self.assertEqual((args.runs, args.json, args.keep, args.binary), (3, "x.json", True, "a11ykb"))

    def test_the_siege_suite_runs_only_when_asked_with_its_counts(self):
        self.assertNotIn("siege", cli.parse([]).suites)
        args = cli.parse(["--suites", "siege", "--holders", "50", "--siege-seconds", "3"])
        self.assertEqual((args.suites, args.holders, args.siege_seconds), (["siege"], 50, 3.0))
        self.assertEqual(cli.parse(["--suites", "siege"]).holders, 1000)
        self.assertIn("--holders, --siege-seconds, --clients and --serve-seconds must be positive", parse_error(["--suites", "siege", "--holders", "0"]))

    def test_mcp_is_the_mcp_suite_alone_with_its_own_result_file(self):
        args = cli.parse(["--mcp", "--no-build"])
        self.assertEqual(args.suites, ["mcp"])
        self.assertTrue(args.no_build)
        self.assertEqual(args.json, os.path.join(ROOT, "bench-out", "bench-mcp.json"))
        self.assertEqual(cli.parse(["--suites", "mcp"]).suites, ["mcp"])

    def test_search_and_export_bring_the_import_they_read(self):
        self.assertEqual(cli.parse(["--suites", "export,search"]).suites, ["import", "search", "export"])
        self.assertEqual(cli.parse(["--suites", "readers"]).suites, ["readers"])

    def test_bad_options_are_usage_errors(self):
        self.assertIn("the suites are", parse_error(["--suites", "nope"]))
        self.assertIn("--sizes", parse_error(["--sizes", "many"]))
        self.assertIn("positive", parse_error(["--runs", "0"]))
        self.assertIn("--mcp is --suites mcp", parse_error(["--mcp", "--suites", "startup"]))


if __name__ == "__main__":
    unittest.main()
