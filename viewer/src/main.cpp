// pgas-viewer: the Qt GUI for trace databases (see --help).
#include <QApplication>
#include <cstdio>
#include <cstdlib>

#include "main_window.hpp"
#include "options.hpp"
#include "screenshot.hpp"

int main(int argc, char **argv) {
  using namespace pgas::viewer;
  Options options;
  try {
    options = parse_options(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const UsageError &e) {
    std::fprintf(stderr, "pgas-viewer: %s (see pgas-viewer --help)\n", e.what());
    return 2;
  }
  if (options.help) {
    std::fputs(usage().c_str(), stdout);
    return 0;
  }
  if (options.version) {
    std::printf("pgas-viewer %s\n", PGAS_VERSION);
    return 0;
  }
  // Screenshots need no display.
  if (!options.screenshot.empty() && std::getenv("QT_QPA_PLATFORM") == nullptr)
    setenv("QT_QPA_PLATFORM", "offscreen", 1);
  QApplication app(argc, argv);
  QApplication::setApplicationName("pgas-viewer");
  const bool headless = !options.screenshot.empty();
  MainWindow window(options, !headless);
  if (headless) {
    // A trace that cannot be read exits 2, as with pgas-report; a screenshot that cannot be written, 1.
    if (QString error = wait_until_loaded(window); !error.isEmpty()) {
      std::fprintf(stderr, "pgas-viewer: %s\n", error.toLocal8Bit().constData());
      return 2;
    }
    QString error = take_screenshot(window, options.view, QString::fromStdString(options.screenshot));
    if (!error.isEmpty()) {
      std::fprintf(stderr, "pgas-viewer: %s\n", error.toLocal8Bit().constData());
      return 1;
    }
    return 0;
  }
  window.show();
  return QApplication::exec();
}
