// Base iteration counts, shared by bench_runtime and bench_mpi_peer so that both sides of a comparison run
// the same loop lengths. --scale=F multiplies them (see registry.hpp).
#pragma once

#include <cstdint>

namespace bench {

inline constexpr std::int64_t kAccessIterations = 200000;  // 8-byte get / put
inline constexpr std::int64_t kVectorIterations = 20000;   // vector get of kVectorElements
inline constexpr std::size_t kVectorElements = 1024;       // 8-byte elements, every other one of a thread's
inline constexpr std::int64_t kBarrierIterations = 20000;  // barrier
inline constexpr std::int64_t kLockIterations = 200000;    // lock + unlock by rank 0 alone
inline constexpr std::int64_t kContendedLockRounds = 10;   // rounds of lock + unlock by every rank, same lock
inline constexpr int kContendedLocksPerRound = 400;        // per rank and round
inline constexpr std::int64_t kLocalPasses = 200;          // passes over a thread's local part
inline constexpr std::int64_t kPairsyncIterations = 20000;  // pairsync between two threads
inline constexpr std::int64_t kHandshakeIterations = 4000;  // pairsync_lock_handshake (eight lock calls)

}  // namespace bench
