// upc_memget / upc_memput / upc_memcpy / upc_memset between local buffers and other threads' blocks, and
// between two remote blocks, including transfers larger than the runtime's 64 KiB bounce buffer; the bytes
// around each transferred range stay untouched.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <pgas/upc.hpp>
#include <vector>

#include "mp_util.hpp"

using namespace pgas;

namespace {

// The pattern byte `salt` writes at position j of a block.
unsigned char pattern(std::size_t j, int salt) {
  return static_cast<unsigned char>((j * 7 + static_cast<std::size_t>(salt) * 13 + j / 251) & 0xff);
}

std::vector<unsigned char> make_pattern(std::size_t n, int salt) {
  std::vector<unsigned char> v(n);
  for (std::size_t j = 0; j < n; ++j) v[j] = pattern(j, salt);
  return v;
}

// Index of the first byte of `got` that differs from `expected`, or -1.
long first_difference(const unsigned char *got, const std::vector<unsigned char> &expected) {
  for (std::size_t j = 0; j < expected.size(); ++j)
    if (got[j] != expected[j]) return static_cast<long>(j);
  return -1;
}

// One block of kBytes per thread: shared [kBytes] unsigned char buf[kBytes * THREADS].
template <std::size_t kBytes>
struct Blocks {
  shared_array<unsigned char> array{kBytes * static_cast<std::size_t>(THREADS), kBytes};
  global_ptr<unsigned char> of(int thread, std::size_t offset = 0) const {
    return &array[static_cast<std::size_t>(thread) * kBytes + offset];
  }
  unsigned char *mine() const { return array.local_part().data(); }
};

int right() { return (MYTHREAD + 1) % THREADS; }
int left() { return (MYTHREAD + THREADS - 1) % THREADS; }

class MemOpsSizes : public testing::TestWithParam<std::size_t> {};

TEST_P(MemOpsSizes, MemputIntoTheRightNeighbourAndMemgetFromEveryThread) {
  constexpr std::size_t kBytes = 200 * 1024;
  const std::size_t n = GetParam();  // bytes transferred, at offset 3 inside the block
  Blocks<kBytes> b;
  std::memset(b.mine(), 0xee, kBytes);
  upc_barrier;
  std::vector<unsigned char> data = make_pattern(n, MYTHREAD);
  upc_memput(b.of(right(), 3), data.data(), n);
  upc_barrier;
  // Received from the left neighbour, nothing outside [3, 3 + n) changed.
  EXPECT_EQ(first_difference(b.mine() + 3, make_pattern(n, left())), -1);
  for (std::size_t j : {std::size_t{0}, std::size_t{1}, std::size_t{2}, 3 + n, kBytes - 1})
    if (j < 3 || j >= 3 + n) {
      EXPECT_EQ(b.mine()[j], 0xee) << "byte " << j;
    }
  // Every thread's block, fetched by every thread.
  std::vector<unsigned char> got(n + 6, 0);
  for (int t = 0; t < THREADS; ++t) {
    upc_memget(got.data(), b.of(t, 3), n);
    std::vector<unsigned char> expected = make_pattern(n, (t + THREADS - 1) % THREADS);
    EXPECT_EQ(first_difference(got.data(), expected), -1) << "thread " << t;
    EXPECT_EQ(got[n], 0) << "memget wrote past the end";
  }
  upc_barrier;
}

INSTANTIATE_TEST_SUITE_P(Sizes, MemOpsSizes,
                         testing::Values(std::size_t{1}, std::size_t{100}, std::size_t{4093},
                                         std::size_t{65536}, std::size_t{65536 * 2 + 17},
                                         std::size_t{200 * 1024 - 6}));

TEST(MemOps, ZeroBytesMoveNothing) {
  Blocks<64> b;
  std::memset(b.mine(), 0x11, 64);
  upc_barrier;
  unsigned char byte = 0x22;
  upc_memput(b.of(right()), &byte, 0);
  upc_memget(&byte, b.of(right()), 0);
  upc_memset(b.of(right()), 0x33, 0);
  upc_memcpy(b.of(right()), b.of(left()), 0);
  EXPECT_EQ(byte, 0x22);
  upc_barrier;
  for (int j = 0; j < 64; ++j) EXPECT_EQ(b.mine()[j], 0x11);
  upc_barrier;
}

TEST(MemOps, MemcpyBetweenTwoRemoteBlocks) {
  // Thread t copies the block of thread t + 1 into the destination block of thread t + 2 (both remote when
  // THREADS >= 3); each destination block has exactly one writer.
  constexpr std::size_t kBytes = 150 * 1024;  // more than one bounce buffer
  Blocks<kBytes> src, dst;
  std::vector<unsigned char> mine = make_pattern(kBytes, MYTHREAD + 5);
  std::memcpy(src.mine(), mine.data(), kBytes);
  std::memset(dst.mine(), 0, kBytes);
  upc_barrier;
  const int from = (MYTHREAD + 1) % THREADS, to = (MYTHREAD + 2) % THREADS;
  upc_memcpy(dst.of(to, 10), src.of(from, 20), kBytes - 30);
  upc_barrier;
  // dst of thread m was written by thread m - 2 with src of thread m - 1.
  const int origin = (MYTHREAD + THREADS - 1) % THREADS;
  std::vector<unsigned char> expected = make_pattern(kBytes, origin + 5);
  expected.erase(expected.begin(), expected.begin() + 20);
  expected.resize(kBytes - 30);
  EXPECT_EQ(first_difference(dst.mine() + 10, expected), -1);
  for (std::size_t j = 0; j < 10; ++j) EXPECT_EQ(dst.mine()[j], 0) << "byte " << j;
  for (std::size_t j = kBytes - 20; j < kBytes; ++j) EXPECT_EQ(dst.mine()[j], 0) << "byte " << j;
  upc_barrier;
}

TEST(MemOps, MemcpyBetweenLocalAndRemote) {
  constexpr std::size_t kBytes = 8192;
  Blocks<kBytes> a, b;
  std::vector<unsigned char> mine = make_pattern(kBytes, MYTHREAD + 1);
  std::memcpy(a.mine(), mine.data(), kBytes);
  upc_barrier;
  // Local source, remote destination: my a-block into the right neighbour's b-block, first half.
  upc_memcpy(b.of(right()), a.of(MYTHREAD), kBytes / 2);
  // Remote source, local destination: the left neighbour's a-block, second half, into my b-block.
  upc_memcpy(b.of(MYTHREAD, kBytes / 2), a.of(left(), kBytes / 2), kBytes / 2);
  upc_barrier;
  // My b-block: first half from the left neighbour's a (written by it), second half fetched by me from it.
  EXPECT_EQ(first_difference(b.mine(), make_pattern(kBytes, left() + 1)), -1);
  // Local to local (same thread).
  upc_memcpy(a.of(MYTHREAD), b.of(MYTHREAD), kBytes);
  EXPECT_EQ(first_difference(a.mine(), make_pattern(kBytes, left() + 1)), -1);
  upc_barrier;
}

TEST(MemOps, MemsetRemoteAndLocalRanges) {
  constexpr std::size_t kBytes = 100 * 1024;
  Blocks<kBytes> b;
  std::memset(b.mine(), 0x5a, kBytes);
  upc_barrier;
  // The right neighbour's block: [100, 100 + 70000) becomes MYTHREAD + 1 (more than one bounce buffer).
  upc_memset(b.of(right(), 100), MYTHREAD + 1, 70000);
  upc_barrier;
  const auto value = static_cast<unsigned char>(left() + 1);
  long wrong = 0;
  for (std::size_t j = 0; j < kBytes; ++j) {
    unsigned char expected = (j >= 100 && j < 100 + 70000) ? value : 0x5a;
    wrong += b.mine()[j] != expected;
  }
  EXPECT_EQ(wrong, 0);
  upc_barrier;
  // Locally, and read back by the others.
  upc_memset(b.of(MYTHREAD), 0x80 + MYTHREAD, kBytes);
  upc_barrier;
  std::vector<unsigned char> got(kBytes);
  upc_memget(got.data(), b.of(right()), kBytes);
  EXPECT_EQ(first_difference(got.data(),
                             std::vector<unsigned char>(kBytes, static_cast<unsigned char>(0x80 + right()))),
            -1);
  upc_barrier;
}

TEST(MemOps, TypedArraysAndAllocatedMemory) {
  // upc_memget / upc_memput on an int array's blocks (block of 512 ints per thread) and on upc_alloc memory.
  constexpr std::size_t kInts = 512;
  shared_array<int> x(kInts * static_cast<std::size_t>(THREADS), kInts);
  std::vector<int> values(kInts);
  for (std::size_t j = 0; j < kInts; ++j) values[j] = MYTHREAD * 100000 + static_cast<int>(j);
  upc_memput(&x[static_cast<std::size_t>(right()) * kInts], values.data(), kInts * sizeof(int));
  upc_barrier;
  for (std::size_t j = 0; j < kInts; j += 37)
    EXPECT_EQ(x[static_cast<std::size_t>(MYTHREAD) * kInts + j], left() * 100000 + static_cast<int>(j));
  std::vector<int> got(kInts);
  upc_memget(got.data(), &x[static_cast<std::size_t>(left()) * kInts], kInts * sizeof(int));
  for (std::size_t j = 0; j < kInts; ++j)
    EXPECT_EQ(got[j], (left() + THREADS - 1) % THREADS * 100000 + static_cast<int>(j));
  upc_barrier;

  global_ptr<void> mine = upc_alloc(4000);
  auto all = mp::all_gather(mine);
  std::vector<unsigned char> data = make_pattern(4000, MYTHREAD);
  upc_memput(all[static_cast<std::size_t>(right())], data.data(), 4000);
  upc_barrier;
  EXPECT_EQ(first_difference(global_ptr<unsigned char>(mine).local(), make_pattern(4000, left())), -1);
  upc_barrier;
  upc_free(mine);
}

}  // namespace
