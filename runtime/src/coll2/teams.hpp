// Team management (pgas/upccoll.h 3.4) behind the library's life cycle.
#pragma once

#include "coll2/team.hpp"

namespace pgas::rt::coll2 {

// UPC_TEAM_ALL: collective over every thread.
void create_team_all();
// Frees every team's memory; after every thread completed its calls and passed a barrier.
void destroy_all_teams();
// Completes this thread's outstanding calls (on `team`, or on every team for nullptr).
void complete_outstanding(const Team *team);

}  // namespace pgas::rt::coll2
