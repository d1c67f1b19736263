// The job a benchmark runs in (one PGAS thread or MPI rank per process) and the two loop shapes every
// benchmark uses. Only rank 0 reports; every rank runs the same fixed number of iterations, so that the
// barriers around (and, for collective benchmarks, inside) the timed loop match on all ranks.
#pragma once

#include <benchmark/benchmark.h>

namespace bench {

struct Team {
  int rank = 0;
  int size = 1;
  void (*barrier)() = nullptr;  // upc_barrier or MPI_Barrier: the job's own barrier
};

// Times `body` on rank 0 alone; the other ranks run an empty loop of the same length and then wait in the
// job's barrier, as idle UPC threads or MPI ranks would.
template <class Body>
void time_on_reporter(benchmark::State &state, const Team &team, Body &&body) {
  team.barrier();
  if (team.rank == 0) {
    for (auto _ : state) body();
  } else {
    for (auto _ : state) {
    }
  }
  team.barrier();
}

// Times `body` run by every rank at once (barriers, contended locks); rank 0's time is reported.
template <class Body>
void time_on_all(benchmark::State &state, const Team &team, Body &&body) {
  team.barrier();
  for (auto _ : state) body();
  team.barrier();
}

// Job-wide throughput of an operation all ranks contend for: each iteration is a round in which every rank
// runs `body` `per_round` times and then waits in the barrier, so the time of a round covers all
// size * per_round operations, even when oversubscribed ranks run one after another instead of overlapping.
// Register with ops_per_iteration = size * per_round to report time per operation.
template <class Body>
void time_rounds_on_all(benchmark::State &state, const Team &team, int per_round, Body &&body) {
  time_on_all(state, team, [&] {
    for (int k = 0; k < per_round; ++k) body();
    team.barrier();
  });
}

}  // namespace bench
