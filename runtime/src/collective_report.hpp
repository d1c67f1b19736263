// The report of a collective that cannot complete: the threads are in different collectives, or one of
// them finished main while another waits. One thread words one message naming both calls and both threads.
#pragma once

#include <cstdint>
#include <string>

#include "collective.hpp"

namespace pgas::rt {

// "upc_barrier at prog.cpp:12", "the collective free of shared array 'A' (allocated at prog.cpp:5)".
std::string describe_call(const CollectiveCall &call);

// The phase of `call` (collective number `sequence`, signature `mine`) did not agree: every thread of
// the team calls this; one reports, all end.
[[noreturn]] void report_disagreement(const CollectiveCall &call, const PhaseSignature &mine);

// Thread `exited` finished main while this thread waits in `call` (seen while waiting, shm): this thread
// reports unless another thread reports first; the launcher then ends the job.
[[noreturn]] void report_exited_peer(const CollectiveCall &call, std::uint64_t sequence, int exited);

}  // namespace pgas::rt
