// What the reader tests share: readable failure messages for reader values.
#pragma once

#include <gtest/gtest.h>

#include <ostream>

#include "pgas/tracedb/reader.hpp"

namespace pgas::tracedb {

inline void PrintTo(const Totals &t, std::ostream *os) {
  *os << "{count " << t.count << ", bytes " << t.bytes << ", ns " << t.ns << "}";
}

}  // namespace pgas::tracedb

namespace report_test {

using pgas::tracedb::Totals;

// Handles of the baseline trace.
inline const std::int64_t kD = (std::int64_t{1} << 32) | 1;
inline const std::int64_t kP = (std::int64_t{1} << 32) | 2;
inline const std::int64_t kUnnamed = (std::int64_t{1} << 32) | 4;

}  // namespace report_test
