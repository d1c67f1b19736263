#include "viewer_fixture.hpp"

#include <QEventLoop>
#include <QTimer>

#include "screenshot.hpp"
#include "table_items.hpp"

namespace viewer_test {

using pgas::viewer::kValueRole;

bool wait_for_load(MainWindow &window) { return pgas::viewer::wait_until_loaded(window).isEmpty(); }

std::unique_ptr<MainWindow> open_window(const std::string &path, const std::string &compare,
                                        const std::vector<std::string> &source_roots) {
  pgas::viewer::Options options;
  options.database = path;
  options.compare = compare;
  options.source_roots = source_roots;
  auto window = std::make_unique<MainWindow>(options, false);
  wait_for_load(*window);
  return window;
}

bool filter_and_wait(MainWindow &window, const pgas::tracedb::Filter &filter) {
  window.set_filter(filter);
  return wait_for_load(window);
}

qlonglong number(const QAbstractItemModel *model, int row, int column) {
  return model->index(row, column).data(kValueRole).toLongLong();
}

double real(const QAbstractItemModel *model, int row, int column) {
  return model->index(row, column).data(kValueRole).toDouble();
}

QString text(const QAbstractItemModel *model, int row, int column) {
  return model->index(row, column).data(Qt::DisplayRole).toString();
}

int row_of(const QAbstractItemModel *model, int column, const QString &shown) {
  for (int r = 0; r < model->rowCount(); ++r)
    if (text(model, r, column) == shown) return r;
  return -1;
}

}  // namespace viewer_test
