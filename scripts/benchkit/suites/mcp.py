"""The MCP server (issue 15), on the MagentaA11y corpus's knowledge base (the seed when
../shared/corpus is absent):

- start-up: from spawning `a11ykb mcp` to its initialize answer, as a host starting the server
  sees it (goal: under 50 ms); also a11ykb-mcp started directly, and the spawn floor (/bin/true);
- tool calls inside one session against the same questions asked of the CLI, end to end;
- what linking the MCP SDK into a11ykb would cost every other command: `a11ykb --help` and
  `a11ykb stats` with and without the libraries a11ykb-mcp loads and a11ykb does not (preloaded),
  and the two binaries' sizes.

It needs a11ykb-mcp beside the a11ykb measured (check)."""
import json
import os
import statistics
import subprocess
import time

from .. import runner
from ..results import figure
from ..text import fmt_ms

NAME = "mcp"
MIN_RUNS = 5
INITIALIZE = json.dumps({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
    "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}}}) + "\n"
# (label, tool, arguments, the same question asked of the CLI)
PAIRS = (
    ("search", "search", {"query": "dimmed", "limit": 20}, ["search", "dimmed", "--format", "json"]),
    ("get_component", "get_component", {"component": "native/button"}, ["show", "native/button"]),
    ("get_component condensed", "get_component", {"component": "native/button", "format": "condensed"},
     ["show", "native/button", "--format", "condensed"]),
    ("compare_platforms", "compare_platforms", {"component": "native/toggle-switch"},
     ["compare", "native/toggle-switch", "--format", "markdown"]),
    ("list_gaps", "list_gaps", {}, ["gaps", "--format", "json"]),
    ("run_sql", "run_sql", {"query": "SELECT platform, count(*) FROM v_guidance GROUP BY platform"},
     ["sql", "SELECT platform, count(*) FROM v_guidance GROUP BY platform"]),
)
SEED_COMPONENT = "table-row-button"  # what the seed has, when the corpus is absent
INITIALIZE_MCP = "a11ykb mcp: spawn to initialize answer"
INITIALIZE_SERVER = "a11ykb-mcp: spawn to initialize answer"
SDK_COST = ("a11ykb --help", "a11ykb --help, those libraries preloaded", "a11ykb stats", "a11ykb stats, those libraries preloaded")


def name(group, label):
    """group: startup, tool call, cli, sdk cost or size."""
    return f"mcp/{group}/{label}"


def server(bin_dir):
    return os.path.join(bin_dir, "a11ykb-mcp")


def check(bin_dir):
    """None when the suite can run beside this bin folder; else why not, in one line."""
    return runner.missing_sibling(bin_dir, "a11ykb-mcp", "MCP")


def pairs_for(have_corpus):
    """The tool calls and CLI commands; on the seed, its one component stands in for the corpus's."""
    if have_corpus:
        return PAIRS

    def swap(value):
        return value.replace("native/button", SEED_COMPONENT).replace("native/toggle-switch", SEED_COMPONENT) \
            if isinstance(value, str) else value
    return tuple((label, tool, {k: swap(v) for k, v in arguments.items()}, [swap(w) for w in cli])
                 for label, tool, arguments, cli in PAIRS)


def median_of(samples_s):
    return {"median_ms": statistics.median(samples_s) * 1000, "min_ms": min(samples_s) * 1000, "runs": len(samples_s)}


def initialize_time(argv, runs):
    """Spawn to the initialize answer, as a host starting the server sees it; one warm-up."""
    samples = []
    for i in range(runs + 1):
        start = time.perf_counter()
        process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                   env=runner.child_environment())
        process.stdin.write(INITIALIZE.encode())
        process.stdin.flush()
        line = process.stdout.readline()
        elapsed = time.perf_counter() - start
        process.stdin.close()
        process.wait()
        if b'"result"' not in line:
            return {"error": line.decode(errors="replace")[:200]}
        if i:
            samples.append(elapsed)
    return median_of(samples)


def tool_calls(a11ykb, db, pairs, runs):
    """Each tool call `runs` times (after one warm-up) in one session, next to its CLI command."""
    # Buffered reads (a raw pipe's readline reads a byte per system call: 30 ms for a large answer).
    process = subprocess.Popen([a11ykb, "mcp", "--db", db], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, env=runner.child_environment())
    process.stdin.write(INITIALIZE.encode())
    process.stdin.flush()
    process.stdout.readline()
    process.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
    calls, next_id = [], 1
    try:
        for label, tool, arguments, cli in pairs:
            samples, answer = [], {}
            for i in range(runs + 1):
                request = {"jsonrpc": "2.0", "id": next_id, "method": "tools/call", "params": {"name": tool, "arguments": arguments}}
                next_id += 1
                start = time.perf_counter()
                process.stdin.write((json.dumps(request) + "\n").encode())
                process.stdin.flush()
                answer = json.loads(process.stdout.readline())
                if i:
                    samples.append(time.perf_counter() - start)
            failed = "error" in answer or answer.get("result", {}).get("isError")
            calls.append({"label": label, "tool": tool, "arguments": arguments, "cli": "a11ykb " + " ".join(cli),
                          "tool_call": {"error": str(answer)[:200]} if failed else median_of(samples),
                          "cli_command": runner.measure([a11ykb] + cli + ["--db", db], runs, ok=(0, 1))})
    finally:
        process.stdin.close()
        process.wait()
    return calls


def run(ctx):
    runs = max(ctx.runs, MIN_RUNS)
    a11ykb, mcp_server = ctx.binary, server(ctx.bin_dir)
    db = os.path.join(ctx.workdir, "mcp-kb.sqlite")
    knowledge_base = runner.magenta_knowledge_base(a11ykb, db)
    count = runner.capture([a11ykb, "sql", "--db", db, "--format", "csv", "SELECT count(*) FROM components"]).stdout.split()
    components = int(count[-1]) if count and count[-1].isdigit() else None
    runner.log(f"mcp: knowledge base: {knowledge_base}, {components} components", )

    details = {"knowledge_base": knowledge_base, "components": components, "runs": runs}
    runner.log("mcp: start-up ...")
    details["startup"] = {
        "spawn /bin/true": runner.measure(["/bin/true"], runs),
        "a11ykb --help": runner.measure([a11ykb, "--help"], runs),
        INITIALIZE_MCP: initialize_time([a11ykb, "mcp", "--db", db], runs),
        INITIALIZE_SERVER: initialize_time([mcp_server, "--db", db], runs),
    }
    runner.log("mcp: tool calls against the same CLI commands ...")
    details["tool_calls"] = tool_calls(a11ykb, db, pairs_for(knowledge_base == "corpus"), runs)

    # What the SDK would cost the other commands if a11ykb linked it: the shared libraries
    # a11ykb-mcp loads that a11ykb does not, preloaded into a11ykb.
    extra = sorted(runner.shared_libraries(mcp_server) - runner.shared_libraries(a11ykb))
    preload = {"LD_PRELOAD": " ".join(extra)}
    details["sdk_link_cost"] = {
        "libraries_only_a11ykb_mcp_loads": len(extra),
        "a11ykb --help": runner.measure([a11ykb, "--help"], runs),
        "a11ykb --help, those libraries preloaded": runner.measure([a11ykb, "--help"], runs, extra_env=preload) if extra else None,
        "a11ykb stats": runner.measure([a11ykb, "stats", "--db", db], runs),
        "a11ykb stats, those libraries preloaded": runner.measure([a11ykb, "stats", "--db", db], runs, extra_env=preload)
        if extra else None,
        "bytes": {"a11ykb": os.path.getsize(a11ykb), "a11ykb-mcp": os.path.getsize(mcp_server)},
    }
    runner.remove_database(db)
    return details


def figures(details):
    if not details:
        return {}
    out = {}
    for label, record in details.get("startup", {}).items():
        out[name("startup", label)] = figure(runner.median_ms(record), "ms")
    for call in details.get("tool_calls", []):
        label = call.get("label", call["tool"])
        out[name("tool call", label)] = figure(runner.median_ms(call["tool_call"]), "ms")
        out[name("cli", label)] = figure(runner.median_ms(call["cli_command"]), "ms")
    cost = details.get("sdk_link_cost", {})
    for label in SDK_COST:
        out[name("sdk cost", label)] = figure(runner.median_ms(cost.get(label)), "ms")
    if "libraries_only_a11ykb_mcp_loads" in cost:
        out[name("sdk cost", "libraries only a11ykb-mcp loads")] = figure(cost["libraries_only_a11ykb_mcp_loads"], "count")
    for binary, size in cost.get("bytes", {}).items():
        out[name("size", binary)] = figure(size / 1e6, "MB")
    return out


def report(details):
    if not details:
        return ""

    def cell(record):
        return "n/a" if not record else record.get("error", fmt_ms(record.get("median_ms")))
    runs = details["runs"]
    floor = runner.median_ms(details["startup"].get("spawn /bin/true"))
    lines = ["", f"MCP server: {details['knowledge_base']} ({details['components']} components), median of {runs} runs, ms",
             "start-up"]
    for label, record in details["startup"].items():
        m = runner.median_ms(record)
        lines.append(f"  {label:45} {cell(record):>8}" + (f"  ({m / floor:.0f}x spawn)" if m and floor else ""))
    lines += ["", "tool call (in a session) against the same CLI command (process start included)"]
    for call in details["tool_calls"]:
        t, k = call["tool_call"], call["cli_command"]
        ratio = f"{k['median_ms'] / t['median_ms']:.1f}x faster" if runner.median_ms(t) and runner.median_ms(k) else ""
        lines.append(f"  {call.get('label', call['tool']):24} {cell(t):>7}   {call['cli'][:50]:50} {cell(k):>7}   {ratio}")
    cost = details["sdk_link_cost"]
    lines += ["", f"linking the SDK into a11ykb would load {cost['libraries_only_a11ykb_mcp_loads']} more libraries:"]
    for label in SDK_COST:
        lines.append(f"  {label:45} {cell(cost.get(label)):>8}")
    lines.append(f"  sizes: a11ykb {cost['bytes']['a11ykb'] / 1e6:.1f} MB, a11ykb-mcp {cost['bytes']['a11ykb-mcp'] / 1e6:.1f} MB")
    return "\n".join(lines)
