// The reported-frame rule and the inline chain's JSON, on hand-made chains.
#include <gtest/gtest.h>

#include "pgas/tracedb/symbolizer.hpp"

namespace pgas::tracedb {
namespace {

const SourceFrame kGet{"pgas::shared_ref<int>::get() const", "/src/runtime/include/pgas/shared_ref.hpp", 48,
                       17};
const SourceFrame kIndex{"pgas::shared_array<int>::operator[](unsigned long) const",
                         "/usr/local/include/pgas/shared_array.hpp", 50, 5};
const SourceFrame kUser{"relax(int)", "/home/me/cc/cc.cpp", 31, 12};
const SourceFrame kCaller{"main", "/home/me/cc/cc.cpp", 80, 3};

TEST(ReportedFrame, IsTheInnermostFrameOutsideTheToolkitHeaders) {
  std::vector<SourceFrame> chain{kGet, kIndex, kUser, kCaller};
  ASSERT_NE(reported_frame(chain), nullptr);
  EXPECT_EQ(*reported_frame(chain), kUser);
}

TEST(ReportedFrame, IsTheOutermostWhenAllFramesAreToolkitFrames) {
  std::vector<SourceFrame> chain{kGet, kIndex};
  EXPECT_EQ(*reported_frame(chain), kIndex);
}

TEST(ReportedFrame, IsTheOnlyFrameOfAPlainCall) {
  std::vector<SourceFrame> chain{kCaller};
  EXPECT_EQ(*reported_frame(chain), kCaller);
}

TEST(ReportedFrame, IsNullForAnEmptyChain) { EXPECT_EQ(reported_frame({}), nullptr); }

TEST(ReportedFrame, FollowsAConfiguredPathList) {
  std::vector<SourceFrame> chain{kGet, kIndex, kUser, kCaller};
  EXPECT_EQ(*reported_frame(chain, {"/runtime/include/"}),
            kIndex);  // an installed header counts as user code
  EXPECT_EQ(*reported_frame(chain, {}), kGet);
}

TEST(InlineChainJson, ListsFramesInnermostFirst) {
  EXPECT_EQ(inline_chain_json({kUser, kCaller}),
            R"json([{"function":"relax(int)","file":"/home/me/cc/cc.cpp","line":31,"column":12},)json"
            R"json({"function":"main","file":"/home/me/cc/cc.cpp","line":80,"column":3}])json");
  EXPECT_EQ(inline_chain_json({}), "[]");
}

TEST(InlineChainJson, EscapesStrings) {
  SourceFrame odd{"f<\"q\">\\", "/tmp/a\tb\nc\x01.cpp", 1, 0};
  EXPECT_EQ(inline_chain_json({odd}),
            R"([{"function":"f<\"q\">\\","file":"/tmp/a\tb\nc\u0001.cpp","line":1,"column":0}])");
}

}  // namespace
}  // namespace pgas::tracedb
