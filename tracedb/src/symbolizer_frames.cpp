// Which frame of an inline chain a call site is reported as, and the chain's JSON form (site.inline_chain).
#include <algorithm>

#include "pgas/tracedb/symbolizer.hpp"
#include "pgas/tracedb/text.hpp"

namespace pgas::tracedb {

std::vector<std::string> default_toolkit_paths() { return {"/include/pgas/", "/runtime/include/"}; }

bool is_toolkit_file(std::string_view file, const std::vector<std::string> &toolkit_paths) {
  return std::any_of(toolkit_paths.begin(), toolkit_paths.end(),
                     [&](const std::string &part) { return file.find(part) != std::string_view::npos; });
}

const SourceFrame *reported_frame(const std::vector<SourceFrame> &chain,
                                  const std::vector<std::string> &toolkit_paths) {
  if (chain.empty()) return nullptr;
  auto user = std::find_if(chain.begin(), chain.end(), [&](const SourceFrame &frame) {
    return !is_toolkit_file(frame.file, toolkit_paths);
  });
  return user != chain.end() ? &*user : &chain.back();
}

std::string inline_chain_json(const std::vector<SourceFrame> &chain) {
  std::string out = "[";
  for (const SourceFrame &frame : chain) {
    if (out.size() > 1) out += ',';
    out += "{\"function\":" + json_escape(frame.function) + ",\"file\":" + json_escape(frame.file);
    out += ",\"line\":" + std::to_string(frame.line) + ",\"column\":" + std::to_string(frame.column) + "}";
  }
  return out + "]";
}

}  // namespace pgas::tracedb
