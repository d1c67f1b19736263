#include "coll/variant.hpp"

#include <cstdlib>
#include <cstring>

#include "coll/staging.hpp"
#include "errors.hpp"
#include "runtime.hpp"

namespace pgas::rt::coll {
namespace {

// The word groups of PGAS_COLL_MYSYNC: the default first, then the alternative, and what choosing it sets
// (eager | direct: neither word leaves the choice to each call).
struct Group {
  const char *word[2];
  void (*choose)(Variant &, bool alternative);
};

const Group kGroups[] = {
    {{"pull", "push"}, [](Variant &v, bool alt) { v.direction = alt ? Direction::kPush : Direction::kPull; }},
    {{"flat", "tree"}, [](Variant &v, bool alt) { v.tree = alt; }},
    {{"poll", "vector"}, [](Variant &v, bool alt) { v.arrival_vector = alt; }},
    {{"backoff", "spin"}, [](Variant &v, bool alt) { v.spin = alt; }},
    {{"eager", "direct"}, [](Variant &v, bool alt) { v.staging = alt ? Staging::kDirect : Staging::kEager; }},
};

// "pull|push, flat|tree, ..." for messages.
std::string word_list() {
  std::string list;
  for (const Group &g : kGroups)
    list += (list.empty() ? "" : ", ") + std::string(g.word[0]) + "|" + g.word[1];
  return list;
}

Variant read_configured() {
  const char *text = std::getenv("PGAS_COLL_MYSYNC");
  Variant v;
  std::string error;
  if (!parse_variant(text == nullptr ? "" : text, &v, &error))
    fatal("environment variable PGAS_COLL_MYSYNC=%s: %s", text, error.c_str());
  return v;
}

}  // namespace

bool parse_variant(const char *text, Variant *out, std::string *error) {
  Variant v;
  bool seen[std::size(kGroups)] = {};
  for (const char *p = text; *p != '\0';) {
    const std::size_t length = std::strcspn(p, ",");
    const std::string word(p, length);
    p += length;
    if (*p == ',') ++p;
    if (word.empty()) continue;
    bool known = false;
    for (std::size_t g = 0; g < std::size(kGroups) && !known; ++g)
      for (int alt = 0; alt < 2 && !known; ++alt) {
        if (word != kGroups[g].word[alt]) continue;
        if (seen[g]) {
          *error =
              "'" + word + "' chooses again between " + kGroups[g].word[0] + " and " + kGroups[g].word[1];
          return false;
        }
        seen[g] = known = true;
        kGroups[g].choose(v, alt == 1);
      }
    if (!known) {
      *error = "unknown word '" + word + "' (the words are " + word_list() + ", separated by commas)";
      return false;
    }
  }
  *out = v;
  return true;
}

const Variant &configured_variant() {
  static const Variant variant = read_configured();
  return variant;
}

bool stages_by_default(CollectiveKind kind, std::size_t nbytes) {
  // The machine's online CPUs, not this process's affinity: every thread of a shm job runs on this machine
  // and sees the same count, whatever it is bound to.
  const bool pair_with_cpus =
      g_runtime.network == nullptr && g_runtime.threads == 2 && g_runtime.online_cpus >= 2;
  return !(pair_with_cpus && nbytes > kInlineBytes &&
           (kind == CollectiveKind::kUpcAllGather || kind == CollectiveKind::kUpcAllPermute));
}

}  // namespace pgas::rt::coll
