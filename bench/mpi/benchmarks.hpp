// The Open MPI peers of bench_runtime's measurements, written as an MPI user would write them. Construct
// every group on every rank in the same order (window creation is collective).
#pragma once

#include "common/registry.hpp"
#include "common/team.hpp"
#include "mpi/window.hpp"

namespace bench {

// 8-byte MPI_Get / MPI_Put to rank 1, each completed with MPI_Win_flush, in a lock_all epoch.
class RmaAccess {
 public:
  RmaAccess();
  void register_all(const Registry &registry, const Team &team);

 private:
  Window window_;
  Window vector_window_;  // kVectorElements * 2 elements per rank
};

// MPI_Barrier, and an exclusive passive-target lock epoch (MPI_Win_lock / MPI_Win_unlock) on rank 1's
// window: alone, and with every rank contending for it.
class Synchronization {
 public:
  Synchronization();
  void register_all(const Registry &registry, const Team &team);

 private:
  Window window_;
};

}  // namespace bench
