// The runtime's point-to-point synchronization flags: one shared object, laid out by every thread at
// start-up in a fixed place of every segment (no allocation, so no collective: pairsync, which only two
// threads call, finds it ready). Flags are written with strict puts through the transport seam, so they
// are traced and work on every conduit; a thread reads its own flags in place.
//
// Thread t's part holds, one 64-bit word each:
//   arrival[s]      the number of pairwise meetings thread s has begun with t, and the tag of the last one
//   lock_column[s]  the lock prlock[s][t] of the Figure 11 handshake (allocated and held by t), or 0
//   wait_state[4]   what t waits for, published once it has waited long enough to be suspected of a
//                   deadlock: a sequence number, the partner + 1 (0: not waiting), the count and the tag
#pragma once

#include <atomic>
#include <cstdint>

#include "control.hpp"
#include "pgas/transport.h"

namespace pgas::rt {

// The handle slot the flags object always occupies (handle_create never hands it out).
inline constexpr std::uint32_t kSyncFlagsSlot = kMaxHandles - 1;

// Lays out the flags object's descriptor in `ctl` for a job of `threads` threads, starting at byte
// `begin` of every segment; returns where the space after it begins (the symmetric heap's start).
std::uint64_t lay_out_sync_flags(ControlBlock &ctl, int threads, std::uint64_t begin);

pgas_handle_t sync_flags_handle();

// Word indices inside a thread's part.
inline std::size_t arrival_word(int from) { return static_cast<std::size_t>(from); }
std::size_t lock_column_word(int row);
std::size_t wait_state_word(int field);
enum WaitStateField { kWaitSequence = 0, kWaitPartner = 1, kWaitCount = 2, kWaitTag = 3 };

// This thread's own word, in place.
std::atomic<std::uint64_t> &own_word(std::size_t word);
// Any thread's word, read with a strict get (through the transport).
std::uint64_t read_word(int thread, std::size_t word);
// Writes `thread`'s word with a strict put (through the transport) and wakes the thread if it sleeps.
void write_word(int thread, std::size_t word, std::uint64_t value);
// Wakes `thread` if it sleeps waiting for a peer (shm; on a network conduit waiters poll).
void wake_peer(int thread);

}  // namespace pgas::rt
