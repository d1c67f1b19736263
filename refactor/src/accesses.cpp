// Finding and classifying the element accesses of the chosen arrays in a loop body, and of their members
// (`A[i].field(&S::m)`): which are reads, which are writes (`A[i] = v`) or updates (`A[i] += v`, `++A[i]`).
// Written members get caches of their own (member_views.cpp); inspector levels: inspector_levels.cpp.
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/QualTypeNames.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include <map>
#include <set>

#include "analysis.hpp"
#include "ast_util.hpp"
#include "same_expression.hpp"

namespace pgas::refactor {

using namespace clang;

namespace {

// The dialect's array-like types: shared_array<T, C>, shared_array2d<T, C>, global_ptr<T>.
struct ArrayKind {
  bool ok = false, two_d = false;
  QualType element;
};

ArrayKind array_kind(QualType t) {
  auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      t.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl());
  if (!spec || spec->getTemplateArgs().size() < 1) return {};
  const std::string name = spec->getQualifiedNameAsString();
  if (name != "pgas::shared_array" && name != "pgas::shared_array2d" && name != "pgas::global_ptr") return {};
  return {true, name == "pgas::shared_array2d", spec->getTemplateArgs()[0].getAsType()};
}

// The parent of `e` above implicit nodes and parentheses; `outer` becomes e's outermost such wrapper.
DynTypedNode parent_of(const Expr *e, ASTContext &ctx, const Expr *&outer) {
  outer = e;
  while (true) {
    auto parents = ctx.getParents(*outer);
    if (parents.empty()) return {};
    const Expr *p = parents[0].get<Expr>();
    if (p && (isa<ImplicitCastExpr>(p) || isa<MaterializeTemporaryExpr>(p) || isa<CXXBindTemporaryExpr>(p) ||
              isa<ParenExpr>(p) || isa<ExprWithCleanups>(p))) {
      outer = p;
      continue;
    }
    return parents[0];
  }
}

const char *binary_of(OverloadedOperatorKind k) {
  switch (k) {
    case OO_PlusEqual:
      return "+";
    case OO_MinusEqual:
      return "-";
    case OO_StarEqual:
      return "*";
    case OO_SlashEqual:
      return "/";
    case OO_PercentEqual:
      return "%";
    case OO_AmpEqual:
      return "&";
    case OO_PipeEqual:
      return "|";
    case OO_CaretEqual:
      return "^";
    case OO_LessLessEqual:
      return "<<";
    case OO_GreaterGreaterEqual:
      return ">>";
    case OO_PlusPlus:
      return "+";
    case OO_MinusMinus:
      return "-";
    default:
      return nullptr;
  }
}

class AccessFinder : public RecursiveASTVisitor<AccessFinder> {
 public:
  AccessFinder(const std::set<std::string> &chosen, ASTContext &ctx, LoopModel &m, std::vector<Refusal> &r)
      : chosen_(chosen), ctx_(ctx), m_(m), refusals_(r) {}

  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *call) {
    if (call->getOperator() == OO_Call && call->getNumArgs() == 3) {  // A(i, j) of a shared_array2d
      const int array = array_of(call->getArg(0), true);
      if (array < 0) return true;
      Access a;
      a.subscript = call;
      a.row = call->getArg(1);
      a.index = call->getArg(2);
      a.array = array;
      bases_.insert(bare(call->getArg(0)));
      classify(a);
      return true;
    }
    if (call->getOperator() != OO_Subscript || consumed_.count(call)) return true;
    Access a;
    a.subscript = call;
    a.index = call->getArg(1);
    const Expr *base = call->getArg(0);
    int array = array_of(base, false);
    if (array < 0) {
      const CXXOperatorCallExpr *row = subscript_call(base);
      if (!row || (array = array_of(row->getArg(0), true)) < 0) return true;
      consumed_.insert(row);
      a.row = row->getArg(1);
      base = row->getArg(0);
    }
    bases_.insert(bare(base));
    a.array = array;
    classify(a);
    return true;
  }

  // Any other use of a chosen array is refused, except const member calls (A.size(), A.cols()).
  bool VisitDeclRefExpr(DeclRefExpr *ref) {
    if (bases_.count(ref) || (array_of(ref, false) < 0 && array_of(ref, true) < 0)) return true;
    auto parents = ctx_.getParents(*ref);
    const MemberExpr *member = parents.empty() ? nullptr : parents[0].get<MemberExpr>();
    auto *method = member ? dyn_cast<CXXMethodDecl>(member->getMemberDecl()) : nullptr;
    if (method && method->isConst() && !isa<CXXConversionDecl>(method)) return true;
    refuse(ref, "'" + ref->getDecl()->getName().str() + "' is used other than by element access",
           "the loop passes or copies the array itself");
    return true;
  }

 private:
  // The index in m_.arrays of a chosen array named by `e` (with the right dimension), or -1.
  int array_of(const Expr *e, bool two_d) {
    const ValueDecl *d = named_decl(e);
    if (!d || !chosen_.count(d->getName().str())) return -1;
    if (d->getType()->isDependentType()) {
      if (dependent_.insert(d).second)
        refusals_.push_back(
            {m_.loop->getBeginLoc(),
             "not rewritten: the type of '" + d->getName().str() + "' depends on a template parameter",
             e->getBeginLoc(), "rewrite a non-template copy, or the loop by hand"});
      return -1;
    }
    ArrayKind kind = array_kind(d->getType());
    if (!kind.ok || kind.two_d != two_d) return -1;
    auto [it, added] = index_.emplace(d, static_cast<int>(m_.arrays.size()));
    if (added) {
      CachedArray a;
      a.decl = d;
      a.name = d->getName().str();
      a.element = kind.element;
      a.element_type = spellable_type(kind.element.getUnqualifiedType(), ctx_);
      a.element_size = static_cast<unsigned>(ctx_.getTypeSizeInChars(kind.element).getQuantity());
      a.two_d = two_d;
      a.numeric = combinable_number(kind.element, ctx_);
      m_.arrays.push_back(a);
    }
    return it->second;
  }

  void refuse(const Expr *e, std::string why, std::string note) {
    refusals_.push_back({m_.loop->getBeginLoc(), "not rewritten: " + why, e->getBeginLoc(), std::move(note)});
  }

  void classify(Access &a) {
    CachedArray &array = m_.arrays[static_cast<std::size_t>(a.array)];
    const Expr *outer;
    auto *member = parent_of(a.subscript, ctx_, outer).get<MemberExpr>();
    auto *method = member ? dyn_cast<CXXMethodDecl>(member->getMemberDecl()) : nullptr;
    if (method && method->getName() == "field") return classify_field(a, array, member);
    classify_use(a, array, a.subscript);
  }

  // How the element (`ref` is A[i]) or one of its members (`ref` is A[i].field(&S::m)) is used: read as a
  // value, assigned, or updated by a compound assignment or ++ / --.
  void classify_use(Access &a, CachedArray &array, const Expr *ref) {
    const Expr *outer;
    DynTypedNode parent = parent_of(ref, ctx_, outer);
    a.whole = ref;
    if (auto *member = parent.get<MemberExpr>()) {
      auto *method = dyn_cast<CXXMethodDecl>(member->getMemberDecl());
      if (method && (isa<CXXConversionDecl>(method) || method->getName() == "get")) {
        if (!isa<CXXConversionDecl>(method))
          if (auto *call = ctx_.getParents(*member)[0].get<CXXMemberCallExpr>()) a.whole = call;
        return add(a);
      }
    } else if (auto *op = parent.get<CXXOperatorCallExpr>()) {
      const bool is_target = bare(op->getArg(0)) == ref;
      if (op->getOperator() == OO_Equal && !is_target) return add(a);
      const char *binary = binary_of(op->getOperator());
      if (is_target && (op->getOperator() == OO_Equal || binary)) {
        a.kind = op->getOperator() == OO_Equal ? Access::kWrite : Access::kUpdate;
        a.whole = op;
        a.value =
            op->getNumArgs() == 2 && op->getOperator() != OO_PlusPlus && op->getOperator() != OO_MinusMinus
                ? op->getArg(1)
                : nullptr;
        if (binary) a.op = binary;
        if (a.kind == Access::kWrite && !a.field) read_as_addition(a);
        const Expr *assignment_outer;
        if (parent_of(op, ctx_, assignment_outer).get<Expr>())
          return refuse(op, "the value of an assignment to '" + array.name + "' is used",
                        "a cached write must be a statement of its own");
        return add(a);
      }
    }
    if (a.field)
      return refuse(ref, "a member of an element of '" + array.name + "' is used as a shared reference",
                    "only reads, assignments and compound assignments of a member (`" + array.name +
                        "[i].field(&S::m)`) can be cached");
    refuse(ref, "an element of '" + array.name + "' is used as a shared reference",
           "only reads, assignments and compound assignments of elements can be cached");
  }

  // One member of a struct element, `A[i].field(&S::m)` (UPC's A[i].m): a read goes through the element's
  // cache (`A_cache.get(i).m`), a write or an update through a cache of that member alone (member_views.cpp).
  void classify_field(Access &a, CachedArray &array, const MemberExpr *member) {
    auto parents = ctx_.getParents(*member);
    auto *call = parents.empty() ? nullptr : parents[0].get<CXXMemberCallExpr>();
    auto *pointer =
        call && call->getNumArgs() == 1 ? dyn_cast<UnaryOperator>(bare(call->getArg(0))) : nullptr;
    auto *ref = pointer ? dyn_cast<DeclRefExpr>(pointer->getSubExpr()) : nullptr;
    auto *field = ref ? dyn_cast<FieldDecl>(ref->getDecl()) : nullptr;
    if (auto *indirect = ref ? dyn_cast<IndirectFieldDecl>(ref->getDecl()) : nullptr)
      return refuse(a.subscript,
                    "the member '" + indirect->getName().str() + "' of an element of '" + array.name +
                        "' belongs to an anonymous struct or union",
                    "its place in the element is not known to the rewrite");
    if (!field)
      return refuse(a.subscript, "a member of an element of '" + array.name + "' is named by an expression",
                    "only a member named as `&S::m` (`" + array.name + "[i].field(&S::m)`) can be cached");
    a.member = field->getName().str();
    a.field = field;
    a.field_call = call;
    classify_use(a, array, call);
  }

  // `A[k] = A[k] + v` (or `v + A[k]`) is the update `A[k] += v`: the sum policy can cache it, and the read
  // of A[k] inside it is not an access of its own.
  void read_as_addition(Access &a) {
    const Expr *sum = bare(a.value);
    const Expr *operands[2] = {nullptr, nullptr};
    if (auto *bo = dyn_cast<BinaryOperator>(sum); bo && bo->getOpcode() == BO_Add)
      operands[0] = bo->getLHS(), operands[1] = bo->getRHS();
    else if (auto *op = dyn_cast<CXXOperatorCallExpr>(sum);
             op && op->getOperator() == OO_Plus && op->getNumArgs() == 2)
      operands[0] = op->getArg(0), operands[1] = op->getArg(1);
    if (!operands[0]) return;
    for (int k = 0; k < 2; ++k) {
      const Expr *read = bare(operands[k]);
      if (auto *conversion = dyn_cast<CXXMemberCallExpr>(read))
        read = bare(conversion->getImplicitObjectArgument());
      const CXXOperatorCallExpr *inner = subscript_call(read);
      if (!inner || !same_expression(inner, a.subscript, ctx_)) continue;
      consumed_.insert(inner);
      const Expr *base = bare(inner->getArg(0));
      if (const CXXOperatorCallExpr *row = subscript_call(base)) {  // A[r][c]
        consumed_.insert(row);
        base = bare(row->getArg(0));
      }
      bases_.insert(base);
      a.kind = Access::kUpdate;
      a.op = "+";
      a.value = operands[1 - k];
      return;
    }
  }

  // The arrays' use counts and flags are set once every access is known (split_member_views).
  void add(const Access &a) { m_.accesses.push_back(a); }

  const std::set<std::string> &chosen_;
  ASTContext &ctx_;
  LoopModel &m_;
  std::vector<Refusal> &refusals_;
  std::map<const ValueDecl *, int> index_;
  std::set<const Expr *> consumed_, bases_;
  std::set<const ValueDecl *> dependent_;
};

}  // namespace

bool find_accesses(const std::set<std::string> &chosen, ASTContext &ctx, LoopModel &m,
                   std::vector<Refusal> &refusals) {
  const std::size_t refused_before = refusals.size();
  AccessFinder finder(chosen, ctx, m, refusals);
  finder.TraverseStmt(const_cast<Stmt *>(m.body));
  split_member_views(ctx, m, refusals);
  assign_inspector_levels(ctx, m);
  return !m.arrays.empty() || refusals.size() > refused_before;  // a chosen array of a dependent type
}

std::vector<const DeclStmt *> needed_decls(const Expr *e, const LoopModel &m) {
  std::set<const ValueDecl *> wanted;
  collect_refs(e, wanted);
  std::vector<bool> keep(m.body_decls.size(), false);
  // Later declarations may use earlier ones: walk backwards, adding what each kept declaration reads.
  for (std::size_t k = m.body_decls.size(); k-- > 0;) {
    for (const Decl *d : m.body_decls[k]->decls())
      if (auto *vd = dyn_cast<VarDecl>(d); vd && wanted.count(vd)) keep[k] = true;
    if (keep[k])
      for (const Decl *d : m.body_decls[k]->decls())
        if (auto *vd = dyn_cast<VarDecl>(d)) collect_refs(vd->getInit(), wanted);
  }
  std::vector<const DeclStmt *> out;
  for (std::size_t k = 0; k < keep.size(); ++k)
    if (keep[k]) out.push_back(m.body_decls[k]);
  return out;
}

}  // namespace pgas::refactor
