"""The synthetic corpora the suites import. Each is deterministic for a given seed.

- MagentaA11y-shaped entries (scripts/gen-corpus): each entry one of the seed documents varied: a
  new slug and title, bullets shuffled within their list and recombined across entries, words
  swapped for near synonyms, and a made-up rare word so that rare-word searches find something.
- Standards (the readers suite, issue 34): an ACT rule file with any number of
  accessibility_requirements, and a wcag.json with any number of success criteria, in the shapes
  of W3C's files, every word made up here.
"""
import hashlib
import json
import os
import random
import re
import shutil
import time

from . import PACKAGE, ROOT
from .runner import log

SEED_DIR = os.path.join(ROOT, "seed")
BYTES_PER_ENTRY = 9_000  # about this much per entry

# MARK: - MagentaA11y-shaped entries

SYNONYMS = {
    "control": ["control", "widget", "element", "item"],
    "button": ["button", "action", "trigger"],
    "label": ["label", "caption", "title"],
    "focus": ["focus", "focus", "attention"],
    "visible": ["visible", "shown", "displayed"],
    "screen": ["screen", "view", "page"],
    "announce": ["announce", "speak", "read out"],
    "purpose": ["purpose", "intent", "goal"],
    "state": ["state", "state", "status"],
    "row": ["row", "line", "entry"],
    "table": ["table", "grid", "list"],
    "user": ["user", "person", "customer"],
}
BULLET = re.compile(r"^(\s*)([-•]|\d+\.)\s")
WORD = re.compile(r"\b(" + "|".join(SYNONYMS) + r")\b")


def load_seeds(seed_dir=SEED_DIR):
    seeds = []
    for name in sorted(os.listdir(seed_dir)):
        with open(os.path.join(seed_dir, name), encoding="utf-8") as f:
            seeds.append((name, f.read()))
    return seeds


def shuffle_bullets(lines, rng, pool):
    """Shuffle runs of sibling bullets; now and then swap one in from another entry."""
    out, run, run_indent = [], [], None

    def flush():
        nonlocal run
        if run:
            rng.shuffle(run)
            if pool and rng.random() < 0.3:
                run[rng.randrange(len(run))] = run_indent + rng.choice(pool)
            out.extend(run)
        run = []

    for line in lines:
        m = BULLET.match(line)
        # Only childless top-level-ish bullets move, so nesting stays intact.
        if m and "**" not in line and not line.rstrip().endswith(("-", "•")):
            indent = m.group(1)
            if run and indent != run_indent:
                flush()
            run_indent = indent
            run.append(line)
        else:
            flush()
            out.append(line)
    flush()
    return out


def vary_words(text, rng):
    return WORD.sub(lambda m: rng.choice(SYNONYMS[m.group(1)]), text)


def made_up_word(rng, syllables=4):
    return "".join(rng.choice("bcdfghjklmnpqrstvwxz") + rng.choice("aeiou") for _ in range(syllables))


def make_entry(i, seeds, rng, pool):
    """Entry i: (folder, file name, text)."""
    name, text = seeds[i % len(seeds)]
    base = name.split(".")[0]
    slug = f"{base}-{i}"
    title_word = base.replace("-", " ")
    lines = shuffle_bullets(text.split("\n"), rng, pool)
    text = vary_words("\n".join(lines), rng)
    # Identity: the title, the "How to test" line and the link carry the new slug.
    text = re.sub(r'^title:\s+"?[^"\n]*"?\s*$', f'title:  "{title_word.capitalize()} {i}"', text, count=1, flags=re.M)
    text = re.sub(r"How to test an? [^\n]*", f"How to test a {title_word} {i}", text)
    text = re.sub(r"(native-criteria/\w+/)[\w-]+", lambda m: m.group(1) + slug, text)
    # A rare word in a bullet, so that rare-word queries hit a handful of entries.
    marker = made_up_word(rng)
    text = re.sub(r"^(\s*[-•] )(\S)", lambda m: m.group(1) + marker + " " + m.group(2), text, count=1, flags=re.M)
    extension = ".txt" if name.endswith(".txt") else ".md"
    folder = {".txt": "rendered"}.get(extension, "jekyll" if text.startswith("---") else "magenta")
    return folder, slug + extension, text


def entries(count, seed, seeds=None):
    """The corpus's entries in order: (relative path, text)."""
    seeds = seeds or load_seeds()
    rng = random.Random(seed)
    pool = [line.strip() for _, t in seeds for line in t.split("\n") if BULLET.match(line) and len(line.strip()) > 20]
    pool = [re.sub(r"^([-•]|\d+\.)\s+", "- ", p) for p in pool]
    for i in range(count):
        folder, filename, text = make_entry(i, seeds, rng, pool)
        yield os.path.join(folder, f"{i // 1000:03d}", filename), text


def write_corpus(out, count, seed):
    """Writes `count` entries under `out`; returns the bytes written."""
    total = 0
    for relative, text in entries(count, seed):
        path = os.path.join(out, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        total += len(text.encode("utf-8"))
    return total


def corpus_stamp(count, seed):
    """What a generated corpus is: its size, its seed, and a digest of the generator and the seed
    documents (a kept corpus is reused only when all four match)."""
    digest = hashlib.sha256()
    with open(os.path.join(PACKAGE, "corpus.py"), "rb") as f:
        digest.update(f.read())
    for name in sorted(os.listdir(SEED_DIR)):
        digest.update(name.encode())
        with open(os.path.join(SEED_DIR, name), "rb") as f:
            digest.update(f.read())
    return f"entries={count} seed={seed} gen={digest.hexdigest()[:16]}\n"


def generate(corpus, count, seed):
    """Generates the corpus unless the folder already holds this very one (kept by --keep).
    Returns the seconds it took, None when reused."""
    stamp_path = os.path.join(corpus, ".bench-corpus")
    stamp = corpus_stamp(count, seed)
    if os.path.exists(stamp_path):
        with open(stamp_path) as f:
            if f.read() == stamp:
                log(f"reusing corpus {corpus}")
                return None
    shutil.rmtree(corpus, ignore_errors=True)
    log(f"generating {count} entries in {corpus} ...")
    start = time.perf_counter()
    write_corpus(corpus, count, seed)
    elapsed = time.perf_counter() - start
    with open(stamp_path, "w") as f:
        f.write(stamp)
    return elapsed


def source_files(corpus):
    for folder, _, files in os.walk(corpus):
        for name in files:
            if not name.startswith("."):
                yield os.path.join(folder, name)


RARE_MARKER = re.compile(r"^\s*[-•] ([a-z]{8}) ", re.M)


def rare_word(corpus):
    """The made-up word the generator put in entry 0 (the same entry at every size)."""
    for path in sorted(source_files(corpus)):
        if re.search(r"-0\.\w+$", path):
            with open(path, encoding="utf-8") as f:
                match = RARE_MARKER.search(f.read())
            if match:
                return match.group(1)
    return None


# MARK: - Standards: ACT rules and wcag.json (the readers suite)

# Words of our own for names, titles and prose: nothing here comes from W3C's text.
NOUNS = ["widget", "region", "control", "label", "panel", "image", "frame", "link", "list", "field", "menu", "heading",
         "caption", "banner", "dialog", "slider", "grid", "cell", "switch", "tooltip", "badge", "stepper", "ribbon"]
ADJECTIVES = ["visible", "named", "focusable", "ordered", "labelled", "sized", "described", "grouped", "hidden",
              "scaled", "paused", "timed", "nested", "marked", "spoken"]
VERBS = ["has", "keeps", "shows", "names", "exposes", "announces", "orders", "groups", "restores", "describes"]
LEVELS = ["A", "AA", "AAA"]
OUTCOMES = ["not satisfied", "further testing needed", "satisfied"]
MAX_FILE_BYTES = 16 << 20  # what `a11ykb import` reads of one file


def _sentence(rng, words=8):
    out = [rng.choice(NOUNS).capitalize()]
    while len(out) < words:
        out.append(rng.choice(ADJECTIVES + NOUNS + VERBS))
    return " ".join(out) + "."


def _title(rng):
    return f"{rng.choice(NOUNS).capitalize()} {rng.choice(VERBS)} {rng.choice(ADJECTIVES)} {rng.choice(NOUNS)}"


def sc_numbers(count, principles=4, per_guideline=100, first_guideline=10):
    """`count` distinct success-criterion numbers (ASCII d.d.d, at most three digits a part),
    principle by principle; guidelines from `first_guideline` on, past WCAG 2.2's own (at most 5),
    so that none contradicts the built-in catalogue. In order: principle 1 first."""
    per_principle = -(-count // principles)
    guidelines = -(-per_principle // per_guideline)
    if first_guideline + guidelines - 1 > 999 or per_guideline > 999 or principles > 999:
        raise ValueError(f"{count} criteria do not fit in three-digit numbers")
    numbers = []
    for p in range(1, principles + 1):
        for g in range(first_guideline, first_guideline + guidelines):
            for s in range(1, per_guideline + 1):
                if len(numbers) < count and len(numbers) < p * per_principle:
                    numbers.append((p, g, s))
    return numbers


def act_rule(requirements, seed, rule_id=None):
    """An ACT rule file (front matter over markdown, as act-rules/_rules/*.md) with `requirements`
    accessibility requirements: three in four link a success criterion (`wcag20:P.G.S`, with the
    outcomes mapping, one in ten `secondary`), the rest are techniques (`wcag-technique:Xn`)."""
    rng = random.Random(seed)
    rule_id = rule_id or "".join(rng.choice("0123456789abcdef") for _ in range(6))
    sc_count = requirements * 3 // 4
    numbers = iter(sc_numbers(sc_count))
    lines = ["---", f"id: {rule_id}", f"name: {_title(rng)}", "rule_type: atomic", "description: |",
             f"  This rule checks that each {rng.choice(NOUNS)} {rng.choice(VERBS)} a {rng.choice(ADJECTIVES)} {rng.choice(NOUNS)}.",
             "accessibility_requirements:"]
    techniques = 0
    for i in range(requirements):
        number = next(numbers, None) if i % 4 != 3 else None
        if number:
            p, g, s = number
            lines.append(f"  wcag20:{p}.{g}.{s}: # {_title(rng)} ({rng.choice(LEVELS)})")
            if rng.random() < 0.1:
                lines.append(f"    secondary: This success criterion is **less strict** than this rule. {_sentence(rng)}")
            else:
                lines += ["    forConformance: true", f"    failed: {OUTCOMES[0]}",
                          f"    passed: {rng.choice(OUTCOMES[1:])}", f"    inapplicable: {rng.choice(OUTCOMES[1:])}"]
        else:
            techniques += 1
            lines.append(f"  wcag-technique:{rng.choice('GHCS')}{techniques}: # {_sentence(rng, 6)}")
            lines += ["    forConformance: false", f"    failed: {OUTCOMES[0]}", f"    passed: {OUTCOMES[1]}",
                      f"    inapplicable: {OUTCOMES[1]}"]
    lines += ["input_aspects:", "  - DOM Tree", "  - CSS Styling", "acknowledgments:", "  authors:",
              f"    - {made_up_word(rng, 2).capitalize()} {made_up_word(rng, 3).capitalize()}", "---", ""]
    for heading in ("Applicability", "Expectation", "Assumptions", "Accessibility Support", "Background"):
        lines += [f"## {heading}", "", _sentence(rng, 16), "", _sentence(rng, 12), ""]
    lines += ["## Test Cases", "", "### Passed", "", "#### Passed Example 1", "", "```html",
              f'<div role="{rng.choice(NOUNS)}" aria-label="{made_up_word(rng)}">{made_up_word(rng)}</div>', "```", ""]
    return "\n".join(lines)


def wcag_json(criteria, seed, terms=100):
    """A wcag.json (W3C's shape: principles > guidelines > successcriteria, and a glossary of
    terms) with `criteria` success criteria numbered by sc_numbers. Principles and guidelines are
    indented as W3C's file is; each criterion and term is one line, so that 80,000 criteria stay
    well under the import's 16 MB a file."""
    rng = random.Random(seed)
    compact = lambda value: json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    principles = {}
    for p, g, s in sc_numbers(criteria):
        principle = principles.setdefault(p, {"id": f"principle-{p}", "num": str(p), "content": f"<p>{_sentence(rng)}</p>",
                                              "handle": rng.choice(ADJECTIVES).capitalize(), "guidelines": {}})
        guideline = principle["guidelines"].setdefault(g, {"id": f"guideline-{p}-{g}", "num": f"{p}.{g}",
                                                           "content": f"<p>{_sentence(rng)}</p>", "handle": _title(rng),
                                                           "successcriteria": []})
        guideline["successcriteria"].append({"id": f"sc-{p}-{g}-{s}", "num": f"{p}.{g}.{s}",
                                             "content": f"<p>{_sentence(rng, 5)}</p>", "handle": _title(rng),
                                             "level": LEVELS[(p + g + s) % 3]})

    def fields(value, indent):
        return "".join(f'{indent}"{key}": {compact(v)},\n' for key, v in value.items() if not isinstance(v, (list, dict)))

    out = ["{\n", '    "principles": [\n']
    for i, principle in enumerate(principles.values()):
        out += ["        {\n", fields(principle, " " * 12), '            "guidelines": [\n']
        for j, guideline in enumerate(principle["guidelines"].values()):
            out += ["                {\n", fields(guideline, " " * 20), '                    "successcriteria": [\n']
            out.append(",\n".join(" " * 24 + compact(sc) for sc in guideline["successcriteria"]) + "\n")
            out += ["                    ]\n", "                }" + (",\n" if j < len(principle["guidelines"]) - 1 else "\n")]
        out += ["            ]\n", "        }" + (",\n" if i < len(principles) - 1 else "\n")]
    out.append("    ],\n")
    glossary = [{"id": f"dfn-{made_up_word(rng, 3)}-{i}", "definition": f"<p>{_sentence(rng)}</p>",
                 "name": [made_up_word(rng, 3)], "term": made_up_word(rng, 3)} for i in range(terms)]
    out += ['    "terms": [\n', ",\n".join("        " + compact(term) for term in glossary) + "\n", "    ]\n", "}\n"]
    return "".join(out)


def write_standards(folder, act_requirements, wcag_criteria, seed):
    """Writes folder/act-rules/_rules/<id>.md and folder/wcag/wcag.json; returns their paths as
    {"act": path of the rules folder, "act_file": the rule, "wcag": the wcag.json}."""
    rules = os.path.join(folder, "act-rules", "_rules")
    os.makedirs(rules, exist_ok=True)
    os.makedirs(os.path.join(folder, "wcag"), exist_ok=True)
    text = act_rule(act_requirements, seed)
    rule_id = re.search(r"^id: (\w+)$", text, re.M).group(1)
    act_file = os.path.join(rules, f"synthetic-{act_requirements}-{rule_id}.md")
    with open(act_file, "w", encoding="utf-8") as f:
        f.write(text)
    wcag = os.path.join(folder, "wcag", "wcag.json")
    with open(wcag, "w", encoding="utf-8") as f:
        f.write(wcag_json(wcag_criteria, seed))
    for path in (act_file, wcag):
        if os.path.getsize(path) > MAX_FILE_BYTES:
            raise ValueError(f"{path} is over the import's 16 MB a file")
    return {"act": os.path.dirname(rules), "act_file": act_file, "wcag": wcag}
