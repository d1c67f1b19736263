#include "coll/matching.hpp"

#include <unistd.h>

#include <algorithm>
#include <string>
#include <vector>

#include "coll/backoff.hpp"
#include "coll/kept.hpp"
#include "collective_report.hpp"
#include "conduit/active.hpp"
#include "errors.hpp"
#include "runtime.hpp"

namespace pgas::rt::coll {
namespace {

// Calls not yet compared with thread 0's, oldest first; fewer than a record ring, so thread 0 still has
// their records. Nearly a ring: a thread that waits for nobody in its calls (the sender of a staged gather)
// runs that far ahead of a late thread 0 before it waits, as an MPI eager sender runs ahead of its receiver.
constexpr std::size_t kMaxDeferred = kRing - 8;
std::vector<Published> g_deferred;

// Ends this thread after another one reports (or, on a conduit where every thread may report, reports
// too): the launcher or mpirun ends the job once the reporter exits.
[[noreturn]] void report_once(const std::string &message) {
  if (conduit().claim_report()) {
    report("%s", message.c_str());
    exit_quietly();
  }
  for (;;) pause();
}

[[noreturn]] void mismatch(const Published &mine, int peer, const Record &theirs) {
  const std::string me = std::to_string(g_runtime.mythread), other = std::to_string(peer);
  const std::string call = describe_call(mine.call);
  const std::string numbered = "its collective operation #" + std::to_string(mine.sequence) + ", " + call;
  const auto kind = static_cast<CollectiveKind>(theirs.kind);
  if (kind == CollectiveKind::kExit)
    report_once("thread " + other + " finished main (returned or called exit) while thread " + me +
                " waits in " + numbered + ", which thread " + other + " can never reach");
  if (kind != collective_kind_meets(mine.call.kind))
    report_once("collective operations do not match: thread " + me + " is in " + numbered + ", but thread " +
                other + " is in its collective operation #" + std::to_string(mine.sequence) + ", " +
                collective_kind_name(kind) +
                ", and every thread must run the same collective operations in the same order");
  for (int k = 0; k < mine.nargs; ++k) {
    const Arg &a = mine.args[k];
    if (theirs.args[k] == a.value) continue;
    const std::string detail = a.is_pointer ? " points elsewhere than on thread " + other
                                            : " is " + std::to_string(a.value) + " but " +
                                                  std::to_string(theirs.args[k]) + " on thread " + other;
    report_once(call + " called with different single-valued arguments: " + a.name + " on thread " + me +
                detail);
  }
  report_once(call + ": thread " + other + " passed " + std::to_string(theirs.nargs) + " arguments, thread " +
              me + " " + std::to_string(mine.nargs));
}

}  // namespace

bool compare_with(const Published &mine, int peer) {
  Record theirs{};
  if (!record_of(peer, mine.sequence, &theirs)) return false;
  bool same = theirs.kind == static_cast<std::uint32_t>(collective_kind_meets(mine.call.kind)) &&
              theirs.nargs == static_cast<std::uint32_t>(mine.nargs);
  for (int k = 0; same && k < mine.nargs; ++k) same = theirs.args[k] == mine.args[k].value;
  if (!same) mismatch(mine, peer, theirs);
  return true;
}

std::uint64_t record_digest(const Published &mine) {
  // Every staged call digests its record: folded word by word, mixed once.
  std::uint64_t h = fold_word(fold_word(0, static_cast<std::uint64_t>(collective_kind_meets(mine.call.kind))),
                              static_cast<std::uint64_t>(mine.nargs));
  for (int k = 0; k < mine.nargs; ++k) h = fold_word(h, mine.args[k].value);
  return mix_word(0, h);
}

void check_digest(const Published &mine, int peer, std::uint64_t theirs) {
  if (theirs == record_digest(mine)) return;
  compare_with(mine, peer);  // reports, with the peer's call, unless the peer has overwritten its record
  report_once("collective operations do not match: thread " + std::to_string(peer) +
              " left data for thread " + std::to_string(g_runtime.mythread) + "'s collective operation #" +
              std::to_string(mine.sequence) + ", " + describe_call(mine.call) + ", from a different call");
}

void compare_with_thread0(const Published &mine) {
  if (g_runtime.mythread == 0) return;
  if (!g_deferred.empty()) verify_deferred();  // before thread 0 overwrites their records
  if (entered(0, mine.sequence)) {
    compare_with(mine, 0);
    return;
  }
  if (g_deferred.size() >= kMaxDeferred) {
    // Thread 0 is far behind: wait for it to start the oldest call (not to finish anything) and compare.
    const std::uint64_t oldest = g_deferred.front().sequence;
    for (Backoff backoff; !entered(0, oldest);) backoff.pause([&] { sleep_until_entered(0, oldest); });
    verify_deferred();
  }
  g_deferred.push_back(mine);
}

// Per thread, a call it is known to have started (thread 0's bookkeeping in keep_comparison_window).
std::vector<std::uint64_t> &known_started() {
  static std::vector<std::uint64_t> &known = kept_vector<std::uint64_t>();
  return known;
}

void keep_comparison_window(std::uint64_t sequence) {
  if (g_runtime.mythread != 0 || sequence < kRing) return;
  std::vector<std::uint64_t> &known = known_started();
  static std::uint64_t all_known = 0;  // the least of known: every thread has started that call
  const std::uint64_t need = sequence - kRing + 1;
  if (need <= all_known) return;
  for (int t = 1; t < g_runtime.threads; ++t) {
    std::uint64_t &seen = known[static_cast<std::size_t>(t)];
    if (seen >= need) continue;
    if (const std::uint64_t ahead = need + kRing / 2; entered(t, ahead)) {  // usually: look again later
      seen = ahead;
      continue;
    }
    for (Backoff backoff; !entered(t, need);) backoff.pause([&] { sleep_until_entered(t, need); });
    seen = need;
  }
  all_known = sequence;
  for (int t = 1; t < g_runtime.threads; ++t)
    all_known = std::min(all_known, known[static_cast<std::size_t>(t)]);
}

void reserve_matching() {
  g_deferred.resize(kMaxDeferred);  // compare_with_thread0 never remembers more
  g_deferred.clear();
  known_started().assign(static_cast<std::size_t>(g_runtime.threads), 0);
}

void verify_deferred() {
  // Thread 0 starts calls in order: the calls it has started are a prefix of the deferred ones, and one
  // look at its record tells that it has not started the rest.
  std::size_t compared = 0;
  while (compared < g_deferred.size() && entered(0, g_deferred[compared].sequence))
    compare_with(g_deferred[compared++], 0);
  g_deferred.erase(g_deferred.begin(), g_deferred.begin() + static_cast<std::ptrdiff_t>(compared));
}

}  // namespace pgas::rt::coll
