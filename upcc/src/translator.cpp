#include "translator.hpp"

#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>

namespace pgas::upcc {

using namespace clang;

Translator::Translator(ASTContext &ctx, Rewriter &rewriter, const DialectTypes &types, Pragmas pragmas)
    : ctx_(ctx), sm_(ctx.getSourceManager()), rw_(rewriter), types_(types), pragmas_(std::move(pragmas)) {}

bool Translator::strict_at(const SharedLevel &level, SourceLocation at) const {
  if (level.consistency != Consistency::Unqualified) return level.consistency == Consistency::Strict;
  bool strict = false;  // each translation unit starts with an implicit #pragma upc relaxed
  for (const auto &[where, is_strict] : pragmas_)
    if (sm_.isBeforeInTranslationUnit(where, at)) strict = is_strict;
  return strict;
}

bool Translator::run() {
  TraverseDecl(ctx_.getTranslationUnitDecl());
  translate_declaration_groups();
  return !failed_ && !ctx_.getDiagnostics().hasErrorOccurred();
}

bool Translator::in_user_file(SourceLocation at) const {
  // The user's files: the UPC file and the headers it includes from outside the system's directories.
  if (at.isInvalid()) return false;
  SourceLocation file = sm_.getExpansionLoc(at);
  return !sm_.isInSystemHeader(file) && sm_.getFileEntryForID(sm_.getFileID(file)) != nullptr;
}

std::optional<CharSourceRange> Translator::file_range(SourceRange r, SourceLocation at) {
  CharSourceRange range =
      Lexer::makeFileCharRange(CharSourceRange::getTokenRange(r), sm_, ctx_.getLangOpts());
  if (range.isInvalid() || !in_user_file(range.getBegin())) {
    error(at,
          "pgas-upcc cannot translate this UPC construct: it is written inside a macro definition; "
          "write it outside the macro, or make the macro expand to a name declared outside it");
    return std::nullopt;
  }
  return range;
}

void Translator::replace(SourceRange r, const std::string &text, SourceLocation at, Inserts inserts) {
  auto range = file_range(r, at);
  if (!range) return;
  // Text inserted at the range's ends belongs to an enclosing construct (see wrap), unless the new text
  // already holds it.
  Rewriter::RewriteOptions options;
  options.IncludeInsertsAtBeginOfRange = options.IncludeInsertsAtEndOfRange = inserts == Inserts::Replaced;
  rw_.ReplaceText(range->getBegin(), static_cast<unsigned>(rw_.getRangeSize(*range, options)), text);
}

void Translator::wrap(SourceRange r, const std::string &before, const std::string &after, SourceLocation at) {
  // The walk sees an expression before the expressions inside it: text for an inner one goes inside the
  // text already there for an outer one.
  if (auto range = file_range(r, at)) {
    rw_.InsertText(range->getBegin(), before, /*InsertAfter=*/true);
    rw_.InsertText(range->getEnd(), after, /*InsertAfter=*/false);
  }
}

std::string Translator::text(SourceRange r) {
  auto range = file_range(r, r.getBegin());
  return range ? rw_.getRewrittenText(*range) : std::string();
}

void Translator::error(SourceLocation at, const std::string &message) {
  failed_ = true;
  DiagnosticsEngine &d = ctx_.getDiagnostics();
  d.Report(at, d.getCustomDiagID(DiagnosticsEngine::Error, "%0")) << message;
}

void Translator::note(SourceLocation at, const std::string &message) {
  DiagnosticsEngine &d = ctx_.getDiagnostics();
  d.Report(at, d.getCustomDiagID(DiagnosticsEngine::Note, "%0")) << message;
}

SourceLocation Translator::after_statement(const Stmt *s) const {
  if (const auto *c = dyn_cast<CompoundStmt>(s))
    return Lexer::getLocForEndOfToken(sm_.getExpansionLoc(c->getRBracLoc()), 0, sm_, ctx_.getLangOpts());
  SourceLocation end = sm_.getExpansionRange(s->getEndLoc()).getEnd();
  if (isa<NullStmt>(s)) return Lexer::getLocForEndOfToken(end, 0, sm_, ctx_.getLangOpts());
  // An expression statement or a statement ending in one ends at its ';'.
  if (std::optional<Token> next = Lexer::findNextToken(end, sm_, ctx_.getLangOpts());
      next && next->is(tok::semi))
    return next->getEndLoc();
  return Lexer::getLocForEndOfToken(end, 0, sm_, ctx_.getLangOpts());
}

}  // namespace pgas::upcc
