#include "translator.hpp"

#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>

#include <set>

#include "user_files.hpp"

namespace pgas::upcc {

using namespace clang;

Translator::Translator(ASTContext &ctx, Rewriter &rewriter, const DialectTypes &types, Pragmas pragmas)
    : ctx_(ctx), sm_(ctx.getSourceManager()), rw_(rewriter), types_(types), pragmas_(std::move(pragmas)) {}

// UPC 1.3 §6.7.1: a pragma inside a compound statement applies to the end of it, after which the state
// before the statement is back; so the pragma in force at `at` is the last one before it whose scope has
// not ended there.
bool Translator::strict_at(const SharedLevel &level, SourceLocation at) const {
  if (level.consistency != Consistency::Unqualified) return level.consistency == Consistency::Strict;
  bool strict = false;  // each translation unit starts with an implicit #pragma upc relaxed
  for (const Pragma &p : pragmas_)
    if (sm_.isBeforeInTranslationUnit(p.where, at) &&
        (p.scope.isInvalid() || sm_.isBeforeInTranslationUnit(at, p.scope.getEnd())))
      strict = p.strict;
  return strict;
}

namespace {
struct CompoundStatements : RecursiveASTVisitor<CompoundStatements> {
  bool VisitCompoundStmt(CompoundStmt *s) {
    ranges.push_back(s->getSourceRange());
    return true;
  }
  std::vector<SourceRange> ranges;
};
}  // namespace

// Each pragma's scope: the innermost compound statement around it.
void Translator::find_pragma_scopes() {
  if (pragmas_.empty()) return;
  CompoundStatements compounds;
  compounds.TraverseDecl(ctx_.getTranslationUnitDecl());
  const auto inside = [this](SourceLocation at, SourceRange r) {
    return sm_.isBeforeInTranslationUnit(r.getBegin(), at) && sm_.isBeforeInTranslationUnit(at, r.getEnd());
  };
  for (Pragma &p : pragmas_)
    for (const SourceRange &r : compounds.ranges)
      if (inside(p.where, r) && (p.scope.isInvalid() || inside(r.getBegin(), p.scope))) p.scope = r;
}

bool Translator::run() {
  find_pragma_scopes();
  TraverseDecl(ctx_.getTranslationUnitDecl());
  translate_declaration_groups();
  return !failed_ && !ctx_.getDiagnostics().hasErrorOccurred();
}

bool Translator::in_user_file(SourceLocation at) const { return upcc::in_user_file(sm_, at); }

std::optional<CharSourceRange> Translator::user_range(SourceRange r) const {
  CharSourceRange range =
      Lexer::makeFileCharRange(CharSourceRange::getTokenRange(r), sm_, ctx_.getLangOpts());
  if (range.isInvalid() || !in_user_file(range.getBegin())) return std::nullopt;
  return range;
}

std::optional<CharSourceRange> Translator::file_range(SourceRange r, SourceLocation at) {
  if (std::optional<CharSourceRange> range = user_range(r)) return range;
  // A construct written in one macro's definition is edited there, for every expansion alike (first_edit
  // makes each edit once).
  SourceLocation begin = sm_.getSpellingLoc(r.getBegin()), end = sm_.getSpellingLoc(r.getEnd());
  CharSourceRange range;
  if (sm_.getFileID(begin) == sm_.getFileID(end) && !sm_.isBeforeInTranslationUnit(end, begin))
    range = CharSourceRange::getTokenRange(begin, end);
  if (range.isInvalid() || !in_user_file(range.getBegin())) {
    error(at,
          "pgas-upcc cannot translate this UPC construct: it is written inside a macro definition; "
          "write it outside the macro, or make the macro expand to a name declared outside it");
    return std::nullopt;
  }
  return range;
}

bool Translator::first_edit(const CharSourceRange &range, const std::string &what, SourceLocation at) {
  const auto where = std::make_pair(range.getBegin().getRawEncoding(), range.getEnd().getRawEncoding());
  if (!edits_.insert({where, what}).second) return false;  // made for another expansion of a macro
  // Two different replacements of one range: the macro's expansions differ.
  if (what.rfind("replace:", 0) == 0 && !replacements_.emplace(where, what).second)
    error(at,
          "pgas-upcc cannot translate this macro: its expansions need different translations here; "
          "write the construct outside the macro");
  return true;
}

void Translator::replace(SourceRange r, const std::string &text, SourceLocation at, Inserts inserts) {
  auto range = file_range(r, at);
  if (!range || !first_edit(*range, "replace:" + text, at)) return;
  // Text inserted at the range's ends belongs to an enclosing construct (see wrap), unless the new text
  // already holds it.
  Rewriter::RewriteOptions options;
  options.IncludeInsertsAtBeginOfRange = options.IncludeInsertsAtEndOfRange = inserts == Inserts::Replaced;
  rw_.ReplaceText(range->getBegin(), static_cast<unsigned>(rw_.getRangeSize(*range, options)), text);
}

void Translator::wrap(SourceRange r, const std::string &before, const std::string &after, SourceLocation at) {
  // The walk sees an expression before the expressions inside it: text for an inner one goes inside the
  // text already there for an outer one.
  if (auto range = file_range(r, at); range && first_edit(*range, "wrap:" + before + "|" + after, at)) {
    rw_.InsertText(range->getBegin(), before, /*InsertAfter=*/true);
    rw_.InsertText(range->getEnd(), after, /*InsertAfter=*/false);
  }
}

void Translator::claim_subscripts(const Stmt *s) {
  if (s == nullptr) return;
  if (const auto *e = dyn_cast<ArraySubscriptExpr>(s)) handled_.insert(e);
  for (const Stmt *child : s->children()) claim_subscripts(child);
}

void Translator::respell_c_words(const std::vector<Token> &lexed) {
  // C++'s keywords that C has as names (C's own keywords, and the macros of <stdbool.h>, <iso646.h> and
  // <uchar.h>, expand before the parse and are not seen here).
  static const std::set<llvm::StringRef> keywords = {"and",       "and_eq",
                                                     "bitand",    "bitor",
                                                     "bool",      "catch",
                                                     "char8_t",   "class",
                                                     "compl",     "concept",
                                                     "consteval", "constexpr",
                                                     "constinit", "const_cast",
                                                     "co_await",  "co_return",
                                                     "co_yield",  "decltype",
                                                     "delete",    "dynamic_cast",
                                                     "explicit",  "export",
                                                     "false",     "friend",
                                                     "mutable",   "namespace",
                                                     "new",       "noexcept",
                                                     "not",       "not_eq",
                                                     "nullptr",   "operator",
                                                     "or",        "or_eq",
                                                     "private",   "protected",
                                                     "public",    "reinterpret_cast",
                                                     "requires",  "static_cast",
                                                     "template",  "this",
                                                     "throw",     "true",
                                                     "try",       "typeid",
                                                     "typename",  "using",
                                                     "virtual",   "xor",
                                                     "xor_eq"};
  for (const Token &t : lexed) {
    const SourceLocation at = sm_.getSpellingLoc(t.getLocation());
    if (t.is(tok::kw_restrict) && in_user_file(at)) {
      replace(SourceRange(at, at), "__restrict", at);  // C99's qualifier, as C++ compilers spell it
      continue;
    }
    if (!t.is(tok::identifier) || !keywords.count(t.getIdentifierInfo()->getName())) continue;
    if (in_user_file(at)) replace(SourceRange(at, at), t.getIdentifierInfo()->getName().str() + "_", at);
  }
}

std::optional<SourceLocation> Translator::open_bracket(const ArraySubscriptExpr *e) const {
  std::optional<Token> t =
      Lexer::findNextToken(sm_.getSpellingLoc(e->getBase()->getEndLoc()), sm_, ctx_.getLangOpts());
  if (!t || !t->is(tok::l_square)) return std::nullopt;
  return t->getLocation();
}

std::optional<std::string> Translator::written_text(SourceRange r) const {
  std::optional<CharSourceRange> range = user_range(r);
  return range ? std::optional<std::string>(rw_.getRewrittenText(*range)) : std::nullopt;
}

std::string Translator::name_at(const char *prefix, SourceLocation at) const {
  const PresumedLoc where = sm_.getPresumedLoc(at);
  return prefix + std::to_string(where.getLine()) + "_" + std::to_string(where.getColumn());
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

SourceLocation Translator::after_statement(const Stmt *s, bool in_macro) const {
  auto file = [&](SourceLocation l) { return in_macro ? sm_.getSpellingLoc(l) : sm_.getExpansionLoc(l); };
  if (const auto *c = dyn_cast<CompoundStmt>(s))
    return Lexer::getLocForEndOfToken(file(c->getRBracLoc()), 0, sm_, ctx_.getLangOpts());
  SourceLocation end =
      in_macro ? sm_.getSpellingLoc(s->getEndLoc()) : sm_.getExpansionRange(s->getEndLoc()).getEnd();
  if (isa<NullStmt>(s)) return Lexer::getLocForEndOfToken(end, 0, sm_, ctx_.getLangOpts());
  // An expression statement or a statement ending in one ends at its ';'.
  if (std::optional<Token> next = Lexer::findNextToken(end, sm_, ctx_.getLangOpts());
      next && next->is(tok::semi))
    return next->getEndLoc();
  return Lexer::getLocForEndOfToken(end, 0, sm_, ctx_.getLangOpts());
}

}  // namespace pgas::upcc
