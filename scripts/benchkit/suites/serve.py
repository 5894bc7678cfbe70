"""The team server and the MCP server at load, and one question through the library (issues 32 and
52; once scripts/bench-serve), on today's knowledge base: the shared corpus's MagentaA11y checkout,
WCAG, the ACT rules and axe-core (the seed when ../shared/corpus is absent).

- library: every distinct question of the project's relevance sets (relevance/questions*.tsv, over
  150) asked once, one at a time, in one process (`a11ykb-bench questions`): as the long-running
  readers ask them, from the ranking index held in memory (built first, timed apart, its size
  said), and by SQL alone as the CLI asks them: the p50 of one question;
- MCP over stdio: the same questions, each once, as `tools/call find_components` in one
  `a11ykb-mcp` session (no answer cache there): p50 and p99 end to end;
- uncached: the server with its answer cache off (`--cache-mb 0`) under wrk, --clients for
  --serve-seconds: the same questions through `/api/search`, then as MCP `tools/call` at `/mcp`;
  the server's resident memory before and after (flat: the index is built once);
- floors in the same run: /healthz (HTTP with nothing behind it) and the mix of searches, shows
  and MCP calls through the library in one process (`a11ykb-bench floor`: the server's pool and
  answers, no HTTP); then the mix and the searches with the cache on, and the mix during an
  import into the served file (failed requests counted, the new component looked for after).

Needs wrk (Debian's package) and a11ykb-serve, a11ykb-mcp and a11ykb-bench beside the a11ykb
measured. Not run by default (--suites serve). It reports; it does not judge.
"""
import json
import os
import shutil
import subprocess
import threading
import time
import urllib.request
from urllib.parse import quote_plus

from .. import ROOT, runner
from . import mcp as mcp_suite, siege
from ..results import figure
from ..text import fmt_ms

NAME = "serve"
CLIENTS = 64
SECONDS = 20
CORPUS = os.path.join(os.path.dirname(ROOT), "shared", "corpus")
CHECKOUTS = ("magentaA11y-2026", "wcag", "act-rules", "axe-core")
MIX_QUERIES = ("toggle", "button focus", "voiceover dimmed", "checkbox", "dialog escape", "tab order", "slider talkback",
               "expandable", "alert", "link new window", "heading level", "radio group", "text input error", "tooltip dismiss",
               "carousel pause", "table header", "switch state", "image alt text", "modal focus trap", "progress indicator")
PROGRAMS = ("a11ykb-serve", "a11ykb-mcp", "a11ykb-bench")


def name(label):
    return f"serve/{label}"


def check(bin_dir):
    """None when the suite can run beside this bin folder; else why not, in one line."""
    if shutil.which("wrk") is None:
        return "wrk is missing (apt-get install wrk): the serve suite drives the server with it"
    for program in PROGRAMS:
        problem = runner.missing_sibling(bin_dir, program, NAME)
        if problem:
            return problem
    return None


def questions():
    """Every distinct question of the relevance sets, in file order."""
    folder = os.path.join(ROOT, "relevance")
    seen = []
    for file in sorted(os.listdir(folder)):
        if not (file.startswith("questions") and file.endswith(".tsv")):
            continue
        with open(os.path.join(folder, file), encoding="utf-8") as f:
            for line in f:
                question = line.split("\t")[0].strip()
                if question and not line.startswith("#") and question not in seen:
                    seen.append(question)
    return seen


def knowledge_base(a11ykb, db):
    runner.remove_database(db)
    sources = [os.path.join(CORPUS, n) for n in CHECKOUTS if os.path.isdir(os.path.join(CORPUS, n))]
    subprocess.run([a11ykb, "import", "--db", db] + (sources or [os.path.join(ROOT, "seed")]),
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return "corpus" if sources else "seed (../shared/corpus absent)"


def mcp_call(i, tool, query):
    call = {"jsonrpc": "2.0", "id": i, "method": "tools/call", "params": {"name": tool, "arguments": {"query": query, "limit": 5}}}
    return "MCP " + json.dumps(call, separators=(",", ":"))


def mix(a11ykb, db):
    """Searches, shows and MCP calls, half, a third and a sixth: a line per request."""
    out = runner.capture([a11ykb, "sql", "--db", db, "--format", "csv",
                          "SELECT family || '/' || slug FROM components WHERE family IN ('native', 'web') ORDER BY family, slug"]).stdout
    slugs = [s.strip() for s in out.split("\n")[1:] if s.strip()] or ["native/button"]
    lines = []
    for i in range(60):
        q = MIX_QUERIES[i % len(MIX_QUERIES)]
        if i % 6 in (0, 1, 2):
            lines.append("GET /api/search?q=" + q.replace(" ", "+"))
        elif i % 6 in (3, 4):
            lines.append("GET /api/components/" + slugs[i * 7 % len(slugs)])
        else:
            lines.append(mcp_call(i, "search", q))
    return lines


def search_line(question):
    return "GET /api/search?q=" + quote_plus(question)


def lua(lines):
    """wrk's script: the requests in turn, and a JSON summary at the end."""
    items = []
    for line in lines:
        if line.startswith("MCP "):
            items.append('{m="POST", p="/mcp", b=%s}' % json.dumps(line[4:]))
        else:
            items.append('{m="GET", p=%s}' % json.dumps(line[4:]))
    return """
local items = {%s}
local n = 0
local headers = {["Content-Type"]="application/json", ["Accept"]="application/json, text/event-stream"}
function setup(thread) thread:set("offset", math.random(1, #items)) end
request = function()
  n = n + 1
  local item = items[((n + offset) %% #items) + 1]
  if item.b then return wrk.format(item.m, item.p, headers, item.b) end
  return wrk.format(item.m, item.p)
end
done = function(summary, latency, requests)
  io.write(string.format('JSON{"requests": %%d, "seconds": %%.3f, "p50_ms": %%.2f, "p99_ms": %%.2f, "max_ms": %%.2f, "non2xx": %%d, "errors": %%d}\\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
    summary.errors.status, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
""" % ",\n".join(items)


def start_server(bin_dir, db, extra=()):
    """a11ykb-serve on a free port (as the siege suite starts it), and its address."""
    process, port = siege.start(os.path.join(bin_dir, "a11ykb-serve"), db, extra)
    return process, f"http://127.0.0.1:{port}"


def stop(process):
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def wrk(base, lines, work, label, clients, seconds):
    script = os.path.join(work, label.replace(" ", "-") + ".lua")
    with open(script, "w") as f:
        f.write(lua(lines))
    out = subprocess.run(["wrk", "-t", "2", "-c", str(clients), "-d", f"{max(1, int(seconds))}s", "--timeout", "10s", "-s", script, base],
                         capture_output=True, text=True)
    line = next((l for l in out.stdout.splitlines() if l.startswith("JSON{")), None)
    if line is None:
        return {"error": (out.stdout + out.stderr).strip()[:300]}
    result = json.loads(line[4:])
    result["rps"] = round(result["requests"] / result["seconds"], 1) if result["seconds"] else 0
    return result


def library(bench, db, work, asked, sql=False):
    path = os.path.join(work, "questions.txt")
    with open(path, "w") as f:
        f.write("\n".join(asked) + "\n")
    out = subprocess.run([bench, "questions", db, path] + (["--sql"] if sql else []), capture_output=True, text=True)
    return json.loads(out.stdout) if out.returncode == 0 else {"error": out.stderr.strip()[:300]}


def mcp_stdio(mcp, db, asked):
    """Each question once as `tools/call find_components` in one a11ykb-mcp session."""
    process = subprocess.Popen([mcp, "--db", db], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, env=runner.child_environment())
    samples, failures = [], 0
    try:
        process.stdin.write(mcp_suite.INITIALIZE.encode())
        process.stdin.flush()
        process.stdout.readline()
        process.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
        for i, question in enumerate(asked, start=1):
            request = {"jsonrpc": "2.0", "id": i, "method": "tools/call",
                       "params": {"name": "find_components", "arguments": {"query": question}}}
            start = time.perf_counter()
            process.stdin.write((json.dumps(request) + "\n").encode())
            process.stdin.flush()
            answer = json.loads(process.stdout.readline())
            samples.append((time.perf_counter() - start) * 1000)
            failures += 1 if "error" in answer else 0
    finally:
        process.stdin.close()
        process.wait()
    ordered = sorted(samples)
    pick = lambda p: ordered[min(len(ordered) - 1, int(len(ordered) * p))] if ordered else None  # noqa: E731
    return {"calls": len(samples), "p50_ms": pick(0.5), "p99_ms": pick(0.99), "failures": failures}


def run(ctx, clients=CLIENTS, seconds=SECONDS):
    work = os.path.join(ctx.workdir, "serve")
    os.makedirs(work, exist_ok=True)
    db = os.path.join(work, "kb.sqlite")
    bench = os.path.join(ctx.bin_dir, "a11ykb-bench")
    details = {"knowledge_base": knowledge_base(ctx.binary, db), "clients": clients, "seconds": seconds}
    asked = questions()
    details["questions"] = len(asked)
    try:
        runner.log(f"serve: {len(asked)} questions through the library, one at a time, held index and SQL ...")
        details["library_held"] = library(bench, db, work, asked)
        details["library_sql"] = library(bench, db, work, asked, sql=True)
        runner.log("serve: the same questions as MCP find_components over stdio ...")
        details["mcp_stdio"] = mcp_stdio(os.path.join(ctx.bin_dir, "a11ykb-mcp"), db, asked)

        lines = mix(ctx.binary, db)
        with open(os.path.join(work, "requests.txt"), "w") as f:
            f.write("\n".join(lines) + "\n")
        runner.log("serve: the mix through the library in one process (the floor) ...")
        floor = subprocess.run([bench, "floor", db, os.path.join(work, "requests.txt"), str(clients), str(min(seconds, 15))],
                               capture_output=True, text=True)
        details["library_floor"] = json.loads(floor.stdout) if floor.returncode == 0 else {"error": floor.stderr.strip()[:300]}
        # Issue 52's floor for the uncached questions: the same searches wrk sends, through the library.
        with open(os.path.join(work, "question-requests.txt"), "w") as f:
            f.write("\n".join(search_line(q) for q in asked) + "\n")
        runner.log("serve: the questions through the library in one process (their floor) ...")
        floor = subprocess.run([bench, "floor", db, os.path.join(work, "question-requests.txt"), str(clients), str(min(seconds, 15))],
                               capture_output=True, text=True)
        details["library_floor_questions"] = json.loads(floor.stdout) if floor.returncode == 0 else {"error": floor.stderr.strip()[:300]}

        uncached, base = start_server(ctx.bin_dir, db, ["--cache-mb", "0"])
        try:
            details["rss_mb_uncached_start"] = siege.rss_mb(uncached.pid)
            runner.log(f"serve: cache off, {len(asked)} questions through /api/search, then MCP tools/call, {clients} clients ...")
            details["questions_uncached"] = wrk(base, [search_line(q) for q in asked], work, "questions", clients, seconds)
            details["mcp_questions_uncached"] = wrk(base, [mcp_call(i, "find_components", q) for i, q in enumerate(asked, 1)],
                                                    work, "mcp questions", clients, seconds)
            details["mix_uncached"] = wrk(base, lines, work, "mix uncached", clients, seconds)
            details["rss_mb_uncached_end"] = siege.rss_mb(uncached.pid)
            details["peak_rss_mb_uncached"] = siege.rss_mb(uncached.pid, "VmHWM")
        finally:
            stop(uncached)

        server, base = start_server(ctx.bin_dir, db)
        try:
            runner.log("serve: healthz, the mix and the searches with the cache on ...")
            details["healthz"] = wrk(base, ["GET /healthz"], work, "healthz", clients, min(seconds, 10))
            details["mix"] = wrk(base, lines, work, "mix", clients, seconds)
            details["search"] = wrk(base, [l for l in lines if l.startswith("GET /api/search")], work, "search", clients, seconds)
            runner.log("serve: the mix during an import into the served file ...")
            extra = os.path.join(work, "zebra-crossing-widget.md")
            with open(os.path.join(ROOT, "seed", "expandable-region.md")) as f:
                text = f.read().replace("Expandable region", "Zebra crossing widget").replace("expandable region", "zebra crossing widget")
            with open(extra, "w") as f:
                f.write(text)
            result = {}
            during = threading.Thread(target=lambda: result.update(wrk(base, lines, work, "import", clients, max(3, seconds))))
            during.start()
            time.sleep(min(5, seconds / 3))
            imported = subprocess.run([ctx.binary, "import", "--db", db, extra], capture_output=True, text=True)
            during.join()
            try:
                seen = urllib.request.urlopen(base + "/api/components/native/zebra-crossing-widget", timeout=10).read().decode()
            except OSError:
                seen = ""
            details["import_during_load"] = {**result, "import_exit": imported.returncode,
                                             "new_component_served": '"Zebra crossing widget"' in seen}
            details["peak_rss_mb"] = siege.rss_mb(server.pid, "VmHWM")
        finally:
            stop(server)
    finally:
        runner.remove_database(db)
    return details


def figures(details):
    if not details:
        return {}
    out = {}
    held, sql = details.get("library_held", {}), details.get("library_sql", {})
    out[name("library: one question p50, held index")] = figure(held.get("p50_ms"), "ms")
    out[name("library: one question p50, SQL")] = figure(sql.get("p50_ms"), "ms")
    out[name("library: index build")] = figure(held.get("index_build_ms"), "ms")
    out[name("library: index size")] = figure((held.get("index_bytes") or 0) / 1e6 or None, "MB")
    out[name("mcp stdio find_components p50")] = figure(details.get("mcp_stdio", {}).get("p50_ms"), "ms")
    for key, label in (("questions_uncached", "uncached questions /api/search"), ("mcp_questions_uncached", "uncached questions MCP tools/call"),
                       ("mix_uncached", "mix, cache off"), ("library_floor", "library floor (mix)"),
                       ("library_floor_questions", "library floor (questions)"), ("healthz", "healthz"),
                       ("mix", "mix"), ("search", "search")):
        record = details.get(key, {})
        out[name(f"{label} requests/s")] = figure(record.get("rps"), "per s", better="higher")
        out[name(f"{label} p99")] = figure(record.get("p99_ms"), "ms")
    out[name("peak RSS, cache off")] = figure(details.get("peak_rss_mb_uncached"), "MB")
    out[name("peak RSS")] = figure(details.get("peak_rss_mb"), "MB")
    return out


def report(details):
    if not details:
        return ""
    held, sql, stdio = details.get("library_held", {}), details.get("library_sql", {}), details.get("mcp_stdio", {})
    lines = ["", f"Servers at load: {details['knowledge_base']}; {details['questions']} distinct questions of the relevance sets; "
                 f"{details['clients']} clients, {details['seconds']} s a run",
             f"  one question through the library: held index p50 {fmt_ms(held.get('p50_ms'))}, p99 {fmt_ms(held.get('p99_ms'))} "
             f"(the index built in {fmt_ms(held.get('index_build_ms'))}, {(held.get('index_bytes') or 0) / 1e6:.1f} MB, "
             f"{held.get('index_texts')} texts); SQL p50 {fmt_ms(sql.get('p50_ms'))}, p99 {fmt_ms(sql.get('p99_ms'))}",
             f"  MCP over stdio, find_components once each: p50 {fmt_ms(stdio.get('p50_ms'))}, p99 {fmt_ms(stdio.get('p99_ms'))}, "
             f"{stdio.get('failures')} failed",
             f"  {'run':36} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'failed':>7}"]
    for key, label in (("healthz", "healthz (HTTP floor)"), ("library_floor", "library floor (mix, no HTTP)"),
                       ("library_floor_questions", "library floor (questions, no HTTP)"),
                       ("questions_uncached", "questions /api/search, cache off"), ("mcp_questions_uncached", "questions MCP, cache off"),
                       ("mix_uncached", "mix, cache off"), ("mix", "mix: search, show, MCP"), ("search", "search alone"),
                       ("import_during_load", "mix during an import")):
        r = details.get(key, {})
        lines.append(f"  {label:36} {r.get('rps', 0) or 0:9.1f} {r.get('p50_ms', 0) or 0:8.2f} {r.get('p99_ms', 0) or 0:8.2f} "
                     f"{(r.get('non2xx', 0) or 0) + (r.get('errors', 0) or 0):7d}")
    lines.append(f"  resident memory, cache off: {details.get('rss_mb_uncached_start') or 0:.0f} MB at start, "
                 f"{details.get('rss_mb_uncached_end') or 0:.0f} MB after, peak {details.get('peak_rss_mb_uncached') or 0:.0f} MB; "
                 f"cache on: peak {details.get('peak_rss_mb') or 0:.0f} MB")
    d = details.get("import_during_load", {})
    lines.append(f"  import during load: exit {d.get('import_exit')}, new component served: {d.get('new_component_served')}")
    return "\n".join(lines)
