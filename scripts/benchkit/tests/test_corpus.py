"""The corpus generators: deterministic for a seed, and the standards files in W3C's shapes."""
import contextlib
import io
import json
import os
import re
import shutil
import tempfile
import unittest

import support  # noqa: F401
from benchkit import corpus


def tree(folder):
    """{relative path: bytes} of every file under folder but the stamp."""
    out = {}
    for path in corpus.source_files(folder):
        with open(path, "rb") as f:
            out[os.path.relpath(path, folder)] = f.read()
    return out


class EntriesTests(support.FolderTestCase):
    def test_the_same_seed_writes_the_same_bytes(self):
        a, b = os.path.join(self.folder, "a"), os.path.join(self.folder, "b")
        total = corpus.write_corpus(a, 12, seed=1)
        corpus.write_corpus(b, 12, seed=1)
        self.assertEqual(tree(a), tree(b))
        self.assertEqual(len(tree(a)), 12)
        self.assertEqual(total, sum(len(x) for x in tree(a).values()))

    def test_another_seed_writes_another_corpus(self):
        self.assertNotEqual(list(corpus.entries(6, seed=1)), list(corpus.entries(6, seed=2)))

    def test_a_larger_corpus_starts_with_the_smaller_one(self):
        """Entry 0, and its rare word, are the same at every size."""
        self.assertEqual(list(corpus.entries(20, seed=1))[:5], list(corpus.entries(5, seed=1)))

    def test_entry_0_holds_the_rare_word_the_search_suite_asks_for(self):
        path = os.path.join(self.folder, "c")
        corpus.write_corpus(path, 3, seed=1)
        word = corpus.rare_word(path)
        self.assertRegex(word, r"^[a-z]{8}$")
        entry0 = next(text for relative, text in corpus.entries(1, seed=1))
        self.assertIn(word, entry0)

    def test_generate_reuses_a_kept_corpus_only_when_it_is_the_same_one(self):
        path = os.path.join(self.folder, "kept")
        with contextlib.redirect_stderr(io.StringIO()):  # its progress lines
            self.assertIsNotNone(corpus.generate(path, 3, seed=1))
            self.assertIsNone(corpus.generate(path, 3, seed=1), "the same corpus: reused")
            self.assertIsNotNone(corpus.generate(path, 4, seed=1), "another size: written again")
        self.assertEqual(len(tree(path)), 4)
        self.assertNotEqual(corpus.corpus_stamp(3, 1), corpus.corpus_stamp(3, 2))


class StandardsTests(unittest.TestCase):
    def test_success_criterion_numbers_are_distinct_ascii_and_past_wcag_22s_guidelines(self):
        numbers = corpus.sc_numbers(80_000)
        self.assertEqual(len(numbers), 80_000)
        self.assertEqual(len(set(numbers)), 80_000)
        self.assertTrue(all(p <= 999 and 10 <= g <= 999 and s <= 999 for p, g, s in numbers))
        with self.assertRaises(ValueError):
            corpus.sc_numbers(10_000_000)

    def test_an_act_rule_has_as_many_requirements_as_asked_and_is_deterministic(self):
        text = corpus.act_rule(400, seed=7)
        self.assertEqual(text, corpus.act_rule(400, seed=7))
        self.assertNotEqual(text, corpus.act_rule(400, seed=8))
        front, body = text.split("\n---\n", 1)
        self.assertTrue(front.startswith("---\nid: "))
        self.assertRegex(front, r"\nrule_type: atomic\n")
        keys = re.findall(r"^  ([a-z][a-z0-9-]*:\S+):", front, re.M)
        self.assertEqual(len(keys), 400)
        self.assertEqual(len(set(keys)), 400)
        links = [k for k in keys if k.startswith("wcag20:")]
        self.assertEqual(len(links), 300)
        self.assertTrue(all(re.fullmatch(r"wcag20:\d{1,3}\.\d{1,3}\.\d{1,3}", k) for k in links))
        self.assertIn("    secondary: ", front)
        self.assertIn("## Applicability", body)
        self.assertIn("## Expectation", body)

    def test_a_wcag_json_has_as_many_criteria_as_asked_and_is_deterministic(self):
        text = corpus.wcag_json(8_000, seed=3)
        self.assertEqual(text, corpus.wcag_json(8_000, seed=3))
        data = json.loads(text)
        self.assertEqual(list(data), ["principles", "terms"])
        criteria = [sc for p in data["principles"] for g in p["guidelines"] for sc in g["successcriteria"]]
        self.assertEqual(len(criteria), 8_000)
        self.assertEqual(len({sc["num"] for sc in criteria}), 8_000)
        self.assertTrue(all({"id", "num", "handle", "level"} <= set(sc) for sc in criteria))
        self.assertEqual({sc["level"] for sc in criteria}, {"A", "AA", "AAA"})
        # Linear in the criteria: 80,000 of them stay under the import's limit of a file, with room.
        self.assertLess(len(text.encode()) * 10, corpus.MAX_FILE_BYTES * 0.9)

    def test_write_standards_writes_both_files_where_import_finds_them(self):
        folder = tempfile.mkdtemp(prefix="benchkit-test-")
        try:
            paths = corpus.write_standards(folder, 8, 80, seed=1)
            self.assertEqual(os.path.dirname(paths["act_file"]), os.path.join(paths["act"], "_rules"))
            self.assertTrue(paths["wcag"].endswith(os.path.join("wcag", "wcag.json")))
            with open(paths["wcag"]) as f:
                self.assertTrue(f.read().lstrip().startswith('{\n    "principles"'))
        finally:
            shutil.rmtree(folder)


if __name__ == "__main__":
    unittest.main()
