// Expressions: most of UPC's expressions read the same in the dialect, whose shared objects and pointers
// overload C's operators. What does not: a member of a shared struct (x[i].f), casts to a private pointer,
// sizeof and the upc_*sizeof operators of shared types, and C's implicit conversions from void * and to an
// enumeration, which C++ spells as casts; the address of an element, which C++ forms by arithmetic; and C's
// compound literals whose address is kept, which C++ would destroy at the end of their full-expression.
#include <clang/AST/Expr.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/Basic/SourceManager.h>

#include "marker_names.hpp"
#include "translator.hpp"

namespace pgas::upcc {

using namespace clang;

namespace {
bool in_shared_object(QualType t) { return is_shared(t) && !t->isArrayType(); }

// Where the operand's type is written: the type name, or the declaration of the variable named.
TypeLoc written_operand_type(const UnaryExprOrTypeTraitExpr *e) {
  if (e->isArgumentType()) return e->getArgumentTypeInfo()->getTypeLoc();
  if (const auto *ref = dyn_cast<DeclRefExpr>(e->getArgumentExpr()->IgnoreParens()))
    if (const auto *v = dyn_cast<DeclaratorDecl>(ref->getDecl())) return written_type(v);
  return TypeLoc();
}

const UnaryExprOrTypeTraitExpr *layout_query_size(const ParenExpr *e, llvm::StringRef &query) {
  const auto *plus = dyn_cast<BinaryOperator>(e->getSubExpr());
  if (plus == nullptr || plus->getOpcode() != BO_Add) return nullptr;
  const auto *marker = dyn_cast<DeclRefExpr>(plus->getRHS()->IgnoreImpCasts());
  if (marker == nullptr) return nullptr;
  llvm::StringRef name = marker->getDecl()->getName();
  if (name != markers::kLocalSizeof && name != markers::kBlockSizeof && name != markers::kElemSizeof)
    return nullptr;
  query = name;
  return dyn_cast<UnaryExprOrTypeTraitExpr>(plus->getLHS()->IgnoreImpCasts());
}
// Whether the program keeps the literal's address: `&(T){...}`, or an array literal decaying to a pointer.
bool address_kept(ASTContext &ctx, const CompoundLiteralExpr *e) {
  DynTypedNodeList parents = ctx.getParents(*e);
  while (!parents.empty() && parents[0].get<ParenExpr>()) parents = ctx.getParents(parents[0]);
  if (parents.empty()) return false;
  if (const auto *u = parents[0].get<UnaryOperator>()) return u->getOpcode() == UO_AddrOf;
  if (const auto *c = parents[0].get<ImplicitCastExpr>()) return c->getCastKind() == CK_ArrayToPointerDecay;
  return false;
}

// Where the declaration or statement holding `e` begins: the one directly in a block or at file scope.
SourceLocation holder_begin(ASTContext &ctx, const Expr *e) {
  DynTypedNode node = DynTypedNode::create(*e);
  for (DynTypedNodeList parents = ctx.getParents(node); !parents.empty(); parents = ctx.getParents(node)) {
    if (parents[0].get<CompoundStmt>() || parents[0].get<TranslationUnitDecl>()) break;
    node = parents[0];
  }
  return node.getSourceRange().getBegin();
}
}  // namespace

// C's compound literal is an lvalue that lives to the end of its block (for ever at file scope). One whose
// address is kept gets a named object, declared before the statement that holds it, so that the literal is
// still evaluated where C evaluates it. In a block:
//   p = &(T){i, 2};  ->  T __upc_literal_L_C; p = &::pgas_upcc::store(__upc_literal_L_C, (T){i, 2});
// At file scope:
//   T *p = &(T){1};  ->  static T __upc_literal_L_C = {1}; T *p = &__upc_literal_L_C;
bool Translator::VisitCompoundLiteralExpr(CompoundLiteralExpr *e) {
  if (!in_user_file(e->getLParenLoc()) || !address_kept(ctx_, e)) return true;
  std::optional<CharSourceRange> literal = user_range(e->getSourceRange());
  std::optional<std::string> initializer = written_text(e->getInitializer()->getSourceRange());
  if (!literal || !initializer || e->getLParenLoc().isMacroID()) {
    error(e->getLParenLoc(),
          "pgas-upcc does not translate a compound literal whose address is kept inside a "
          "macro's definition; declare the object and take its address instead");
    return true;
  }
  const std::string name = name_at("__upc_literal_", e->getLParenLoc());
  Qualifiers dropped;
  const std::string object = types_.declaration(ctx_.getUnqualifiedArrayType(e->getType(), dropped), name);
  const SourceLocation holder = sm_.getExpansionLoc(holder_begin(ctx_, e));
  if (e->isFileScope()) {
    rw_.InsertTextBefore(holder, "static " + object + " = " + *initializer + "; ");
    replace(e->getSourceRange(), name, e->getLParenLoc());
  } else {
    rw_.InsertTextBefore(holder, object + "; ");
    wrap(e->getSourceRange(), "::pgas_upcc::store(" + name + ", ", ")", e->getLParenLoc());
  }
  return true;
}

// x[i].f -> ::pgas_upcc::member(x[i], &S::f); p->f -> ::pgas_upcc::member(*p, &S::f)
bool Translator::VisitMemberExpr(MemberExpr *e) {
  if (!in_user_file(e->getOperatorLoc())) return true;
  QualType base = e->getBase()->getType();
  if (e->isArrow()) {
    if (!points_to_shared(base)) return true;
    base = base->getPointeeType();
  } else if (!in_shared_object(base)) {
    return true;
  }
  const auto *record = base->getAsRecordDecl();
  if (record == nullptr) return true;
  PrintingPolicy policy(ctx_.getLangOpts());
  policy.SuppressTagKeyword = true;
  const std::string owner = QualType(base->getAs<RecordType>(), 0).getAsString(policy);
  SourceLocation op = e->getOperatorLoc();
  wrap(e->getBase()->getSourceRange(), e->isArrow() ? "::pgas_upcc::member(*" : "::pgas_upcc::member(", "",
       op);
  replace(SourceRange(op, op), ", &" + owner + "::", op);
  wrap(SourceRange(e->getMemberLoc(), e->getMemberLoc()), "", ")", op);
  return true;
}

// (shared [4] int *) p: the type in the dialect; (int *) p of a pointer-to-shared: its local address.
bool Translator::VisitCStyleCastExpr(CStyleCastExpr *e) {
  if (!in_user_file(e->getLParenLoc())) return true;
  QualType to = e->getTypeAsWritten();
  // The parentheses, since the written type's own range starts after the UPC qualifiers.
  if (contains_shared(to))
    replace(SourceRange(e->getLParenLoc(), e->getRParenLoc()), "(" + types_.type_name(to) + ")",
            e->getLParenLoc());
  const Expr *from = e->getSubExpr();
  if (points_to_shared(from->getType()) && to->isPointerType() && !points_to_shared(to))
    wrap(from->getSourceRange(), "::pgas_upcc::local_address(", ")", e->getLParenLoc());
  return true;
}

// C converts void * to every object pointer and an integer to an enumeration implicitly; C++ needs a cast.
bool Translator::VisitImplicitCastExpr(ImplicitCastExpr *e) {
  const Expr *from = e->getSubExpr();
  if (!in_user_file(from->getBeginLoc())) return true;
  QualType to = e->getType();
  const bool from_void_pointer = from->getType()->isVoidPointerType() && !points_to_shared(from->getType()) &&
                                 to->isPointerType() && !to->isVoidPointerType() && !points_to_shared(to);
  const bool to_enum = e->getCastKind() == CK_IntegralCast && to->isEnumeralType();
  // A shared pointer object read as a value: the dialect's object converts to its pointer once, which
  // subscripts, arithmetic and a further conversion (to shared void *) need explicitly.
  const bool shared_pointer_read =
      e->getCastKind() == CK_LValueToRValue && in_shared_object(from->getType()) && to->isPointerType();
  if ((e->getCastKind() == CK_BitCast && from_void_pointer) || to_enum || shared_pointer_read)
    wrap(from->getSourceRange(), "((" + types_.type_name(to) + ")(", "))", from->getBeginLoc());
  if (e->getCastKind() == CK_LValueToRValue) translate_access(from);
  return true;
}

// upc_localsizeof (x), upc_blocksizeof (x), upc_elemsizeof (x): the token pass wrote (sizeof (x) + marker).
bool Translator::VisitParenExpr(ParenExpr *e) {
  llvm::StringRef query;
  const UnaryExprOrTypeTraitExpr *size = layout_query_size(e, query);
  if (size == nullptr || !in_user_file(e->getLParen())) return true;
  handled_.insert(size);
  claim_subscripts(size);
  translate_layout_query(e, size, query);
  return true;
}

void Translator::translate_layout_query(ParenExpr *e, const UnaryExprOrTypeTraitExpr *size,
                                        llvm::StringRef query) {
  QualType t = size->getTypeOfArgument();
  const std::string spelled = query == markers::kLocalSizeof   ? "upc_localsizeof"
                              : query == markers::kBlockSizeof ? "upc_blocksizeof"
                                                               : "upc_elemsizeof";
  if (!is_shared(t)) {
    error(e->getLParen(), spelled +
                              " applies to a shared type or a shared object (UPC 1.3 §6.4.1); this "
                              "operand has type '" +
                              t.getAsString() + "'");
    return;
  }
  SharedShape shape = shared_shape(types_, t, written_operand_type(size));
  std::string value;
  if (query == markers::kElemSizeof) value = "sizeof(" + shape.element + ")";
  if (query == markers::kBlockSizeof) value = "((::size_t)" + shape.block + ")";
  if (query == markers::kLocalSizeof)
    value =
        "::pgas_upcc::local_size(" + shape.count + ", " + shape.block + ", sizeof(" + shape.element + "))";
  replace(e->getSourceRange(), value, e->getLParen());
}

// sizeof of a shared object or type: its elements' size, as if it were private (UPC 1.3 §6.4.1).
bool Translator::VisitUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *e) {
  if (e->getKind() != UETT_SizeOf || handled_.count(e) || !in_user_file(e->getBeginLoc())) return true;
  QualType t = e->getTypeOfArgument();
  if (!is_shared(t)) {
    if (e->isArgumentType() &&
        contains_shared(t))  // the whole expression: the type's range starts after `shared`
      replace(e->getSourceRange(), "sizeof(" + types_.type_name(t) + ")", e->getBeginLoc());
    return true;
  }
  SharedShape shape = shared_shape(types_, t, written_operand_type(e));
  claim_subscripts(e);
  replace(e->getSourceRange(), "((::size_t)" + shape.count + " * sizeof(" + shape.element + "))",
          e->getBeginLoc());
  return true;
}

// &a[i] -> (a + (i)) for a one-dimensional shared array or a pointer-to-shared: C's pointer arithmetic,
// which also forms the address one past the end (`upc_forall (i = 0; i <= N; ...; &a[i])`), where the
// dialect's a[i] checks the index.
bool Translator::VisitUnaryOperator(UnaryOperator *e) {
  if (e->isIncrementDecrementOp()) translate_access(e->getSubExpr());
  if (e->getOpcode() != UO_AddrOf || !in_user_file(e->getOperatorLoc())) return true;
  const auto *subscript = dyn_cast<ArraySubscriptExpr>(e->getSubExpr()->IgnoreParens());
  if (subscript == nullptr || subscript->getBase() != subscript->getLHS()) return true;
  QualType base = subscript->getBase()->IgnoreImpCasts()->getType();
  const ArrayType *array = base->getAsArrayTypeUnsafe();
  // (The subscripts of an array of several dimensions are folded into one by subscripts.cpp, in place: the
  // address of the element they give is taken by the dialect.)
  const bool row = isa<ArraySubscriptExpr>(subscript->getBase()->IgnoreImpCasts());
  const bool one_dimension =
      array != nullptr && is_shared(base) && !array->getElementType()->isArrayType() && !row;
  if (!one_dimension && !points_to_shared(base)) return true;
  std::optional<SourceLocation> open = open_bracket(subscript);
  if (!open) return true;  // written otherwise (a macro): left to the dialect
  replace(SourceRange(e->getOperatorLoc(), e->getOperatorLoc()), "(", e->getOperatorLoc());
  replace(SourceRange(*open, *open), " + (", e->getOperatorLoc());
  replace(SourceRange(subscript->getRBracketLoc(), subscript->getRBracketLoc()), "))", e->getOperatorLoc());
  return true;
}

}  // namespace pgas::upcc
