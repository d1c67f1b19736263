// The conduit's collective engine (conduit/collectives.hpp) behind Collectives 2.0: which calls it runs and
// how. PGAS_COLL2_ENGINE chooses: the conduit's engine by name ("mpi"), or "shared" for the library's own
// engine of call blocks and flag words (operation.hpp); unset, the conduit's engine when it has one. Calls
// with an ALLSYNC flag run on the shared engine whichever is chosen (its first completing thread finishes
// the others' parts, so that they keep the proposal's ordering rules), so do teams' own bookkeeping areas,
// and so do non-blocking calls where the engine says (CollectiveEngine::nonblocking_on_shared_engine: a
// completion then waits only for the others' initiations, not for them to call into the network library).
#pragma once

#include "coll2/operation.hpp"

namespace pgas::rt::coll2 {

// The engine chosen for this job, or nullptr for the shared engine (read once, at upccoll_initialize).
CollectiveEngine *chosen_engine();
void choose_engine();

// Whether a call of `kind` with `flags` runs on the conduit's engine, blocking (no handle and no
// UPC_ASYNC_FENCE) or not. Every member decides the same for the same call.
bool on_engine(Kind kind, upccoll_flag_t flags, bool blocking);
// Whether the engine can take the call's counts (else UPCCOLL_ERROR_SIZE).
bool engine_fits(const Description &call);
// A blocking call, complete on return; false (nothing done) when the engine cannot take its counts.
bool engine_run(Team &team, const Description &call);
// A non-blocking call: progress() and complete() (operation.hpp) finish it.
Operation *engine_start(Team &team, const Description &call);
// A call refused on this thread with `error` once its team is known: it takes its call number
// (agreement.hpp).
void engine_refuse(Team &team, Kind kind, bool variable, upccoll_return_t error);
// One look at a call of the engine: true once complete.
bool engine_progress(Operation &op);
// Looks until complete (from complete()).
void complete_on_engine(Operation &op);
}  // namespace pgas::rt::coll2
