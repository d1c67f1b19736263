#include "import_sites.hpp"

#include <cstdlib>
#include <vector>

namespace pgas::tracedb {

std::int64_t SiteIds::module(const raw::Module &m) {
  auto key = std::make_pair(std::string(m.path), std::string(m.build_id));
  auto [it, inserted] = modules_.try_emplace(key, static_cast<std::int64_t>(modules_.size()) + 1);
  if (inserted)
    db_.prepare("INSERT INTO module(id, path, build_id) VALUES (?, ?, ?)")
        .bind(1, it->second)
        .bind(2, key.first)
        .bind(3, key.second)
        .run();
  return it->second;
}

std::int64_t SiteIds::site(const RawFile &f, std::uint32_t slot) {
  if (slot == 0 || slot >= raw::kSiteCapacity) return 0;
  const raw::Site &s = f.data().sites[slot];
  std::uint64_t pc = s.pc.load();
  if (pc == 0) return 0;
  std::int64_t module = -1;
  std::uint64_t offset = pc;
  if (s.module >= 0 && static_cast<std::uint32_t>(s.module) < f.header().modules_used.load()) {
    const raw::Module &m = f.data().modules[s.module];
    module = this->module(m);
    offset = pc - m.load_address;
  }
  auto [it, inserted] = sites_.try_emplace({module, offset}, next_site_);
  if (inserted) {
    auto insert = db_.prepare("INSERT INTO site(id, module, pc) VALUES (?, ?, ?)");
    insert.bind(1, next_site_++);
    if (module < 0)
      insert.bind_null(2);
    else
      insert.bind(2, module);
    insert.bind(3, static_cast<std::int64_t>(offset)).run();
  }
  return it->second;
}

std::int64_t SiteIds::path(const RawFile &f, std::uint32_t slot) {
  // Outermost first, so that each link's caller has its id already; the validator bounded the chain.
  std::vector<std::uint32_t> chain;
  for (std::uint32_t at = slot; at != 0 && at < raw::kCallPathCapacity; at = f.data().paths[at].caller)
    chain.push_back(at);
  std::int64_t id = 0;
  for (auto link = chain.rbegin(); link != chain.rend(); ++link) {
    const std::int64_t link_site = site(f, f.data().paths[*link].site);
    auto [it, inserted] = paths_.try_emplace({link_site, id}, static_cast<std::int64_t>(paths_.size()) + 1);
    if (inserted)
      db_.prepare("INSERT INTO call_path(id, site, caller) VALUES (?, ?, ?)")
          .bind(1, it->second)
          .bind(2, link_site)
          .bind(3, id)
          .run();
    id = it->second;
  }
  return id;
}

std::int64_t SiteIds::source_site(const std::string &location) {
  auto colon = location.rfind(':');
  if (colon == std::string::npos) return 0;
  auto [it, inserted] = source_sites_.try_emplace(location, next_site_);
  if (inserted)
    db_.prepare("INSERT INTO site(id, module, pc, file, line, symbolized) VALUES (?, NULL, 0, ?, ?, 1)")
        .bind(1, next_site_++)
        .bind(2, location.substr(0, colon))
        .bind(3, static_cast<std::int64_t>(std::atoll(location.c_str() + colon + 1)))
        .run();
  return it->second;
}

}  // namespace pgas::tracedb
