// The views on a real trace: the cc sample run traced by pgasrun on 4 threads with source lines and a
// timeline. Independent records of the same accesses must agree: the timeline's buckets and the heatmap's
// cells add up to each thread's total, the hottest line is found in the recorded source file, and the most
// accessed variable is D (Cong et al., section 3.2).
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSortFilterProxyModel>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include "compare_view.hpp"
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
    const QString error =
        record_trace(PGASRUN_PATH, db, 4, 1, {CC_PATH, "--vertices", "2000", "--edges", "8000"});
    QVERIFY2(error.isEmpty(), qPrintable(error));
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
    QVERIFY2(text(source->source(), line - 1, 4).contains("D["),
             qPrintable(text(source->source(), line - 1, 4)));
    QCOMPARE(number(source->source(), line - 1, 1), number(source->lines(), 0, 1));
  }

  // pgas-report and the viewer read the same engine: on the whole trace and with a thread and a variable
  // filter, every per-thread, per-variable, per-line and per-pair number the report prints is the one the
  // viewer shows.
  void report_and_viewer_agree() {
    const QString db = dir_.filePath("cc.db");
    struct Case {
      pgas::tracedb::Filter filter;
      QStringList flags;
    };
    pgas::tracedb::Filter thread1, variable_d;
    thread1.threads = {1};
    variable_d.variables = {"D"};
    for (const Case &c :
         {Case{{}, {}}, Case{thread1, {"--thread", "1"}}, Case{variable_d, {"--variable", "D"}}}) {
      QVERIFY(filter_and_wait(*window_, c.filter));
      QProcess report;
      report.start(PGAS_REPORT_PATH,
                   QStringList{"--format", "json", "--section", "threads,variables,lines,pairs"} + c.flags +
                       QStringList{db});
      QVERIFY(report.waitForFinished(60000));
      QVERIFY2(report.exitCode() == 0, report.readAllStandardError().constData());
      const QJsonObject json = QJsonDocument::fromJson(report.readAllStandardOutput()).object();
      const auto &data = *window_->data();
      const QAbstractItemModel *threads = static_cast<ThreadsView *>(window_->view("threads"))->model();
      const QJsonArray thread_rows = json["threads"].toArray();
      QCOMPARE(thread_rows.size(), threads->rowCount());
      for (int t = 0; t < thread_rows.size(); ++t) {
        QCOMPARE(thread_rows[t]["count"].toInteger(), number(threads, t, 3));
        QCOMPARE(thread_rows[t]["bytes"].toInteger(), data.threads[t].totals.bytes);
        QCOMPARE(thread_rows[t]["transport_ns"].toInteger(), data.threads[t].totals.ns);
      }
      const QJsonArray variables = json["variables"].toArray();
      QCOMPARE(variables.size(), qsizetype(data.variables.size()));
      for (int v = 0; v < variables.size(); ++v) {
        QCOMPARE(variables[v]["handle"].toInteger(), data.variables[v].handle);
        QCOMPARE(variables[v]["count"].toInteger(), data.variables[v].totals.count);
      }
      const QJsonArray lines = json["lines"].toArray();
      QCOMPARE(lines.size(), qsizetype(data.lines.size()));
      QVERIFY(!lines.isEmpty());
      for (int l = 0; l < lines.size(); ++l) {
        QCOMPARE(lines[l]["line"].toInteger(), data.lines[l].line);
        QCOMPARE(lines[l]["count"].toInteger(), data.lines[l].totals.count);
      }
      const QJsonArray pairs = json["pairs"].toArray();
      QCOMPARE(pairs.size(), qsizetype(data.pairs.size()));
      for (int p = 0; p < pairs.size(); ++p) {
        QCOMPARE(pairs[p]["thread"].toInt(), data.pairs[p].thread);
        QCOMPARE(pairs[p]["peer"].toInt(), data.pairs[p].peer);
        QCOMPARE(pairs[p]["count"].toInteger(), data.pairs[p].totals.count);
      }
    }
    QVERIFY(filter_and_wait(*window_, {}));
  }

  // Compared with itself, the real trace's long demangled signatures are shown short (full in the tooltip)
  // and the accesses of both runs stay inside the lines table at 1000 x 700.
  void compare_keeps_the_numbers_on_screen() {
    const std::string db = dir_.filePath("cc.db").toStdString();
    auto w = open_window(db, db);
    QVERIFY2(w->error().isEmpty(), qPrintable(w->error()));
    auto *compare = static_cast<CompareView *>(w->view("compare"));
    w->resize(1000, 700);
    w->show_view("compare");
    w->show();
    QVERIFY(QTest::qWaitForWindowExposed(w.get()));
    const QAbstractItemModel *lines = compare->lines();
    QVERIFY(lines->rowCount() > 0);
    const QString full = lines->index(0, 1).data(Qt::ToolTipRole).toString();
    QVERIFY2(full.contains("pgas::shared_array"), qPrintable(full));  // a long signature
    QVERIFY(lines->index(0, 1).data(Qt::DisplayRole).toString().size() <= CompareView::kMaxSignature);
    QTableView *table = nullptr;
    for (QTableView *t : compare->findChildren<QTableView *>())
      if (t->model() == lines || (qobject_cast<QSortFilterProxyModel *>(t->model()) &&
                                  qobject_cast<QSortFilterProxyModel *>(t->model())->sourceModel() == lines))
        table = t;
    QVERIFY(table);
    const QRect b = table->visualRect(table->model()->index(0, 3));  // accesses B
    QVERIFY2(
        b.right() <= table->viewport()->width(),
        qPrintable(QString("accesses B end at %1 of %2").arg(b.right()).arg(table->viewport()->width())));
    QVERIFY(w->grab().save(dir_.filePath("compare-real.png")));
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
