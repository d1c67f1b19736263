// Whether the threads of a job share CPUs, decided from every thread's CPU affinity (network conduits).
//
// Under mpirun the launcher binds ranks itself (Open MPI binds to cores by default for small jobs), and the
// job may span machines, so neither "threads > CPUs of my affinity" nor pgasrun's PGAS_OWN_CPU word can
// tell: a rank bound to one core would count itself oversubscribed, and 16 ranks on four 8-core machines
// would too. Every thread gives its machine and its affinity; the threads of one machine are
// oversubscribed when they outnumber the CPUs their affinities cover together, and a thread has a CPU of
// its own when its affinity is one CPU no other thread of its machine may run on.
#pragma once

namespace pgas::rt {

struct CpuSharing {
  bool oversubscribed = false;  // this machine's threads outnumber the CPUs they may run on
  bool own_cpu = false;         // bound to one CPU that no other thread of the job may run on
};

// Collective over the conduit's allgather: every thread of the job calls it once, at start-up.
CpuSharing cpu_sharing_among_threads();

}  // namespace pgas::rt
