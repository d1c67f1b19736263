// prodcons: the producer/consumer programs of Bonachea's proposal (Bonachea, point-to-point synchronization).
// Examples 1 and 2 as the seed writes them (even threads produce for their partner MYTHREAD^1 and signal its
// semaphore; odd threads wait on theirs and consume), run --rounds times, and a streaming pipeline in which
// every even thread sends --items values to its partner through a ring of --slots slots with
// upc_memput_signal, the consumer returning credits on a semaphore with an initial value. A thread whose
// partner does not exist (the last of an odd THREADS) is its own partner. Verified against the sums the
// same values give when computed sequentially.
#include <cstdio>
#include <pgas/upc.hpp>
#include <string>

#include "sample.hpp"

using namespace pgas;

namespace {

int computeSomethingInteresting(int thread, long round) {
  return static_cast<int>((thread * 7919L + round * 104729L) % 1000003L);
}

long long consumed_sum = 0;  // what this thread consumed, for verification
void computeSomethingElse(int value) { consumed_sum += value; }

int partner_of(int thread) { return (thread ^ 1) < THREADS ? thread ^ 1 : thread; }

// Example 1, one round: the data travels as a relaxed write, the post orders it (a strict write).
void example1(shared_array<upc_sem_t *> &allflags, shared_array<int> &applicationData, long round) {
  /* create semaphores and exchange information */
  upc_sem_t *myflag = upc_sem_alloc(0);
  allflags[MYTHREAD] = myflag;
  upc_barrier;
  int partnerid = partner_of(MYTHREAD);
  upc_sem_t *partnerflag = allflags[partnerid]; /* fetch ptr from remote */

  /* use the semaphores to perform producer-consumer sync */
  if (!(MYTHREAD & 1)) { /* even threads */
    /* produce some result for my partner thread */
    applicationData[partnerid] = computeSomethingInteresting(MYTHREAD, round);
    upc_sem_post(partnerflag); /* send notification to my partner */
  }
  if ((MYTHREAD & 1) || partnerid == MYTHREAD) { /* odd threads */
    upc_sem_wait(myflag);                        /* wait for notification from partner */
    /* consume data produced by my partner thread */
    computeSomethingElse(applicationData[MYTHREAD]);
  }
  upc_barrier;  // nobody still uses the semaphores
  upc_sem_free(myflag);
}

// Example 2, one round: the even branch replaced by a signalling put from a private scratch location.
void example2(shared_array<upc_sem_t *> &allflags, shared_array<int> &applicationData, long round) {
  upc_sem_t *myflag = upc_sem_alloc(0);
  allflags[MYTHREAD] = myflag;
  upc_barrier;
  int partnerid = partner_of(MYTHREAD);
  upc_sem_t *partnerflag = allflags[partnerid];
  if (!(MYTHREAD & 1)) { /* even threads */
    /* produce some result for my partner thread to a scratch location */
    int tmp = computeSomethingInteresting(MYTHREAD, round);
    /* send data and notification to my partner */
    upc_memput_signal(&(applicationData[partnerid]), &tmp, sizeof(int), partnerflag, 1);
  }
  if ((MYTHREAD & 1) || partnerid == MYTHREAD) {
    upc_sem_wait(myflag);
    computeSomethingElse(applicationData[MYTHREAD]);
  }
  upc_barrier;
  upc_sem_free(myflag);
}

// The pipeline: `items` values through a ring of `slots` slots on the consumer; the producer waits for a
// credit before reusing a slot, and the consumer returns one after reading it.
void pipeline(long items, long slots) {
  const auto ring_size = static_cast<std::size_t>(slots);
  shared_array<int> ring(ring_size * static_cast<std::size_t>(THREADS), ring_size);
  shared_array<upc_sem_t *> arrived(static_cast<std::size_t>(THREADS)),
      credits(static_cast<std::size_t>(THREADS));
  upc_sem_t *my_arrived = upc_sem_alloc(UPC_SEM_INTEGER | UPC_SEM_SPRODUCER | UPC_SEM_SCONSUMER);
  upc_sem_t *my_credits = upc_sem_alloc_value(UPC_SEM_INTEGER | UPC_SEM_SPRODUCER | UPC_SEM_SCONSUMER,
                                              static_cast<std::size_t>(slots));
  arrived[MYTHREAD] = my_arrived;
  credits[MYTHREAD] = my_credits;
  upc_barrier;
  const int partner = partner_of(MYTHREAD);
  upc_sem_t *partner_arrived = arrived[partner];
  const bool producer = !(MYTHREAD & 1), consumer = (MYTHREAD & 1) || partner == MYTHREAD;
  for (long k = 0; k < items; ++k) {
    const std::size_t slot = static_cast<std::size_t>(k % slots);
    if (producer) {
      upc_sem_wait(my_credits);
      const int value = computeSomethingInteresting(MYTHREAD, k);
      upc_memput_signal(&ring[static_cast<std::size_t>(partner) * ring_size + slot], &value, sizeof value,
                        partner_arrived, 1);
    }
    if (consumer) {
      upc_sem_wait(my_arrived);
      computeSomethingElse(ring[static_cast<std::size_t>(MYTHREAD) * ring_size + slot]);
      upc_sem_post(static_cast<upc_sem_t *>(credits[partner]));
    }
  }
  upc_barrier;
  upc_sem_free(my_arrived);
  upc_sem_free(my_credits);
}

// What the consumers must have consumed in total: every producer's values of every round and item.
long long expected_sum(long rounds, long items) {
  long long sum = 0;
  for (int t = 0; t < THREADS; t += 2) {
    for (long r = 0; r < rounds; ++r) sum += 2LL * computeSomethingInteresting(t, r);  // examples 1 and 2
    for (long k = 0; k < items; ++k) sum += computeSomethingInteresting(t, k);
  }
  return sum;
}

}  // namespace

int main(int argc, char **argv) {
  samples::CommandLine args("prodcons", "Bonachea's producer/consumer examples and a signalling pipeline",
                            {{"--rounds", 100, "rounds of Examples 1 and 2"},
                             {"--items", 10000, "values each producer streams through the pipeline"},
                             {"--slots", 8, "slots of each consumer's ring (at least 1)"},
                             {"--inject-error", 0, "1: thread 0 miscounts what it consumed"}});
  args.parse(argc, argv);
  const long rounds = args["--rounds"], items = args["--items"], slots = args["--slots"];
  if (slots < 1) {
    std::fprintf(stderr, "prodcons: --slots must be at least 1\n");
    return 2;
  }
  shared_array<upc_sem_t *> allflags(static_cast<std::size_t>(THREADS));
  shared_array<int> applicationData(static_cast<std::size_t>(THREADS));
  upc_barrier;
  samples::Timer timer;
  for (long r = 0; r < rounds; ++r) {
    example1(allflags, applicationData, r);
    example2(allflags, applicationData, r);
  }
  pipeline(items, slots);
  upc_barrier;
  const double seconds = timer.seconds();
  if (args["--inject-error"] != 0 && MYTHREAD == 0) consumed_sum += 1;
  shared_array<long long> sums(static_cast<std::size_t>(THREADS));
  sums[MYTHREAD] = consumed_sum;
  upc_barrier;
  int status = 0;
  if (MYTHREAD == 0) {
    long long total = 0;
    for (int t = 0; t < THREADS; ++t) total += sums[t];
    const std::string details = "threads=" + std::to_string(THREADS) + " rounds=" + std::to_string(rounds) +
                                " items=" + std::to_string(items) + " slots=" + std::to_string(slots) +
                                " consumed=" + std::to_string(total);
    status = samples::report("prodcons", details, seconds, total == expected_sum(rounds, items));
  }
  upc_barrier;
  return status;
}
