"""One batch of generated programs: generate, rewrite, build both versions, run and compare them."""
import concurrent.futures
import os
import re
import subprocess

NAMESPACE = re.compile(r"^namespace g(\d+) \{\n.*?^\}  // namespace g\1\n", re.M | re.S)
OUTPUT_LINE = re.compile(r"^g(\d+)_")
WARNING_LINE = re.compile(r":(\d+):\d+: warning: ")


class Failure(Exception):
    """A setup error: the batch could not be tested at all."""


class Program:
    def __init__(self, pid, cached, combining, racy, features):
        self.id, self.cached, self.combining, self.racy, self.features = pid, cached, combining, racy, features
        self.rewritten = False
        self.racy_unrewritten = False  # a racing loop left as it was: compared at 1 thread only
        self.generator_error = None
        self.failures = []  # (kind, where, detail)
        self.notes = []  # the tool's warnings about it

    @property
    def failed(self):
        return bool(self.failures)

    @property
    def status(self):
        if self.generator_error:
            return "generator error"
        if self.failures:
            return "failed"
        return "rewritten and equal" if self.rewritten else "refused"


def parse_manifest(path):
    with open(path) as f:
        lines = f.read().splitlines()
    policy = lines[0].split()[1]
    programs = {}
    for line in lines[1:]:
        fields = dict(kv.split("=", 1) for kv in line.split()[2:])
        pid = int(line.split()[1])
        split = lambda text: [x for x in text.split(",") if x and x != "-"]
        programs[pid] = Program(pid, split(fields["cached"]), split(fields.get("combining", "")),
                                [int(x) for x in split(fields["racy"])], split(fields["features"]))
    return policy, programs


def namespaces(text):
    return {int(m.group(1)): m for m in NAMESPACE.finditer(text)}


class Batch:
    def __init__(self, seed, count, features, policy, directory, tools, source, timeout, trace=False,
                 array_policies=False, tool_flags=()):
        self.tool_flags = list(tool_flags)  # more pgas-refactor flags (--privatize)
        self.array_policies = array_policies  # --array NAME:POLICY for the combined arrays, no --policy
        self.seed, self.count, self.features, self.policy, self.dir = seed, count, features, policy, directory
        self.trace = os.path.join(directory, "selection.db") if trace else None  # --trace instead of --array
        self.tools, self.source, self.timeout = tools, source, timeout
        self.include = [f"-I{source}/runtime/include", f"-I{source}/cache/include", f"-I{source}/refactor/include"]
        os.makedirs(directory, exist_ok=True)

    # --- generating and rewriting ---
    def generate(self, out, only=None):
        os.makedirs(out, exist_ok=True)
        cmd = [self.tools["pgas-gen"], "--seed", str(self.seed), "--programs", str(self.count), "--features",
               self.features, "--out", out] + (["--only", str(only)] if only is not None else []) + (
                   ["--policy", self.policy] if self.policy else [])
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            raise Failure(f"pgas-gen failed: {r.stderr.strip()}")
        return parse_manifest(os.path.join(out, "manifest.txt"))

    def refactor_command(self, directory, policy, programs, by_trace=False):
        cmd = [self.tools["pgas-refactor"]] + self.tool_flags
        if by_trace:
            cmd += ["--trace", self.trace]
        for p in programs if not by_trace else []:
            for name in p.cached:
                per_array = self.array_policies and policy != "any" and name in p.combining
                cmd += ["--array", f"{name}:{policy}" if per_array else name]
        if policy != "any" and not (self.array_policies and not by_trace):
            cmd += ["--policy", policy]
        return cmd + [os.path.join(directory, "batch.cpp"), "-o", os.path.join(directory, "batch_opt.cpp"), "--",
                      "-std=c++20"] + self.include

    def refactor(self, directory, policy, programs, by_trace=False):
        """Runs pgas-refactor on DIR/batch.cpp; returns (status, stderr)."""
        cmd = self.refactor_command(directory, policy, programs, by_trace)
        with open(os.path.join(directory, "refactor.sh"), "w") as f:
            f.write(" ".join(cmd) + "\n")
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        except subprocess.TimeoutExpired:
            return 124, "pgas-refactor did not finish in 300 s"
        return r.returncode, r.stderr

    def note_warnings(self, stderr, programs, spans):
        for line in stderr.splitlines():
            m = WARNING_LINE.search(line)
            if not m:
                continue
            number = int(m.group(1))
            for pid, (first, last) in spans.items():
                if first <= number <= last:
                    programs[pid].notes.append(line.split("warning: ", 1)[1])
                    if number in programs[pid].racy:
                        programs[pid].racy_unrewritten = True

    def rewrite(self, policy, programs):
        """Writes DIR/batch_opt.cpp: the whole batch rewritten at once or, if the tool fails on it, program by
        program (each failing one left as written)."""
        original = open(os.path.join(self.dir, "batch.cpp")).read()
        spans = {pid: (original.count("\n", 0, m.start()) + 1, original.count("\n", 0, m.end()))
                 for pid, m in namespaces(original).items()}
        status, stderr = self.refactor(self.dir, policy, programs.values(), by_trace=bool(self.trace))
        if status == 0:
            self.note_warnings(stderr, programs, spans)
            for p in programs.values():  # the trace may leave a racing array uncached without a warning
                p.racy_unrewritten |= bool(self.trace and p.racy)
            rewritten = open(os.path.join(self.dir, "batch_opt.cpp")).read()
        else:
            rewritten = self.rewrite_one_by_one(original, policy, programs)
        before, after = namespaces(original), namespaces(rewritten)
        for pid, p in programs.items():
            p.rewritten = before[pid].group(0) != after[pid].group(0)
        return rewritten

    def rewrite_one_by_one(self, original, policy, programs):
        head, parts = None, {}
        for pid, p in programs.items():
            directory = os.path.join(self.dir, f"g{pid}")
            _, single = self.generate(directory, only=pid)
            p.racy = single[pid].racy  # its lines in the single-program file
            text = open(os.path.join(directory, "batch.cpp")).read()
            if not p.cached:  # nothing to rewrite: left as written
                continue
            status, stderr = self.refactor(directory, policy, [p])
            if status != 0:
                p.failures.append(("pgas-refactor failed", f"exit status {status}", stderr[-2000:]))
                continue
            m = namespaces(text)[pid]
            self.note_warnings(stderr, {pid: p}, {pid: (text.count("\n", 0, m.start()) + 1,
                                                        text.count("\n", 0, m.end()))})
            out = open(os.path.join(directory, "batch_opt.cpp")).read()
            parts[pid] = namespaces(out)[pid].group(0)
            if head is None or "refactored.hpp" in out[:out.index("namespace g")]:
                head = out[:out.index("namespace g")]
        return splice(original, parts, head)

    # --- building ---
    def compile(self, name):
        cmd = ["c++", "-std=c++20", "-O1", "-w"] + (["-g"] if self.trace else []) + self.include + [
            os.path.join(self.dir, name + ".cpp"), os.path.join(self.dir, "opaque.cpp"), f"-L{self.tools['lib']}",
            "-lpgas", "-lpgas-cache", f"-Wl,-rpath,{self.tools['lib']}", "-o", os.path.join(self.dir, name)]
        return subprocess.run(cmd, capture_output=True, text=True)

    def build(self, rewritten, programs):
        """Compiles both versions (in parallel); a rewritten program that does not compile is a failure and is
        replaced by its original so that the others can run."""
        original = open(os.path.join(self.dir, "batch.cpp")).read()
        with concurrent.futures.ThreadPoolExecutor(2) as pool:
            first = pool.submit(self.compile, "batch") if not self.trace else None
            while True:
                with open(os.path.join(self.dir, "batch_opt.cpp"), "w") as f:
                    f.write(rewritten)
                r = self.compile("batch_opt")
                if r.returncode == 0:
                    break
                culprits = set()
                spans = namespaces(rewritten)
                for m in re.finditer(r"batch_opt\.cpp:(\d+):\d+: error: ", r.stderr):
                    line = int(m.group(1))
                    culprits |= {pid for pid, s in spans.items()
                                 if rewritten.count("\n", 0, s.start()) < line <= rewritten.count("\n", 0, s.end())}
                culprits = {pid for pid in culprits if programs[pid].rewritten}
                if not culprits:
                    raise Failure("the rewritten batch does not compile outside any program:\n" + r.stderr[-3000:])
                for pid in culprits:
                    programs[pid].failures.append(("does not compile", "", r.stderr[-3000:]))
                    programs[pid].rewritten = False
                rewritten = splice(rewritten, {pid: namespaces(original)[pid].group(0) for pid in culprits})
            if first:
                self.check_original(first.result())

    def check_original(self, compiled):
        if compiled.returncode != 0:
            raise Failure("the original batch does not compile:\n" + compiled.stderr[-3000:])

    def record_trace(self):
        """Builds the original with debug information and traces it by source line at 4 threads, for
        pgas-refactor --trace."""
        self.check_original(self.compile("batch"))
        cmd = [self.tools["pgasrun"], "-n", "4", "--timeout", str(self.timeout), "--trace", self.trace, "--force", "--lines",
               os.path.join(self.dir, "batch")]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            raise Failure(f"the traced run of the original failed ({r.returncode}): {r.stderr[-2000:]}")

    # --- running ---
    def run_programs(self, binary, n, mode, ids, expected_lines):
        """Runs the programs `ids` of `binary`; returns ({id: output lines}, {id: (kind, detail)}) where the second
        names the programs that crashed or hung (then the others are run again without them)."""
        outputs, broken, pending = {}, {}, list(ids)
        env = dict(os.environ)
        launch = [self.tools["pgasrun"], "-n", str(n), "--timeout", str(self.timeout)]
        if mode == "copying":
            env["PGAS_CACHE_DIRECT"] = "0"
        elif mode == "latency":
            launch += ["--latency", "1us"]
        elif mode == "traced":
            env["LD_PRELOAD"] = self.tools["tracer"]
            env["PGAS_TRACE_FILE"] = os.path.join(self.dir, "trace.db")
        while pending:
            if mode == "traced":
                subprocess.run(["rm", "-rf", env["PGAS_TRACE_FILE"] + ".raw", env["PGAS_TRACE_FILE"]])
            r = subprocess.run(launch + [binary] + [str(i) for i in pending], capture_output=True, text=True,
                               env=env)
            lines = {}
            for line in r.stdout.splitlines():
                m = OUTPUT_LINE.match(line)
                if m:
                    lines.setdefault(int(m.group(1)), []).append(line)
            done = [i for i in pending if len(lines.get(i, [])) == expected_lines[i]]
            for i in done:
                outputs[i] = lines[i]
            if r.returncode == 0:
                break
            culprit = next((i for i in pending if i not in done), pending[-1])
            kind = "hangs" if r.returncode == 124 else "crashes"
            broken[culprit] = (kind, f"exit status {r.returncode}: " + r.stderr[-1500:])
            pending = [i for i in pending if i not in done and i != culprit]
        return outputs, broken

    def run(self, threads, modes):
        policy, programs = self.generate(self.dir)
        self.policy = policy
        if self.trace:
            self.record_trace()
        rewritten = self.rewrite(policy, programs)
        self.build(rewritten, programs)
        text = open(os.path.join(self.dir, "batch.cpp")).read()
        expected = {pid: m.group(0).count('std::printf("g') for pid, m in namespaces(text).items()}
        original, rewritten_bin = os.path.join(self.dir, "batch"), os.path.join(self.dir, "batch_opt")
        reference, broken = self.run_programs(original, 1, "in_place", list(programs), expected)
        for pid, (kind, detail) in broken.items():
            programs[pid].generator_error = f"the original {kind} at 1 thread: {detail}"
        # The generator's promise: without racing loops, the original prints the same at several threads.
        steady = [pid for pid, p in programs.items() if not p.racy and pid in reference]
        check, broken = self.run_programs(original, 3, "in_place", steady, expected)
        for pid in steady:
            if pid in broken or check.get(pid) != reference[pid]:
                programs[pid].generator_error = "the original prints something else at 3 threads"
        for n in threads:
            for mode in modes:
                ids = [pid for pid, p in programs.items() if p.rewritten and not p.generator_error and
                       not any(f[0] in ("crashes", "hangs") for f in p.failures) and
                       (n == 1 or not p.racy_unrewritten)]
                if not ids:
                    continue
                outputs, broken = self.run_programs(rewritten_bin, n, mode, ids, expected)
                where = f"{n} threads, {mode}"
                for pid, (kind, detail) in broken.items():
                    programs[pid].failures.append((kind, where, detail))
                for pid, lines in outputs.items():
                    if lines != reference[pid]:
                        diff = [f"- {a}\n+ {b}" for a, b in zip(reference[pid], lines) if a != b]
                        programs[pid].failures.append(("output differs", where, "\n".join(diff)))
        return programs


def splice(text, parts, head=None):
    """text with the namespaces of `parts` ({id: namespace text}) replaced, and its head before the first
    namespace replaced by `head` when given."""
    def replace(m):
        return parts.get(int(m.group(1)), m.group(0))
    out = NAMESPACE.sub(replace, text)
    if head is not None:
        out = head + out[out.index("namespace g"):]
    return out
