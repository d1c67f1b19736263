// The viewer on a trace of a UPC program compiled by pgas-upcc (tests/upcc/classic/heat.upc, 4 threads):
// every file it names is the .upc file, never the translation; the source view opens heat.upc at the
// stencil line, whose remote reads follow from the program's text (each thread reads the border cell of
// each neighbouring band once per step: 2 * (THREADS - 1) reads a step, over 50 steps); the variables
// view names the UPC array u; and the waiting of the barriers lands on the upc_barrier lines.
#include <QFile>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include "source_view.hpp"
#include "variables_view.hpp"
#include "viewer_fixture.hpp"

using namespace viewer_test;
using namespace pgas::viewer;

namespace {

constexpr int kThreads = 4, kSteps = 50;

// The 1-based numbers of the lines of `path` that contain `text`.
QList<int> lines_containing(const QString &path, const QString &text) {
  QFile file(path);
  QList<int> found;
  if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) return found;
  for (int n = 1; !file.atEnd(); ++n)
    if (QString::fromUtf8(file.readLine()).contains(text)) found << n;
  return found;
}

}  // namespace

class UpcTraceTest : public QObject {
  Q_OBJECT

 private:
  QTemporaryDir dir_;
  std::unique_ptr<MainWindow> window_;

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    const QString db = dir_.filePath("heat.db");
    const QString error = record_trace(PGASRUN_PATH, db, kThreads, 1, {HEAT_PROGRAM_PATH});
    QVERIFY2(error.isEmpty(), qPrintable(error));
    window_ = open_window(db.toStdString());
    QVERIFY2(window_->error().isEmpty(), qPrintable(window_->error()));
  }

  void every_file_is_the_upc_source() {
    const auto &data = *window_->data();
    QVERIFY(!data.lines.empty());
    for (const auto &row : data.lines)
      QVERIFY2(QString::fromStdString(row.file) == HEAT_SOURCE_PATH, row.file.c_str());
    QVERIFY(!data.sync.waits.empty());
    for (const auto &row : data.sync.waits)
      if (!row.file.empty()) QVERIFY2(QString::fromStdString(row.file) == HEAT_SOURCE_PATH, row.file.c_str());
  }

  void source_view_opens_the_stencil_line() {
    auto *source = static_cast<SourceView *>(window_->view("source"));
    QCOMPARE(source->current_file(), QString(HEAT_SOURCE_PATH));
    const QList<int> stencil = lines_containing(HEAT_SOURCE_PATH, "u[i - 1]");
    QCOMPARE(stencil.size(), 1);
    QCOMPARE(source->selected_line(), stencil[0]);
    QVERIFY(text(source->source(), stencil[0] - 1, 4).contains("next[i] = u[i] + ALPHA"));
    QCOMPARE(number(source->source(), stencil[0] - 1, 1), qlonglong(2 * (kThreads - 1) * kSteps));
  }

  void variables_are_the_upc_names() {
    auto *variables = static_cast<VariablesView *>(window_->view("variables"));
    QCOMPARE(text(variables->model(), 0, 0), QString("u"));
  }

  void barriers_wait_on_their_lines() {
    auto *source = static_cast<SourceView *>(window_->view("source"));
    const QList<int> barriers = lines_containing(HEAT_SOURCE_PATH, "upc_barrier;");
    QVERIFY(!barriers.isEmpty());
    qlonglong waiting = 0;
    for (int line : barriers) waiting += number(source->source(), line - 1, 3);
    QVERIFY(waiting > 0);
  }
};

QTEST_MAIN(UpcTraceTest)
#include "upc_trace_test.moc"
