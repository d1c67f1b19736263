// The call paths view on real traces: paths_program (tests/tracedb/trace), whose helper makes one remote
// read and one barrier and is called from two loops on different lines (3 and 5 times), run by pgasrun
// --trace --lines --callers 2 on 3 threads (and 1, 2, 8), and once without --callers. And --view paths from
// the command line.
#include "paths_view.hpp"

#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest/QtTest>

#include "options.hpp"
#include "source_view.hpp"
#include "table_items.hpp"
#include "viewer_fixture.hpp"

using namespace viewer_test;
using namespace pgas::viewer;

namespace {

constexpr int kThreads = 3;

// The line of paths_program.cpp marked "SITE:name".
int line_of(const QString &name) { return marked_line(PATHS_SOURCE_PATH, name); }

QString at(int line) { return QString("paths_program.cpp:%1").arg(line); }

QString cell(const QStandardItem *item) { return item ? item->data(kValueRole).toString() : QString(); }
qlonglong value(const QStandardItem *item) { return item ? item->data(kValueRole).toLongLong() : -1; }

// The top-level item (column 0) of the tree at `line` doing `what`; null if none.
QStandardItem *line_item(const QStandardItemModel *tree, int line, const QString &what) {
  for (int r = 0; r < tree->rowCount(); ++r)
    if (cell(tree->item(r, 0)) == at(line) && cell(tree->item(r, 1)) == what) return tree->item(r, 0);
  return nullptr;
}

// Calling line (innermost) -> count, threads, of the children of `line`.
std::map<QString, std::pair<qlonglong, qlonglong>> callers_of(const QStandardItem *line) {
  std::map<QString, std::pair<qlonglong, qlonglong>> out;
  for (int r = 0; line && r < line->rowCount(); ++r)
    out[cell(line->child(r, 0))] = {value(line->child(r, 4)), value(line->child(r, 3))};
  return out;
}

}  // namespace

class PathsViewTest : public QObject {
  Q_OBJECT

 private:
  QTemporaryDir dir_;
  QString db_, plain_db_;
  std::unique_ptr<MainWindow> window_;
  int read_ = 0, barrier_ = 0, first_ = 0, second_ = 0;

  PathsView *paths() const { return static_cast<PathsView *>(window_->view("paths")); }

  // Each of the helper's lines lists its two calling lines with their counts on `threads` threads (the
  // read only when it is remote).
  void check_two_callers(const QStandardItemModel *tree, int threads, bool remote_reads = true) {
    if (!remote_reads) QVERIFY(!line_item(tree, read_, "access"));
    std::vector<std::pair<int, QString>> lines{{barrier_, "barrier"}};
    if (remote_reads) lines.emplace_back(read_, "access");
    for (const auto &[line, what] : lines) {
      const QStandardItem *item = line_item(tree, line, what);
      QVERIFY2(item, qPrintable(at(line) + " " + what + " is not listed"));
      QCOMPARE(item->rowCount(), 2);
      const auto callers = callers_of(item);
      QCOMPARE(callers.size(), std::size_t{2});
      QVERIFY2(callers.count(at(first_)) && callers.count(at(second_)), qPrintable(at(line)));
      QCOMPARE(callers.at(at(first_)), std::pair(qlonglong{3} * threads, qlonglong{threads}));
      QCOMPARE(callers.at(at(second_)), std::pair(qlonglong{5} * threads, qlonglong{threads}));
      QCOMPARE(value(tree->item(item->row(), 4)), 8 * threads);  // the line's total: both paths
    }
  }

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    read_ = line_of("read"), barrier_ = line_of("barrier");
    first_ = line_of("first_loop"), second_ = line_of("second_loop");
    QVERIFY(read_ > 0 && barrier_ > 0 && first_ > 0 && second_ > 0);
    db_ = dir_.filePath("paths.db");
    QString error = record_trace(PGASRUN_PATH, db_, kThreads, 10, {"--callers", "2", PATHS_PROGRAM_PATH});
    QVERIFY2(error.isEmpty(), qPrintable(error));
    plain_db_ = dir_.filePath("plain.db");
    error = record_trace(PGASRUN_PATH, plain_db_, kThreads, 10, {PATHS_PROGRAM_PATH});
    QVERIFY2(error.isEmpty(), qPrintable(error));
    window_ = open_window(db_.toStdString());
    QVERIFY2(window_->error().isEmpty(), qPrintable(window_->error()));
  }

  // The helper's read and barrier, each with the two loops' lines below it and their counts.
  void helper_lines_list_both_calling_lines() {
    QVERIFY(show_view(*window_, "paths"));
    check_two_callers(paths()->tree(), kThreads);
    QVERIFY(!paths()->note().contains("without --callers"));
    // Exported as pgas-report's paths table: one row per path.
    const QAbstractItemModel *rows = paths()->table();
    QCOMPARE(rows->rowCount(), static_cast<int>(window_->data()->paths.size()));
    int first_read = -1;
    for (int r = 0; r < rows->rowCount(); ++r)
      if (text(rows, r, 0) == at(read_) && text(rows, r, 2) == at(first_)) first_read = r;
    QVERIFY(first_read >= 0);
    QCOMPARE(number(rows, first_read, 4), 3 * kThreads);
  }

  // Sorting by count orders the calling lines under each line.
  void sorting_by_count_orders_the_paths() {
    QTreeView *view = paths()->tree_view();
    auto *proxy = qobject_cast<QSortFilterProxyModel *>(view->model());
    QVERIFY(proxy);
    const QStandardItem *read = line_item(paths()->tree(), read_, "access");
    QVERIFY(read);
    // The line's index in the proxy moves with each sort.
    auto first_caller = [&] {
      return proxy->index(0, 0, proxy->mapFromSource(read->index())).data(kValueRole);
    };
    view->sortByColumn(4, Qt::DescendingOrder);
    QCOMPARE(first_caller().toString(), at(second_));
    view->sortByColumn(4, Qt::AscendingOrder);
    QCOMPARE(first_caller().toString(), at(first_));
    view->sortByColumn(-1, Qt::AscendingOrder);
  }

  // A double-click on a calling line shows that line in the source view.
  void double_click_jumps_to_the_calling_line() {
    QVERIFY(show_view(*window_, "paths"));
    QTreeView *view = paths()->tree_view();
    const QStandardItem *read = line_item(paths()->tree(), read_, "access");
    QVERIFY(read);
    int row = -1;
    for (int r = 0; r < read->rowCount(); ++r)
      if (cell(read->child(r, 0)) == at(second_)) row = r;
    QVERIFY(row >= 0);
    auto *proxy = qobject_cast<QSortFilterProxyModel *>(view->model());
    const QModelIndex index = proxy->mapFromSource(read->child(row, 2)->index());
    view->scrollTo(index);
    const QPoint centre = view->visualRect(index).center();
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, centre);  // the press a double click needs
    QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, centre);
    QCOMPARE(window_->current_view(), std::string("source"));
    QCOMPARE(static_cast<SourceView *>(window_->view("source"))->selected_line(), second_);
  }

  // The thread filter applies to the paths: one thread's counts.
  void thread_filter_applies() {
    pgas::tracedb::Filter one;
    one.threads = {1};
    QVERIFY(filter_and_wait(*window_, one));
    check_two_callers(paths()->tree(), 1);
    QVERIFY(filter_and_wait(*window_, {}));
    check_two_callers(paths()->tree(), kThreads);
  }

  // The target filter applies to the accesses, not to the waits: reads of thread 1 are thread 0's only
  // (each thread reads the next), while the barrier keeps every thread's events.
  void target_filter_applies_to_accesses_only() {
    pgas::tracedb::Filter target;
    target.peers = {1};
    QVERIFY(filter_and_wait(*window_, target));
    const auto reads = callers_of(line_item(paths()->tree(), read_, "access"));
    QCOMPARE(reads.size(), std::size_t{2});
    QCOMPARE(reads.at(at(first_)), std::pair(qlonglong{3}, qlonglong{1}));
    QCOMPARE(reads.at(at(second_)), std::pair(qlonglong{5}, qlonglong{1}));
    const auto barriers = callers_of(line_item(paths()->tree(), barrier_, "barrier"));
    QCOMPARE(barriers.size(), std::size_t{2});
    QCOMPARE(barriers.at(at(second_)), std::pair(qlonglong{5} * kThreads, qlonglong{kThreads}));
    QVERIFY(filter_and_wait(*window_, {}));
    check_two_callers(paths()->tree(), kThreads);
  }

  // 1, 2 and 8 threads (3 above): the same paths, scaled; on 1 thread the read is local (no access row).
  void other_thread_counts() {
    for (int n : {1, 2, 8}) {
      const QString db = dir_.filePath(QString("paths-n%1.db").arg(n));
      const QString error = record_trace(PGASRUN_PATH, db, n, 10, {"--callers", "2", PATHS_PROGRAM_PATH});
      QVERIFY2(error.isEmpty(), qPrintable(error));
      auto window = open_window(db.toStdString());
      QVERIFY2(window->error().isEmpty(), qPrintable(window->error()));
      check_two_callers(static_cast<PathsView *>(window->view("paths"))->tree(), n, n > 1);
      if (QTest::currentTestFailed()) QFAIL(qPrintable(QString("on %1 threads").arg(n)));
    }
  }

  // Without --callers: the note says how to record them; the lines have no calling line.
  void trace_without_callers_says_so() {
    auto plain = open_window(plain_db_.toStdString());
    QVERIFY2(plain->error().isEmpty(), qPrintable(plain->error()));
    auto *view = static_cast<PathsView *>(plain->view("paths"));
    QVERIFY2(view->note().contains("recorded without --callers: rerun with --lines --callers N"),
             qPrintable(view->note()));
    const QStandardItem *read = line_item(view->tree(), read_, "access");
    QVERIFY(read);
    QCOMPARE(read->rowCount(), 1);
    QCOMPARE(cell(read->child(0, 0)), QString("(no calling line recorded)"));
    QCOMPARE(value(read->child(0, 4)), 8 * kThreads);
  }

  // --view paths renders the view headless, in the tab named after it.
  void paths_from_the_command_line() {
    const QString png = dir_.filePath("shot-paths.png");
    Run run =
        run_viewer(PGAS_VIEWER_PATH, {db_, "--screenshot", png, "--view", "paths", "--size", "1000x700"});
    QVERIFY2(run.status == 0, qPrintable(run.err));
    const QImage image(png);
    QCOMPARE(image.size(), QSize(1000, 700));
    QVERIFY2(colours(image) > 8, qPrintable(png + " looks blank"));
    auto *tabs = window_->findChild<QTabWidget *>();
    QCOMPARE(tabs->tabText(tabs->indexOf(window_->view("paths"))), QString("Paths"));
    QVERIFY(QString::fromStdString(view_list()).contains("paths"));
  }
};

QTEST_MAIN(PathsViewTest)
#include "paths_view_test.moc"
