#include "upc_types.hpp"

#include <clang/AST/Attr.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>

#include "marker_names.hpp"

namespace pgas::upcc {

using namespace clang;

namespace {

bool in_shared_space(QualType t) {
  const LangAS as = t.getAddressSpace();
  return isTargetAddressSpace(as) && toTargetAddressSpace(as) == markers::kSharedAddressSpace;
}

QualType innermost_element(QualType t) {
  while (const ArrayType *a = t->getAsArrayTypeUnsafe()) t = a->getElementType();
  return t;
}

void read_tag(llvm::StringRef tag, SharedLevel &level) {
  if (tag.consume_front(markers::kSharedTag)) {
    if (tag == "star") level.layout = Layout::Star;
    if (tag == "indefinite") level.layout = Layout::Indefinite;
    if (tag.consume_front("e")) {
      level.layout = Layout::Expression;
      tag.getAsInteger(10, level.layout_id);
    }
  } else if (tag == markers::kStrictTag) {
    level.consistency = Consistency::Strict;
  } else if (tag == markers::kRelaxedTag) {
    level.consistency = Consistency::Relaxed;
  }
}

// The level's tags, and the type with this level's shared qualifier and tags taken off (deeper levels and
// every other qualifier and sugar kept). A typedef of a shared object is looked through: it names no type
// the dialect has.
std::pair<SharedLevel, QualType> strip_level(const ASTContext &ctx, QualType t) {
  SharedLevel level;
  level.shared = in_shared_space(t);
  Qualifiers quals = t.getLocalQualifiers();
  quals.removeAddressSpace();
  QualType q = t.getLocalUnqualifiedType();
  for (;;) {
    const Type *ty = q.getTypePtr();
    if (const auto *b = dyn_cast<BTFTagAttributedType>(ty)) {
      read_tag(b->getAttr()->getBTFTypeTag(), level);
      q = b->getWrappedType();
    } else if (const auto *a = dyn_cast<AttributedType>(ty); a && a->getAttrKind() == attr::AddressSpace) {
      q = a->getModifiedType();
    } else if (const auto *m = dyn_cast<MacroQualifiedType>(ty)) {  // `shared` spelled by a macro
      q = m->getModifiedType();
    } else if (const auto *td = dyn_cast<TypedefType>(ty);
               td && is_shared(td->desugar()) && level.shared && !ty->isArrayType()) {
      q = td->desugar();
    } else {
      break;
    }
    quals.addQualifiers(q.getLocalQualifiers());
    quals.removeAddressSpace();
    q = q.getLocalUnqualifiedType();
  }
  if (!level.shared && level.consistency != Consistency::Unqualified) {
    level.tagged_consistency_without_shared = true;
  }
  QualType value = ctx.getQualifiedType(q, quals);
  // Sugar the walk does not know still holds the address space: the canonical type without it.
  if (in_shared_space(value)) value = ctx.removeAddrSpaceQualType(value.getCanonicalType());
  return {level, value};
}

// The array written at `written` (a null location when it is not one, or when nothing is written).
ArrayTypeLoc array_loc(TypeLoc written) {
  return written.isNull() ? ArrayTypeLoc() : written.getAsAdjusted<ArrayTypeLoc>();
}
TypeLoc element_loc(TypeLoc written) {
  ArrayTypeLoc array = array_loc(written);
  return array.isNull() ? TypeLoc() : array.getElementLoc();
}

}  // namespace

SharedLevel shared_level(QualType t) {
  SharedLevel level;
  level.shared = in_shared_space(t);
  for (QualType q = t;;) {
    const Type *ty = q.getTypePtr();
    if (const auto *b = dyn_cast<BTFTagAttributedType>(ty)) {
      read_tag(b->getAttr()->getBTFTypeTag(), level);
      q = b->getWrappedType();
    } else if (const auto *a = dyn_cast<AttributedType>(ty)) {
      q = a->getModifiedType();
    } else if (const auto *td = dyn_cast<TypedefType>(ty)) {
      q = td->desugar();
    } else if (const auto *e = dyn_cast<ElaboratedType>(ty)) {
      q = e->getNamedType();
    } else if (const auto *p = dyn_cast<ParenType>(ty)) {
      q = p->getInnerType();
    } else if (const auto *m = dyn_cast<MacroQualifiedType>(ty)) {
      q = m->getUnderlyingType();
    } else {
      break;
    }
  }
  if (!level.shared && level.consistency != Consistency::Unqualified)
    level.tagged_consistency_without_shared = true;
  return level;
}

bool is_shared(QualType t) { return in_shared_space(innermost_element(t)); }

bool points_to_shared(QualType t) {
  const auto *p = t->getAs<PointerType>();
  return p != nullptr && in_shared_space(p->getPointeeType());
}

bool contains_shared(QualType t) {
  t = t.getCanonicalType();
  if (in_shared_space(t)) return true;
  if (const auto *p = t->getAs<PointerType>()) return contains_shared(p->getPointeeType());
  if (const ArrayType *a = t->getAsArrayTypeUnsafe()) return contains_shared(a->getElementType());
  if (const auto *f = t->getAs<FunctionProtoType>()) {
    if (contains_shared(f->getReturnType())) return true;
    for (QualType p : f->getParamTypes())
      if (contains_shared(p)) return true;
  }
  return false;
}

DialectTypes::DialectTypes(ASTContext &ctx, std::optional<long> static_threads)
    : ctx_(ctx), policy_(ctx.getLangOpts()), static_threads_(static_threads) {
  policy_.Bool = true;
  policy_.SuppressUnwrittenScope = true;
}

std::string DialectTypes::plain(QualType t, const std::string &declarator) const {
  std::string out;
  llvm::raw_string_ostream os(out);
  t.print(os, policy_, declarator);
  return os.str();
}

namespace {
const EnumConstantDecl *layout_constant(ASTContext &ctx, int id) {
  const std::string name = markers::kLayoutEnumPrefix + std::to_string(id);
  for (NamedDecl *d : ctx.getTranslationUnitDecl()->lookup(&ctx.Idents.get(name)))
    if (const auto *c = dyn_cast<EnumConstantDecl>(d)) return c;
  return nullptr;
}
}  // namespace

std::optional<long long> DialectTypes::layout_value(int id) const {
  const EnumConstantDecl *c = layout_constant(ctx_, id);
  return c ? std::optional<long long>(c->getInitVal().getSExtValue()) : std::nullopt;
}

const Expr *DialectTypes::layout_expression(int id) const {
  const EnumConstantDecl *c = layout_constant(ctx_, id);
  return c ? c->getInitExpr() : nullptr;
}

std::optional<std::string> DialectTypes::block(const SharedLevel &level) const {
  switch (level.layout) {
    case Layout::Default:
      return "1";
    case Layout::Indefinite:
      return "0";
    case Layout::Star:
      return std::nullopt;
    case Layout::Expression:
      if (auto v = layout_value(level.layout_id)) return std::to_string(*v);
      return "1";  // Clang reported the expression
  }
  return "1";
}

std::string DialectTypes::dimension(const ArrayType *a, TypeLoc written) const {
  ArrayTypeLoc array = array_loc(written);
  if (!array.isNull() && array.getSizeExpr() != nullptr && size_text)
    if (std::optional<std::string> text = size_text(array.getSizeExpr())) return "(" + *text + ")";
  const auto *constant = dyn_cast<ConstantArrayType>(a);
  if (constant == nullptr) return "";
  // Without the written expression: the value, in which a dynamic THREADS counts 1 (upc_tokens.hpp).
  const std::string value = std::to_string(constant->getSize().getZExtValue());
  const bool threads = !array.isNull() && threads_uses(array.getSizeExpr()) > 0;
  return threads && dynamic_threads() ? "(" + value + " * THREADS)" : value;
}

bool is_threads(const Expr *e) {
  const auto *ref = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
  return ref && isa<EnumConstantDecl>(ref->getDecl()) && ref->getDecl()->getName() == markers::kThreads;
}

int threads_uses(const Stmt *s) {
  if (s == nullptr) return 0;
  int n = isa<DeclRefExpr>(s) && is_threads(cast<Expr>(s));
  for (const Stmt *child : s->children()) n += threads_uses(child);
  return n;
}

std::string DialectTypes::value_type(QualType t) const { return type_name(strip_level(ctx_, t).second); }

std::string DialectTypes::pointer_to_shared(QualType pointee, Qualifiers pointer_quals) const {
  auto [level, element] = strip_level(ctx_, pointee);
  std::string out = "::pgas::global_ptr<" + type_name(element);
  if (!element->isVoidType()) out += ", " + block(level).value_or("1");
  out += ">";
  // A volatile pointer object loses `volatile`: the dialect's pointer arithmetic is not volatile-qualified,
  // and the pointer's accesses through the transport are never optimized away.
  if (pointer_quals.hasConst()) out += " const";
  return out;
}

std::string DialectTypes::declaration(QualType t, const std::string &declarator, TypeLoc written) const {
  if (!contains_shared(t)) return plain(t, declarator);
  const std::string space = declarator.empty() ? "" : " ";
  if (const auto *td = dyn_cast<TypedefType>(t.getTypePtr()); td && !is_shared(td->desugar()))
    return plain(t, declarator);                  // the typedef is translated where it is declared
  if (in_shared_space(t) && !t->isArrayType()) {  // a shared scalar object (a pointer, a struct, ...)
    auto [level, value] = strip_level(ctx_, t);
    return "::pgas::shared_var<" + type_name(value) +
           (level.consistency == Consistency::Strict ? ", ::pgas::strict" : "") + ">" + space + declarator;
  }
  QualType d = t.getDesugaredType(ctx_);
  if (const auto *p = d->getAs<PointerType>()) {
    QualType pointee = p->getPointeeType();
    if (in_shared_space(pointee))
      return pointer_to_shared(pointee, t.getLocalQualifiers()) + space + declarator;
    std::string inner = "*" + std::string(t.isLocalConstQualified() ? " const " : "") + declarator;
    if (pointee->isArrayType() || pointee->isFunctionType()) inner = "(" + inner + ")";
    auto pointer = written.isNull() ? PointerTypeLoc() : written.getAsAdjusted<PointerTypeLoc>();
    return declaration(pointee, inner, pointer.isNull() ? TypeLoc() : pointer.getPointeeLoc());
  }
  if (const auto *a = dyn_cast<ArrayType>(d.getTypePtr()))
    return declaration(a->getElementType(), declarator + "[" + dimension(a, written) + "]",
                       element_loc(written));
  if (const auto *f = d->getAs<FunctionProtoType>()) {
    std::string params;
    for (QualType p : f->getParamTypes()) params += (params.empty() ? "" : ", ") + type_name(p);
    if (f->isVariadic()) params += params.empty() ? "..." : ", ...";
    return declaration(f->getReturnType(), declarator + "(" + (params.empty() ? "void" : params) + ")");
  }
  return plain(t, declarator);
}

TypeLoc written_type(const DeclaratorDecl *d) {
  return d->getTypeSourceInfo() ? d->getTypeSourceInfo()->getTypeLoc() : TypeLoc();
}

SharedShape shared_shape(const DialectTypes &types, QualType t, TypeLoc written) {
  SharedShape shape;
  std::string count;
  while (const ArrayType *a = t->getAsArrayTypeUnsafe()) {
    std::string dim = types.dimension(a, written);
    shape.dims.push_back(dim);
    count += (count.empty() ? "" : " * ") + dim;
    t = a->getElementType();
    written = element_loc(written);
  }
  if (!count.empty()) shape.count = "(" + count + ")";
  shape.level = shared_level(t);
  shape.element = types.value_type(t);
  auto block = types.block(shape.level);
  shape.block = block ? *block : "::pgas_upcc::star_block(" + shape.count + ")";
  return shape;
}

}  // namespace pgas::upcc
