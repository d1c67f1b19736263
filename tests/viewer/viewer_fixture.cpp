#include "viewer_fixture.hpp"

#include <QEventLoop>
#include <QFile>
#include <QProcess>
#include <QSet>
#include <QTimer>
#include <QtTest/QtTest>

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

bool show_view(MainWindow &window, const std::string &view, int width, int height) {
  window.resize(width, height);
  window.show_view(view);
  window.show();
  return QTest::qWaitForWindowExposed(&window);
}

bool filter_and_wait(MainWindow &window, const pgas::tracedb::Filter &filter) {
  window.set_filter(filter);
  return wait_for_load(window);
}

QString record_trace(const QString &pgasrun, const QString &db, int threads, int timeline_ms,
                     const QStringList &command) {
  QProcess run;
  run.start(pgasrun, QStringList{"-n", QString::number(threads), "--timeout", "90", "--trace", db, "--lines",
                                 "--timeline", QString::number(timeline_ms)} +
                         command);
  if (!run.waitForFinished(120000)) {
    run.kill();
    return "pgasrun timed out";
  }
  if (run.exitStatus() != QProcess::NormalExit || run.exitCode() != 0)
    return "pgasrun failed: " + QString::fromLocal8Bit(run.readAllStandardError());
  return {};
}

int marked_line(const QString &source, const QString &name) {
  QFile file(source);
  if (!file.open(QIODevice::ReadOnly)) return -1;
  const QStringList lines = QString::fromUtf8(file.readAll()).split('\n');
  for (int i = 0; i < lines.size(); ++i)
    if (lines[i].endsWith("SITE:" + name)) return i + 1;
  return -1;
}

Run run_viewer(const QString &viewer, const QStringList &args) {
  QProcess process;
  process.start(viewer, args);
  if (!process.waitForFinished(60000)) {
    process.kill();
    return {-1, "timed out"};
  }
  return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
          QString::fromLocal8Bit(process.readAllStandardError())};
}

int colours(const QImage &image) {
  QSet<QRgb> seen;
  for (int y = 0; y < image.height(); y += 7)
    for (int x = 0; x < image.width(); x += 7) seen.insert(image.pixel(x, y));
  return static_cast<int>(seen.size());
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
