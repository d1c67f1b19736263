// Declarations: shared objects become the dialect's shared_array (flat, of any dimensions) / shared_var
// objects, pointers-to-shared its global_ptr (functions: functions.cpp).
#include <clang/AST/Decl.h>
#include <clang/AST/Stmt.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>

#include "marker_names.hpp"
#include "translator.hpp"

namespace pgas::upcc {

using namespace clang;

namespace {
std::string quoted(llvm::StringRef name) { return "\"" + name.str() + "\""; }
}  // namespace

bool Translator::VisitVarDecl(VarDecl *d) {
  if (!in_user_file(d->getLocation())) return true;
  check_levels(d->getType(), d->getLocation());
  if (isa<ParmVarDecl>(d)) {
    // An old-style definition's parameters are written in its prototype (functions.cpp).
    if (contains_shared(d->getType()) && !is_old_style(d->getDeclContext()))
      translate_parameter(cast<ParmVarDecl>(d));
    return true;
  }
  check_storage(d);
  check_dimensions(d);
  groups_[d->getBeginLoc()].push_back(d);
  return true;
}

bool Translator::VisitFieldDecl(FieldDecl *d) {
  if (!in_user_file(d->getLocation())) return true;
  check_levels(d->getType(), d->getLocation());
  if (is_shared(d->getType()))
    error(d->getLocation(),
          "a member of a struct or union cannot be shared-qualified (UPC 1.3 §6.5.1.1); "
          "make the whole struct object shared instead");
  groups_[d->getBeginLoc()].push_back(d);
  return true;
}

bool Translator::VisitTypedefNameDecl(TypedefNameDecl *d) {
  if (!in_user_file(d->getLocation())) return true;
  QualType t = d->getUnderlyingType();
  if (!contains_shared(t)) return true;
  if (is_shared(t) && !t->isPointerType()) {
    error(d->getLocation(),
          "pgas-upcc does not translate a typedef of a shared object type yet; "
          "write the shared qualifier in the declarations that use '" +
              d->getName().str() + "'");
    return true;
  }
  replace(d->getSourceRange(), "typedef " + types_.declaration(t, d->getName().str()), d->getLocation());
  return true;
}

void Translator::check_levels(QualType t, SourceLocation at) {
  for (QualType q = t;;) {
    SharedLevel level = shared_level(q);
    if (level.tagged_consistency_without_shared) {
      error(at,
            "strict and relaxed qualify shared types only (UPC 1.3 §6.5.1.1): add 'shared' or drop the "
            "qualifier");
      return;
    }
    if (level.layout == Layout::Expression && types_.dynamic_threads()) {
      if (threads_uses(types_.layout_expression(level.layout_id)) > 0) {
        error(at,
              "a layout qualifier's block size must be an integer constant expression, and THREADS is "
              "not one without a static thread count (UPC 1.3 §6.5.1.1): compile with -T N, or use [*]");
        return;
      }
    }
    if (const auto *p = q->getAs<PointerType>()) {
      q = p->getPointeeType();
    } else if (const ArrayType *a = q->getAsArrayTypeUnsafe()) {
      q = a->getElementType();
    } else {
      return;
    }
  }
}

void Translator::check_storage(const VarDecl *d) {
  if (!is_shared(d->getType()) || d->hasGlobalStorage()) return;
  error(d->getLocation(), "'" + d->getName().str() +
                              "' is shared and has automatic storage duration, which UPC forbids "
                              "(UPC 1.3 §6.5.2): declare it at file scope or static");
}

void Translator::translate_parameter(const ParmVarDecl *d) {
  SourceRange r = d->getSourceRange();
  replace(r, types_.declaration(d->getType(), d->getName().str()), d->getLocation());
}

std::string Translator::storage_prefix(const VarDecl *d) const {
  switch (d->getStorageClass()) {
    case SC_Static:
      return "static ";
    case SC_Extern:
      return "extern ";
    default:
      return "";
  }
}

// The dialect's object for a shared array or scalar: its type and constructor arguments.
std::optional<std::string> Translator::shared_object(const VarDecl *d) {
  const std::string name = d->getName().str();
  const bool defined = d->isThisDeclarationADefinition() != VarDecl::DeclarationOnly;
  SharedShape shape = shared_shape(types_, d->getType(), written_type(d));
  // An unqualified object is relaxed: #pragma upc strict marks its accesses instead (accesses.cpp).
  const std::string mode = shape.level.consistency == Consistency::Strict ? ", ::pgas::strict" : "";
  const bool star = shape.level.layout == Layout::Star;
  // An initializer: thread 0 stores it after every thread has made the object, and a barrier follows, all
  // while the program's static objects are made (UPC initializes shared objects once, before main).
  std::string initialization;
  if (d->hasInit()) {
    if (shape.dims.size() > 1) {
      error(d->getLocation(),
            "pgas-upcc initializes shared scalars and one-dimensional shared arrays; assign '" + name +
                "' in the program (for example on thread 0, before a barrier)");
      return std::nullopt;
    }
    const std::string value = text(d->getInit()->getSourceRange());
    initialization =
        "; static const bool __upc_initialized_" + name + " = ::pgas_upcc::initialize(" + name + ", " +
        (shape.dims.empty() ? value : "std::initializer_list<" + shape.element + ">" + value) + ")";
  }
  if (shape.dims.empty())
    return "::pgas::shared_var<" + shape.element + mode + "> " + name +
           (defined ? "(" + quoted(name) + ")" : "") + initialization;
  const std::string typed = star ? "" : ", " + shape.block;
  std::string block_argument = star ? shape.block + ", " : "";
  // Every shared array is one flat array in row-major order; subscripts of several dimensions become
  // one index (subscripts.cpp), as the layout of UPC 1.3 §6.5.2 numbers the elements.
  return "::pgas::shared_array<" + shape.element + typed + mode + "> " + name +
         (defined ? "(" + shape.count + ", " + block_argument + quoted(name) + ")" : "") + initialization;
}

void Translator::translate_declaration_groups() {
  for (auto &[begin, group] : groups_) {
    bool any = false;
    for (const DeclaratorDecl *d : group) any = any || contains_shared(d->getType());
    if (any) translate_group(group);
  }
}

// `shared int a[10*THREADS], *p = &a[1];` -> one declaration per declarator, or one declaration of several
// names when they have the same dialect type (required in a for statement's first clause).
void Translator::translate_group(const std::vector<DeclaratorDecl *> &group) {
  std::vector<std::string> declarations, names;
  std::string common;
  bool same_type = true;
  for (const DeclaratorDecl *d : group) {
    const auto *v = dyn_cast<VarDecl>(d);
    if (v && is_shared(v->getType())) {  // with its initializer, if any
      auto object = shared_object(v);
      if (!object) return;
      declarations.push_back(storage_prefix(v) + *object);
      same_type = false;
      continue;
    }
    const std::string init = v && v->hasInit() ? " = " + text(v->getInit()->getSourceRange()) : "";
    const std::string type = types_.type_name(d->getType());
    same_type = same_type && (common.empty() || common == type) && !d->getType()->isArrayType() &&
                !d->getType()->isFunctionPointerType();
    common = type;
    names.push_back(d->getName().str() + init);
    declarations.push_back((v ? storage_prefix(v) : "") +
                           types_.declaration(d->getType(), d->getName().str(), written_type(d)) + init);
  }
  if (!same_type && group.size() > 1 && for_init_decls_.count(group.front())) {
    error(group.front()->getLocation(),
          "pgas-upcc cannot declare these names of different types in one "
          "clause of a for statement: declare them before the loop");
    return;
  }
  std::string replacement;
  if (same_type && group.size() > 1) {
    const auto *v = dyn_cast<VarDecl>(group.front());
    replacement = (v ? storage_prefix(v) : "") + common + " ";
    for (std::size_t k = 0; k < names.size(); ++k) replacement += (k ? ", " : "") + names[k];
  } else {
    for (std::size_t k = 0; k < declarations.size(); ++k) replacement += (k ? "; " : "") + declarations[k];
  }
  SourceRange whole(group.front()->getBeginLoc(), group.back()->getSourceRange().getEnd());
  // The replacement holds the initializers' edits.
  replace(whole, replacement, group.front()->getLocation(), Inserts::Replaced);
}

}  // namespace pgas::upcc
