// main() for multi-process GoogleTest programs run under pgasrun.
#include <gtest/gtest.h>

#include <cstdio>
#include <pgas/upc.hpp>

namespace {

// Reports only failures, prefixed with the thread, so that N threads do not print N copies of the report.
class FailurePrinter : public testing::EmptyTestEventListener {
  void OnTestPartResult(const testing::TestPartResult &result) override {
    if (!result.failed()) return;
    std::fprintf(stderr, "[thread %d] %s:%d: Failure\n%s\n", MYTHREAD,
                 result.file_name() ? result.file_name() : "?", result.line_number(), result.summary());
  }
};

}  // namespace

int main(int argc, char **argv) {
  testing::InitGoogleTest(&argc, argv);
  if (MYTHREAD != 0) {
    auto &listeners = testing::UnitTest::GetInstance()->listeners();
    delete listeners.Release(listeners.default_result_printer());
    listeners.Append(new FailurePrinter);
  }
  return RUN_ALL_TESTS();
}
