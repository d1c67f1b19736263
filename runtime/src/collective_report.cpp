#include "collective_report.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <vector>

#include "coll2/operation.hpp"
#include "conduit/active.hpp"
#include "errors.hpp"
#include "runtime.hpp"

namespace pgas::rt {
namespace {

// What each thread tells the others about its call when a phase did not agree.
struct Record {
  PhaseSignature signature;
  CollectiveKind kind;
  char text[Conduit::kAllgatherBytes - sizeof(PhaseSignature) - sizeof(CollectiveKind)];
};
static_assert(sizeof(Record) <= Conduit::kAllgatherBytes);

std::string numbered(const std::string &call, std::uint64_t sequence) {
  return "its collective operation #" + std::to_string(sequence) + ", " + call;
}
std::string numbered(const Record &r) { return numbered(r.text, r.signature.sequence); }

std::string exited_message(int gone, int waiter, const std::string &waiting_in) {
  return "thread " + std::to_string(gone) + " finished main (returned or called exit) while thread " +
         std::to_string(waiter) + " waits in " + waiting_in + ", which thread " + std::to_string(gone) +
         " can never reach";
}

// The message for the first pair of threads whose records disagree, and which thread prints it.
std::string explain(const std::vector<Record> &all, int *reporter) {
  const int threads = static_cast<int>(all.size());
  for (int t = 1; t < threads; ++t) {
    if (same_collective(all[0].signature, all[t].signature)) continue;
    if (all[0].kind == CollectiveKind::kExit || all[t].kind == CollectiveKind::kExit) {
      const int gone = all[0].kind == CollectiveKind::kExit ? 0 : t;
      *reporter = gone == 0 ? t : 0;  // the waiting thread
      return exited_message(gone, *reporter, numbered(all[*reporter]));
    }
    *reporter = 0;
    return "collective operations do not match: thread 0 is in " + numbered(all[0]) + ", but thread " +
           std::to_string(t) + " is in " + numbered(all[t]) +
           ", and every thread must run the same collective operations in the same order";
  }
  int first = -1;
  for (int t = 0; t < threads; ++t) {
    const std::int64_t id = all[t].signature.barrier_id;
    if (id == kAnonymousBarrier) continue;
    if (first < 0) {
      first = t;
    } else if (id != all[first].signature.barrier_id) {
      *reporter = first;
      return "barrier id mismatch: thread " + std::to_string(first) + " used " +
             std::to_string(all[first].signature.barrier_id) + " but thread " + std::to_string(t) + " used " +
             std::to_string(id) + " (thread " + std::to_string(first) + ": " + all[first].text + "; thread " +
             std::to_string(t) + ": " + all[t].text + ")";
    }
  }
  *reporter = 0;
  return "the threads' collective operations do not agree: thread 0 is in " + numbered(all[0]);
}

}  // namespace

// What a waiting thread published of its call: a runtime collective, or a Collectives 2.0 call in the
// conduit's engine (its function in barrier_id, control.hpp), worded as coll2 words its own waits.
std::string describe_phase(const PhaseSignature &waiting) {
  const auto kind = static_cast<CollectiveKind>(waiting.kind);
  if (kind != CollectiveKind::kUpccollCall || waiting.barrier_id < 1)
    return numbered(collective_kind_name(kind), waiting.sequence);
  return std::string(coll2::kind_name(static_cast<coll2::Kind>(waiting.barrier_id - 1))) + ", call #" +
         std::to_string(waiting.sequence) + " of its team";
}

std::string describe_call(const CollectiveCall &call) {
  std::string text = collective_kind_name(call.kind);
  if (call.object != 0) text += " " + describe_handle(call.object);
  if (call.operation != nullptr) text += std::string(" ") + call.operation;
  if (call.barrier_id != kAnonymousBarrier) text += " with id " + std::to_string(call.barrier_id);
  if (call.where.line() != 0)
    text +=
        std::string(" at ") + short_site(call.where.file_name()) + ":" + std::to_string(call.where.line());
  else if (call.site != nullptr)
    text += std::string(" at ") + short_site(call.site);
  return text;
}

void report_disagreement(const CollectiveCall &call, const PhaseSignature &mine) {
  Record record{};
  record.signature = mine;
  record.kind = call.kind;
  std::snprintf(record.text, sizeof record.text, "%s", describe_call(call).c_str());
  std::vector<Record> all(static_cast<std::size_t>(g_runtime.threads));
  std::memcpy(all.data(), conduit().allgather(&record, sizeof record), sizeof(Record) * all.size());
  int reporter = 0;
  const std::string message = explain(all, &reporter);
  if (g_runtime.mythread == reporter && conduit().claim_report()) report("%s", message.c_str());
  conduit().allgather(&record, sizeof record);  // nobody exits (ending the job) before the report is out
  exit_quietly();
}

void report_exited_peer(const CollectiveCall &mine, std::uint64_t sequence, const PhaseResult &result) {
  // The waiter's call: this thread's own, or what the thread that finished main saw of it.
  const std::string waiting_in = result.waiting_thread == g_runtime.mythread
                                     ? numbered(describe_call(mine), sequence)
                                     : describe_phase(result.waiting);
  if (conduit().claim_report()) {
    report("%s", exited_message(result.exited_thread, result.waiting_thread, waiting_in).c_str());
    exit_quietly();
  }
  for (;;) pause();  // another thread reports and exits; the launcher then ends the job
}

}  // namespace pgas::rt
