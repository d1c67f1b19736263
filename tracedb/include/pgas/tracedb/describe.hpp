// Human-readable text for trace values, shared by pgas-report and pgas-viewer so that both show the same.
#pragma once

#include <cstdint>
#include <string>

#include "pgas/tracedb/reader.hpp"

namespace pgas::tracedb {

std::string printf_string(const char *format, double value);  // snprintf of one number

std::string human_count(std::int64_t value);      // 1,234,567
std::string human_bytes(double bytes);            // 512 B, 12.3 KiB
std::string human_ns(double ns);                  // 850 ns, 12.3 us, 4.5 ms, 1.23 s
std::string human_rate(double bytes_per_second);  // decimal, as networks are rated: 1.0 GB/s

// "off", or "latency 2.0 us, bandwidth 1.0 GB/s".
std::string describe_emulation(const RunInfo &run);
// "call sites on, unwind depth 8, every call timed, 4 histogram bins, timeline every 1.0 ms".
std::string describe_tracer(const RunInfo &run);
// What a wait waited on, as a person reads it: a collective's name, "(no id)" for an anonymous barrier,
// "thread 3" for a pairsync partner, "" for a fence, a lock's or semaphore's number otherwise.
std::string describe_sync_object(const SyncRow &row);

}  // namespace pgas::tracedb
