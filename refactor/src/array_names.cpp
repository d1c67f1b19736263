#include "array_names.hpp"

#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

namespace pgas::refactor {

using namespace clang;

namespace {

bool is_array_type(QualType t) {
  if (t.isNull()) return false;
  if (t->isDependentType()) return true;
  auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      t.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl());
  if (!spec) return false;
  const std::string name = spec->getQualifiedNameAsString();
  return name == "pgas::shared_array" || name == "pgas::shared_array2d" || name == "pgas::global_ptr";
}

class Collector : public RecursiveASTVisitor<Collector> {
 public:
  explicit Collector(const SourceManager &sm) : sm_(sm) {}
  bool shouldVisitTemplateInstantiations() const { return false; }

  bool VisitDeclaratorDecl(DeclaratorDecl *d) {
    note(d, d->getLocation());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *ref) {
    note(ref->getDecl(), ref->getLocation());
    return true;
  }
  bool VisitMemberExpr(MemberExpr *member) {
    note(member->getMemberDecl(), member->getMemberLoc());
    return true;
  }

  std::set<std::string> names;

 private:
  void note(const ValueDecl *d, SourceLocation at) {
    if (d && d->getDeclName().isIdentifier() && sm_.isWrittenInMainFile(sm_.getExpansionLoc(at)) &&
        is_array_type(d->getType()))
      names.insert(d->getName().str());
  }

  const SourceManager &sm_;
};

}  // namespace

std::set<std::string> shared_array_names(ASTContext &ctx) {
  Collector collector(ctx.getSourceManager());
  collector.TraverseDecl(ctx.getTranslationUnitDecl());
  return collector.names;
}

}  // namespace pgas::refactor
