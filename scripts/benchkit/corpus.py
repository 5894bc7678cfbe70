"""The synthetic corpus the suites import, deterministic for a given seed: MagentaA11y-shaped
entries (scripts/gen-corpus), each one of the seed documents varied: a new slug and title, bullets
shuffled within their list and recombined across entries, words swapped for near synonyms, and a
made-up rare word so that rare-word searches find something.
"""
import hashlib
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
