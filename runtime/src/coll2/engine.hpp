// The conduit's collective engine (conduit/collectives.hpp) behind Collectives 2.0: which calls it runs and
// how. PGAS_COLL2_ENGINE chooses: the conduit's engine by name ("mpi"), or "shared" for the library's own
// engine of call blocks and flag words (operation.hpp); unset, the conduit's engine when it has one. Calls
// with an ALLSYNC flag run on the shared engine whichever is chosen (its first completing thread finishes
// the others' parts, so that they keep the proposal's ordering rules), so do teams' own bookkeeping areas.
#pragma once

#include "coll2/operation.hpp"

namespace pgas::rt::coll2 {

// The engine chosen for this job, or nullptr for the shared engine (read once, at upccoll_initialize).
CollectiveEngine *chosen_engine();
void choose_engine();

// Whether `call` runs on the conduit's engine.
bool on_engine(const Description &call);
// Whether the engine can take the call's counts (else UPCCOLL_ERROR_SIZE).
bool engine_fits(const Description &call);
// A blocking call, complete on return; false (nothing done) when the engine cannot take its counts.
bool engine_run(Team &team, const Description &call);
// A non-blocking call: progress() and complete() (operation.hpp) finish it.
Operation *engine_start(Team &team, const Description &call);
// One look at a call of the engine: true once complete.
bool engine_progress(Operation &op);
// Looks until complete (from complete()).
void complete_on_engine(Operation &op);
// A call of the engine waited for a while: stops the job if a member is in another call (what it
// published of its calls in the team's slots).
void engine_check_members(Operation &op);

}  // namespace pgas::rt::coll2
