#include "options.hpp"

#include <QCommandLineParser>
#include <algorithm>
#include <charconv>

namespace pgas::viewer {
namespace {

int dimension(const std::string &text, const std::string &whole) {
  int value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() || value < 200 || value > 8000)
    throw UsageError("--size expects WIDTHxHEIGHT between 200 and 8000 pixels, not '" + whole + "'");
  return value;
}

}  // namespace

const std::vector<std::string> &view_names() {
  static const std::vector<std::string> kNames = {"summary",  "threads", "variables", "heatmap", "source",
                                                  "timeline", "sync",    "imbalance", "paths",   "compare"};
  return kNames;
}

std::string view_list() {
  std::string views;
  for (const std::string &name : view_names()) views += (views.empty() ? "" : ", ") + name;
  return views;
}

std::string usage() {
  return "usage: pgas-viewer [options] [TRACE.db]\n"
         "\n"
         "Shows a trace database written by pgasrun --trace: a summary, remote accesses and remote time per\n"
         "thread, accesses per shared variable with their index-space heat strip, the thread x thread\n"
         "heatmap, the annotated source (accesses and waiting per line), the timeline (one lane per thread:\n"
         "computation, remote access and waiting; wheel or +/- zoom, Home resets), synchronization per line\n"
         "and object, load imbalance per line, and call paths (each access or wait line with the calling\n"
         "lines that reached it, from pgasrun --trace --lines --callers N), with filters by operation,\n"
         "variable and thread.\n"
         "\n"
         "options:\n"
         "  --compare OTHER.db    compare with a second run (e.g. after refactoring): the compare view\n"
         "                        shows both side by side and their differences\n"
         "  --source-root DIR     where to look for source files that moved since the run: DIR holds a\n"
         "                        copy of the tree, or OLD=NEW replaces a recorded path prefix (repeatable)\n"
         "  --screenshot FILE     render one view to FILE (PNG) without a display and exit; uses the\n"
         "                        offscreen platform unless QT_QPA_PLATFORM is set\n"
         "  --view NAME           the view to show or render (default summary):\n"
         "                        " +
         view_list() +
         "\n"
         "  --size WxH            window size in pixels (default 1280x800)\n"
         "  -h, --help            this text\n"
         "  --version             the version\n"
         "\n"
         "Views export as PNG and CSV from the File menu. A missing, damaged or newer-schema trace is named\n"
         "with its problem. Exit status: 0; 1 if the screenshot cannot be written; 2 on a usage error or a\n"
         "trace that cannot be read.\n";
}

// QCommandLineParser accepts "--name value" and "--name=value"; the usage text is ours (usage()).
Options parse_options(const std::vector<std::string> &args) {
  QCommandLineParser parser;
  parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
  const QCommandLineOption help({"h", "help"}, ""), version("version", "");
  const QCommandLineOption compare("compare", "", "file"), source_root("source-root", "", "dir");
  const QCommandLineOption screenshot("screenshot", "", "file"), view("view", "", "name");
  const QCommandLineOption size("size", "", "WxH");
  parser.addOptions({help, version, compare, source_root, screenshot, view, size});
  QStringList arguments{"pgas-viewer"};
  for (const std::string &arg : args) arguments << QString::fromStdString(arg);
  if (!parser.parse(arguments)) throw UsageError(parser.errorText().toStdString());

  Options o;
  o.help = parser.isSet(help);
  o.version = parser.isSet(version);
  if (o.help || o.version) return o;
  auto last = [&](const QCommandLineOption &option) { return parser.value(option).toStdString(); };
  o.compare = last(compare);
  o.screenshot = last(screenshot);
  for (const QString &root : parser.values(source_root)) o.source_roots.push_back(root.toStdString());
  if (parser.isSet(view)) {
    o.view = last(view);
    const auto &names = view_names();
    if (std::find(names.begin(), names.end(), o.view) == names.end())
      throw UsageError("--view: unknown view '" + o.view + "'; the views are " + view_list());
  }
  if (parser.isSet(size)) {
    std::string value = last(size);
    std::size_t x = value.find('x');
    if (x == std::string::npos) throw UsageError("--size expects WIDTHxHEIGHT, not '" + value + "'");
    o.width = dimension(value.substr(0, x), value);
    o.height = dimension(value.substr(x + 1), value);
  }
  const QStringList positional = parser.positionalArguments();
  if (positional.size() > 1) throw UsageError("more than one trace database given (compare with --compare)");
  if (!positional.empty()) o.database = positional.front().toStdString();
  if (!o.compare.empty() && o.database.empty()) throw UsageError("--compare needs a first trace database");
  if (!o.screenshot.empty() && o.database.empty()) throw UsageError("--screenshot needs a trace database");
  if (o.view == "compare" && o.compare.empty() && !o.screenshot.empty())
    throw UsageError("--view compare needs --compare OTHER.db");
  return o;
}

}  // namespace pgas::viewer
