#include "names_in_use.hpp"

#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/IdentifierTable.h>
#include <clang/Basic/SourceManager.h>

namespace pgas::refactor {

using namespace clang;

namespace {

class NameCollector : public RecursiveASTVisitor<NameCollector> {
 public:
  NameCollector(const SourceManager &sm, std::set<std::string> &names) : sm_(sm), names_(names) {}

  bool VisitNamedDecl(NamedDecl *d) {
    note(d->getDeclName(), d->getLocation());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *ref) {
    note(ref->getDecl()->getDeclName(), ref->getLocation());
    return true;
  }
  bool VisitMemberExpr(MemberExpr *member) {  // an implicit this->m is hidden by a local m as well
    note(member->getMemberDecl()->getDeclName(), member->getMemberLoc());
    return true;
  }
  bool VisitOverloadExpr(OverloadExpr *e) {
    note(e->getName(), e->getNameLoc());
    return true;
  }
  bool VisitDependentScopeDeclRefExpr(DependentScopeDeclRefExpr *e) {
    note(e->getDeclName(), e->getLocation());
    return true;
  }
  bool VisitCXXDependentScopeMemberExpr(CXXDependentScopeMemberExpr *e) {
    note(e->getMember(), e->getMemberLoc());
    return true;
  }
  bool VisitTagTypeLoc(TagTypeLoc t) {
    note(t.getDecl()->getDeclName(), t.getNameLoc());
    return true;
  }
  bool VisitTypedefTypeLoc(TypedefTypeLoc t) {
    note(t.getTypedefNameDecl()->getDeclName(), t.getNameLoc());
    return true;
  }
  bool VisitTemplateSpecializationTypeLoc(TemplateSpecializationTypeLoc t) {
    if (TemplateDecl *d = t.getTypePtr()->getTemplateName().getAsTemplateDecl())
      note(d->getDeclName(), t.getTemplateNameLoc());
    return true;
  }

 private:
  void note(DeclarationName name, SourceLocation at) {
    const IdentifierInfo *id = name.getAsIdentifierInfo();  // null for operators and anonymous entities
    if (id && at.isValid() && sm_.isWrittenInMainFile(sm_.getExpansionLoc(at)))
      names_.insert(id->getName().str());
  }

  const SourceManager &sm_;
  std::set<std::string> &names_;
};

}  // namespace

NamesInUse::NamesInUse(ASTContext &ctx) : ctx_(ctx) {
  NameCollector(ctx.getSourceManager(), names_).TraverseDecl(ctx.getTranslationUnitDecl());
}

bool NamesInUse::contains(const std::string &name) const {
  if (names_.count(name)) return true;
  // A macro of that name, wherever it was defined, would replace the generated identifier.
  auto it = ctx_.Idents.find(name);
  return it != ctx_.Idents.end() && it->getValue()->hadMacroDefinition();
}

}  // namespace pgas::refactor
