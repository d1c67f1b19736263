// Call sites: which module a code address belongs to, whether that module is the toolkit's own or the C
// library (runtime code making accesses on the user's behalf), and the user's call site of an access made
// from inside such code (a short libunwind stack walk).
#pragma once

#include <cstdint>

#include "pgas/tracedb/raw_format.hpp"

namespace pgas::trace {

// Records every loaded module in the raw file's module table and notes which are internal (libpgas*,
// libc). Called at start and again when an address falls outside every known module (a dlopen).
void scan_modules(tracedb::raw::File &file);

// Index of the module containing `pc` in the raw file's table, or -1.
int module_of(const tracedb::raw::File &file, std::uint64_t pc);

bool is_internal(std::uint64_t pc);

// Whether `pc` lies in this library (the tracer's own frames, skipped by every stack walk).
bool is_tracer(std::uint64_t pc);

// Whether `pc` lies in the software cache library (libpgas-cache).
bool is_in_cache_library(std::uint64_t pc);

// The first return address on the current stack that lies outside internal modules, walking at most
// `depth` frames; 0 if none was found.
std::uint64_t first_user_frame(unsigned depth);

}  // namespace pgas::trace
