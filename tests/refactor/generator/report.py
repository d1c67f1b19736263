"""Tallies of generated programs (per status and per feature group) and the reproducers of failures."""
import collections
import os
import re
import shutil

STATUSES = ["refused", "rewritten and equal", "failed", "generator error"]


class Report:
    def __init__(self):
        self.totals = {s: 0 for s in STATUSES}
        self.by_feature = {}
        self.failures = []  # (seed, program id, failures)
        self.notes = collections.Counter()  # the tool's reasons for refusing, names of arrays and functions elided

    def add(self, batch, programs, failure_dir):
        for p in programs.values():
            self.totals[p.status] += 1
            for note in p.notes:
                self.notes[re.sub(r"'[^']*'", "'...'", note)] += 1
            for feature in p.features or ["(none)"]:
                row = self.by_feature.setdefault(feature, {s: 0 for s in STATUSES})
                row[p.status] += 1
            if p.failed or p.generator_error:
                self.failures.append((batch.seed, p.id, p.failures or [("generator error", "", p.generator_error)]))
                self.save(batch, p, os.path.join(failure_dir, f"seed{batch.seed}-g{p.id}"))

    def save(self, batch, program, directory):
        """The program alone (pgas-gen --only), the tool's command and what went wrong."""
        shutil.rmtree(directory, ignore_errors=True)
        batch.generate(directory, only=program.id)
        with open(os.path.join(directory, "refactor.sh"), "w") as f:
            f.write(" ".join(batch.refactor_command(directory, batch.policy, [program])) + "\n")
        with open(os.path.join(directory, "failure.txt"), "w") as f:
            f.write(f"seed {batch.seed} program {program.id} policy {batch.policy} features "
                    f"{','.join(program.features)}\n")
            for kind, where, detail in program.failures or [("generator error", "", program.generator_error)]:
                f.write(f"\n{kind} ({where})\n{detail}\n")
            for note in program.notes:
                f.write(f"note: {note}\n")

    def print_batch(self, seed, programs):
        counts = {s: sum(p.status == s for p in programs.values()) for s in STATUSES}
        print(f"batch {seed}: " + ", ".join(f"{counts[s]} {s}" for s in STATUSES), flush=True)
        for p in programs.values():
            kinds = {}
            for kind, where, _ in p.failures:
                kinds.setdefault(kind, []).append(where)
            for kind, wheres in kinds.items():
                more = f" and {len(wheres) - 1} more" if len(wheres) > 1 else ""
                print(f"  FAIL g{p.id} ({','.join(p.features)}): {kind} ({wheres[0]}{more})", flush=True)
            if p.generator_error:
                print(f"  GENERATOR ERROR g{p.id}: {p.generator_error.splitlines()[0]}", flush=True)

    def print_summary(self, first, batches, seconds):
        total = sum(self.totals.values())
        print(f"\n{total} programs (seeds {first}..{first + batches - 1}) in {seconds:.0f} s: " +
              ", ".join(f"{self.totals[s]} {s}" for s in STATUSES))
        print(f"{'feature group':<12}" + "".join(f"{s:>22}" for s in STATUSES))
        for feature in sorted(self.by_feature):
            row = self.by_feature[feature]
            print(f"{feature:<12}" + "".join(f"{row[s]:>22}" for s in STATUSES))
        if self.notes:
            print("most frequent reasons for leaving a loop unchanged:")
            for note, count in self.notes.most_common(8):
                print(f"{count:6}  {note}")
        for seed, pid, failures in self.failures:
            kinds = sorted({kind for kind, _, _ in failures})
            print(f"FAILED seed {seed} g{pid}: {', '.join(kinds)} (reproducer: failures/seed{seed}-g{pid})")
