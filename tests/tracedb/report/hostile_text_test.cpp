// Strings a trace database holds (program, arguments, variable names, file paths, function names, hosts)
// are data from whoever made the database: pgas-report's terminal tables escape their control characters and
// invalid UTF-8, while csv and json keep them exactly, each in its own escaping.
#include <gtest/gtest.h>

#include "fixture.hpp"
#include "pgas/tracedb/database.hpp"
#include "pgas/tracedb/reader.hpp"
#include "pgas/tracedb/text.hpp"
#include "process.hpp"

namespace report_test {
namespace {

using pgas::tracedb::Database;

// Clears the screen, sets the window title, rings the bell, returns the cursor, and ends in a byte that is
// not UTF-8; then a valid non-ASCII letter and a C1 control (CSI, U+009B).
const std::string kHostile =
    "x\x1b[2J\x1b]0;owned\x07\r\xff\xc3\xa9\xc2\x9b"
    "31m";
const std::string kHostileShown = "x\\x1b[2J\\x1b]0;owned\\a\\r\\xff\xc3\xa9\\u009b31m";

// The baseline trace with kHostile in every string a report shows.
std::string hostile_trace() {
  static const std::string path = [] {
    std::string p = copy_of_baseline("hostile.db");
    Database db = Database::open(p, true);
    db.prepare("UPDATE run SET program = ?1, arguments = ?2")
        .bind(1, "/opt/" + kHostile)
        .bind(2, pgas::tracedb::json_array({"--name", kHostile}))
        .run();
    db.prepare("UPDATE variable SET name = ?1 || name WHERE name IS NOT NULL").bind(1, kHostile).run();
    db.prepare("UPDATE site SET function = ?1 || function, file = ?1 || file").bind(1, kHostile).run();
    db.prepare("UPDATE thread SET host = ?1").bind(1, kHostile).run();
    return p;
  }();
  return path;
}

// The first byte of `text` a terminal would act on or cannot decode (a control character other than the line
// break, DEL, a C1 control, or invalid UTF-8), or npos.
std::size_t first_unsafe_byte(const std::string &text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if ((c < 0x20 && c != '\n') || c == 0x7f) return i;
    std::size_t length = c < 0x80                 ? 1
                         : c >= 0xC2 && c <= 0xDF ? 2
                         : c >= 0xE0 && c <= 0xEF ? 3
                         : c >= 0xF0 && c <= 0xF4 ? 4
                                                  : 0;
    if (length == 0 || i + length > text.size()) return i;
    for (std::size_t k = 1; k < length; ++k)
      if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return i;
    if (c == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0) return i;  // U+0080..U+009F
    i += length;
  }
  return std::string::npos;
}

TEST(ReportHostileText, TablesEscapeEveryStringFromTheDatabase) {
  Result r = run_report({hostile_trace()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::size_t bad = first_unsafe_byte(r.out);
  EXPECT_EQ(bad, std::string::npos) << "raw byte " << int(static_cast<unsigned char>(r.out[bad]))
                                    << " near: " << r.out.substr(bad < 40 ? 0 : bad - 40, 80);
  // Program, arguments, variable names and source locations, each shown escaped.
  EXPECT_NE(r.out.find("/opt/" + kHostileShown), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("--name '" + kHostileShown), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(kHostileShown + "D"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(kHostileShown + "/src/cc/cc.cpp:"), std::string::npos) << r.out;
}

TEST(ReportHostileText, ErrorsEscapeWhatTheyQuote) {
  Result r = run_report({"--variable", "D\x1b[2J", hostile_trace()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(first_unsafe_byte(r.err), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("D\\x1b[2J"), std::string::npos) << r.err;
}

TEST(ReportHostileText, JsonIsWellFormedAndLossless) {
  Result r = run_report({"--format", "json", hostile_trace()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(first_unsafe_byte(r.out), std::string::npos);
  const std::string escaped = pgas::tracedb::json_escape(kHostile);
  EXPECT_EQ(escaped, "\"x\\u001b[2J\\u001b]0;owned\\u0007\\r\\udcff\xc3\xa9\\u009b31m\"");
  EXPECT_NE(r.out.find("\"program\": " + pgas::tracedb::json_escape("/opt/" + kHostile)), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\"arguments\": [\"--name\", " + escaped + "]"), std::string::npos) << r.out;
  // The reader decodes what the importer stored with json_escape back to the same bytes.
  pgas::tracedb::TraceReader reader(hostile_trace());
  EXPECT_EQ(reader.run().arguments, (std::vector<std::string>{"--name", kHostile}));
}

TEST(ReportHostileText, CsvKeepsTheExactBytes) {
  Result r = run_report({"--format", "csv", "--section", "summary", hostile_trace()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\"/opt/" + kHostile + "\""), std::string::npos) << r.out;
}

TEST(TerminalEscape, EscapesControlsAndInvalidUtf8Only) {
  using pgas::tracedb::terminal_escape;
  EXPECT_EQ(terminal_escape("plain /src/cc.cpp:42 f<int>()"), "plain /src/cc.cpp:42 f<int>()");
  EXPECT_EQ(terminal_escape("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"),
            "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");
  EXPECT_EQ(terminal_escape(std::string("a\0b\tc\nd\x7f", 8)), "a\\x00b\\tc\\nd\\x7f");
  EXPECT_EQ(terminal_escape("\xe2\x80\xae"
                            "evil"),
            "\\u202eevil");  // right-to-left override
  EXPECT_EQ(terminal_escape("\xc0\xaf \xed\xa0\x80 \xe2\x82"),
            "\\xc0\\xaf \\xed\\xa0\\x80 \\xe2\\x82");  // overlong, surrogate, cut
}

}  // namespace
}  // namespace report_test
