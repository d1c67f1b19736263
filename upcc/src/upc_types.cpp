#include "upc_types.hpp"

#include <clang/AST/Attr.h>
#include <clang/AST/Decl.h>

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
  return {level, ctx.getQualifiedType(q, quals)};
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

std::optional<long long> DialectTypes::layout_value(int id) const {
  const std::string name = markers::kLayoutEnumPrefix + std::to_string(id);
  for (NamedDecl *d : ctx_.getTranslationUnitDecl()->lookup(&ctx_.Idents.get(name)))
    if (const auto *c = dyn_cast<EnumConstantDecl>(d)) return c->getInitVal().getSExtValue();
  return std::nullopt;
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

std::string DialectTypes::dimension(const llvm::APInt &size) const {
  const unsigned long long v = size.getZExtValue();
  const unsigned long long m = static_cast<unsigned long long>(markers::kDynamicThreads);
  if (static_threads_ || v == 0 || v % m != 0) return std::to_string(v);
  return v == m ? "THREADS" : "(" + std::to_string(v / m) + " * THREADS)";
}

std::string DialectTypes::value_type(QualType t) const { return type_name(strip_level(ctx_, t).second); }

std::string DialectTypes::pointer_to_shared(QualType pointee, Qualifiers pointer_quals) const {
  auto [level, element] = strip_level(ctx_, pointee);
  std::string out = "::pgas::global_ptr<" + type_name(element);
  if (!element->isVoidType()) out += ", " + block(level).value_or("1");
  out += ">";
  if (pointer_quals.hasConst()) out += " const";
  if (pointer_quals.hasVolatile()) out += " volatile";
  return out;
}

std::string DialectTypes::declaration(QualType t, const std::string &declarator) const {
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
    return declaration(pointee, inner);
  }
  if (const auto *a = dyn_cast<ConstantArrayType>(d.getTypePtr()))
    return declaration(a->getElementType(), declarator + "[" + dimension(a->getSize()) + "]");
  if (const auto *a = dyn_cast<ArrayType>(d.getTypePtr()))
    return declaration(a->getElementType(), declarator + "[]");
  if (const auto *f = d->getAs<FunctionProtoType>()) {
    std::string params;
    for (QualType p : f->getParamTypes()) params += (params.empty() ? "" : ", ") + type_name(p);
    if (f->isVariadic()) params += params.empty() ? "..." : ", ...";
    return declaration(f->getReturnType(), declarator + "(" + (params.empty() ? "void" : params) + ")");
  }
  return plain(t, declarator);
}

SharedShape shared_shape(const DialectTypes &types, QualType t) {
  SharedShape shape;
  std::string count;
  while (const ArrayType *a = t->getAsArrayTypeUnsafe()) {
    std::string dim = isa<ConstantArrayType>(a) ? types.dimension(cast<ConstantArrayType>(a)->getSize()) : "";
    shape.dims.push_back(dim);
    count += (count.empty() ? "" : " * ") + ("(" + dim + ")");
    t = a->getElementType();
  }
  if (!count.empty()) shape.count = "(" + count + ")";
  shape.level = shared_level(t);
  shape.element = types.value_type(t);
  auto block = types.block(shape.level);
  shape.block = block ? *block : "::pgas_upcc::star_block(" + shape.count + ")";
  return shape;
}

}  // namespace pgas::upcc
