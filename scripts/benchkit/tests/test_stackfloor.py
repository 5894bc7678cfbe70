"""The stack floor: compiled against the objects of the build measured, or skipped with one line
saying why; compiled once per run; and, where a release build with GRDB is at hand, a real
program that answers --version and runs the shell's query."""
import contextlib
import io
import os
import shutil
import subprocess
import tempfile
import unittest
from unittest import mock

import support  # noqa: F401
from benchkit import ROOT, stackfloor
from benchkit.suites import Context, search


def fake_build(folder, modules=True, objects=True, module_map=True):
    """A release folder (folder/.build/x86_64/release) with what the compile reads, empty files;
    returns its a11ykb's path."""
    release = os.path.join(folder, ".build", "x86_64", "release")
    os.makedirs(os.path.join(release, "Modules"))
    if modules:
        for name in stackfloor.SWIFT_MODULES:
            open(os.path.join(release, "Modules", name), "w").close()
    for name in stackfloor.OBJECT_FOLDERS:
        os.makedirs(os.path.join(release, name))
        if objects:
            open(os.path.join(release, name, "x.swift.o"), "w").close()
    if module_map:
        path = os.path.join(folder, ".build", "checkouts", stackfloor.MODULE_MAP)
        os.makedirs(os.path.dirname(path))
        open(path, "w").close()
    return os.path.join(release, "a11ykb")


def build_logged(binary, workdir):
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        floor = stackfloor.build(binary, workdir, search.stack_floor_sql())
    return floor, err.getvalue()


class InputsTests(support.FolderTestCase):
    def test_everything_the_compile_reads_is_found_from_the_binary(self):
        found, reason = stackfloor.inputs(fake_build(self.folder))
        self.assertIsNone(reason)
        self.assertEqual(len(found["objects"]), len(stackfloor.OBJECT_FOLDERS))
        self.assertEqual(found["module_map"], os.path.join(self.folder, ".build", "checkouts", stackfloor.MODULE_MAP))

    def test_each_missing_input_is_named(self):
        for missing, words in (("modules", "ArgumentParser.swiftmodule"), ("objects", "no objects in"),
                               ("module_map", "module.modulemap")):
            with self.subTest(missing):
                folder = tempfile.mkdtemp(dir=self.folder)
                found, reason = stackfloor.inputs(fake_build(folder, **{missing: False}))
                self.assertIsNone(found)
                self.assertIn(words, reason)

    @unittest.skipUnless(shutil.which("swiftc"), "swiftc is not on PATH")
    def test_missing_objects_skip_the_compile_with_one_line(self):
        floor, said = build_logged(fake_build(self.folder, objects=False), self.folder)
        self.assertIsNone(floor.path)
        self.assertIn("no objects in", floor.reason)
        self.assertEqual(len(said.strip().splitlines()), 1, said)
        self.assertIn("stack floor not measured: no objects in", said)
        self.assertFalse(os.path.exists(os.path.join(self.folder, stackfloor.FOLDER)), "nothing compiled")

    def test_a_binary_elsewhere_skips_the_compile_with_one_line(self):
        floor, said = build_logged(os.path.join(self.folder, "a11ykb"), self.folder)
        self.assertIsNone(floor.path)
        self.assertEqual(len(said.strip().splitlines()), 1, said)
        self.assertIn("stack floor not measured", said)

    def test_without_swiftc_the_compile_is_skipped(self):
        with mock.patch.object(stackfloor.shutil, "which", return_value=None):
            floor, said = build_logged(fake_build(self.folder), self.folder)
        self.assertEqual(floor, stackfloor.StackFloor(reason="swiftc is not on PATH"))
        self.assertIn("stack floor not measured: swiftc is not on PATH", said)


class SourceTests(unittest.TestCase):
    def test_the_program_runs_the_shells_query_with_the_match_bound(self):
        program = stackfloor.source(search.stack_floor_sql())
        self.assertIn(f'sql: "{search.stack_floor_sql()}", arguments: [match]', program)
        self.assertIn(f'version: "{stackfloor.VERSION}"', program)
        self.assertIn("configuration.readonly = true", program)

    def test_a_quote_in_the_query_stays_in_the_string(self):
        self.assertIn(r'sql: "SELECT \"a\\b\"",', stackfloor.source('SELECT "a\\b"'))


class ContextTests(unittest.TestCase):
    def test_one_compile_per_run_shared_by_the_suites(self):
        ctx = Context(binary="/x/a11ykb", bin_dir="/x", runs=1, seed=1, workdir="/tmp", tools={})
        made = stackfloor.StackFloor(reason="test")
        with mock.patch.object(stackfloor, "build", return_value=made) as build:
            self.assertIs(ctx.stack_floor(), made)
            self.assertIs(ctx.stack_floor(), made)
        build.assert_called_once_with("/x/a11ykb", "/tmp", search.stack_floor_sql())


def release_build():
    """The release folder holding GRDB.build: this checkout's, else the main worktree's (this one
    may be a linked worktree without a build); None when neither has one."""
    roots = [ROOT]
    common = subprocess.run(["git", "-C", ROOT, "rev-parse", "--path-format=absolute", "--git-common-dir"],
                            capture_output=True, text=True)
    if common.returncode == 0 and common.stdout.strip():
        roots.append(os.path.dirname(common.stdout.strip()))
    for root in roots:
        release = os.path.realpath(os.path.join(root, ".build", "release"))
        if os.path.isdir(os.path.join(release, "GRDB.build")):
            return release
    return None


RELEASE = release_build()
WHY_NOT = ("no release build with GRDB.build in this checkout or the main worktree (swift build -c release): "
           "the stack floor is not compiled")
if RELEASE is None:
    print(f"\ntest_stackfloor: {WHY_NOT}")


@unittest.skipUnless(RELEASE and shutil.which("swiftc"), WHY_NOT if RELEASE is None else "swiftc is not on PATH")
class CompileTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="benchkit-test-")
        cls.floor, cls.said = build_logged(os.path.join(RELEASE, "a11ykb"), cls.folder)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.folder)

    def test_it_compiles_and_answers_version(self):
        self.assertIsNotNone(self.floor.path, self.said)
        out = subprocess.run([self.floor.path, "--version"], capture_output=True, text=True)
        self.assertEqual((out.returncode, out.stdout.strip()), (0, stackfloor.VERSION))

    @unittest.skipUnless(shutil.which("sqlite3"), "sqlite3 is not on PATH")
    def test_it_runs_the_shells_query(self):
        self.assertIsNotNone(self.floor.path, self.said)
        db = os.path.join(self.folder, "kb.sqlite")
        subprocess.run(["sqlite3", db, "CREATE VIRTUAL TABLE search_index USING fts5(body); INSERT INTO search_index "
                        "VALUES ('double tap'), ('focus order'), ('dimmed state')"], check=True)
        out = subprocess.run([self.floor.path, "search", "--db", db, '"dim" *'], capture_output=True, text=True)
        shell = subprocess.run(["sqlite3", db, search.floor_sql('"dim" *')], capture_output=True, text=True)
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertEqual([line.split()[0] for line in out.stdout.splitlines()], ["3"])
        self.assertEqual(shell.stdout.split("|")[0], "3")


if __name__ == "__main__":
    unittest.main()
