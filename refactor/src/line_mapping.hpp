// --line-directives: the rewritten file says, with #line directives, which line of the original each of its
// lines comes from, so that debug information, and with it the tracer, pgas-report --diff and the viewer's
// compare view, give the rewritten program's accesses the original's lines.
//
// The rewrite marks its text with comments before it is formatted: a statement copied from line K of the
// original starts with a line marker (the lines after it count on from K, like the original's), and the
// code the rewrite adds (caches, tiles, inspector, download, upload) with a fixed marker (each of its lines
// is the loop's line, where the original did those accesses). After formatting, resolve_line_markers turns
// the markers into #line directives.
#pragma once

#include <string>

namespace pgas::refactor {

// "/*@pgas-line K@*/": the text after it comes from line K of the original, the lines after it from K + 1...
std::string line_marker(unsigned line);
// "/*@pgas-fixed K@*/": the text after it, up to the next marker, stands for line K of the original.
std::string fixed_marker(unsigned line);

// The text with its markers replaced by `#line N "file"` directives (none when it holds no marker).
// `added_include`: a line the rewrite inserted outside every marked region (the include of
// pgas/refactored.hpp), which takes no line of the original.
std::string resolve_line_markers(const std::string &code, const std::string &file,
                                 const std::string &added_include);

}  // namespace pgas::refactor
