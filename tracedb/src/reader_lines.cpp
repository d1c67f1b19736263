// TraceReader: per source line (Figure 5), and the source text shown next to it.
#include <filesystem>
#include <fstream>

#include "pgas/tracedb/reader.hpp"
#include "reader_sql.hpp"

namespace pgas::tracedb {
namespace {

namespace fs = std::filesystem;

bool is_file(const fs::path &path) {
  std::error_code ec;
  return fs::is_regular_file(path, ec);
}

// DIR/a/b/c, DIR/b/c, DIR/c for a recorded /a/b/c: the longest suffix of the recorded path under DIR.
std::string find_under(const fs::path &dir, const fs::path &recorded) {
  const fs::path relative = recorded.relative_path();
  std::vector<fs::path> parts(relative.begin(), relative.end());
  for (std::size_t first = 0; first < parts.size(); ++first) {
    fs::path candidate = dir;
    for (std::size_t i = first; i < parts.size(); ++i) candidate /= parts[i];
    if (is_file(candidate)) return candidate.string();
  }
  return "";
}

}  // namespace

std::vector<LineRow> TraceReader::lines(const Filter &filter) const { return digest(filter).lines; }

std::int64_t TraceReader::unsymbolized_sites() const {
  return detail::guarded(path(), [&] {
    return db_.scalar("SELECT count(*) FROM site WHERE id <> 0 AND symbolized = 0").value_or(0);
  });
}

SourceFiles::SourceFiles(std::vector<std::string> roots) : roots_(std::move(roots)) {}

std::string SourceFiles::resolve(const std::string &file) const {
  if (file.empty()) return "";
  for (const std::string &root : roots_) {
    std::size_t equals = root.find('=');
    if (equals == std::string::npos) {
      std::string found = find_under(root, file);
      if (!found.empty()) return found;
      continue;
    }
    std::string_view old_prefix = std::string_view(root).substr(0, equals);
    if (file.rfind(old_prefix, 0) != 0) continue;
    std::string candidate = root.substr(equals + 1) + file.substr(old_prefix.size());
    if (is_file(candidate)) return candidate;
  }
  return is_file(file) ? file : "";
}

const std::vector<std::string> &SourceFiles::text(const std::string &file) {
  auto cached = cache_.find(file);
  if (cached == cache_.end()) {
    std::vector<std::string> text;
    if (std::string found = resolve(file); !found.empty()) {
      std::ifstream in(found, std::ios::binary);
      for (std::string l; std::getline(in, l);) {
        if (!l.empty() && l.back() == '\r') l.pop_back();
        text.push_back(std::move(l));
      }
    }
    cached = cache_.emplace(file, std::move(text)).first;
  }
  return cached->second;
}

std::string SourceFiles::line(const std::string &file, int line) {
  const std::vector<std::string> &lines = text(file);
  return line >= 1 && static_cast<std::size_t>(line) <= lines.size() ? lines[line - 1] : "";
}

}  // namespace pgas::tracedb
