// Eager staging of small relocalizations (the UPC 1.2 collectives), as MPI's eager protocol does for small
// messages: the thread holding a block copies it into its own staging area and may return at once (its
// source may change right after: nothing else reads it), and each receiver copies its block from there
// whenever it arrives, then tells the holder through the call's done flag (coll/flags.hpp). The holder
// reuses the space once every receiver has told it; with the ring full, or a table's length of calls ahead
// of a receiver, it waits for that receiver.
//
// The staging object is one of the runtime's own shared objects, laid out by every thread at start-up in
// its segment: thread t's part is a table of kStagedCalls entries, each a strict flag word written by t
// that holds the call and the offset of its bytes in the ring, next to the digest of t's record of the call
// (so a receiver checks that the bytes belong to its own call without reading t's record) and, for a call
// of at most kInlineBytes, the bytes themselves; then the ring.
// Its size follows the segment's (a 64 KiB segment stages nothing). A holder frees the bytes of its calls
// read by all their readers only when the ring or the table is half used, so that a call does not read its
// readers' done flags (written by them, a cache miss each) every time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "control.hpp"
#include "pgas/detail/api.hpp"

namespace pgas::rt::coll {

// A block larger than this is never staged (MPI's eager limit over shared memory is the same).
inline constexpr std::size_t kStagedBlock = 4096;
// A thread runs at most this many calls ahead of a receiver of its staged bytes.
inline constexpr std::uint64_t kStagedCalls = 256;
// A call that stages at most this many bytes keeps them in its table entry, beside the flag.
inline constexpr std::size_t kInlineBytes = 112;

// Lays out the staging object's descriptor in `ctl`, from byte `begin` of every segment; returns where the
// space after it begins.
std::uint64_t lay_out_staging(ControlBlock &ctl, std::uint64_t begin);

// On shm, at start-up: maps the runtime's areas of every thread's segment (the collective flags, records and
// staging object, from the segment's start) into this process's page tables, so that no collective takes a
// page fault (microseconds each, a table page every 32 calls) in the middle of a call.
void prepare_collective_areas();
// At start-up, on every conduit: gives the staged calls' bookkeeping its room, so that a call allocates
// nothing.
void reserve_collective_bookkeeping();

// The most bytes a thread may stage in one call; 0 when the segment is too small to stage anything.
std::size_t staged_call_limit();

// The staged bytes at `offset` of `holder`'s ring, as a pointer-to-shared for the transport.
detail::gaddr staging_address(int holder, std::uint64_t offset);

// Prefetches this thread's table entry for call `sequence` for writing (its lines were last read by the
// entry's readers): a hint, before the work that precedes staging.
void prepare_stage(std::uint64_t sequence);

// The same bytes of this thread's own staging area, as an address in this process.
std::byte *staged_here(std::uint64_t offset);

// Reserves `bytes` (at most staged_call_limit()) of this thread's ring for call `sequence`, whose
// `readers` will each signal done for the call once they have read them; waits while the ring or the
// table is full. Returns the bytes' offset for staging_address: in the ring, or in the call's table entry
// (at most kInlineBytes).
std::uint64_t stage_reserve(std::uint64_t sequence, std::size_t bytes, std::span<const int> readers);
// Publishes that call `sequence`'s bytes, now copied, are at `offset`; `digest` is the digest of this
// thread's record of the call (record_digest, coll/matching.hpp).
void stage_publish(std::uint64_t sequence, std::uint64_t offset, std::uint64_t digest);

// Where `holder` staged its bytes of call `sequence`, and the digest it published with them; false if it
// has not staged them yet.
bool staged_by(int holder, std::uint64_t sequence, std::uint64_t *offset, std::uint64_t *digest);
void sleep_until_staged(int holder, std::uint64_t sequence);

}  // namespace pgas::rt::coll
