// What upc-lib-collectives.tex says of the header itself, checked in a translation unit that includes
// <upc_collective.h> (the dialect's pgas/upc_collective.h) and nothing else of the library:
//  - "Every inclusion of <upc_collective.h> has the effect of including <upc_types.h>": upc_op_t,
//    upc_type_t and upc_flag_t with their macros are all declared here;
//  - lang/upc-lib-core.tex: the upc_op_t macros' "bitwise or of all combinations ... result in distinct
//    positive values less than 65536", the upc_flag_t macros' "in distinct positive values less than 64",
//    the upc_type_t macros are "distinct positive values less than 65536", all "suitable for use in #if";
//  - UPC_FUNC and UPC_NONCOMM_FUNC, defined "in addition" by <upc_collective.h>, "shall not conflict with
//    those defined in <upc_types.h>".
#include <pgas/upc_collective.h>
// (gtest after the header under test, so that nothing else can declare its names first)
#include <gtest/gtest.h>

#include <set>
#include <type_traits>
#include <vector>

namespace {

static_assert(std::is_integral_v<upc_op_t> && std::is_integral_v<upc_type_t> &&
              std::is_integral_v<upc_flag_t>);

#if !(UPC_ADD > 0 && UPC_MULT > 0 && UPC_AND > 0 && UPC_OR > 0 && UPC_XOR > 0 && UPC_LOGAND > 0 && \
      UPC_LOGOR > 0 && UPC_MIN > 0 && UPC_MAX > 0 && UPC_FUNC > 0 && UPC_NONCOMM_FUNC > 0)
#error "the upc_op_t macros must be usable in #if"
#endif
#if !(UPC_IN_ALLSYNC > 0 && UPC_IN_MYSYNC > 0 && UPC_IN_NOSYNC > 0 && UPC_OUT_ALLSYNC > 0 && \
      UPC_OUT_MYSYNC > 0 && UPC_OUT_NOSYNC > 0)
#error "the upc_flag_t macros must be usable in #if"
#endif

// Every non-empty or-combination of the values: distinct, positive and below `limit`.
bool combinations_distinct(const std::vector<long long> &values, long long limit) {
  std::set<long long> seen;
  for (unsigned long mask = 1; mask < (1ul << values.size()); ++mask) {
    long long v = 0;
    for (std::size_t i = 0; i < values.size(); ++i)
      if (mask & (1ul << i)) v |= values[i];
    if (v <= 0 || v >= limit || !seen.insert(v).second) return false;
  }
  return true;
}

TEST(CollectiveHeader, OperationMacrosOrIntoDistinctValuesBelow65536) {
  const std::vector<long long> ops = {UPC_ADD,    UPC_MULT,  UPC_AND, UPC_OR, UPC_XOR,
                                      UPC_LOGAND, UPC_LOGOR, UPC_MIN, UPC_MAX};
  EXPECT_TRUE(combinations_distinct(ops, 65536));
  for (long long op : ops) {
    EXPECT_NE(op, UPC_FUNC);
    EXPECT_NE(op, UPC_NONCOMM_FUNC);
  }
  EXPECT_NE(UPC_FUNC, UPC_NONCOMM_FUNC);
}

TEST(CollectiveHeader, FlagMacrosOrIntoDistinctValuesBelow64) {
  EXPECT_TRUE(combinations_distinct(
      {UPC_IN_ALLSYNC, UPC_IN_MYSYNC, UPC_IN_NOSYNC, UPC_OUT_ALLSYNC, UPC_OUT_MYSYNC, UPC_OUT_NOSYNC}, 64));
}

TEST(CollectiveHeader, TypeMacrosAreDistinctPositiveBelow65536) {
  const std::vector<long long> types = {UPC_CHAR,  UPC_UCHAR,  UPC_SHORT,   UPC_USHORT, UPC_INT,   UPC_UINT,
                                        UPC_LONG,  UPC_ULONG,  UPC_LLONG,   UPC_ULLONG, UPC_INT8,  UPC_UINT8,
                                        UPC_INT16, UPC_UINT16, UPC_INT32,   UPC_UINT32, UPC_INT64, UPC_UINT64,
                                        UPC_FLOAT, UPC_DOUBLE, UPC_LDOUBLE, UPC_PTS};
  std::set<long long> seen;
  for (long long t : types) {
    EXPECT_GT(t, 0);
    EXPECT_LT(t, 65536);
    EXPECT_TRUE(seen.insert(t).second) << "value " << t << " appears twice";
  }
}

// "Implementations that support this interface shall predefine the feature macro __UPC_COLLECTIVE__ to the
// value 1."
TEST(CollectiveHeader, FeatureMacroIsOne) {
#ifdef __UPC_COLLECTIVE__
  EXPECT_EQ(__UPC_COLLECTIVE__, 1);
#else
  ADD_FAILURE() << "__UPC_COLLECTIVE__ is not defined after including <upc_collective.h>";
#endif
}

}  // namespace
