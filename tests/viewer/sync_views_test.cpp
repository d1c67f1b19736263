// The synchronization and imbalance views and the source gutter's waiting on a real trace of known waiting:
// waits_program (tests/tracedb/trace) run by pgasrun with D = 200 ms on 4 threads (a thread woken 50 ms late
// from the first barrier under a loaded CI left 100 ms too little of its barrier wait). Tolerances as in
// waits_trace_test.sh: a wait of about k*D is at least k*D/2 and below 40*D; "about nothing" is below D/2;
// where the late thread is known, it waits less than every other thread.
// And --view renders each new view from the command line.
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <algorithm>
#include <map>

#include "imbalance_view.hpp"
#include "options.hpp"
#include "source_view.hpp"
#include "sync_view.hpp"
#include "table_items.hpp"
#include "table_view.hpp"
#include "viewer_fixture.hpp"

using namespace viewer_test;
using namespace pgas::viewer;

namespace {

constexpr qlonglong kD = 200'000'000;  // ns

bool about(qlonglong ns, qlonglong k_d) { return ns >= k_d / 2 && ns < 40 * kD; }
bool nothing(qlonglong ns) { return ns < kD / 2; }

// The line of waits_program.cpp marked "SITE:name".
int line_of(const QString &name) { return marked_line(WAITS_SOURCE_PATH, name); }

// Thread -> time, for messages.
QString describe(const std::map<int, qlonglong> &threads) {
  QString out;
  for (const auto &[t, ns] : threads) out += QString(" thread %1: %2 ms").arg(t).arg(ns / 1e6, 0, 'f', 1);
  return out;
}

// A barrier or collective that thread 3 reaches D late (4 threads): every thread has an event, thread 3
// waits about nothing and less than each other thread, and the others wait about D (all of them at least
// D/2 in sum: a loaded machine may start one of them late too).
bool late_thread_waits_least(const std::map<int, qlonglong> &threads) {
  if (threads.size() != 4 || !nothing(threads.at(3))) return false;
  qlonglong others = 0;
  for (int t = 0; t < 3; ++t) {
    if (threads.at(t) <= threads.at(3)) return false;
    others += threads.at(t);
  }
  return about(others, kD) && about(std::max({threads.at(0), threads.at(1), threads.at(2)}), kD);
}

QString at(int line) { return QString("waits_program.cpp:%1").arg(line); }

// The row of the sync view's table at `line` of `kind`; -1 if none.
int wait_row(const QAbstractItemModel *m, int line, const QString &kind) {
  for (int r = 0; r < m->rowCount(); ++r)
    if (text(m, r, 0) == at(line) && text(m, r, 2) == kind) return r;
  return -1;
}

void click_row(QTableView *table, int row, int column) {
  const QModelIndex index = view_index(table, row, column);
  table->scrollTo(index);
  QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(index).center());
}

}  // namespace

class SyncViewsTest : public QObject {
  Q_OBJECT

 private:
  QTemporaryDir dir_;
  QString db_;
  std::unique_ptr<MainWindow> window_;

  // The per-thread table of the sync view after a real click on `row`: thread -> time.
  std::map<int, qlonglong> per_thread_after_click(SyncView *sync, int row) {
    click_row(sync->waits_view(), row, 2);
    std::map<int, qlonglong> out;
    if (sync->selected() != row) return out;
    for (int r = 0; r < sync->per_thread()->rowCount(); ++r)
      out[static_cast<int>(number(sync->per_thread(), r, 0))] = number(sync->per_thread(), r, 2);
    return out;
  }

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    db_ = dir_.filePath("waits.db");
    const QString error = record_trace(PGASRUN_PATH, db_, 4, 10, {WAITS_PROGRAM_PATH, "200"});
    QVERIFY2(error.isEmpty(), qPrintable(error));
    window_ = open_window(db_.toStdString());
    QVERIFY2(window_->error().isEmpty(), qPrintable(window_->error()));
    QVERIFY(line_of("collective") > 0);
  }

  // Every known wait is listed at its line with its kind, object and threads; a click on a row lists that
  // wait per thread, the late or working thread waiting about nothing.
  void sync_view_lists_each_wait_on_its_threads() {
    auto *sync = static_cast<SyncView *>(window_->view("sync"));
    QVERIFY(show_view(*window_, "sync"));
    const QAbstractItemModel *m = sync->waits();
    for (int r = 1; r < m->rowCount(); ++r) QVERIFY(number(m, r - 1, 6) >= number(m, r, 6));  // time desc

    const int lock = wait_row(m, line_of("lock"), "lock"), hold = wait_row(m, line_of("hold"), "lock_hold");
    QVERIFY(lock >= 0 && hold >= 0);
    QCOMPARE(number(m, lock, 4), 3);               // threads
    QCOMPARE(text(m, lock, 3), text(m, hold, 3));  // one lock object
    std::map<int, qlonglong> threads = per_thread_after_click(sync, lock);
    QCOMPARE(threads.size(), std::size_t{3});
    QVERIFY(!threads.count(0));
    for (int t = 1; t < 4; ++t) QVERIFY2(about(threads[t], 2 * kD), qPrintable(describe(threads)));
    QVERIFY(text(m, hold, 9) == "-");  // holding a lock is not waiting

    const int collective = wait_row(m, line_of("collective"), "collective");
    QVERIFY(collective >= 0);
    QCOMPARE(text(m, collective, 3), QString("upc_all_broadcast"));
    threads = per_thread_after_click(sync, collective);
    QVERIFY2(late_thread_waits_least(threads), qPrintable(describe(threads)));
    QCOMPARE(sync->chart()->series().size(), 1);

    const int barrier = wait_row(m, line_of("barrier"), "barrier");
    threads = per_thread_after_click(sync, barrier);
    QVERIFY2(late_thread_waits_least(threads), qPrintable(describe(threads)));

    const int sem = wait_row(m, line_of("sem"), "sem_wait");
    threads = per_thread_after_click(sync, sem);
    QCOMPARE(threads.size(), std::size_t{1});
    QVERIFY2(about(threads[1], kD), qPrintable(describe(threads)));
    QVERIFY(window_->grab().save(dir_.filePath("sync.png")));
  }

  // The worst line is the lock (three threads wait about 2D that thread 0 does not), as pgas-report ranks
  // it: the view lists the report's lines in the report's order.
  void imbalance_view_puts_the_worst_line_first() {
    auto *imbalance = static_cast<ImbalanceView *>(window_->view("imbalance"));
    QVERIFY(show_view(*window_, "imbalance"));
    const QAbstractItemModel *m = imbalance->model();
    QVERIFY(m->rowCount() >= 5);
    QCOMPARE(text(m, 0, 0), at(line_of("lock")));
    QCOMPARE(text(m, 0, 2), QString("lock"));
    QCOMPARE(number(m, 0, 3), 0);  // thread 0 does not wait for the lock it holds
    QVERIFY(about(number(m, 0, 5), 2 * kD));
    QVERIFY(real(m, 0, 6) > 0.5);  // cv
    QVERIFY(about(number(m, 0, 11), 6 * kD));
    for (int r = 1; r < m->rowCount(); ++r) QVERIFY(number(m, r - 1, 11) >= number(m, r, 11));
    QProcess report;
    report.start(PGAS_REPORT_PATH, {"--section", "imbalance", "--format", "csv", db_});
    QVERIFY(report.waitForFinished(60000));
    const QStringList csv = QString::fromUtf8(report.readAllStandardOutput()).trimmed().split('\n');
    QCOMPARE(csv.size() - 1, m->rowCount());
    for (int r = 0; r < std::min(5, m->rowCount()); ++r) {
      const QStringList fields = csv[r + 1].split(',');  // file, line, function, what, ...
      QCOMPARE(at(fields[1].toInt()), text(m, r, 0));
      QCOMPARE(fields[3], text(m, r, 2));
    }
    QVERIFY(window_->grab().save(dir_.filePath("imbalance.png")));
  }

  // The gutter's waiting at the lock's line is every waiting thread's, then thread 1's alone, then none for
  // thread 0 (which holds the lock), while thread 0's barrier wait shows; a click on it selects the line.
  void gutter_waiting_follows_the_thread_filter() {
    auto *source = static_cast<SourceView *>(window_->view("source"));
    QVERIFY(show_view(*window_, "source"));
    QVERIFY2(source->current_file().endsWith("waits_program.cpp"), qPrintable(source->current_file()));
    const int lock = line_of("lock"), barrier = line_of("barrier");
    const qlonglong all = number(source->source(), lock - 1, 3);
    QVERIFY(about(all, 6 * kD));

    pgas::tracedb::Filter thread1;
    thread1.threads = {1};
    QVERIFY(filter_and_wait(*window_, thread1));
    const qlonglong one = number(source->source(), lock - 1, 3);
    QVERIFY(about(one, 2 * kD));
    QVERIFY(one < all);
    const auto &waits = window_->data()->sync.waits;
    auto lock_wait = std::find_if(waits.begin(), waits.end(), [&](const pgas::tracedb::SyncRow &r) {
      return r.line == lock && r.kind == "lock";
    });
    QVERIFY(lock_wait != waits.end());
    QCOMPARE(one, lock_wait->ns_sum);

    pgas::tracedb::Filter thread0;
    thread0.threads = {0};
    QVERIFY(filter_and_wait(*window_, thread0));
    QCOMPARE(number(source->source(), lock - 1, 3), 0);
    QVERIFY(about(number(source->source(), barrier - 1, 3), kD));
    QTableView *gutter = nullptr;
    for (QTableView *t : source->findChildren<QTableView *>())
      if (t->model() == source->source()) gutter = t;
    QVERIFY(gutter);
    click_row(gutter, barrier - 1, 3);
    QCOMPARE(source->selected_line(), barrier);
    QVERIFY(window_->grab().save(dir_.filePath("gutter-thread-0.png")));
    QVERIFY(filter_and_wait(*window_, {}));
  }

  // --view renders each new view of this trace headless, and each tab is named after its --view.
  void new_views_from_the_command_line() {
    for (const QString view : {"timeline", "sync", "imbalance"}) {
      const QString png = dir_.filePath("shot-" + view + ".png");
      Run run =
          run_viewer(PGAS_VIEWER_PATH, {db_, "--screenshot", png, "--view", view, "--size", "1000x700"});
      QVERIFY2(run.status == 0, qPrintable(view + ": " + run.err));
      const QImage image(png);
      QCOMPARE(image.size(), QSize(1000, 700));
      QVERIFY2(colours(image) > 8, qPrintable(png + " looks blank"));
      auto *tabs = window_->findChild<QTabWidget *>();
      QCOMPARE(tabs->tabText(tabs->indexOf(window_->view(view.toStdString()))).toLower(), view);
    }
    Run bad = run_viewer(PGAS_VIEWER_PATH, {db_, "--view", "lanes"});
    QCOMPARE(bad.status, 2);
    QVERIFY2(bad.err.contains("unknown view 'lanes'; the views are " + QString::fromStdString(view_list())),
             qPrintable(bad.err));
  }
};

QTEST_MAIN(SyncViewsTest)
#include "sync_views_test.moc"
