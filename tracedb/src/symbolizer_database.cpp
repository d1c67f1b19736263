// symbolize_database: the offline pass over a trace database that fills `site` from debug info and names
// `variable` rows from their allocating source lines, in one transaction.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>

#include "pgas/tracedb/source_names.hpp"
#include "pgas/tracedb/symbolizer.hpp"
#include "symbolizer_paths.hpp"

namespace pgas::tracedb {
namespace {

// Rolls back unless committed.
class Transaction {
 public:
  explicit Transaction(Database &db) : db_(db) { db_.exec("BEGIN IMMEDIATE"); }
  ~Transaction() {
    if (!committed_) {
      try {
        db_.exec("ROLLBACK");
      } catch (const Error &) {  // the original error is the one that matters
      }
    }
  }
  Transaction(const Transaction &) = delete;
  Transaction &operator=(const Transaction &) = delete;
  void commit() {
    db_.exec("COMMIT");
    committed_ = true;
  }

 private:
  Database &db_;
  bool committed_ = false;
};

// Source files read once each, looked up through the remaps first and as recorded second.
class SourceLines {
 public:
  explicit SourceLines(const std::vector<PathRemap> &remaps) : remaps_(remaps) {}

  // Line `number` (1-based) of `path`, or nullptr if the file or the line cannot be read.
  const std::string *line(const std::string &path, std::int64_t number) {
    auto it = files_.find(path);
    if (it == files_.end()) it = files_.emplace(path, load(path)).first;
    const std::vector<std::string> &lines = it->second;
    if (number < 1 || number > static_cast<std::int64_t>(lines.size())) return nullptr;
    return &lines[static_cast<std::size_t>(number - 1)];
  }

 private:
  std::vector<std::string> load(const std::string &path) const {
    for (const PathRemap &remap : remaps_) {
      if (remap.from.empty() || path.rfind(remap.from, 0) != 0) continue;
      std::vector<std::string> lines = read(remap.to + path.substr(remap.from.size()));
      if (!lines.empty()) return lines;
      break;
    }
    return read(path);
  }
  static std::vector<std::string> read(const std::string &path) {
    std::vector<std::string> lines;
    std::ifstream in(path);
    for (std::string line; std::getline(in, line);) lines.push_back(std::move(line));
    return lines;
  }

  const std::vector<PathRemap> &remaps_;
  std::map<std::string, std::vector<std::string>> files_;
};

struct PendingSite {
  std::int64_t id;
  std::uint64_t pc;
  std::string module_path, build_id;
};

void symbolize_sites(Database &db, const SymbolizeOptions &options, SymbolizeCounts &counts) {
  std::vector<PendingSite> pending;
  Statement select = db.prepare(
      "SELECT s.id, s.pc, m.path, m.build_id FROM site s JOIN module m ON m.id = s.module "
      "WHERE s.symbolized = 0 ORDER BY s.module, s.pc");
  while (select.step())
    pending.push_back(
        {select.int64(0), static_cast<std::uint64_t>(select.int64(1)), select.text(2), select.text(3)});

  Symbolizer symbolizer(options.log);
  Statement update = db.prepare(
      "UPDATE site SET function = ?1, file = ?2, line = ?3, column = ?4, inline_chain = ?5, symbolized = 1 "
      "WHERE id = ?6");
  for (const PendingSite &site : pending) {
    std::vector<SourceFrame> chain =
        symbolizer.frames(site.module_path, site.pc, options.check_build_ids ? site.build_id : std::string());
    const SourceFrame *frame = reported_frame(chain, options.toolkit_paths);
    if (frame == nullptr) {
      ++counts.sites_unresolved;
      continue;
    }
    update.reset();
    update.bind(1, frame->function).bind(2, frame->file);
    update.bind(3, std::int64_t{frame->line}).bind(4, std::int64_t{frame->column});
    update.bind(5, inline_chain_json(chain)).bind(6, site.id).run();
    ++counts.sites_symbolized;
  }
}

// A site's file given relative (an allocation site from std::source_location names it as the compiler was
// given it) is resolved against the compilation directories of the program and of the job's modules, so
// that the trace names it, and its source is found, from whatever directory the trace is read.
void resolve_relative_files(Database &db) {
  std::vector<std::pair<std::int64_t, std::string>> relative;
  Statement select = db.prepare(
      "SELECT id, file FROM site WHERE file IS NOT NULL AND file != '' AND substr(file, 1, 1) != '/'");
  while (select.step()) relative.emplace_back(select.int64(0), select.text(1));
  if (relative.empty()) return;
  std::vector<std::string> directories;
  Statement modules = db.prepare("SELECT program FROM run UNION SELECT path FROM module");
  while (modules.step())
    for (std::string &directory : compilation_directories(modules.text(0)))
      if (std::find(directories.begin(), directories.end(), directory) == directories.end())
        directories.push_back(std::move(directory));
  Statement update = db.prepare("UPDATE site SET file = ?1 WHERE id = ?2");
  for (const auto &[id, file] : relative)
    for (const std::string &directory : directories) {
      std::error_code ec;
      const std::filesystem::path candidate = (std::filesystem::path(directory) / file).lexically_normal();
      if (!std::filesystem::is_regular_file(candidate, ec)) continue;
      update.reset();
      update.bind(1, candidate.string()).bind(2, id).run();
      break;
    }
}

struct UnnamedVariable {
  std::int64_t handle;
  std::string file;
  std::int64_t line, column;
};

void name_variables(Database &db, const SymbolizeOptions &options, SymbolizeCounts &counts) {
  std::vector<UnnamedVariable> unnamed;
  Statement select = db.prepare(
      "SELECT v.handle, s.file, s.line, COALESCE(s.column, 0) FROM variable v JOIN site s ON s.id = "
      "v.alloc_site "
      "WHERE v.name_source = 'unknown' AND s.file IS NOT NULL AND s.file != '' AND s.line IS NOT NULL");
  while (select.step())
    unnamed.push_back({select.int64(0), select.text(1), select.int64(2), select.int64(3)});

  SourceLines sources(options.source_remaps);
  Statement update = db.prepare("UPDATE variable SET name = ?1, name_source = 'source' WHERE handle = ?2");
  for (const UnnamedVariable &variable : unnamed) {
    // A header's line would give a plausible but wrong name (the recorder could not leave the toolkit).
    bool user_code = !is_toolkit_file(variable.file, options.toolkit_paths);
    const std::string *line = user_code ? sources.line(variable.file, variable.line) : nullptr;
    std::optional<std::string> name =
        line ? variable_name_from_line(*line, static_cast<int>(variable.column)) : std::nullopt;
    if (!name) {
      ++counts.names_unresolved;
      continue;
    }
    update.reset();
    update.bind(1, *name).bind(2, variable.handle).run();
    ++counts.names_recovered;
  }
}

}  // namespace

SymbolizeCounts symbolize_database(Database &db, const SymbolizeOptions &options) {
  SymbolizeCounts counts;
  Transaction transaction(db);
  symbolize_sites(db, options, counts);
  attribute_through_callers(db, options.toolkit_paths);
  resolve_relative_files(db);
  name_variables(db, options, counts);
  transaction.commit();
  return counts;
}

}  // namespace pgas::tracedb
