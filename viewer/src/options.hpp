// The command line of pgas-viewer.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace pgas::viewer {

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The views, by the names --view and the tabs use.
const std::vector<std::string> &view_names();
std::string view_list();  // "summary, threads, ...": view_names() for messages

struct Options {
  std::string database;  // "" = start empty and open one from the File menu
  std::string compare;   // --compare OTHER.db
  std::string screenshot;
  std::string view = "summary";
  std::vector<std::string> source_roots;
  int width = 1280, height = 800;  // --size WxH of the window (and of screenshots)
  bool help = false;
  bool version = false;
};

// argv[1..]; throws UsageError naming the bad argument.
Options parse_options(const std::vector<std::string> &args);
std::string usage();

}  // namespace pgas::viewer
