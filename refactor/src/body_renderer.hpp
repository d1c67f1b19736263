// The text of a loop's parts as the rewrite copies them: the source with each access of a cached array
// replaced by its cache's get or put (the body, an index, a declaration), and with --line-directives the
// body's statements marked with their lines (line_mapping.hpp). Used by rewrite.cpp only.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/ExprCXX.h>

#include <algorithm>
#include <string>
#include <vector>

#include "ast_util.hpp"
#include "line_mapping.hpp"
#include "loop_model.hpp"
#include "options.hpp"

namespace pgas::refactor {

// Inside the class, clang's names are used unqualified as in the other rewrite files.
namespace renderer_detail {
using namespace clang;

class Renderer {
 public:
  Renderer(const LoopModel &m, ASTContext &ctx, const Settings &settings)
      : m_(m), ctx_(ctx), settings_(settings) {
    const SourceManager &sm = ctx.getSourceManager();
    for (std::size_t k = 0; k < m.accesses.size(); ++k) {
      CharSourceRange r = file_range(m.accesses[k].whole->getSourceRange(), ctx);
      if (r.isInvalid()) {
        error_ = "an access of '" + array(m.accesses[k]).name + "' is inside a macro expansion";
        return;
      }
      edits_.push_back({sm.getFileOffset(r.getBegin()), sm.getFileOffset(r.getEnd()), k, kCached, {}});
    }
    for (std::size_t k = 0; k < m.private_accesses.size(); ++k) {
      CharSourceRange r = file_range(m.private_accesses[k].whole->getSourceRange(), ctx);
      if (r.isValid())  // else it keeps its proxy
        edits_.push_back({sm.getFileOffset(r.getBegin()), sm.getFileOffset(r.getEnd()), k, kElement, {}});
    }
    for (std::size_t k = 0; k < m.row_accesses.size(); ++k) {
      CharSourceRange r = file_range(m.row_accesses[k].whole->getSourceRange(), ctx);
      if (r.isValid())
        edits_.push_back({sm.getFileOffset(r.getBegin()), sm.getFileOffset(r.getEnd()), k, kRow, {}});
    }
    if (settings.line_directives) mark_statements(m.body, true);
    // A line marker goes before an access that starts at the same offset.
    std::stable_sort(edits_.begin(), edits_.end(), [](const Edit &a, const Edit &b) {
      return a.begin < b.begin || (a.begin == b.begin && a.access == kMarker && b.access != kMarker);
    });
    buffer_ = sm.getBufferData(sm.getFileID(sm.getExpansionLoc(m.loop->getBeginLoc())));
  }

  const std::string &error() const { return error_; }

  // The source of a node with the accesses inside it replaced.
  std::string node(SourceRange r) {
    CharSourceRange fr = file_range(r, ctx_);
    if (fr.isInvalid()) {
      error_ = "part of the loop body is spelled inside a macro expansion";
      return {};
    }
    const SourceManager &sm = ctx_.getSourceManager();
    return range(sm.getFileOffset(fr.getBegin()), sm.getFileOffset(fr.getEnd()));
  }
  std::string node(const Stmt *s) { return node(s->getSourceRange()); }
  // The loop body as the executor runs it: with --line-directives each statement marked with its line.
  std::string marked_body(const Stmt *s) {
    marking_ = true;
    std::string text = node(s);
    marking_ = false;
    return text;
  }

  std::string index(const Access &a) {
    if (!a.row) return node(a.index);
    std::string row = node(a.row), col = node(a.index);
    if (!is_primary(a.row)) row = "(" + row + ")";
    auto *bo = dyn_cast<BinaryOperator>(a.index->IgnoreImpCasts());
    if (!is_primary(a.index) && !(bo && (bo->isAdditiveOp() || bo->isMultiplicativeOp())))
      col = "(" + col + ")";
    return row + " * " + array(a).name + ".cols() + " + col;
  }

  // The index_run each access reads through (index_runs.hpp), or "" for its cache.
  void read_runs(std::vector<std::string> runs) { runs_ = std::move(runs); }

  std::string access(const Access &a) {
    const std::string &cache = array(a).cache_var, idx = index(a);
    const auto k = static_cast<std::size_t>(&a - m_.accesses.data());
    if (a.owned_load)  // the thread's own element: a plain load in the local part (privatize.cpp)
      return "pgas::refactored::local_element(" + array(a).name + ", " + idx + ")";
    if (a.kind == Access::kRead && k < unchecked_.size() && unchecked_[k] && a.loops.empty() &&
        !local_position_.empty())  // a per-iteration run in a counting executor: the iteration's position
      return runs_[k] + ".nth(" + local_position_ + ")";
    if (a.kind == Access::kRead)
      return (k < runs_.size() && !runs_[k].empty() ? runs_[k] : cache) +
             (k < unchecked_.size() && unchecked_[k] ? ".at(" : ".get(") + idx + ")" +
             (a.member.empty() || !array(a).member.empty() ? "" : "." + a.member);
    std::string value = a.value ? node(a.value) : "1";
    if (a.owned_store)  // the element's only writer: a plain store in the local part (privatize.cpp)
      return "pgas::refactored::local_element(" + array(a).name + ", " + idx + ") = " + value;
    if (a.kind == Access::kWrite || settings_.policy_of(array(a).name) == write_policy::sum)
      return cache + ".put(" + idx + ", " + value + ")";
    if (a.value && !is_primary(a.value)) value = "(" + value + ")";
    return cache + ".put(" + idx + ", " + cache + ".get(" + idx + ") " + a.op + " " + value + ")";
  }

  // A privatized access: a plain load or store of the element in the thread's local part, through the
  // tile's base pointer when the executor has one (consecutive_tile.hpp).
  std::string local_access(const Access &a) {
    const std::string element = !local_base_.empty()
                                    ? local_base_ + "[" + local_position_ + "]"
                                    : "pgas::refactored::local_element(" + m_.private_array.name + ", " +
                                          (a.row ? node(a.row) + ", " : "") + node(a.index) + ")";
    return plain(a, element);
  }
  // A privatized row's access: the row's local_row view, indexed by the column.
  std::string row_access(const Access &a) {
    return plain(a, m_.row_views[static_cast<std::size_t>(a.array)].name + "[" + node(a.index) + "]");
  }
  // Renders the privatized accesses as `base[position]` (both names: the tile's base pointer and the
  // iteration's position in the tile), or through local_element when `base` is "".
  void local_base(std::string base, std::string position) {
    local_base_ = std::move(base);
    local_position_ = std::move(position);
  }
  // Run reads through index_run::at (no bounds check) for the accesses marked, or through get.
  void unchecked_runs(std::vector<bool> unchecked) { unchecked_ = std::move(unchecked); }

 private:
  std::string plain(const Access &a, const std::string &element) {
    if (a.kind == Access::kRead) return element;
    std::string value = a.value ? node(a.value) : "1";
    return element + " " + (a.kind == Access::kWrite ? "" : a.op) + "= " + value;
  }

  // Whether an expression can stand as an operand of + or * without parentheses.
  static bool is_primary(const Expr *e) {
    e = e->IgnoreImpCasts();
    return isa<DeclRefExpr>(e) || isa<IntegerLiteral>(e) || isa<ParenExpr>(e) || isa<CallExpr>(e) ||
           isa<MemberExpr>(e) || isa<FloatingLiteral>(e);
  }

  static constexpr std::size_t kMarker = static_cast<std::size_t>(-1);
  enum Kind { kCached, kElement, kRow };  // of m_.accesses, m_.private_accesses, m_.row_accesses
  struct Edit {
    unsigned begin, end;
    std::size_t access;  // kMarker: insert `marker` instead
    Kind kind;
    std::string marker;
  };

  // Line markers before the statements of the body written in the file (not those inside macro arguments).
  void mark_statements(const Stmt *s, bool is_statement) {
    const SourceManager &sm = ctx_.getSourceManager();
    if (is_statement && s->getBeginLoc().isFileID() && !isa<CompoundStmt>(s)) {
      const unsigned at = sm.getFileOffset(s->getBeginLoc());
      edits_.push_back({at, at, kMarker, kCached, line_marker(sm.getSpellingLineNumber(s->getBeginLoc()))});
    }
    for (const Stmt *child : s->children())
      if (child) mark_statements(child, isa<CompoundStmt>(s));
  }
  const CachedArray &array(const Access &a) const { return m_.arrays[static_cast<std::size_t>(a.array)]; }
  std::vector<std::string> runs_;
  std::vector<bool> unchecked_;
  std::string local_base_, local_position_;

  std::string range(unsigned begin, unsigned end) {
    std::string out;
    unsigned at = begin;
    for (const Edit &e : edits_) {
      if (e.begin < at || e.end > end) continue;  // outside, or inside an edit already rendered
      if (e.access == kMarker && !marking_) continue;
      out += buffer_.substr(at, e.begin - at).str();
      if (e.access == kMarker)
        out += e.marker;
      else
        out += e.kind == kElement ? local_access(m_.private_accesses[e.access])
               : e.kind == kRow   ? row_access(m_.row_accesses[e.access])
                                  : access(m_.accesses[e.access]);
      at = e.end;
    }
    return out + buffer_.substr(at, end - at).str();
  }

  const LoopModel &m_;
  ASTContext &ctx_;
  const Settings &settings_;
  std::vector<Edit> edits_;
  llvm::StringRef buffer_;
  std::string error_;
  bool marking_ = false;
};

}  // namespace renderer_detail

using renderer_detail::Renderer;

}  // namespace pgas::refactor
