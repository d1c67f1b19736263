#include "translated_files.hpp"

#include <llvm/Support/Path.h>

#include <map>
#include <set>

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

  bool is_user_header(FileID id) const {
    return id.isValid() && id != sm_.getMainFileID() && sm_.getFileEntryForID(id) != nullptr &&
           !SrcMgr::isSystem(sm_.getFileCharacteristic(sm_.getLocForStartOfFile(id)));
  }
  bool has(const FileEntry *f) const { return copies_.count(f) != 0; }
  // Adds the header of `id`; false when it was there already.
  bool add(FileID id) {
    const FileEntry *f = sm_.getFileEntryForID(id);
    if (has(f)) return false;
    std::string name = llvm::sys::path::stem(f->getName()).str();
    std::string path = request_.header_dir + "/" + name + ".upcc.h";
    for (int k = 2; used_.count(path); ++k)
      path = request_.header_dir + "/" + name + "." + std::to_string(k) + ".upcc.h";
    used_.insert(path);
    copies_[f] = {id, path};
    return true;
  }
  const std::string &path(const FileEntry *f) const { return copies_.at(f).second; }
  const std::map<const FileEntry *, std::pair<FileID, std::string>> &all() const { return copies_; }

 private:
  const SourceManager &sm_;
  const TranslationRequest &request_;
  std::map<const FileEntry *, std::pair<FileID, std::string>> copies_;
  std::set<std::string> used_;
};

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
  for (const auto &[file, copy] : copies.all()) {
    const std::string original = file->getName().str();
    t.headers.push_back(
        {original, copy.second, line_directive(original) + text_of(sm, rewriter, copy.first)});
    std::string dir = llvm::sys::path::parent_path(original).str();
    if (dirs.insert(dir.empty() ? "." : dir).second) t.quote_dirs.push_back(dir.empty() ? "." : dir);
  }
  return t;
}

}  // namespace pgas::upcc
