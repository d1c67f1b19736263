// What a job leaves on the machine, found through the job's own processes (never by name: other tests run
// at the same time): the driver is a child subreaper, so every process of the job that outlives its parent
// becomes the driver's child; the /dev/shm entries are those the job's threads had mapped.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <set>
#include <string>
#include <vector>

namespace faults {

// Makes this process the subreaper of everything it starts (prctl PR_SET_CHILD_SUBREAPER).
void become_subreaper();

// Waits up to `grace` for every child of this process to exit, reaping them; then SIGKILLs and reaps the
// ones left, and returns them as "pid (command line)".
std::vector<std::string> end_leftover_children(std::chrono::milliseconds grace);

// The /dev/shm entries (top level: a file, or the directory holding one) mapped by process `pid` that
// still have a name.
std::set<std::string> shm_entries_mapped_by(pid_t pid);

}  // namespace faults
