// The meeting at upccoll_finalize: the members of every team arrive there having made the same calls.
#pragma once

namespace pgas::rt::coll2 {

// Marks this thread's arrival in every live team (Team::finalized_at), then waits until every member of
// each has arrived too. Stops the job instead when a member arrives after another number of calls,
// initiated a call this thread never made, finished main, or waits in a collective operation of every
// thread (a barrier, which needs this thread).
void meet_at_finalize();

}  // namespace pgas::rt::coll2
