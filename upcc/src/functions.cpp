// Function declarations: a return type with shared levels in the dialect's spelling, C linkage for the
// file's external functions (so that objects compiled from C link with them), and a prototype where C
// wrote none, since C++ reads `int f();` as a function without parameters.
#include <clang/AST/Decl.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>

#include "translator.hpp"

namespace pgas::upcc {

using namespace clang;

bool is_old_style(const DeclContext *c) {
  const auto *f = dyn_cast<FunctionDecl>(c);
  return f && !f->hasWrittenPrototype() && f->getNumParams() > 0;
}

bool Translator::VisitFunctionDecl(FunctionDecl *d) {
  if (!in_user_file(d->getLocation())) return true;
  // From the declaration's start, since the written return type's range starts after the UPC qualifiers.
  if (contains_shared(d->getReturnType())) {
    if (FunctionTypeLoc f = d->getFunctionTypeLoc())
      replace(SourceRange(d->getBeginLoc(), f.getReturnLoc().getEndLoc()),
              std::string(d->getStorageClass() == SC_Static ? "static " : "") +
                  (d->isInlineSpecified() ? "inline " : "") + types_.type_name(d->getReturnType()),
              d->getLocation());
  }
  if (!d->hasWrittenPrototype() && !d->isMain()) translate_prototype(d);
  if (d->getDeclContext()->isTranslationUnit() && d->getStorageClass() != SC_Static &&
      !d->isInlineSpecified())
    rw_.InsertTextBefore(sm_.getExpansionLoc(d->getOuterLocStart()), "extern \"C\" ");
  return true;
}

// `int f(a, b) int a; char *b; {` -> `int f(int a, char *b) {`. A declaration `int f();` takes the
// parameters of the file's definition, or `(...)` when the file has none: C passes the arguments of a call
// without a prototype with the default argument promotions, as C++ passes them to `...`.
void Translator::translate_prototype(const FunctionDecl *d) {
  FunctionTypeLoc f = d->getFunctionTypeLoc();
  if (!f) return;
  const FunctionDecl *definition = d->getDefinition();
  if (definition == d && d->getNumParams() == 0) return;  // `int f() {`: C++ means the same
  std::vector<std::string> parameters;
  if (definition) {
    for (const ParmVarDecl *p : definition->parameters())
      parameters.push_back(types_.declaration(p->getType(), p->getName().str()));
  } else if (const auto *earlier = d->getType()->getAs<FunctionProtoType>()) {  // `int f(int); int f();`
    for (QualType t : earlier->getParamTypes()) parameters.push_back(types_.type_name(t));
    if (earlier->isVariadic()) parameters.push_back("...");
  } else {
    parameters.push_back("...");
  }
  std::string prototype = "(";
  for (const std::string &p : parameters) prototype += (prototype.size() > 1 ? ", " : "") + p;
  prototype += ")";
  // The old-style parameter declarations run from the `)` to the body; the last ends with a `;`.
  SourceLocation end = f.getRParenLoc();
  if (d == definition)
    for (const ParmVarDecl *p : d->parameters())
      if (sm_.isBeforeInTranslationUnit(end, p->getEndLoc())) end = p->getEndLoc();
  if (end != f.getRParenLoc()) {
    std::optional<Token> semi = Lexer::findNextToken(end, sm_, ctx_.getLangOpts());
    if (semi && semi->is(tok::semi)) end = semi->getLocation();
  }
  replace(SourceRange(f.getLParenLoc(), end), prototype, d->getLocation());
}

}  // namespace pgas::upcc
