// Member views of struct arrays. A write of one member of a struct element, `A[i].field(&S::m) = v` (UPC's
// A[i].m = v), must write back that member alone: writing back the whole element would overwrite the other
// members, which other threads (or this one, directly) may write in the same phase. So each member the loop
// writes gets a cache of its own, `pgas::cache<M> A_m_cache(A, &S::m, ...)`, which fetches and writes back
// only the member's bytes; the member's reads go through it too, so that they see the loop's own writes.
// Reads of the other members and of whole elements stay with the element's cache (`A_cache.get(i).x`).
//
// Two caches of one array do not see each other's writes. Members are disjoint, so member views never
// overlap; the element's view does overlap a written member, and is allowed only where it cannot reach it
// behind the member's cache: whole reads and writes of the element must be at the iteration's own element
// (always local, read and written in place by every cache).
#include <clang/AST/ASTContext.h>

#include <map>

#include "analysis.hpp"
#include "ast_util.hpp"

namespace pgas::refactor {

using namespace clang;

namespace {

// Why the member cannot be cached alone, or empty.
std::string uncachable(const FieldDecl *field, const CachedArray &array) {
  // (A member of a const element cannot be written: the dialect's field() does not compile for it.)
  const RecordDecl *record = array.element->getAsRecordDecl();
  if (!record || field->getParent()->getCanonicalDecl() != record->getCanonicalDecl())
    return "'" + field->getName().str() +
           "' is a member of a base class of the element type: its place in the element is not known";
  return {};
}

CachedArray member_view(const CachedArray &array, const FieldDecl *field, const ASTContext &ctx) {
  CachedArray view = array;
  const QualType type = field->getType();
  view.member = field->getName().str();
  view.member_pointer = "&" +
                        spellable_type(QualType(array.element->getAsRecordDecl()->getTypeForDecl(), 0), ctx) +
                        "::" + view.member;
  view.element_type = spellable_type(type.getUnqualifiedType(), ctx);
  view.element_size = static_cast<unsigned>(ctx.getTypeSizeInChars(type).getQuantity());
  view.numeric = combinable_number(type, ctx);
  return view;
}

}  // namespace

void split_member_views(ASTContext &ctx, LoopModel &m, std::vector<Refusal> &refusals) {
  std::map<std::pair<int, const FieldDecl *>, int> views;
  std::set<std::pair<int, const FieldDecl *>> refused;
  for (const Access &a : m.accesses) {
    const std::pair<int, const FieldDecl *> key{a.array, a.field};
    if (!a.field || a.kind == Access::kRead || views.count(key) || refused.count(key)) continue;
    const CachedArray &array = m.arrays[static_cast<std::size_t>(a.array)];
    if (const std::string why = uncachable(a.field, array); !why.empty()) {
      refusals.push_back(refusal_at(m, a.field_call,
                                    "the member '" + a.member + "' of '" + array.name + "' is written", why));
      refused.insert(key);
      continue;
    }
    views[key] = static_cast<int>(m.arrays.size());
    m.arrays.push_back(member_view(array, a.field, ctx));
  }
  for (Access &a : m.accesses)
    if (auto it = views.find({a.array, a.field}); it != views.end()) a.array = it->second;
  // The element's view is dropped when every access went to member views.
  std::vector<int> renumbered(m.arrays.size(), -1);
  std::vector<CachedArray> used;
  for (Access &a : m.accesses) {
    int &k = renumbered[static_cast<std::size_t>(a.array)];
    if (k < 0) {
      k = static_cast<int>(used.size());
      used.push_back(m.arrays[static_cast<std::size_t>(a.array)]);
      used.back().sites = 0;
    }
    a.array = k;
    CachedArray &array = used[static_cast<std::size_t>(k)];
    ++array.sites;
    (a.kind == Access::kRead ? array.read : array.written) = true;
    if (a.kind == Access::kUpdate) array.read = true;
  }
  m.arrays = std::move(used);
}

void check_member_views(const Settings &settings, const ASTContext &ctx, const LoopModel &m,
                        std::vector<Refusal> &refusals) {
  for (const CachedArray &whole : m.arrays) {
    if (!whole.member.empty()) continue;
    const CachedArray *written = nullptr;  // a written member of the same array
    for (const CachedArray &view : m.arrays)
      if (!view.member.empty() && view.decl == whole.decl && view.written) written = &view;
    if (!written) continue;
    const std::string both = "'" + whole.name + "' is accessed whole and its member '" + written->member +
                             "' is written through a cache of its own";
    const bool priority = settings.policy_of(whole.name) == write_policy::priority;
    for (const Access &a : m.accesses) {
      if (&m.arrays[static_cast<std::size_t>(a.array)] != &whole || !a.member.empty()) continue;
      if (priority && a.kind != Access::kRead) {
        refusals.push_back(refusal_at(m, a.whole, both,
                                      "policy 'priority' orders the writes of each cache apart: write '" +
                                          whole.name + "' either whole or by member in one loop"));
        break;
      }
      if (owner_computes(a, m, ctx)) continue;
      refusals.push_back(refusal_at(
          m, a.whole, both,
          "the element's cache would not see the member's writes: access whole elements of '" + whole.name +
              "' only at the iteration's own element (the affinity's), or by member"));
      break;
    }
  }
}

}  // namespace pgas::refactor
