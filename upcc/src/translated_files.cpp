#include "translated_files.hpp"

#include <llvm/Support/Path.h>

#include <map>
#include <set>

#include "user_files.hpp"

namespace pgas::upcc {

using namespace clang;

namespace {

std::string text_of(const SourceManager &sm, Rewriter &rewriter, FileID id) {
  if (const RewriteBuffer *buffer = rewriter.getRewriteBufferFor(id))
    return std::string(buffer->begin(), buffer->end());
  return sm.getBufferData(id).str();
}

std::string line_directive(llvm::StringRef file) { return "#line 1 \"" + file.str() + "\"\n"; }

class HeaderCopies {
 public:
  HeaderCopies(const SourceManager &sm, const TranslationRequest &request) : sm_(sm), request_(request) {}

  struct Copy {
    const FileEntry *file;
    FileID id;
    std::string path;
  };

  bool is_user_header(FileID id) const {
    return id.isValid() && id != sm_.getMainFileID() && in_user_file(sm_, sm_.getLocForStartOfFile(id));
  }
  bool has(const FileEntry *f) const { return index_.count(f) != 0; }
  void add(FileID id) {
    const FileEntry *f = sm_.getFileEntryForID(id);
    if (has(f)) return;
    std::string name = llvm::sys::path::stem(f->getName()).str();
    std::string path = request_.header_dir + "/" + name + ".upcc.h";
    for (int k = 2; used_.count(path); ++k)
      path = request_.header_dir + "/" + name + "." + std::to_string(k) + ".upcc.h";
    used_.insert(path);
    index_[f] = copies_.size();
    copies_.push_back({f, id, path});
  }
  const std::string &path(const FileEntry *f) const { return copies_[index_.at(f)].path; }
  // In the order they were added (the user's -iquote order follows it).
  const std::vector<Copy> &all() const { return copies_; }

 private:
  const SourceManager &sm_;
  const TranslationRequest &request_;
  std::vector<Copy> copies_;
  std::map<const FileEntry *, std::size_t> index_;
  std::set<std::string> used_;
};

std::string directory_of(const std::string &path) {
  const std::string dir = llvm::sys::path::parent_path(path).str();
  return dir.empty() ? "." : dir;
}

}  // namespace

Translation translated_files(const SourceManager &sm, Rewriter &rewriter,
                             const std::vector<Inclusion> &inclusions, const TranslationRequest &request,
                             const std::string &prelude) {
  HeaderCopies copies(sm, request);
  for (auto it = rewriter.buffer_begin(); it != rewriter.buffer_end(); ++it)
    if (copies.is_user_header(it->first)) copies.add(it->first);
  // A file that includes a copied header includes the copy, and is copied itself unless it is the UPC file.
  std::set<unsigned> redirected;
  for (bool changed = true; changed;) {
    changed = false;
    for (const Inclusion &i : inclusions) {
      if (!copies.has(i.target) || redirected.count(i.filename.getBegin().getRawEncoding())) continue;
      FileID includer = sm.getFileID(i.filename.getBegin());
      if (includer != sm.getMainFileID() && !copies.is_user_header(includer)) continue;
      rewriter.ReplaceText(i.filename, "\"" + copies.path(i.target) + "\"");
      redirected.insert(i.filename.getBegin().getRawEncoding());
      if (includer != sm.getMainFileID()) copies.add(includer);
      changed = true;
    }
  }
  Translation t;
  t.main = prelude + line_directive(request.file) + text_of(sm, rewriter, sm.getMainFileID());
  std::set<std::string> dirs;
  for (const HeaderCopies::Copy &copy : copies.all()) {
    const std::string original = copy.file->getName().str();
    t.headers.push_back({original, copy.path, line_directive(original) + text_of(sm, rewriter, copy.id)});
    if (dirs.insert(directory_of(original)).second) t.quote_dirs.push_back(directory_of(original));
  }
  return t;
}

}  // namespace pgas::upcc
