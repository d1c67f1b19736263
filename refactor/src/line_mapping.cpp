#include "line_mapping.hpp"

#include <optional>
#include <regex>
#include <sstream>

namespace pgas::refactor {

namespace {

const char *const kLine = "/*@pgas-line ";
const char *const kFixed = "/*@pgas-fixed ";

struct Marker {
  bool fixed = false;
  unsigned line = 0;
};

// The markers of one line of output, removed from its text: those before code apply to the line (the first
// gives its line, the last says how the lines after it go on); those with only blanks and markers after
// them (a formatter may move a marker from the start of a line to the end of the one before, and a line may
// hold only markers) apply to the next line.
struct LineMarkers {
  std::optional<Marker> first, last, trailing;
};

const std::regex &marker_pattern() {
  static const std::regex pattern(R"(/\*@pgas-(line|fixed) ([0-9]+)@\*/ ?)");
  return pattern;
}

bool blank(const std::string &text) { return text.find_first_not_of(" \t") == std::string::npos; }

LineMarkers strip_markers(std::string &text) {
  LineMarkers found;
  std::smatch m;
  std::string out, rest = text;
  while (std::regex_search(rest, m, marker_pattern())) {
    out += m.prefix().str();
    const Marker here{m[1] == "fixed", static_cast<unsigned>(std::stoul(m[2]))};
    rest = m.suffix().str();
    if (blank(std::regex_replace(rest, marker_pattern(), ""))) {
      found.trailing = here;
    } else {
      if (!found.first) found.first = here;
      found.last = here;
    }
  }
  text = out + rest;
  text.erase(blank(text) ? 0 : text.find_last_not_of(" \t") + 1);
  return found;
}

// Whether a #line directive may come before the line after `previous`: the previous line ends a statement
// or opens or closes a block, so that the directive is not among the arguments of a macro invocation (a
// upc_forall header broken over lines), where a directive is not allowed.
bool at_statement_boundary(const std::string &previous) {
  const std::size_t end = previous.find_last_not_of(" \t");
  if (end == std::string::npos) return true;
  const char c = previous[end];
  return c == ';' || c == '{' || c == '}' || previous.compare(0, 1, "#") == 0;
}

}  // namespace

std::string line_marker(unsigned line) { return kLine + std::to_string(line) + "@*/"; }
std::string fixed_marker(unsigned line) { return kFixed + std::to_string(line) + "@*/"; }

std::string resolve_line_markers(const std::string &code, const std::string &file,
                                 const std::string &added_include) {
  if (code.find("/*@pgas-") == std::string::npos) return code;
  std::string quoted;
  for (char c : file) quoted += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
  const auto directive = [&](unsigned line) {
    return "#line " + std::to_string(line) + " \"" + quoted + "\"\n";
  };
  std::istringstream in(code);
  std::string out, text, previous;
  unsigned next = 1;              // the line of the original the compiler gives the next line of output
  std::optional<unsigned> fixed;  // inside added code: every line stands for this one
  std::optional<Marker> pending;  // markers at the end of the line before
  bool include_seen = false;
  while (std::getline(in, text)) {
    if (!include_seen && !added_include.empty() && text == added_include) {
      include_seen = true;  // takes no line of the original: the numbering resumes after it
      out += text + "\n" + directive(next);
      previous = text;
      continue;
    }
    LineMarkers markers = strip_markers(text);
    const bool had_markers = markers.first || markers.trailing;
    if (pending) {
      markers.first = pending;
      if (!markers.last) markers.last = pending;
    }
    pending = markers.trailing;
    if (had_markers && blank(text)) {  // a line of markers only: they apply to the next line
      if (!pending) pending = markers.last;
      continue;
    }
    unsigned want = fixed ? *fixed : next;
    if (markers.first) want = markers.first->line;
    if (markers.last)
      fixed = markers.last->fixed ? std::optional<unsigned>(markers.last->line) : std::nullopt;
    if (want != next && at_statement_boundary(previous)) {
      out += directive(want);
      next = want;
    }
    out += text + "\n";
    previous = text;
    // After a line marker the lines count on from its line (it may follow the line's first marker).
    next = markers.last && !markers.last->fixed ? markers.last->line + 1 : next + 1;
  }
  if (!code.empty() && code.back() != '\n') out.pop_back();
  return out;
}

}  // namespace pgas::refactor
