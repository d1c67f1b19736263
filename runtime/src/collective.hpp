// Collective operations of the runtime. Every one (barriers, collective allocation and free, lock
// allocation, the end of main, the runtime's own barriers) goes through here: it carries its kind
// (collective_kind.hpp) and its number in its team's sequence, and its first synchronization phase checks
// that every thread of the team is in the same collective. A thread in another collective, or one that
// finished main while the others wait, stops the job with one message naming both calls and both threads.
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <source_location>
#include <span>
#include <string>

#include "collective_kind.hpp"
#include "conduit/conduit.hpp"
#include "pgas/transport.h"

namespace pgas::rt {

// A group of threads that runs collectives together; each counts its collectives. Today there is one
// team, every thread of the job.
struct Team {
  std::uint64_t sequence = 0;  // collectives this thread started in the team
};
extern Team g_all_threads;

// Whether a thread whose last phase is `phase` (Conduit::last_phase) waits in a phase this thread has not
// entered, which cannot complete until this thread arrives.
inline bool waits_for_this_thread(const PhaseSignature &phase) {
  return phase.blocks != 0 && phase.sequence > g_all_threads.sequence;
}

// A collective call of this thread: what it is, and what messages name it by.
struct CollectiveCall {
  CollectiveKind kind;
  std::int64_t barrier_id = kAnonymousBarrier;
  std::source_location where{};     // the user's statement, when the dialect passes it (line 0: unknown)
  const char *site = nullptr;       // or the "file:line" of the allocation it makes
  pgas_handle_t object = 0;         // the shared object it frees
  const char *operation = nullptr;  // the runtime function it is part of (kRuntimeBarrier)
};

// Starts `call` in the team of every thread: takes its sequence number and publishes the call's record
// (its kind and `args`, its single-valued arguments) for peers that synchronize with this thread by flags
// (coll/flags.hpp); returns the sequence number. Does not synchronize: collective_sync does.
std::uint64_t collective_start(const CollectiveCall &call, std::span<const std::uint64_t> args = {});
// A synchronization phase of the collective this thread started last: returns once every thread of the
// team is in it; stops the job if they are not all in the same collective.
void collective_sync();

// Starts `call` in the team of every thread (collective_start) and arrives at its first phase;
// collective_complete ends the phase (split phase: upc_notify, then upc_wait). `call` must live until then:
// a failed phase is reported with it. The caller has checked that the runtime runs (collective_enter checks).
void collective_arrive(const CollectiveCall &call);
// Ends the phase; stops the job if the threads are not all in the same collective.
void collective_complete();
// Whether this thread arrived at a phase it has not completed (between upc_notify and upc_wait).
bool collective_pending();
// Both at once: one agreeing phase.
void collective_enter(const CollectiveCall &call);

// A data step of the collective just entered: every thread calls with its arguments; thread 0 checks that
// they agree, and runs `leader`, which returns the result published to all. `leader` may set `error`
// instead, which stops the job on every thread. A mismatch of arguments stops the job with a message
// naming `operation`, the argument and the threads that disagree.
std::uint64_t collective_agree(const char *operation, std::initializer_list<std::uint64_t> args,
                               const std::function<std::uint64_t(std::string &error)> &leader);
// collective_enter, then collective_agree.
std::uint64_t collective_call(const CollectiveCall &call, const char *operation,
                              std::initializer_list<std::uint64_t> args,
                              const std::function<std::uint64_t(std::string &error)> &leader);

// A barrier for the runtime's own use in `operation` (not allowed between upc_notify and upc_wait).
void internal_barrier(const char *operation);

}  // namespace pgas::rt
