// Aliases of the cached arrays. A cached array is read from copies made at the start of a tile and written
// back at its end, so another name reaching the same shared memory in the loop (a second reference to the
// array, a pointer-to-shared into it, a struct member holding one) would read values the cache has not
// written back yet, or write values the cache then overwrites. Two names are known apart when both are
// distinct shared objects (not references or pointers), or when their element types differ and neither is a
// pointer-to-shared. Otherwise the rewritten loop checks at run time that they name different objects (their
// allocations differ) and runs the original loop when they do not; a name that cannot be checked before the
// loop (declared or changed in it) refuses the rewrite.
#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>

#include <algorithm>

#include "analysis.hpp"
#include "ast_util.hpp"
#include "call_effects.hpp"

namespace pgas::refactor {

using namespace clang;

namespace {

struct SharedKind {
  std::string name;  // shared_array, shared_array2d, shared_var, global_ptr, shared_ref, row
  QualType element;
};

SharedKind kind_of(QualType t) {
  auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      t.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl());
  if (!spec) return {};
  SharedKind k{spec->getNameAsString(), {}};
  if (spec->getTemplateArgs().size() >= 1 && spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type)
    k.element = spec->getTemplateArgs()[0].getAsType().getCanonicalType().getUnqualifiedType();
  return k;
}

// A shared object itself (not a reference to one, nor a pointer-to-shared): a variable or member of type
// shared_array, shared_array2d or shared_var.
bool is_object(const ValueDecl *d) {
  const std::string kind = kind_of(d->getType()).name;
  return !d->getType()->isReferenceType() &&
         (kind == "shared_array" || kind == "shared_array2d" || kind == "shared_var");
}

}  // namespace

bool may_alias(const ValueDecl *a, const ValueDecl *b) {
  if (a == b) return true;
  if (is_object(a) && is_object(b)) return false;
  const SharedKind ka = kind_of(a->getType()), kb = kind_of(b->getType());
  auto pointer = [](const SharedKind &k) {
    return k.name == "global_ptr" || k.name == "shared_ref" || k.name == "row";
  };
  if (pointer(ka) || pointer(kb)) return true;  // a pointer-to-shared may be cast to point anywhere
  if (ka.element != kb.element) return false;   // a reference binds only to an object of its type
  // A shared_var's storage is its own: only another name of a shared_var reaches it.
  return (ka.name == "shared_var") == (kb.name == "shared_var");
}

namespace {

class AliasChecker {
 public:
  AliasChecker(ASTContext &ctx, LoopModel &m, const std::set<const ValueDecl *> &modified,
               std::vector<Refusal> &r)
      : ctx_(ctx), m_(m), modified_(modified), refusals_(r) {}

  void run() {
    // The cached arrays among themselves: two caches of one array would not see each other's writes. (Views
    // of one array's members are checked in member_views.cpp.)
    for (std::size_t k = 0; k < m_.arrays.size(); ++k)
      for (std::size_t j = k + 1; j < m_.arrays.size(); ++j)
        if (m_.arrays[k].decl != m_.arrays[j].decl && may_alias(m_.arrays[k].decl, m_.arrays[j].decl))
          check_before_loop(m_.arrays[k], m_.arrays[j].name);
    find(m_.body);
  }

 private:
  // Every other name of shared memory the body uses (lambda bodies included).
  void find(const Stmt *s) {
    if (!s) return;
    const Expr *e = dyn_cast<Expr>(s);
    if (e && (isa<DeclRefExpr>(e) || isa<MemberExpr>(e)) && is_shared_type(e->getType())) {
      if (auto *ref = dyn_cast<DeclRefExpr>(e)) return named(ref, ref->getDecl());
      auto *member = cast<MemberExpr>(e);
      if (!is_shared_type(member->getBase()->getType())) return member_named(member);
    }
    for (const Stmt *child : s->children()) find(child);
  }

  void named(const Expr *use, const ValueDecl *d) {
    for (const CachedArray &a : m_.arrays) {
      if (a.decl == d || !may_alias(d, a.decl)) continue;
      if (declared_before_loop(d) && !modified_.count(d)) {
        check_before_loop(a, d->getName().str());
      } else {
        refuse(use, a,
               "'" + d->getName().str() + "' is " +
                   (modified_.count(d) ? "changed in the loop" : "declared in the loop") +
                   " and may point into '" + a.name + "'");
      }
    }
  }

  // s.f: a member holding a shared object, a reference or a pointer-to-shared.
  void member_named(const MemberExpr *member) {
    const ValueDecl *field = member->getMemberDecl();
    const Expr *base = bare(member->getBase());
    auto *root = dyn_cast<DeclRefExpr>(base);
    for (const CachedArray &a : m_.arrays) {
      if (!may_alias(field, a.decl)) continue;
      if (!member->isArrow() && root && declared_before_loop(root->getDecl()) &&
          !modified_.count(root->getDecl()))
        check_before_loop(a, spelled(member->getSourceRange(), ctx_));
      else
        refuse(member, a, "the member '" + field->getName().str() + "' may refer to '" + a.name + "'");
    }
  }

  void check_before_loop(const CachedArray &a, const std::string &other) {
    const std::pair<std::string, std::string> pair{a.name, other}, swapped{other, a.name};
    if (std::find(m_.distinct.begin(), m_.distinct.end(), pair) == m_.distinct.end() &&
        std::find(m_.distinct.begin(), m_.distinct.end(), swapped) == m_.distinct.end())
      m_.distinct.push_back(pair);
  }

  void refuse(const Expr *use, const CachedArray &a, const std::string &note) {
    refusals_.push_back(refusal_at(m_, use,
                                   "another name may reach the memory of the cached array '" + a.name + "'",
                                   note + "; the cache and it would not see each other's writes"));
  }

  bool declared_before_loop(const ValueDecl *d) const {
    const SourceManager &sm = ctx_.getSourceManager();
    return sm.isBeforeInTranslationUnit(d->getLocation(), m_.loop->getBeginLoc());
  }

  ASTContext &ctx_;
  LoopModel &m_;
  const std::set<const ValueDecl *> &modified_;
  std::vector<Refusal> &refusals_;
};

}  // namespace

void check_aliases(ASTContext &ctx, LoopModel &model, const std::set<const ValueDecl *> &modified,
                   std::vector<Refusal> &refusals) {
  AliasChecker(ctx, model, modified, refusals).run();
}

}  // namespace pgas::refactor
