// UPC 1.3 required library section 7.5 (lib/req/upc-lib-tick.tex): <upc_tick.h>; and section 7.3
// (lang/upc-lib-core.tex, "UPC standard types"): the value macros of <upc_types.h>. No assertion depends on
// how long anything took, except that a sleep of at least d lasts at least d.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <limits>
#include <pgas/upc.hpp>
#include <set>
#include <thread>
#include <type_traits>
#include <vector>

#include "lib_util.hpp"

namespace {

// 7.5 paragraph 1: implementations "shall predefine the feature macro __UPC_TICK__ to the value 1";
// 7.5.1.1: upc_tick_t "is an unsigned integral type"; 7.5.1.2: UPC_TICK_MAX and UPC_TICK_MIN are constants
// of type upc_tick_t giving the maximal and minimal values representable in it.
TEST(UpcTick, HeaderDefinitions) {
  static_assert(__UPC_TICK__ == 1);
  static_assert(std::is_integral_v<upc_tick_t> && std::is_unsigned_v<upc_tick_t>);
  static_assert(std::is_same_v<std::remove_cv_t<decltype(UPC_TICK_MAX)>, upc_tick_t>);
  static_assert(std::is_same_v<std::remove_cv_t<decltype(UPC_TICK_MIN)>, upc_tick_t>);
  EXPECT_EQ(UPC_TICK_MAX, std::numeric_limits<upc_tick_t>::max());
  EXPECT_EQ(UPC_TICK_MIN, std::numeric_limits<upc_tick_t>::min());
  static_assert(std::is_same_v<decltype(upc_ticks_to_ns(upc_tick_t{})), std::uint64_t>);
}

// 7.5.2.1: upc_ticks_now returns the timer "as measured from an arbitrary, thread-specific point of time in
// the past (which is fixed during any given program execution)": successive readings on one thread never
// go back, and upc_ticks_to_ns (7.5.2.2) converts an interval of the calling thread into wall-clock
// nanoseconds, so the interval around a sleep of 2 ms is at least 2 ms.
TEST(UpcTick, TicksOfOneThreadNeverGoBackAndConvertToWallClockNanoseconds) {
  upc_tick_t last = upc_ticks_now();
  const upc_tick_t first = last;
  for (int i = 0; i < 100000; ++i) {
    const upc_tick_t now = upc_ticks_now();
    ASSERT_GE(now, last) << "reading " << i;
    last = now;
  }
  EXPECT_LE(upc_ticks_to_ns(last - first), upc_ticks_to_ns(upc_ticks_now() - first));
  const upc_tick_t before = upc_ticks_now();
  std::this_thread::sleep_for(std::chrono::milliseconds(2));
  const upc_tick_t after = upc_ticks_now();
  ASSERT_GE(after, before);
  EXPECT_GE(upc_ticks_to_ns(after - before), 2000000u);
  // Readings across a barrier, on every thread, still never go back.
  upc_barrier;
  EXPECT_GE(upc_ticks_now(), after);
  upc_barrier;
}

// 7.3.1: the operation macros expand to constants of type upc_op_t, and "bitwise or (|) of all combinations
// of the macros result in distinct positive values less than 65536".
TEST(UpcTypes, OperationMacrosCombineIntoDistinctPositiveValues) {
  const upc_op_t ops[] = {UPC_ADD,    UPC_MULT,  UPC_AND, UPC_OR, UPC_XOR,
                          UPC_LOGAND, UPC_LOGOR, UPC_MIN, UPC_MAX};
  static_assert(std::is_same_v<decltype(UPC_ADD + 0), decltype(upc_op_t{} + 0)>);
  const unsigned count = sizeof ops / sizeof ops[0];
  std::set<long> values;
  for (unsigned mask = 1; mask < (1u << count); ++mask) {
    long v = 0;
    for (unsigned k = 0; k < count; ++k)
      if (mask & (1u << k)) v |= ops[k];
    EXPECT_GT(v, 0) << "combination " << mask;
    EXPECT_LT(v, 65536) << "combination " << mask;
    values.insert(v);
  }
  EXPECT_EQ(values.size(), (1u << count) - 1) << "two combinations give the same value";
}

// 7.3.2: the type macros are "distinct positive values less than 65536".
TEST(UpcTypes, TypeMacrosAreDistinctPositiveValues) {
  const upc_type_t types[] = {UPC_CHAR,  UPC_UCHAR,  UPC_SHORT,   UPC_USHORT, UPC_INT,   UPC_UINT,
                              UPC_LONG,  UPC_ULONG,  UPC_LLONG,   UPC_ULLONG, UPC_INT8,  UPC_UINT8,
                              UPC_INT16, UPC_UINT16, UPC_INT32,   UPC_UINT32, UPC_INT64, UPC_UINT64,
                              UPC_FLOAT, UPC_DOUBLE, UPC_LDOUBLE, UPC_PTS};
  std::set<long> values;
  for (upc_type_t t : types) {
    EXPECT_GT(t, 0);
    EXPECT_LT(t, 65536);
    values.insert(t);
  }
  EXPECT_EQ(values.size(), sizeof types / sizeof types[0]);
}

// 7.3.3: the synchronization flags: the or of all combinations gives distinct positive values below 64.
TEST(UpcTypes, SynchronizationFlagsCombineIntoDistinctPositiveValues) {
  const long flags[] = {UPC_IN_NOSYNC,  UPC_IN_MYSYNC,  UPC_IN_ALLSYNC,
                        UPC_OUT_NOSYNC, UPC_OUT_MYSYNC, UPC_OUT_ALLSYNC};
  std::set<long> values;
  for (unsigned mask = 1; mask < 64; ++mask) {
    long v = 0;
    for (unsigned k = 0; k < 6; ++k)
      if (mask & (1u << k)) v |= flags[k];
    EXPECT_GT(v, 0) << "combination " << mask;
    EXPECT_LT(v, 64) << "combination " << mask;
    values.insert(v);
  }
  EXPECT_EQ(values.size(), 63u);
}

}  // namespace
