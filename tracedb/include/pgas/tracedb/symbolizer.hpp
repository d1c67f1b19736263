// The offline symbolizer: return addresses recorded by the tracer (module + offset) to source frames with
// LLVM's DebugInfo/Symbolize library, the frame to report for each call site, and the pass that fills the
// trace database's `site` columns and recovers `variable` names from the allocating source lines.
// Link pgas_tracedb_symbolizer; this header does not include LLVM.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "pgas/tracedb/database.hpp"

namespace pgas::tracedb {

// One source location of an inline chain.
struct SourceFrame {
  std::string function;  // demangled
  std::string file;      // absolute path as recorded in the debug info
  int line = 0;
  int column = 0;
  bool operator==(const SourceFrame &) const = default;
};

// Whether a module's addresses can be symbolized.
enum class ModuleStatus { kOk, kMissing, kNotAnObject, kNoDebugInfo, kBuildIdMismatch };
const char *to_string(ModuleStatus status);

// Receives one line per problem found (a missing module, a build id mismatch, ...), once per module.
using SymbolizerLog = std::function<void(const std::string &message)>;

// Not thread-safe; one per thread if needed. Modules are loaded once and cached.
class Symbolizer {
 public:
  explicit Symbolizer(SymbolizerLog log = {});
  ~Symbolizer();
  Symbolizer(const Symbolizer &) = delete;
  Symbolizer &operator=(const Symbolizer &) = delete;

  // Can `module_path` be symbolized? With a non-empty `expected_build_id` (hex, as in module.build_id), the
  // file's GNU build id must equal it: a rebuilt program would give plausible but wrong lines.
  ModuleStatus check(const std::string &module_path, std::string_view expected_build_id = {});

  // The inline chain at a return address (`module_offset` from the module's load address, dlpi_addr),
  // innermost frame first. The call is the instruction before it, so offset - 1 is looked up. Empty when
  // check() is not kOk or the address has no line information; never throws for that.
  std::vector<SourceFrame> frames(const std::string &module_path, std::uint64_t module_offset,
                                  std::string_view expected_build_id = {});

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The module's GNU build id in hex ("" if it has none or cannot be read).
std::string read_build_id(const std::string &module_path);

// The compilation directories of the module's compile units (DW_AT_comp_dir), each once: where the
// compiler ran, which a relative source path (std::source_location's, as the compiler was given it) is
// relative to. Empty if the module cannot be read or has no debug information.
std::vector<std::string> compilation_directories(const std::string &module_path);

// Path substrings that mark the toolkit's own headers, whose frames are never the ones reported.
std::vector<std::string> default_toolkit_paths();

// Whether `file` is one of the toolkit's own headers (contains one of `toolkit_paths`).
bool is_toolkit_file(std::string_view file,
                     const std::vector<std::string> &toolkit_paths = default_toolkit_paths());

// The frame to report for a call site: the innermost frame outside the toolkit's headers (so that an access
// through an inlined shared_array proxy is attributed to the user's line); the outermost frame if all are
// toolkit frames; nullptr for an empty chain.
const SourceFrame *reported_frame(const std::vector<SourceFrame> &chain,
                                  const std::vector<std::string> &toolkit_paths = default_toolkit_paths());

// The chain as the JSON array stored in site.inline_chain: [{"function":..,"file":..,"line":..,"column":..}].
std::string inline_chain_json(const std::vector<SourceFrame> &chain);

// Replaces a leading `from` of a source path by `to` (for a source tree that moved since the build).
struct PathRemap {
  std::string from, to;
};

struct SymbolizeOptions {
  std::vector<std::string> toolkit_paths = default_toolkit_paths();
  // Where to read sources: the first remap whose prefix matches applies; the path as recorded is the
  // fallback.
  std::vector<PathRemap> source_remaps;
  bool check_build_ids = true;  // compare module.build_id with the file's
  SymbolizerLog log;            // problems, one line each; none if empty
};

struct SymbolizeCounts {
  std::int64_t sites_symbolized = 0;  // sites whose columns were filled now
  std::int64_t sites_unresolved = 0;  // sites left with symbolized = 0 (module missing, stripped, ...)
  std::int64_t names_recovered = 0;   // variables named from their allocating line now
  std::int64_t names_unresolved = 0;  // variables left 'unknown' although their site has a line
};

// In one transaction: fills function, file, line, column and inline_chain of every site with symbolized = 0
// and a module, setting symbolized = 1; then names every variable with name_source = 'unknown' whose
// alloc_site has a file and line outside the toolkit's headers, from that source line (name_source =
// 'source'). 'program' names are kept.
// Database errors throw tracedb::Error (and roll back); unsymbolizable modules and unreadable sources do not.
SymbolizeCounts symbolize_database(Database &db, const SymbolizeOptions &options = {});

}  // namespace pgas::tracedb
