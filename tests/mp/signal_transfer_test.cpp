// Signalling transfers (Bonachea's proposal section 3 and appendix item 2): after the consumer's wait returns
// it sees every byte of the upc_memput_signal it consumed, for sizes from 1 B to 8 MiB, with the synchronous
// and the asynchronous form; and upc_memget_signal signals the source's owner only once the source has been
// read.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <pgas/upc.hpp>
#include <vector>

#include "mp_util.hpp"

using namespace pgas;

namespace {

constexpr std::size_t kMaxBytes = std::size_t{8} << 20;
const std::size_t kSizes[] = {1, 3, 8, 100, 4096, 65537, std::size_t{1} << 20, kMaxBytes};

int next_thread() { return (MYTHREAD + 1) % THREADS; }
int previous_thread() { return (MYTHREAD + THREADS - 1) % THREADS; }

char pattern(int thread, std::size_t size, int round, std::size_t i) {
  return static_cast<char>((i * 131 + size * 7 + static_cast<std::size_t>(thread) * 17 + round * 29) % 251 +
                           1);
}

// Each thread sends to its successor and receives from its predecessor: data, then its arrival signal;
// the receiver checks every byte and acknowledges, so the sender may reuse its source buffer.
TEST(SignallingPut, DataIsVisibleAfterTheWaitFrom1ByteTo8MiB) {
  shared_array<char> inbox(kMaxBytes * static_cast<std::size_t>(THREADS), kMaxBytes);
  upc_sem_t *arrived = upc_sem_alloc(UPC_SEM_INTEGER | UPC_SEM_SPRODUCER | UPC_SEM_SCONSUMER);
  upc_sem_t *acked = upc_sem_alloc(UPC_SEM_BOOLEAN);
  auto arrivals = mp::all_gather(arrived);
  auto acks = mp::all_gather(acked);
  std::vector<char> source(kMaxBytes);
  const char *local = static_cast<const char *>(detail::local_base(inbox.handle()));
  long long wrong = 0;
  for (std::size_t size : kSizes) {
    for (int round = 0; round < 3; ++round) {
      for (std::size_t i = 0; i < size; ++i) source[i] = pattern(MYTHREAD, size, round, i);
      const std::size_t to = static_cast<std::size_t>(next_thread()) * kMaxBytes;
      if (round % 2 == 0)
        upc_memput_signal(&inbox[to], source.data(), size, arrivals[static_cast<std::size_t>(next_thread())],
                          1);
      else
        upc_memput_signal_async(&inbox[to], source.data(), size,
                                arrivals[static_cast<std::size_t>(next_thread())], 1);
      upc_sem_wait(arrived);
      for (std::size_t i = 0; i < size; ++i)
        if (local[i] != pattern(previous_thread(), size, round, i)) ++wrong;
      upc_sem_post(acks[static_cast<std::size_t>(previous_thread())]);
      upc_sem_wait(acked);  // my successor has read my data: my source may change
    }
    EXPECT_EQ(wrong, 0) << "size " << size;
  }
  upc_barrier;
  upc_sem_free(arrived);
  upc_sem_free(acked);
}

// upc_memput_signal_async returns once the put is issued (seed section 3.1), and its increment waits for
// the bytes to land: under an emulated network slow enough that 8 MiB take a noticeable time on the wire
// (the run with --bandwidth in tests/mp/CMakeLists.txt), the target's semaphore is still 0 right after the
// call returns (a blocking implementation would have made it 1). The consumer's wait returns with every
// byte, the initiator completing the signal while it waits for the acknowledgement.
TEST(SignallingPut, AsyncReturnsBeforeTheBytesLand) {
  if (std::getenv("PGAS_BANDWIDTH") == nullptr || THREADS < 2)
    GTEST_SKIP() << "needs two threads and an emulated bandwidth (pgasrun --bandwidth)";
  constexpr std::size_t kBytes = std::size_t{8} << 20;
  shared_array<char> inbox(kBytes * static_cast<std::size_t>(THREADS), kBytes);
  upc_sem_t *arrived = upc_sem_alloc(0);
  upc_sem_t *acked = upc_sem_alloc(0);
  auto arrivals = mp::all_gather(arrived);
  auto acks = mp::all_gather(acked);
  long long wrong = 0;
  if (MYTHREAD == 0) {
    std::vector<char> source(kBytes);
    for (std::size_t i = 0; i < kBytes; ++i) source[i] = pattern(0, kBytes, 0, i);
    upc_memput_signal_async(&inbox[kBytes], source.data(), kBytes, arrivals[1], 1);
    // Thread 1 waits for `arrived` only after the go below, so nobody has taken the increment yet.
    EXPECT_EQ(upc_sem_getvalue(arrivals[1]), 0u) << "the asynchronous put was complete on return";
    upc_sem_post(acks[1]);  // go
    upc_sem_wait(acked);    // thread 1 has read the data: the source may go
  } else if (MYTHREAD == 1) {
    upc_sem_wait(acked);  // the go
    upc_sem_wait(arrived);
    const char *local = static_cast<const char *>(detail::local_base(inbox.handle()));
    for (std::size_t i = 0; i < kBytes; ++i)
      if (local[i] != pattern(0, kBytes, 0, i)) ++wrong;
    upc_sem_post(acks[0]);
  }
  EXPECT_EQ(wrong, 0);
  upc_barrier;
  upc_sem_free(arrived);
  upc_sem_free(acked);
}

// Several signals accumulate: a producer sends k pieces, each with n = 2, and the consumer takes them all
// with one waitN.
TEST(SignallingPut, PiecesAccumulateOnAnIntegerSemaphore) {
  constexpr std::size_t kPieces = 16, kPiece = 1000;
  shared_array<int> inbox(kPieces * kPiece * static_cast<std::size_t>(THREADS), kPieces * kPiece);
  upc_sem_t *mine = upc_sem_alloc(0);
  auto all = mp::all_gather(mine);
  std::vector<int> source(kPieces * kPiece);
  for (std::size_t i = 0; i < source.size(); ++i) source[i] = static_cast<int>(i) * 3 + MYTHREAD;
  const std::size_t base = static_cast<std::size_t>(next_thread()) * kPieces * kPiece;
  for (std::size_t p = 0; p < kPieces; ++p)
    upc_memput_signal(&inbox[base + p * kPiece], &source[p * kPiece], kPiece * sizeof(int),
                      all[static_cast<std::size_t>(next_thread())], 2);
  upc_sem_waitN(mine, 2 * kPieces);
  const int *local = static_cast<const int *>(detail::local_base(inbox.handle()));
  long long wrong = 0;
  for (std::size_t i = 0; i < kPieces * kPiece; ++i)
    if (local[i] != static_cast<int>(i) * 3 + previous_thread()) ++wrong;
  EXPECT_EQ(wrong, 0);
  EXPECT_EQ(upc_sem_getvalue(mine), 0u);
  upc_barrier;
  upc_sem_free(mine);
}

// Appendix item 2: in each round one thread reads its successor's buffer with upc_memget_signal while the
// successor only waits for that signal and then overwrites its buffer at once. The reader must have the
// old contents.
TEST(SignallingGet, SignalsTheSourceOwnerOnceTheSourceWasRead) {
  constexpr std::size_t kBytes = std::size_t{1} << 20;
  shared_array<char> outbox(kBytes * static_cast<std::size_t>(THREADS), kBytes);
  upc_sem_t *read_done = upc_sem_alloc(UPC_SEM_BOOLEAN);
  auto all = mp::all_gather(read_done);
  char *local = static_cast<char *>(detail::local_base(outbox.handle()));
  std::vector<char> got(kBytes);
  long long wrong = 0;
  for (int round = 0; round < 2 * THREADS + 2; ++round) {
    const int reader = round % THREADS, owner = (reader + 1) % THREADS;
    for (std::size_t i = 0; i < kBytes; ++i) local[i] = pattern(MYTHREAD, kBytes, round, i);
    upc_barrier;
    if (MYTHREAD == reader) {
      upc_memget_signal(got.data(), &outbox[static_cast<std::size_t>(owner) * kBytes], kBytes,
                        all[static_cast<std::size_t>(owner)], 1);
      for (std::size_t i = 0; i < kBytes; ++i)
        if (got[i] != pattern(owner, kBytes, round, i)) ++wrong;
    }
    if (MYTHREAD == owner) {
      upc_sem_wait(read_done);
      // Overwritten from the end: a reader copying from the start that signalled too early is still
      // reading there.
      for (std::size_t i = kBytes; i-- > 0;) local[i] = 0;
    }
    upc_barrier;
  }
  EXPECT_EQ(wrong, 0);
  upc_sem_free(read_done);
}

}  // namespace
