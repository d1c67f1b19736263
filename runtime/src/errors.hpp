// Fatal error reporting: misuse stops the job with a message naming the object, the index and the thread.
#pragma once

#include <cstdint>
#include <string>

#include "pgas/transport.h"

namespace pgas::rt {

// Prints "pgas: thread T: error: <message>" to stderr and ends this thread's process with
// launch::kRuntimeErrorExit; the launcher then ends the whole job.
[[noreturn]] void fatal(const char *format, ...) __attribute__((format(printf, 1, 2)));

// Prints the same message as fatal() without exiting: for errors detected on behalf of several threads,
// reported once before the others are released to exit.
void report(const char *format, ...) __attribute__((format(printf, 1, 2)));

// Ends this process quietly with the runtime-error status (another thread already reported the error).
[[noreturn]] void exit_quietly();

// A failed job's other threads are ended with SIGTERM (by pgasrun or mpirun) while their output may still
// be in stdio's buffers (a pipe or a file is fully buffered): unless the program handles SIGTERM itself,
// this thread then flushes stdout and stderr before it ends by the signal, so that nothing it printed is
// lost whatever the job's status.
void flush_output_on_termination();
// Flushes every stdio stream with SIGTERM held back, so that the flush above cannot interrupt it halfway (and
// write the same bytes twice): the exit path calls it first.
void flush_output_now();

// "shared array 'D' (allocated at cc.cpp:42)" or "shared object #3 (upc_all_alloc at cc.cpp:7)".
std::string describe_handle(pgas_handle_t handle);

// "file.cpp:42" of a "path/to/file.cpp:42" allocation site, for messages (nullptr stays nullptr).
const char *short_site(const char *site);

// An index or byte offset as the user's arithmetic made it: one that went below zero wrapped around in the
// unsigned type that carries it, and no valid one reaches 2^63, so messages show it signed ("index -1").
std::int64_t signed_index(std::size_t value);

// The global element index of byte `offset` in `thread`'s part of `handle` (for error messages; negative
// for an offset before the part's start).
std::int64_t global_index_of(pgas_handle_t handle, int thread, std::size_t offset);

}  // namespace pgas::rt
