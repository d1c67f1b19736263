// Collectives 2.0 conformance: the ordering and synchronization rules of [C2 2.5.2] that a test can observe
// without timing (a violation deadlocks, which the run's timeout reports): initiations never wait for other
// threads, not even with UPC_IN_ALLSYNC (rule 2); completions wait only for initiations, never for other
// threads' completions, not even with UPC_OUT_ALLSYNC (rule 3); the two sequences of Figure 1. And the
// buffer ownership of the ALLSYNC flags [C2 2.4, 3.1.2] 4: with IN_ALLSYNC no buffer is taken before every
// member has invoked the call, with OUT_ALLSYNC the call is complete everywhere once the first completion
// returns.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <semaphore.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <pgas/upc.hpp>
#include <string>
#include <thread>
#include <vector>

#include "conf_coll2.hpp"

using namespace conf2;

namespace {

// Strict flags, one per thread: raise(v) sets the caller's, await(t, v) waits until thread t's reaches v.
struct Flags {
  pgas::shared_array<long, pgas::strict> flag{static_cast<std::size_t>(THREADS)};
  void raise(long v) { flag[static_cast<std::size_t>(MYTHREAD)] = v; }
  void await(int t, long v) {
    while (static_cast<long>(flag[static_cast<std::size_t>(t)]) < v) std::this_thread::yield();
  }
};

// A signal from thread 0 that the others wait for outside the library, as a thread computing would: a POSIX
// named semaphore (no call into the runtime or the network library while they wait), posted once per other
// thread. Collective to make (the name is thread 0's process id).
class OutsideSignal {
 public:
  OutsideSignal() {
    pgas::shared_array<long> id{static_cast<std::size_t>(THREADS)};
    if (MYTHREAD == 0) id[0] = static_cast<long>(getpid());
    upc_barrier;
    const std::string name = "/pgas-conformance-" + std::to_string(static_cast<long>(id[0]));
    sem_ = sem_open(name.c_str(), O_CREAT, 0600, 0);
    upc_barrier;
    if (MYTHREAD == 0) sem_unlink(name.c_str());  // every thread has it open
  }
  ~OutsideSignal() {
    if (sem_ != SEM_FAILED) sem_close(sem_);
  }
  bool made() const { return sem_ != SEM_FAILED; }
  void post_for_the_others() {
    for (int t = 1; t < THREADS; ++t) sem_post(sem_);
  }
  void wait() {
    while (sem_wait(sem_) != 0 && errno == EINTR) {
    }
  }

 private:
  sem_t *sem_ = SEM_FAILED;
};

const upccoll_flag_t kModes[] = {0, UPC_IN_ALLSYNC, UPC_OUT_ALLSYNC, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC};

// Rule 2: threads initiate one after the other, from the last to thread 0, each only once the previous one's
// initiation has returned; then all complete. An initiation that waited for another thread's would hang.
TEST(Coll2Ordering, InitiationsDoNotWaitForOtherThreads) {
  Flags flags;
  long step = 0;
  for (upccoll_flag_t mode : kModes)
    for (bool fence : {false, true}) {
      SCOPED_TRACE("flags " + std::to_string(mode) + (fence ? ", fence" : ", handles"));
      const upccoll_flag_t f = mode | (fence ? UPC_ASYNC_FENCE : 0);
      ++step;
      if (MYTHREAD + 1 < THREADS) flags.await(MYTHREAD + 1, step);
      Blocks<long> one(1), sum(1), got(2), all(static_cast<std::size_t>(THREADS));
      one[0] = MYTHREAD + 1;
      upccoll_handle_t h[4];
      upccoll_handle_t *hp[4];
      for (int i = 0; i < 4; ++i) hp[i] = fence ? nullptr : &h[i];
      ASSERT_EQ(upccoll_barrier(UPC_TEAM_ALL, f, hp[0]), UPCCOLL_SUCCESS);
      ASSERT_EQ(upccoll_allreduce(one.at(), sum.at(), 1, UPC_LONG, UPC_ADD, UPC_TEAM_ALL, f, hp[1]),
                UPCCOLL_SUCCESS);
      ASSERT_EQ(
          upccoll_bcast(one.at(), 1, UPC_LONG, got.at(), 1, UPC_LONG, THREADS - 1, UPC_TEAM_ALL, f, hp[2]),
          UPCCOLL_SUCCESS);
      ASSERT_EQ(upccoll_allgather(one.at(), 1, UPC_LONG, all.at(), 1, UPC_LONG, UPC_TEAM_ALL, f, hp[3]),
                UPCCOLL_SUCCESS);
      flags.raise(step);
      if (fence) {
        upccoll_fence();
      } else {
        for (int i = 3; i >= 0; --i) upccoll_wait(h[i]);  // and completed in reverse order
      }
      EXPECT_EQ(sum[0], static_cast<long>(THREADS) * (THREADS + 1) / 2);
      EXPECT_EQ(got[0], THREADS);
      for (int t = 0; t < THREADS; ++t) EXPECT_EQ(all[static_cast<std::size_t>(t)], t + 1);
    }
}

// Rule 2 over many calls: thread 0 initiates kAhead allreduces and broadcasts (more than any fixed window of
// call states could hold) before any other thread initiates its first; an initiation that waited for the
// others would hang. Then the others initiate theirs, and every thread completes its calls newest first. The
// data is one element (a small call) or 1100 (4400 bytes: more than a call slot carries inline).
TEST(Coll2Ordering, InitiationsDoNotWaitForAThreadFarBehind) {
  constexpr std::size_t kAhead = 300;
  Flags flags;
  long step = 0;
  for (upccoll_flag_t mode : kModes)
    for (const std::size_t n : {std::size_t{1}, std::size_t{1100}}) {
      SCOPED_TRACE("flags " + std::to_string(mode) + ", " + std::to_string(n) + " elements");
      ++step;
      Blocks<int> send(kAhead * n), sum(kAhead * n), got(kAhead * n);
      for (std::size_t i = 0; i < kAhead * n; ++i) send[i] = val(MYTHREAD, i);
      std::vector<upccoll_handle_t> h(2 * kAhead);
      if (MYTHREAD != 0) flags.await(0, step);
      for (std::size_t c = 0; c < kAhead; ++c) {
        ASSERT_EQ(upccoll_allreduce(send.at(c * n), sum.at(c * n), n, UPC_INT, UPC_ADD, UPC_TEAM_ALL, mode,
                                    &h[2 * c]),
                  UPCCOLL_SUCCESS);
        ASSERT_EQ(upccoll_bcast(send.at(c * n), n, UPC_INT, got.at(c * n), n, UPC_INT, 0, UPC_TEAM_ALL, mode,
                                &h[2 * c + 1]),
                  UPCCOLL_SUCCESS);
      }
      if (MYTHREAD == 0) flags.raise(step);
      for (std::size_t c = h.size(); c-- > 0;) upccoll_wait(h[c]);
      for (std::size_t i = 0; i < kAhead * n; ++i) {
        int total = 0;
        for (int t = 0; t < THREADS; ++t) total += val(t, i);
        ASSERT_EQ(sum[i], total) << "element " << i;
        ASSERT_EQ(got[i], val(0, i)) << "element " << i;
      }
      upc_barrier;  // before the buffers go
    }
}

// Rule 3: every thread initiates; then thread 0 completes alone, and only after it has seen the results does
// any other thread call its completion. With OUT_ALLSYNC the call is then complete on every thread ([2.5.2]:
// "complete when the first completion call returns"; [3.1.2] 4): thread 0 reads the others' receive buffers.
TEST(Coll2Ordering, OneCompletionDoesNotWaitForTheOthers) {
  Flags flags;
  long step = 0;
  for (upccoll_flag_t mode : kModes) {
    SCOPED_TRACE("flags " + std::to_string(mode));
    ++step;
    const std::size_t n = static_cast<std::size_t>(THREADS);
    Blocks<int> send(n), bcast(1), all(n), swapped(n);
    for (std::size_t i = 0; i < n; ++i) send[i] = val(MYTHREAD, i);
    const auto where = everyones(all.pointer);  // collective, before the calls
    const auto where_swapped = everyones(swapped.pointer);
    const auto where_bcast = everyones(bcast.pointer);
    upccoll_handle_t h[3];
    ASSERT_EQ(upccoll_bcast(send.at(), 1, UPC_INT, bcast.at(), 1, UPC_INT, 0, UPC_TEAM_ALL, mode, &h[0]),
              UPCCOLL_SUCCESS);
    ASSERT_EQ(upccoll_allgather(send.at(), 1, UPC_INT, all.at(), 1, UPC_INT, UPC_TEAM_ALL, mode, &h[1]),
              UPCCOLL_SUCCESS);
    ASSERT_EQ(upccoll_alltoall(send.at(), 1, UPC_INT, swapped.at(), 1, UPC_INT, UPC_TEAM_ALL, mode, &h[2]),
              UPCCOLL_SUCCESS);
    if (MYTHREAD != 0) flags.await(0, step);
    upccoll_wait(h[2]);
    upccoll_wait(h[0]);
    upccoll_wait(h[1]);
    EXPECT_EQ(bcast[0], val(0, 0));
    for (int t = 0; t < THREADS; ++t) {
      EXPECT_EQ(all[static_cast<std::size_t>(t)], val(t, 0));
      EXPECT_EQ(swapped[static_cast<std::size_t>(t)], val(t, static_cast<std::size_t>(MYTHREAD)));
    }
    if (MYTHREAD == 0 && (mode & UPC_OUT_ALLSYNC) != 0) {
      for (int t = 1; t < THREADS; ++t) {
        EXPECT_EQ(read_remote<int>(where_bcast[static_cast<std::size_t>(t)], 1)[0], val(0, 0)) << t;
        const auto a = read_remote<int>(where[static_cast<std::size_t>(t)], n);
        const auto s = read_remote<int>(where_swapped[static_cast<std::size_t>(t)], n);
        for (int u = 0; u < THREADS; ++u) {
          EXPECT_EQ(a[static_cast<std::size_t>(u)], val(u, 0)) << "thread " << t << "'s allgather";
          EXPECT_EQ(s[static_cast<std::size_t>(u)], val(u, static_cast<std::size_t>(t))) << "thread " << t;
        }
      }
    }
    if (MYTHREAD == 0) flags.raise(step);
    upc_barrier;  // before the buffers go
  }
}

// Rule 3 for the calls that combine, and the barrier: on a network library they are several rounds of
// messages, each of which a member forwards only while it calls into the library. Every thread initiates;
// thread 0 completes alone while the others wait for it outside the library; then they complete.
// Across a network (Open MPI over TCP, whose one-sided component osc/pt2pt and non-blocking collectives move
// a process's messages only while it calls MPI) the MPI engine's progress thread moves them.
TEST(Coll2Ordering, OneCompletionOfACombiningCallDoesNotWaitForTheOthers) {
  OutsideSignal signal;
  ASSERT_TRUE(signal.made()) << "sem_open: " << std::strerror(errno);
  const std::size_t n = static_cast<std::size_t>(THREADS);
  for (upccoll_flag_t mode : kModes) {
    SCOPED_TRACE("flags " + std::to_string(mode));
    Blocks<int> send(n), sum(1), part(1), prefix(1), before(1);
    for (std::size_t i = 0; i < n; ++i) send[i] = val(MYTHREAD, i);
    upccoll_handle_t h[5];
    ASSERT_EQ(upccoll_barrier(UPC_TEAM_ALL, mode, &h[0]), UPCCOLL_SUCCESS);
    ASSERT_EQ(upccoll_allreduce(send.at(), sum.at(), 1, UPC_INT, UPC_ADD, UPC_TEAM_ALL, mode, &h[1]),
              UPCCOLL_SUCCESS);
    ASSERT_EQ(upccoll_reduce_scatter(send.at(), part.at(), 1, UPC_INT, UPC_ADD, UPC_TEAM_ALL, mode, &h[2]),
              UPCCOLL_SUCCESS);
    ASSERT_EQ(upccoll_scan(send.at(), prefix.at(), 1, UPC_INT, UPC_ADD, UPC_TEAM_ALL, mode, &h[3]),
              UPCCOLL_SUCCESS);
    ASSERT_EQ(upccoll_exscan(send.at(), before.at(), 1, UPC_INT, UPC_ADD, UPC_TEAM_ALL, mode, &h[4]),
              UPCCOLL_SUCCESS);
    if (MYTHREAD != 0) signal.wait();
    for (int i = 4; i >= 0; --i) upccoll_wait(h[i]);
    if (MYTHREAD == 0) signal.post_for_the_others();
    int total = 0, mine = 0, up_to = 0;
    for (int t = 0; t < THREADS; ++t) {
      total += val(t, 0);
      mine += val(t, static_cast<std::size_t>(MYTHREAD));
      if (t <= MYTHREAD) up_to += val(t, 0);
    }
    EXPECT_EQ(sum[0], total);
    EXPECT_EQ(part[0], mine);
    EXPECT_EQ(prefix[0], up_to);
    if (MYTHREAD > 0) {
      EXPECT_EQ(before[0], up_to - val(MYTHREAD, 0));
    }
    upc_barrier;  // before the buffers go
  }
}

// [3.1.2] 4: with OUT_ALLSYNC "no collective is allowed to terminate until all threads are ready to
// relinquish ownership of buffers": when a blocking call returns on one thread, every member's receive buffer
// holds its result, which the thread reads remotely at once (no other synchronization).
TEST(Coll2Ordering, OutAllsyncBlockingCallsAreCompleteEverywhere) {
  const std::size_t n = static_cast<std::size_t>(THREADS);
  Blocks<int> send(n), all(n), sum(1);
  const auto alls = everyones(all.pointer);
  const auto sums = everyones(sum.pointer);
  for (int round = 1; round <= 3; ++round) {
    for (std::size_t i = 0; i < n; ++i) send[i] = val(MYTHREAD, i) * round;
    ASSERT_EQ(upccoll_allgather(send.at(), 1, UPC_INT, all.at(), 1, UPC_INT, UPC_TEAM_ALL, UPC_OUT_ALLSYNC,
                                nullptr),
              UPCCOLL_SUCCESS);
    ASSERT_EQ(upccoll_allreduce(send.at(), sum.at(), 1, UPC_INT, UPC_ADD, UPC_TEAM_ALL,
                                UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC, nullptr),
              UPCCOLL_SUCCESS);
    int total = 0;
    for (int t = 0; t < THREADS; ++t) total += val(t, 0) * round;
    for (int t = 0; t < THREADS; ++t) {
      const auto a = read_remote<int>(alls[static_cast<std::size_t>(t)], n);
      for (int u = 0; u < THREADS; ++u) EXPECT_EQ(a[static_cast<std::size_t>(u)], val(u, 0) * round) << t;
      EXPECT_EQ(read_remote<int>(sums[static_cast<std::size_t>(t)], 1)[0], total) << t;
    }
    // (the next round writes these buffers: not before every thread has read them)
    ASSERT_EQ(upccoll_barrier(UPC_TEAM_ALL, 0, nullptr), UPCCOLL_SUCCESS);
  }
  upc_barrier;
}

// [3.1.2] 4, [2.4]: with IN_ALLSYNC "buffer ownership is not transferred to the collective until every
// participant has invoked the collective". The root initiates (with a handle) first; only then does the last
// thread write the root's send buffer (a remote put and a fence) and initiate its own part: the data
// broadcast must be what it wrote.
TEST(Coll2Ordering, InAllsyncTakesNoBufferBeforeEveryMemberInvoked) {
  Flags flags;
  long step = 0;
  const Team all = team_all();
  // On UPC_TEAM_ALL and on a split with reversed keys (root: team rank 1, writer: team rank 0).
  const Team halves = split(
      "halves reversed", all, [](int r) { return 2 * r < THREADS ? 0 : 1; },
      [](int p, int m) { return m - 1 - p; });
  for (const Team *team : {&all, &halves})
    for (bool fence : {false, true}) {
      SCOPED_TRACE(team->name + (fence ? ", fence" : ", handles"));
      ++step;
      const int n = team->size(), rank = team->rank();
      const int root = team == &all ? 0 : 1 % n, writer = team == &all ? n - 1 : 0;
      Blocks<int> send(3), recv(3), sum(3);
      for (std::size_t i = 0; i < 3; ++i) send[i] = -1;
      const auto sends = everyones(send.pointer);  // collective: before any team's skip
      if (root == writer) {                        // a team of one
        upc_barrier;
        continue;
      }
      const upccoll_flag_t f = UPC_IN_ALLSYNC | (fence ? UPC_ASYNC_FENCE : 0);
      upccoll_handle_t h[2];
      auto initiate = [&] {
        ASSERT_EQ(upccoll_bcast(send.at(), 3, UPC_INT, recv.at(), 3, UPC_INT, root, team->team, f,
                                fence ? nullptr : &h[0]),
                  UPCCOLL_SUCCESS);
        ASSERT_EQ(upccoll_allreduce(send.at(), sum.at(), 3, UPC_INT, UPC_ADD, team->team, f,
                                    fence ? nullptr : &h[1]),
                  UPCCOLL_SUCCESS);
      };
      const int data[3] = {11, 22, 33};
      if (rank == root) {
        initiate();
        flags.raise(step);
      } else if (rank == writer) {
        flags.await(team->thread_of(root), step);
        upc_memput(sends[static_cast<std::size_t>(team->thread_of(root))], data, sizeof data);
        upc_fence;
        initiate();
      } else {
        initiate();
      }
      if (fence) {
        upccoll_fence();
      } else {
        upccoll_wait(h[1]);
        upccoll_wait(h[0]);
      }
      for (std::size_t i = 0; i < 3; ++i) {
        EXPECT_EQ(recv[i], data[i]) << "bcast element " << i;
        // the writer's own sendbuf stays -1, like every other non-root's
        EXPECT_EQ(sum[i], data[i] - (n - 1)) << "allreduce element " << i;
      }
      upc_barrier;
    }
  free_team(halves);
}

// Figure 1, which "should not deadlock when executed on multiple threads, even when the collective ALLSYNC
// flags are specified": EX1 holds a lock across the initiation, EX2 across the completion.
TEST(Coll2Ordering, FigureOneLockSequences) {
  upc_lock_t *lock = upc_all_lock_alloc();
  for (upccoll_flag_t mode : kModes) {
    SCOPED_TRACE("flags " + std::to_string(mode));
    Blocks<int> one(1), sum(1);
    one[0] = 1;
    upccoll_handle_t h = UPCCOLL_INVALID_HANDLE, b = UPCCOLL_INVALID_HANDLE;
    upc_lock(lock);  // EX1
    ASSERT_EQ(upccoll_allreduce(one.at(), sum.at(), 1, UPC_INT, UPC_ADD, UPC_TEAM_ALL, mode, &h),
              UPCCOLL_SUCCESS);
    ASSERT_EQ(upccoll_barrier(UPC_TEAM_ALL, mode, &b), UPCCOLL_SUCCESS);
    upc_unlock(lock);
    upccoll_wait(h);
    upccoll_wait(b);
    EXPECT_EQ(sum[0], THREADS);
    sum[0] = 0;
    ASSERT_EQ(upccoll_allreduce(one.at(), sum.at(), 1, UPC_INT, UPC_ADD, UPC_TEAM_ALL, mode, &h),
              UPCCOLL_SUCCESS);
    ASSERT_EQ(upccoll_barrier(UPC_TEAM_ALL, mode, &b), UPCCOLL_SUCCESS);
    upc_lock(lock);  // EX2
    upccoll_wait(b);
    upccoll_wait(h);
    upc_unlock(lock);
    EXPECT_EQ(sum[0], THREADS);
  }
  upc_barrier;
  upc_all_lock_free(lock);
}

}  // namespace
