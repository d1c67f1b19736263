// pgas-gen: writes a batch of random programs of the dialect (program.hpp) into one translation unit, with
// the definitions of their declared-only functions in a second one and a manifest that says how to rewrite
// them. run_generated.py drives it; README.md ("Differential testing") documents both.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "program.hpp"

using namespace pgas::gen;

namespace {

const char *kUsage =
    "usage: pgas-gen --seed N --out DIR [--programs K] [--only I] [--policy P] [--features LIST]\n"
    "Writes DIR/batch.cpp (programs g0 .. g<K-1>, run all or those named on its command line, each\n"
    "printing a checksum of every array), DIR/opaque.cpp and DIR/manifest.txt (the batch's write policy;\n"
    "per program the arrays to cache, those only combined, the lines of loops whose original races, the "
    "features used).\n"
    "  --programs K     programs in the batch (default 20)\n"
    "  --only I         write only program I of the batch (the same program as in the whole batch)\n"
    "  --policy P       the write policy of combining writes: any, sum, min, max (default: from the seed)\n"
    "  --features LIST  comma-separated feature groups, or all (default), or none:\n"
    "                   ";

const char *kPrelude = R"(#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <type_traits>
#include <utility>
#include <pgas/upc.hpp>

using namespace pgas;

namespace {
struct Rec {
  int a;
  int b;
};
}  // namespace

// A hash of every element of a, read by the calling thread.
template <class T>
unsigned long checksum_of(const pgas::shared_array<T> &a) {
  unsigned long h = 0;
  for (std::size_t k = 0; k < a.size(); ++k) {
    const T v = a[k];
    unsigned long x;
    if constexpr (std::is_same_v<T, Rec>)
      x = static_cast<unsigned long>(v.a) * 7u + static_cast<unsigned long>(v.b);
    else if constexpr (std::is_floating_point_v<T>)
      x = static_cast<unsigned long>(static_cast<long>(v * 4));
    else
      x = static_cast<unsigned long>(v);
    h = h * 1000003u + x;
  }
  return h;
}

)";

int usage_error(const std::string &message) {
  std::fprintf(stderr, "pgas-gen: %s\n%s", message.c_str(), kUsage);
  for (const std::string &f : kFeatureGroups) std::fprintf(stderr, "%s ", f.c_str());
  std::fprintf(stderr, "\n");
  return 2;
}

bool parse_number(const std::string &text, long &value) {
  char *end = nullptr;
  value = std::strtol(text.c_str(), &end, 10);
  return !text.empty() && *end == '\0' && value >= 0;
}

int count_lines(const std::string &text) {
  int n = 0;
  for (char c : text) n += c == '\n';
  return n;
}

}  // namespace

int main(int argc, char **argv) {
  long seed = -1, programs = 20, only = -1;
  std::string out, policy, feature_list = "all";
  std::vector<std::string> args(argv + 1, argv + argc);
  for (std::size_t a = 0; a < args.size(); ++a) {
    const std::string &flag = args[a];
    if (flag == "--help" || flag == "-h") {
      std::printf("%s", kUsage);
      for (const std::string &f : kFeatureGroups) std::printf("%s ", f.c_str());
      std::printf("\n");
      return 0;
    }
    if (a + 1 >= args.size()) return usage_error("missing value after " + flag);
    const std::string &value = args[++a];
    bool ok = true;
    if (flag == "--seed")
      ok = parse_number(value, seed);
    else if (flag == "--programs")
      ok = parse_number(value, programs) && programs > 0;
    else if (flag == "--only")
      ok = parse_number(value, only);
    else if (flag == "--out")
      out = value;
    else if (flag == "--policy")
      policy = value;
    else if (flag == "--features")
      feature_list = value;
    else
      return usage_error("unknown option " + flag);
    if (!ok) return usage_error("bad value '" + value + "' for " + flag);
  }
  if (seed < 0 || out.empty()) return usage_error("--seed and --out are required");
  if (only >= programs) return usage_error("--only " + std::to_string(only) + " is not below --programs");
  const std::set<std::string> policies = {"any", "sum", "min", "max"};
  if (policy.empty())
    policy = Rng(static_cast<std::uint64_t>(seed)).pick<std::string>({"any", "sum", "min", "max"});
  if (!policies.count(policy)) return usage_error("unknown --policy '" + policy + "' (any, sum, min, max)");
  std::set<std::string> features;
  if (feature_list == "all")
    features = {kFeatureGroups.begin(), kFeatureGroups.end()};
  else if (feature_list != "none") {
    std::stringstream list(feature_list);
    for (std::string f; std::getline(list, f, ',');) {
      if (std::find(kFeatureGroups.begin(), kFeatureGroups.end(), f) == kFeatureGroups.end())
        return usage_error("unknown feature group '" + f + "'");
      features.insert(f);
    }
  }

  std::string batch = "// pgas-gen --seed " + std::to_string(seed) + " --programs " +
                      std::to_string(programs) + " --policy " + policy + " --features " + feature_list +
                      "\n" + kPrelude;
  std::string opaque, manifest = "policy " + policy + "\n", table;
  for (long k = 0; k < programs; ++k) {
    if (only >= 0 && k != only) continue;
    const GeneratedProgram p =
        generate_program(static_cast<std::uint64_t>(seed), static_cast<int>(k), policy, features);
    const int offset = count_lines(batch);
    manifest += "program " + std::to_string(k) + " cached=";
    for (std::size_t i = 0; i < p.cached.size(); ++i) manifest += (i ? "," : "") + p.cached[i];
    manifest += " combining=";
    for (std::size_t i = 0; i < p.combining.size(); ++i) manifest += (i ? "," : "") + p.combining[i];
    manifest += " racy=";
    for (std::size_t i = 0; i < p.racy_lines.size(); ++i)
      manifest += (i ? "," : "") + std::to_string(p.racy_lines[i] + offset);
    manifest += " features=";
    std::string used;
    for (const std::string &f : p.used) used += (used.empty() ? "" : ",") + f;
    manifest += (used.empty() ? "-" : used) + "\n";
    batch += p.text + "\n";
    opaque += p.opaque;
    table += "    {" + std::to_string(k) + ", g" + std::to_string(k) + "::run},\n";
  }
  batch +=
      "// Runs the programs named on the command line, or all.\n"
      "int main(int argc, char **argv) {\n"
      "  const struct {\n    int id;\n    void (*run)();\n  } programs[] = {\n" +
      table +
      "  };\n"
      "  for (const auto &p : programs) {\n"
      "    bool chosen = argc == 1;\n"
      "    for (int a = 1; a < argc; ++a) chosen = chosen || std::atoi(argv[a]) == p.id;\n"
      "    if (chosen) p.run();\n"
      "  }\n"
      "  return 0;\n"
      "}\n";
  const std::pair<std::string, std::string> files[] = {
      {out + "/batch.cpp", batch}, {out + "/opaque.cpp", opaque}, {out + "/manifest.txt", manifest}};
  std::error_code error;
  std::filesystem::create_directories(out, error);
  for (const auto &[path, text] : files) {
    std::ofstream file(path);
    if (!(file << text)) {
      std::fprintf(stderr, "pgas-gen: cannot write %s\n", path.c_str());
      return 1;
    }
  }
  return 0;
}
