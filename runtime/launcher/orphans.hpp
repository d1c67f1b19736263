// The processes a job leaves behind. Under mpirun, the ranks are mpirun's children: if mpirun dies first,
// they would be adopted by init and run on unseen. The launcher adopts them instead (it becomes the
// "child subreaper" of everything it starts), so that it can end and reap every one of them.
#pragma once

#include <sys/types.h>

#include <vector>

#include "signal_channel.hpp"

namespace pgas::launcher {

// From now on, orphaned descendants of the launcher become its children (PR_SET_CHILD_SUBREAPER).
void adopt_orphans();

// The launcher's children at this moment (from /proc/self/task/*/children).
std::vector<pid_t> own_children();

// Ends every child of the launcher: SIGTERM, then SIGKILL after `grace_seconds`, and reaps them until none
// is left (a child's own children are adopted when it dies, and ended in turn). SIGCHLD from `signals`
// wakes it. Returns how many processes it ended.
int end_all_children(double grace_seconds, SignalChannel &signals);

}  // namespace pgas::launcher
