// The views on a real trace: the cc sample run traced by pgasrun on 4 threads with source lines and a
// timeline. Independent records of the same accesses must agree: the timeline's buckets and the heatmap's
// cells add up to each thread's total, the hottest line is found in the recorded source file, and the most
// accessed variable is D (seed 004, section 3.2).
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include "heatmap_view.hpp"
#include "source_view.hpp"
#include "threads_view.hpp"
#include "timeline_view.hpp"
#include "variables_view.hpp"
#include "viewer_fixture.hpp"

using namespace viewer_test;
using namespace pgas::viewer;

class RealTraceTest : public QObject {
  Q_OBJECT

 private:
  QTemporaryDir dir_;
  std::unique_ptr<MainWindow> window_;

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    const QString db = dir_.filePath("cc.db");
    QProcess run;
    run.start(PGASRUN_PATH, {"-n", "4", "--timeout", "60", "--trace", db, "--lines", "--timeline", "1",
                             CC_PATH, "--vertices", "2000", "--edges", "8000"});
    QVERIFY(run.waitForFinished(90000));
    QVERIFY2(run.exitCode() == 0, run.readAllStandardError().constData());
    window_ = open_window(db.toStdString());
    QVERIFY2(window_->error().isEmpty(), qPrintable(window_->error()));
  }

  void timeline_and_heatmap_add_up_to_each_thread() {
    const QAbstractItemModel *threads = static_cast<ThreadsView *>(window_->view("threads"))->model();
    const QAbstractItemModel *timeline = static_cast<TimelineView *>(window_->view("timeline"))->model();
    const QAbstractItemModel *matrix = static_cast<HeatmapView *>(window_->view("heatmap"))->matrix();
    QCOMPARE(threads->rowCount(), 4);
    QVERIFY(timeline->rowCount() > 0);
    qlonglong all = 0;
    for (int t = 0; t < 4; ++t) {
      const qlonglong total = number(threads, t, 3);
      QVERIFY(total > 0);
      all += total;
      qlonglong buckets = 0, cells = 0;
      for (int r = 0; r < timeline->rowCount(); ++r)
        if (number(timeline, r, 0) == t) buckets += number(timeline, r, 3);
      for (int c = 0; c < matrix->columnCount(); ++c) cells += number(matrix, t, c);
      QCOMPARE(buckets, total);
      QCOMPARE(cells, total);
      QCOMPARE(number(matrix, t, t), 0);  // local accesses never reach the transport
    }
    QCOMPARE(window_->data()->summary.totals.count, all);
  }

  void hottest_line_and_variable() {
    auto *variables = static_cast<VariablesView *>(window_->view("variables"));
    QCOMPARE(text(variables->model(), 0, 0), QString("D"));
    auto *source = static_cast<SourceView *>(window_->view("source"));
    QVERIFY(source->current_file().endsWith("samples/cc/cc.cpp"));
    const int line = source->selected_line();
    QVERIFY(line > 0);
    QVERIFY2(text(source->source(), line - 1, 3).contains("D["),
             qPrintable(text(source->source(), line - 1, 3)));
    QCOMPARE(number(source->source(), line - 1, 1), number(source->lines(), 0, 1));
  }

  // The same run recorded by the preloaded tracer and imported with --no-symbolize: the viewer symbolizes
  // it when it opens it, so the hottest line is in cc.cpp, not an address.
  void unsymbolized_import_is_symbolized_on_open() {
    const QString db = dir_.filePath("cc-unsymbolized.db");
    QProcess run;
    run.start(PGASRUN_PATH, {"-n", "4", "--timeout", "60", "env", QString("LD_PRELOAD=") + PGAS_TRACE_LIBRARY,
                             "PGAS_TRACE_FILE=" + db, "PGAS_TRACE_LINES=1", CC_PATH, "--vertices", "2000",
                             "--edges", "8000"});
    QVERIFY(run.waitForFinished(90000));
    QVERIFY2(run.exitCode() == 0, run.readAllStandardError().constData());
    QProcess import;
    import.start(PGAS_TRACE_IMPORT_PATH, {"--no-symbolize", db});
    QVERIFY(import.waitForFinished(60000));
    QVERIFY2(import.exitCode() == 0, import.readAllStandardError().constData());
    auto window = open_window(db.toStdString());
    QVERIFY2(window->error().isEmpty(), qPrintable(window->error()));
    QCOMPARE(window->data()->unsymbolized_sites, 0);
    auto *source = static_cast<SourceView *>(window->view("source"));
    QVERIFY2(source->current_file().endsWith("samples/cc/cc.cpp"), qPrintable(source->current_file()));
    QCOMPARE(text(static_cast<VariablesView *>(window->view("variables"))->model(), 0, 0), QString("D"));
  }
};

QTEST_MAIN(RealTraceTest)
#include "real_trace_test.moc"
