#include "common/units.hpp"

#include <gtest/gtest.h>

namespace {

using namespace pgas::units;

TEST(Units, Durations) {
  EXPECT_DOUBLE_EQ(*parse_duration_ns("2us"), 2000);
  EXPECT_DOUBLE_EQ(*parse_duration_ns("500ns"), 500);
  EXPECT_DOUBLE_EQ(*parse_duration_ns("1.5ms"), 1.5e6);
  EXPECT_DOUBLE_EQ(*parse_duration_ns("0"), 0);
  EXPECT_DOUBLE_EQ(*parse_duration_ns("3 s"), 3e9);
  for (const char *bad : {"", "us", "-1us", "2 parsecs", "2uss", "nan", "inf", "2", "1.5"})
    EXPECT_FALSE(parse_duration_ns(bad)) << bad;
}

TEST(Units, Bandwidths) {
  EXPECT_DOUBLE_EQ(*parse_bandwidth("10GB/s"), 10e9);
  EXPECT_DOUBLE_EQ(*parse_bandwidth("1GiB/s"), 1073741824.0);
  EXPECT_DOUBLE_EQ(*parse_bandwidth("800MB/s"), 8e8);
  EXPECT_DOUBLE_EQ(*parse_bandwidth("0"), 0);
  EXPECT_DOUBLE_EQ(*parse_bandwidth("2TB/s"), 2e12);
  EXPECT_DOUBLE_EQ(*parse_bandwidth("1PB/s"), 1e15);
  for (const char *bad : {"x", "10GB", "10 furlongs/s", "-5MB/s"}) EXPECT_FALSE(parse_bandwidth(bad)) << bad;
}

TEST(Units, Sizes) {
  EXPECT_EQ(*parse_size("1GiB"), 1ull << 30);
  EXPECT_EQ(*parse_size("512MiB"), 512ull << 20);
  EXPECT_EQ(*parse_size("4096"), 4096u);
  EXPECT_EQ(*parse_size("2G"), 2ull << 30);
  EXPECT_EQ(*parse_size("1MB"), 1000000u);
  for (const char *bad : {"", "G", "1TiB", "12 bytes", "1e30"}) EXPECT_FALSE(parse_size(bad)) << bad;
}

TEST(Units, Formatting) {
  EXPECT_EQ(format_duration_ns(2000), "2 us");
  EXPECT_EQ(format_duration_ns(500), "500 ns");
  EXPECT_EQ(format_bandwidth(10e9), "10 GB/s");
  EXPECT_EQ(format_bandwidth(0), "unlimited bandwidth");
  EXPECT_EQ(format_duration_ns(1e9), "1 s");
  EXPECT_EQ(format_bandwidth(1e15), "1 PB/s");
  EXPECT_EQ(format_size(64 << 10), "64KiB");
  EXPECT_EQ(format_size(std::uint64_t{32} << 40), "32768GiB");
  EXPECT_EQ(format_size(1000), "1000");
}

}  // namespace
