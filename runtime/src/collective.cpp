#include "collective.hpp"

#include <cstdio>

#include "coll/flags.hpp"
#include "coll/matching.hpp"
#include "collective_report.hpp"
#include "conduit/active.hpp"
#include "errors.hpp"
#include "runtime.hpp"
#include "sync/signals_in_flight.hpp"

namespace pgas::rt {

Team g_all_threads;

namespace {

// This thread's collective in progress (the last one started; its caller keeps it alive).
const CollectiveCall *g_current = nullptr;
PhaseSignature g_signature{};
bool g_pending = false;  // arrived at its phase, not yet completed

// What thread 0 sends to every thread at the end of a data step.
struct Verdict {
  std::uint64_t result;
  char error[256];  // nonempty: the call failed on thread 0; every thread stops
};

}  // namespace

std::uint64_t collective_start(const CollectiveCall &call, std::span<const std::uint64_t> args) {
  if (g_pending) {
    if (call.kind == CollectiveKind::kExit)
      fatal("this thread finished main between upc_notify and upc_wait (%s)",
            describe_call(*g_current).c_str());
    fatal("%s called between upc_notify and upc_wait", describe_call(call).c_str());
  }
  g_current = &call;
  const std::uint64_t sequence = ++g_all_threads.sequence;
  g_signature = {.kind = static_cast<std::uint64_t>(collective_kind_meets(call.kind)),
                 .blocks = call.kind == CollectiveKind::kNotify ? 0u : 1u,
                 .exiting = call.kind == CollectiveKind::kExit ? 1u : 0u,
                 .sequence = sequence,
                 .barrier_id = call.barrier_id};
  coll::Record record{sequence,
                      static_cast<std::uint32_t>(collective_kind_meets(call.kind)),
                      static_cast<std::uint32_t>(args.size()),
                      {}};
  for (std::size_t k = 0; k < args.size() && k < coll::kRecordArgs; ++k) record.args[k] = args[k];
  coll::keep_comparison_window(sequence);
  coll::publish(record);
  return sequence;
}

void collective_sync() {
  complete_signals(true);  // a peer may wait for one of them before it can arrive
  g_pending = true;
  conduit().phase_arrive(g_signature);
  collective_complete();
}

void collective_arrive(const CollectiveCall &call) {
  complete_signals(true);  // a peer may wait for one of them before it can arrive
  collective_start(call);
  g_pending = true;
  conduit().phase_arrive(g_signature);
}

void collective_complete() {
  g_pending = false;
  const PhaseResult result = conduit().phase_complete();
  if (result.agreed) {
    coll::verify_deferred();  // every thread is here: thread 0 has started every earlier collective
    return;
  }
  if (result.exited_thread >= 0) report_exited_peer(*g_current, g_signature.sequence, result);
  report_disagreement(*g_current, g_signature);
}

bool collective_pending() { return g_pending; }

void collective_enter(const CollectiveCall &call) {
  runtime(collective_kind_name(call.kind));
  collective_arrive(call);
  collective_complete();
}

std::uint64_t collective_agree(const char *operation, std::initializer_list<std::uint64_t> args,
                               const std::function<std::uint64_t(std::string &error)> &leader) {
  Runtime &r = runtime(operation);
  std::uint64_t mine[CollectiveState::kArgs] = {};
  int n = 0;
  for (std::uint64_t a : args) mine[n++] = a;
  int stride = 0;
  const std::uint64_t *all = conduit().gather(mine, n, &stride);
  Verdict verdict{};
  if (r.mythread == 0) {
    for (int t = 1; t < r.threads && verdict.error[0] == '\0'; ++t)
      for (int k = 0; k < n; ++k)
        if (all[t * stride + k] != all[k]) {
          std::snprintf(
              verdict.error, sizeof verdict.error,
              "%s called with different arguments: argument %d is %llu on thread 0 but %llu on thread %d",
              operation, k + 1, static_cast<unsigned long long>(all[k]),
              static_cast<unsigned long long>(all[t * stride + k]), t);
          break;
        }
    if (verdict.error[0] == '\0') {
      std::string error;
      verdict.result = leader(error);
      std::snprintf(verdict.error, sizeof verdict.error, "%s", error.c_str());
    }
    if (verdict.error[0] != '\0') report("%s", verdict.error);  // before anyone is released to exit
  }
  conduit().broadcast(&verdict, sizeof verdict);
  if (verdict.error[0] != '\0') exit_quietly();
  return verdict.result;
}

std::uint64_t collective_call(const CollectiveCall &call, const char *operation,
                              std::initializer_list<std::uint64_t> args,
                              const std::function<std::uint64_t(std::string &error)> &leader) {
  collective_enter(call);
  return collective_agree(operation, args, leader);
}

void internal_barrier(const char *operation) {
  collective_enter({.kind = CollectiveKind::kRuntimeBarrier, .operation = operation});
}

}  // namespace pgas::rt
