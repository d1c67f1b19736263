#include "loop_finding.hpp"

#include <clang/AST/ParentMapContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>

#include <algorithm>
#include <functional>

#include "analysis.hpp"
#include "ast_util.hpp"

namespace pgas::refactor {

using namespace clang;

namespace {

// The upc_forall loops written in the main file (template patterns once, never their instantiations).
class LoopCollector : public RecursiveASTVisitor<LoopCollector> {
 public:
  explicit LoopCollector(ASTContext &ctx) : ctx_(ctx) {}
  bool VisitForStmt(ForStmt *loop) {
    const SourceManager &sm = ctx_.getSourceManager();
    SourceLocation at = sm.getExpansionLoc(loop->getBeginLoc());
    if (sm.isInSystemHeader(at) || !sm.isWrittenInMainFile(at)) return true;
    if (forall_spelling(loop, ctx_).is_forall) loops.push_back(loop);
    return true;
  }
  std::vector<const ForStmt *> loops;

 private:
  ASTContext &ctx_;
};

// Whether the loop already goes through a software cache (it was rewritten before).
bool uses_cache(const Stmt *s) {
  if (!s) return false;
  if (auto *ref = dyn_cast<DeclRefExpr>(s)) {
    const CXXRecordDecl *r = ref->getType().getNonReferenceType()->getAsCXXRecordDecl();
    if (r && r->getQualifiedNameAsString() == "pgas::cache") return true;
  }
  for (const Stmt *child : s->children())
    if (uses_cache(child)) return true;
  return false;
}

// Whether the loop is the original kept beside its rewrite, run when names that may alias a cached array do
// (`if (pgas::refactored::distinct_objects(...)) { rewritten } else { original }`).
bool is_alias_fallback(const ForStmt *loop, ASTContext &ctx) {
  DynTypedNode node = DynTypedNode::create(*loop);
  for (int up = 0; up < 3; ++up) {
    auto parents = ctx.getParents(node);
    if (parents.empty()) return false;
    if (auto *i = parents[0].get<IfStmt>()) {
      std::function<bool(const Stmt *)> checks = [&](const Stmt *s) {
        if (auto *call = dyn_cast<CallExpr>(s);
            call && call->getDirectCallee() &&
            call->getDirectCallee()->getQualifiedNameAsString() == "pgas::refactored::distinct_objects")
          return true;
        for (const Stmt *child : s->children())
          if (child && checks(child)) return true;
        return false;
      };
      return i->getElse() == node.get<Stmt>() && checks(i->getCond());
    }
    node = parents[0];
  }
  return false;
}

// Whether a comment is an opt-out, as NOLINT is for clang-tidy: its text, without the comment markers and
// the white space around, is exactly NOREFACTOR, NOREFACTOR(reason) or NOREFACTOR: reason.
bool opt_out_comment(llvm::StringRef comment) {
  if (!comment.consume_front("//") && comment.consume_front("/*")) comment.consume_back("*/");
  comment = comment.trim();
  if (!comment.consume_front("NOREFACTOR")) return false;
  return comment.empty() || comment.front() == ':' || (comment.front() == '(' && comment.back() == ')');
}

// Whether a comment on the line is an opt-out; with `alone`, only when the line holds nothing else.
bool marked_line(const SourceManager &sm, FileID file, unsigned line, bool alone, const LangOptions &lang) {
  bool invalid = false;
  const llvm::StringRef buffer = sm.getBufferData(file, &invalid);
  const SourceLocation start = sm.translateLineCol(file, line, 1);
  if (invalid || start.isInvalid()) return false;
  const unsigned begin = sm.getFileOffset(start);
  const std::size_t end = std::min(buffer.find('\n', begin), buffer.size());
  Lexer lexer(sm.getLocForStartOfFile(file), lang, buffer.begin(), buffer.begin() + begin, buffer.end());
  lexer.SetCommentRetentionState(true);
  bool marked = false;
  Token token;
  while (true) {
    const bool last = lexer.LexFromRawLexer(token);
    if (token.is(tok::eof) || sm.getFileOffset(token.getLocation()) >= end) break;
    if (token.is(tok::comment)) {
      const llvm::StringRef text(buffer.data() + sm.getFileOffset(token.getLocation()), token.getLength());
      marked = marked || opt_out_comment(text);
    } else if (alone) {
      return false;
    }
    if (last) break;
  }
  return marked;
}

bool opted_out(const ForallSpelling &spelling, const ASTContext &ctx) {
  const SourceManager &sm = ctx.getSourceManager();
  const SourceLocation at = sm.getExpansionLoc(spelling.keyword);
  const FileID file = sm.getFileID(at);
  const unsigned line = sm.getExpansionLineNumber(at);
  return marked_line(sm, file, line, false, ctx.getLangOpts()) ||
         (line > 1 && marked_line(sm, file, line - 1, true, ctx.getLangOpts()));
}

}  // namespace

std::vector<const ForStmt *> forall_loops(ASTContext &ctx) {
  LoopCollector collector(ctx);
  collector.TraverseDecl(ctx.getTranslationUnitDecl());
  return collector.loops;
}

std::vector<Candidate> find_candidates(ASTContext &ctx, const ArraySelector &select) {
  const SourceManager &sm = ctx.getSourceManager();
  std::vector<Candidate> candidates;
  for (const ForStmt *loop : forall_loops(ctx)) {
    if (uses_cache(loop) || is_alias_fallback(loop, ctx)) continue;
    const std::string file = written_file(sm, loop->getBeginLoc());
    const unsigned first = written_line(sm, loop->getBeginLoc());
    const unsigned last = written_line(sm, loop->getEndLoc());
    Candidate c;
    const bool header_read = read_header(loop, ctx, c.model, c.refusals);
    if (!c.model.body || !find_accesses(select(file, first, last), ctx, c.model, c.refusals)) continue;
    if (header_read && c.refusals.empty() &&
        std::all_of(c.model.accesses.begin(), c.model.accesses.end(),
                    [&](const Access &a) { return owner_computes(a, c.model, ctx); }))
      continue;
    const ForallSpelling spelling = forall_spelling(loop, ctx);
    c.opted_out = opted_out(spelling, ctx);
    if (header_read) {
      if (!spelling.wrapper.empty())
        c.refusals.push_back({spelling.keyword,
                              "not rewritten: upc_forall is expanded inside macro '" + spelling.wrapper + "'",
                              spelling.keyword,
                              "rewrite the macro's uses by hand, or spell upc_forall directly"});
    }
    candidates.push_back(std::move(c));  // a header the rewrite cannot read is one of its refusals
  }
  return candidates;
}

}  // namespace pgas::refactor
