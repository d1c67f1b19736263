// A PGAS program for the launcher's fault tests, on both conduits. Usage: job_program MODE
//   wait  every thread makes remote accesses (so that a trace of it has rows), waits at a barrier until
//         every thread has started, prints "thread T pid P started" and sleeps 120 s: it is still running
//         when the test interrupts it
//   exit  starts (the runtime reads its settings) and returns 0
//   lines every thread prints 400 lines "line K of thread T: " and 60 dots, each in two printf calls, and
//         one to stderr (more than stdio's buffer in all: a buffer's write ends in the middle of a line)
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <pgas/upc.hpp>
#include <string>
#include <thread>

using namespace pgas;

namespace {

void wait_until_interrupted() {
  shared_array<long> values(64 * THREADS);
  upc_forall(std::size_t i = 0, i < values.size(), i++, &values[i]) values[i] = static_cast<long>(i);
  upc_barrier;
  long sum = 0;
  for (std::size_t i = 0; i < values.size(); ++i) sum += values[(i + 1) % values.size()];
  upc_barrier;
  std::printf("thread %d pid %d started (sum %ld)\n", MYTHREAD, static_cast<int>(getpid()), sum);
  std::fflush(stdout);
  std::this_thread::sleep_for(std::chrono::seconds(120));
}

void print_lines() {
  for (int k = 0; k < 400; ++k) {
    std::printf("line %d of thread %d: ", k, MYTHREAD);
    std::printf("%s\n", std::string(60, '.').c_str());
  }
  std::fprintf(stderr, "thread %d done\n", MYTHREAD);
}

}  // namespace

int main(int argc, char **argv) {
  if (argc == 2 && std::strcmp(argv[1], "wait") == 0) {
    wait_until_interrupted();
    return 0;
  }
  if (argc == 2 && std::strcmp(argv[1], "exit") == 0) return 0;
  if (argc == 2 && std::strcmp(argv[1], "lines") == 0) {
    print_lines();
    return 0;
  }
  std::fprintf(stderr, "usage: job_program wait|exit|lines\n");
  return 2;
}
