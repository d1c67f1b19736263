#include "screenshot.hpp"

#include <QApplication>
#include <QEventLoop>

#include "export.hpp"

namespace pgas::viewer {

QString wait_until_loaded(MainWindow &window) {
  if (window.loading()) {
    QEventLoop loop;
    QObject::connect(&window, &MainWindow::ready, &loop, &QEventLoop::quit);
    QObject::connect(&window, &MainWindow::failed, &loop, &QEventLoop::quit);
    loop.exec();
  }
  return window.error();
}

QString take_screenshot(MainWindow &window, const std::string &view, const QString &path) {
  if (QString error = wait_until_loaded(window); !error.isEmpty()) return error;
  window.show_view(view);
  window.show();
  QApplication::processEvents();  // lay out and polish before grabbing
  return write_png(window, path);
}

}  // namespace pgas::viewer
