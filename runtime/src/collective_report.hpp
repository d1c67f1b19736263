// The report of a collective that cannot complete: the threads are in different collectives, or one of
// them finished main while another waits. One thread words one message naming both calls and both threads.
#pragma once

#include <cstdint>
#include <string>

#include "collective.hpp"

namespace pgas::rt {

// "upc_barrier at prog.cpp:12", "the collective free of shared array 'A' (allocated at prog.cpp:5)".
std::string describe_call(const CollectiveCall &call);

// "its collective operation #7, upc_barrier": a phase a thread published (PhaseSignature), or a
// Collectives 2.0 call it waits in on the conduit's engine.
std::string describe_phase(const PhaseSignature &phase);

// The phase of `call` (collective number `sequence`, signature `mine`) did not agree: every thread of
// the team calls this; one reports, all end.
[[noreturn]] void report_disagreement(const CollectiveCall &call, const PhaseSignature &mine);

// A thread finished main while another waits in a collective that cannot complete (`result`, seen by one
// of them while this thread is in `mine`, collective number `sequence`): this thread reports unless another
// thread reports first; the launcher (or mpirun) then ends the job.
[[noreturn]] void report_exited_peer(const CollectiveCall &mine, std::uint64_t sequence,
                                     const PhaseResult &result);

}  // namespace pgas::rt
