"""The team server under clients that hold it (issue 48), on the MagentaA11y corpus's knowledge
base (the seed when ../shared/corpus is absent):

- `a11ykb-serve` started on a free port of 127.0.0.1, and a normal client (one connection at a
  time, /healthz and /api/search in turn) measured alone: the baseline;
- then, for --siege-seconds: --holders connections that hold the server (half never send a byte,
  half send a request's head at /mcp and then a byte of its body every few seconds), and
  --holders JSON-RPC requests whose id is given twice (`{"id":10,"id":11,...}`, which once never
  ended), sent 32 at a time, while the normal client keeps asking: its p99 and failures, each
  duplicated-id request's status (400 is the answer), the server's resident memory;
- then SIGTERM with the holders still connected, and the time to the process's end, against the
  bound `a11ykb serve --help` states (10 s).

Goal: /healthz and searches answer under siege with p99 < 1 s; the stop ends within its bound.
It needs a11ykb-serve beside the a11ykb measured (check). Not a timed test: it reports."""
import http.client
import json
import os
import re
import resource
import socket
import subprocess
import threading
import time

from .. import runner
from ..results import figure
from ..text import fmt_ms

NAME = "siege"
HOLDERS = 1000
SECONDS = 15  # under the server's 20 s idle timeout: every holder holds throughout
STOP_BOUND_S = 10
QUERIES = ("button", "toggle voiceover", "checkbox", "dialog escape", "tab order", "switch state")
DUPLICATED = b'{"jsonrpc":"2.0","id":10,"id":11,"method":"tools/list"}'
MCP_HEAD = ("POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
            "Accept: application/json, text/event-stream\r\nContent-Length: 1000\r\n\r\n{")


def name(label):
    return f"siege/{label}"


def server(bin_dir):
    return os.path.join(bin_dir, "a11ykb-serve")


def check(bin_dir):
    """None when the suite can run beside this bin folder; else why not, in one line."""
    return runner.missing_sibling(bin_dir, "a11ykb-serve", "siege")


def percentile(samples_ms, p):
    if not samples_ms:
        return None
    ordered = sorted(samples_ms)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def rss_mb(pid, field="VmRSS"):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


def start(binary, db, extra=()):
    """The server and its port (read from the line it prints when listening); `extra`: more options."""
    process = subprocess.Popen([binary, "--db", db, "--port", "0", "--quiet"] + list(extra), stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True)
    line = process.stderr.readline()
    found = re.search(r"http://[^ ]+:(\d+)/", line)
    if not found:
        process.kill()
        raise RuntimeError(f"a11ykb-serve did not start: {line.strip()}")
    # The rest of stderr is read and dropped, so that the server never blocks on a full pipe.
    threading.Thread(target=process.stderr.read, daemon=True).start()
    return process, int(found.group(1))


class NormalClient(threading.Thread):
    """One client asking /healthz and /api/search in turn, a new connection each, until stopped."""

    def __init__(self, port):
        super().__init__(daemon=True)
        self.port, self.stop = port, threading.Event()
        self.samples = {"healthz": [], "search": []}
        self.failures = []

    def ask(self, kind, path):
        began = time.perf_counter()
        try:
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
            connection.request("GET", path)
            status = connection.getresponse()
            status.read()
            connection.close()
            if status.status != 200:
                self.failures.append(f"{path}: {status.status}")
        except OSError as error:
            self.failures.append(f"{path}: {error}")
        self.samples[kind].append((time.perf_counter() - began) * 1000)

    def run(self):
        turn = 0
        while not self.stop.is_set():
            self.ask("healthz", "/healthz")
            query = QUERIES[turn % len(QUERIES)].replace(" ", "+")
            self.ask("search", f"/api/search?q={query}")
            turn += 1

    def summary(self):
        return {kind: {"requests": len(s), "p50_ms": percentile(s, 50), "p99_ms": percentile(s, 99)}
                for kind, s in self.samples.items()} | {"failures": len(self.failures), "first_failures": self.failures[:5]}


def normal_for(port, seconds):
    client = NormalClient(port)
    client.start()
    time.sleep(seconds)
    client.stop.set()
    client.join()
    return client.summary()


def hold(port, count):
    """count connections: the even ones silent, the odd ones a body begun at /mcp."""
    held, refused = [], 0
    for index in range(count):
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=10)
            if index % 2:
                s.sendall(MCP_HEAD.encode())
            held.append((index % 2 == 1, s))
        except OSError:
            refused += 1
    return held, refused


def trickle(held, stop):
    """A byte of each begun body every 5 s (never idle, never whole)."""
    while not stop.wait(5):
        for slow, s in held:
            if slow:
                try:
                    s.send(b" ")
                except OSError:
                    pass


def duplicated_ids(port, count, workers=32):
    """count requests whose id is given twice; their statuses by count."""
    statuses, lock, next_index = {}, threading.Lock(), iter(range(count))

    def work():
        while True:
            with lock:
                if next(next_index, None) is None:
                    return
            try:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                connection.request("POST", "/mcp", body=DUPLICATED, headers={
                    "Content-Type": "application/json", "Accept": "application/json, text/event-stream"})
                response = connection.getresponse()
                response.read()
                connection.close()
                key = str(response.status)
            except OSError as error:
                key = type(error).__name__
            with lock:
                statuses[key] = statuses.get(key, 0) + 1

    threads = [threading.Thread(target=work, daemon=True) for _ in range(workers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return statuses


def raise_open_files():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def run(ctx, holders=HOLDERS, seconds=SECONDS):
    db = os.path.join(ctx.workdir, "siege-kb.sqlite")
    knowledge_base = runner.magenta_knowledge_base(ctx.binary, db)
    open_files = raise_open_files()
    if open_files < 2 * holders + 64:
        runner.log(f"siege: this process may open {open_files} files; {2 * holders + 64} would hold every connection")
    details = {"knowledge_base": knowledge_base, "holders": holders,
               "duplicated_id_requests": holders, "seconds": seconds}
    process, port = start(server(ctx.bin_dir), db)
    try:
        runner.log("siege: the normal client alone ...")
        details["baseline"] = normal_for(port, min(5, seconds))
        details["rss_mb_before"] = rss_mb(process.pid)

        runner.log(f"siege: {holders} holding connections and {holders} duplicated-id requests for {seconds} s ...")
        held, refused = hold(port, holders)
        details["holders_refused"] = refused
        stop_trickle = threading.Event()
        threading.Thread(target=trickle, args=(held, stop_trickle), daemon=True).start()
        client = NormalClient(port)
        client.start()
        began = time.perf_counter()
        details["duplicated_id_statuses"] = duplicated_ids(port, holders)
        time.sleep(max(0, seconds - (time.perf_counter() - began)))
        client.stop.set()
        client.join()
        details["under_siege"] = client.summary()
        details["rss_mb_under_siege"] = rss_mb(process.pid)
        details["peak_rss_mb"] = rss_mb(process.pid, "VmHWM")

        runner.log("siege: SIGTERM with the holders connected ...")
        asked = time.perf_counter()
        process.terminate()
        try:
            status = process.wait(timeout=3 * STOP_BOUND_S)
        except subprocess.TimeoutExpired:
            status = None
        # A server still running when the wait ends is reported as the wait, so that its target fails.
        details["stop"] = {"seconds": time.perf_counter() - asked, "ended": status is not None, "status": status,
                           "bound_s": STOP_BOUND_S}
        stop_trickle.set()
        for _, s in held:
            s.close()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        runner.remove_database(db)
    return details


def figures(details):
    if not details:
        return {}
    out = {}
    for phase in ("baseline", "under_siege"):
        for kind in ("healthz", "search"):
            record = details.get(phase, {}).get(kind, {})
            out[name(f"{phase.replace('_', ' ')} {kind} p99")] = figure(record.get("p99_ms"), "ms")
        out[name(f"{phase.replace('_', ' ')} failures")] = figure(details.get(phase, {}).get("failures"), "count")
    statuses = details.get("duplicated_id_statuses", {})
    out[name("duplicated-id requests not answered 400")] = figure(sum(n for k, n in statuses.items() if k != "400"), "count")
    out[name("peak RSS")] = figure(details.get("peak_rss_mb"), "MB")
    out[name("stop after SIGTERM")] = figure(details.get("stop", {}).get("seconds"), "s")
    return out


def report(details):
    if not details:
        return ""
    lines = ["", f"Server under siege: {details['knowledge_base']}; {details['holders']} holding connections "
                 f"({details.get('holders_refused', 0)} refused at connect) and {details['duplicated_id_requests']} "
                 f"duplicated-id requests for {details['seconds']} s",
             f"  {'normal client':28} {'healthz p50':>11} {'p99':>8} {'search p50':>11} {'p99':>8}  failures"]
    for phase in ("baseline", "under_siege"):
        record = details.get(phase, {})
        h, s = record.get("healthz", {}), record.get("search", {})
        lines.append(f"  {phase.replace('_', ' '):28} {fmt_ms(h.get('p50_ms')):>11} {fmt_ms(h.get('p99_ms')):>8} "
                     f"{fmt_ms(s.get('p50_ms')):>11} {fmt_ms(s.get('p99_ms')):>8}  {record.get('failures')}")
    lines.append(f"  duplicated-id requests by status: {json.dumps(details.get('duplicated_id_statuses', {}))}")
    lines.append(f"  resident memory: {details.get('rss_mb_before') or 0:.0f} MB before, "
                 f"{details.get('rss_mb_under_siege') or 0:.0f} MB under siege, peak {details.get('peak_rss_mb') or 0:.0f} MB")
    stop = details.get("stop", {})
    took = stop.get("seconds") or 0
    ended = f"ended in {took:.1f} s, status {stop.get('status')}" if stop.get("ended") else f"still running after {took:.0f} s (killed)"
    lines.append(f"  SIGTERM with the holders connected: {ended} (bound {stop.get('bound_s')} s)")
    return "\n".join(lines)
