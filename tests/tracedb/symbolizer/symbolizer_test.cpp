// Symbolizer on a real optimized program: return addresses of transport calls made through inlined
// shared_array proxies are attributed to the user's lines; unusable modules give nothing, never an exception.
#include "pgas/tracedb/symbolizer.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "program_run.hpp"

namespace pgas::tracedb {
namespace {

constexpr const char *kProgramSource = "/symbolizer/symbolizer_program.cpp";

class SymbolizerTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(run_.ok) << run_.output; }

  std::vector<SourceFrame> frames_at(const std::string &site) {
    return symbolizer_.frames(run_.module_path, run_.sites.at(site).offset, run_.build_id);
  }

  const ProgramRun &run_ = program_run();
  std::vector<std::string> log_;
  Symbolizer symbolizer_{[this](const std::string &message) { log_.push_back(message); }};
};

TEST_F(SymbolizerTest, ReadsTheBuildIdTheLoadedImageHas) {
  EXPECT_FALSE(run_.build_id.empty());
  EXPECT_EQ(read_build_id(run_.module_path), run_.build_id);
  EXPECT_EQ(symbolizer_.check(run_.module_path, run_.build_id), ModuleStatus::kOk);
}

TEST_F(SymbolizerTest, ProxyReadIsAttributedToTheUserLine) {
  std::vector<SourceFrame> chain = frames_at("read");
  ASSERT_GE(chain.size(), 2u);
  EXPECT_TRUE(chain.front().file.ends_with("/include/pgas/shared_ref.hpp")) << chain.front().file;
  EXPECT_NE(chain.front().function.find("shared_ref"), std::string::npos) << chain.front().function;
  const SourceFrame *frame = reported_frame(chain);
  ASSERT_NE(frame, nullptr);
  EXPECT_TRUE(frame->file.ends_with(kProgramSource)) << frame->file;
  EXPECT_EQ(frame->line, run_.sites.at("read").line);
  EXPECT_GT(frame->column, 0);
  EXPECT_NE(frame->function.find("read_remote("), std::string::npos) << frame->function;
}

TEST_F(SymbolizerTest, ProxyWriteIsAttributedToTheUserLine) {
  std::vector<SourceFrame> chain = frames_at("write");
  ASSERT_GE(chain.size(), 2u);
  EXPECT_TRUE(chain.front().file.ends_with("/include/pgas/shared_ref.hpp")) << chain.front().file;
  const SourceFrame *frame = reported_frame(chain);
  ASSERT_NE(frame, nullptr);
  EXPECT_TRUE(frame->file.ends_with(kProgramSource)) << frame->file;
  EXPECT_EQ(frame->line, run_.sites.at("write").line);
  EXPECT_NE(frame->function.find("write_remote("), std::string::npos) << frame->function;
}

TEST_F(SymbolizerTest, InlinedUserFunctionIsReportedAtItsOwnLine) {
  std::vector<SourceFrame> chain = frames_at("inlined");
  ASSERT_GE(chain.size(), 3u);
  const SourceFrame &outermost = chain.back();
  EXPECT_TRUE(outermost.file.ends_with(kProgramSource));
  EXPECT_EQ(outermost.line, run_.outer_line);  // where the inlined user function is called
  const SourceFrame *frame = reported_frame(chain);
  ASSERT_NE(frame, nullptr);
  EXPECT_EQ(frame->line, run_.sites.at("inlined").line);
  EXPECT_NE(frame->function.find("inner_read"), std::string::npos) << frame->function;
}

TEST_F(SymbolizerTest, PlainCallHasOneFrame) {
  std::vector<SourceFrame> chain = frames_at("plain");
  ASSERT_EQ(chain.size(), 1u);
  EXPECT_EQ(chain[0].function, "main");
  EXPECT_TRUE(chain[0].file.ends_with(kProgramSource));
  EXPECT_EQ(chain[0].line, run_.sites.at("plain").line);
}

TEST_F(SymbolizerTest, AllocationsAreFoundAboveTheRuntime) {
  for (const auto &[name, alloc] : run_.allocs) {
    ASSERT_FALSE(alloc.stack.empty()) << name;
    // The recorder's rule: the first return address in the program whose call site is user code.
    const SourceFrame *found = nullptr;
    std::vector<SourceFrame> chain;
    for (std::uint64_t offset : alloc.stack) {
      chain = symbolizer_.frames(run_.module_path, offset);
      const SourceFrame *frame = reported_frame(chain);
      if (frame && frame->file.ends_with(kProgramSource)) {
        found = frame;
        break;
      }
    }
    ASSERT_NE(found, nullptr) << name;
    EXPECT_EQ(found->line, alloc.line) << name;
  }
}

TEST_F(SymbolizerTest, BuildIdsCompareWithoutCase) {
  std::string upper = run_.build_id;
  for (char &c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  EXPECT_FALSE(symbolizer_.frames(run_.module_path, run_.sites.at("plain").offset, upper).empty());
}

TEST_F(SymbolizerTest, BuildIdMismatchIsUnsymbolizable) {
  std::uint64_t offset = run_.sites.at("plain").offset;
  EXPECT_EQ(symbolizer_.check(run_.module_path, "0123456789abcdef"), ModuleStatus::kBuildIdMismatch);
  EXPECT_TRUE(symbolizer_.frames(run_.module_path, offset, "0123456789abcdef").empty());
  ASSERT_EQ(log_.size(), 1u);  // once per module
  EXPECT_NE(log_[0].find("build id"), std::string::npos) << log_[0];
  // The same module with its own build id, or none expected, still symbolizes.
  EXPECT_FALSE(symbolizer_.frames(run_.module_path, offset, run_.build_id).empty());
  EXPECT_FALSE(symbolizer_.frames(run_.module_path, offset).empty());
}

TEST_F(SymbolizerTest, MissingModuleGivesNoFrames) {
  std::string missing = "/nonexistent/dir/program";
  EXPECT_EQ(symbolizer_.check(missing), ModuleStatus::kMissing);
  EXPECT_TRUE(symbolizer_.frames(missing, 0x1234).empty());
  EXPECT_TRUE(symbolizer_.frames(missing, 0x1238).empty());
  ASSERT_EQ(log_.size(), 1u);
  EXPECT_NE(log_[0].find("no such file"), std::string::npos) << log_[0];
}

TEST_F(SymbolizerTest, StrippedModuleGivesNoFrames) {
  pgas_test::ScratchDirectory dir;
  std::string stripped = dir / "stripped_program";
  std::string command = "objcopy --strip-debug '" + run_.module_path + "' '" + stripped + "'";
  if (std::system(command.c_str()) != 0) GTEST_SKIP() << "objcopy failed: " << command;
  EXPECT_EQ(read_build_id(stripped), run_.build_id);  // same program, without its debug info
  EXPECT_EQ(symbolizer_.check(stripped, run_.build_id), ModuleStatus::kNoDebugInfo);
  EXPECT_TRUE(symbolizer_.frames(stripped, run_.sites.at("read").offset, run_.build_id).empty());
  ASSERT_EQ(log_.size(), 1u);
  EXPECT_NE(log_[0].find("debug info"), std::string::npos) << log_[0];
}

TEST_F(SymbolizerTest, NonObjectFileGivesNoFrames) {
  pgas_test::ScratchDirectory dir;
  std::string text = dir / "notes.txt";
  std::ofstream(text) << "not a program\n";
  EXPECT_EQ(symbolizer_.check(text), ModuleStatus::kNotAnObject);
  EXPECT_TRUE(symbolizer_.frames(text, 0x10).empty());
  EXPECT_TRUE(symbolizer_.frames(dir / "", 0x10).empty());  // a directory
}

TEST_F(SymbolizerTest, AddressesWithoutLinesGiveNoFrames) {
  EXPECT_TRUE(symbolizer_.frames(run_.module_path, 0).empty());
  EXPECT_TRUE(symbolizer_.frames(run_.module_path, 1).empty());
  EXPECT_TRUE(symbolizer_.frames(run_.module_path, run_.text_end + (1u << 30)).empty());
}

}  // namespace
}  // namespace pgas::tracedb
