// The one reader of the launch settings' text (pgasrun and every thread use it): values, ranges, and
// problems that name the text.
#include "common/launch_settings.hpp"

#include <gtest/gtest.h>

#include "common/launch_contract.hpp"

namespace {

using namespace pgas::launch;

TEST(LaunchSettings, LatencyFromZeroToOneSecond) {
  EXPECT_DOUBLE_EQ(*read_latency_ns("0").value, 0);
  EXPECT_DOUBLE_EQ(*read_latency_ns("2us").value, 2000);
  EXPECT_DOUBLE_EQ(*read_latency_ns("1s").value, kMaxLatencyNs);
  for (const char *big : {"1.000001s", "1e12s", "1e300s"}) {
    auto reading = read_latency_ns(big);
    EXPECT_FALSE(reading.value) << big;
    EXPECT_EQ(reading.problem,
              std::string("'") + big + "' is out of range: an emulated latency is at most 1 s (0 = off)");
  }
  EXPECT_EQ(read_latency_ns("soon").problem, "'soon' is not a duration (e.g. 2us, 500ns, 1.5ms, 0)");
}

TEST(LaunchSettings, BandwidthUnlimitedOrInRange) {
  EXPECT_DOUBLE_EQ(*read_bandwidth_bps("0").value, 0);
  EXPECT_DOUBLE_EQ(*read_bandwidth_bps("1MB/s").value, kMinBandwidth);
  EXPECT_DOUBLE_EQ(*read_bandwidth_bps("1PB/s").value, kMaxBandwidth);
  for (const char *outside : {"999999B/s", "1e-300B/s", "1.5PB/s"}) {
    auto reading = read_bandwidth_bps(outside);
    EXPECT_FALSE(reading.value) << outside;
    EXPECT_NE(reading.problem.find("is out of range: an emulated bandwidth is from 1 MB/s to 1 PB/s"),
              std::string::npos)
        << reading.problem;
  }
}

TEST(LaunchSettings, SegmentsOfTheWholeJobFitTheAddressSpace) {
  EXPECT_EQ(*read_segment_size("64KiB", 1).value, kMinSegmentSize);
  EXPECT_EQ(*read_segment_size("32768GiB", 1).value, kMaxJobSegments);
  EXPECT_EQ(*read_segment_size("32GiB", 1024).value, std::uint64_t{32} << 30);
  EXPECT_EQ(read_segment_size("32769GiB", 1).problem,
            "'32769GiB' is too large: a segment is at most 32768GiB");
  EXPECT_EQ(
      read_segment_size("33GiB", 1024).problem,
      "'33GiB' is too large for 1024 threads: every thread maps the segments of all 1024, which together "
      "may take at most 32768GiB (32GiB per thread)");
  EXPECT_EQ(read_segment_size("4KiB", 2).problem, "'4KiB' is too small: a segment is at least 64KiB");
  EXPECT_EQ(read_segment_size("lots", 2).problem, "'lots' is not a size (e.g. 1GiB, 512MiB, 65536)");
  // Sizes that are not whole MiB per thread are rounded down in the message.
  EXPECT_NE(segment_size_problem(std::uint64_t{16} << 40, 3).find("(11184810MiB per thread)"),
            std::string::npos);
  EXPECT_EQ(segment_size_problem(std::uint64_t{1} << 30, 8), "");
}

}  // namespace
