// The timeline's lanes at other thread counts, on real traces of waits_program (tests/tracedb/trace) run by
// pgasrun: one lane per thread at 1 and 3 threads, and at 64 threads lanes that stay readable (at least a
// text line high, labelled, scrolled).
#include <QScrollBar>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <algorithm>

#include "lanes_widget.hpp"
#include "timeline_view.hpp"
#include "viewer_fixture.hpp"

using namespace viewer_test;
using namespace pgas::viewer;

namespace {

constexpr std::int64_t kD = 100'000'000;  // ns

TimelineView *timeline(MainWindow &w) { return static_cast<TimelineView *>(w.view("timeline")); }

}  // namespace

class LaneCountsTest : public QObject {
  Q_OBJECT

 private:
  QTemporaryDir dir_;
  int small_lane_height_ = 0;  // at 3 threads

 private Q_SLOTS:
  void initTestCase() { QVERIFY(dir_.isValid()); }

  // 1 and 3 threads: one lane per thread, each as long as its thread; the sync view lists the barrier after
  // the uneven work with every thread (a single thread waits for nobody there: about nothing).
  void one_lane_per_thread_at_odd_counts() {
    for (int n : {1, 3}) {
      const QString db = dir_.filePath(QString("waits%1.db").arg(n));
      const QString error = record_trace(PGASRUN_PATH, db, n, 10, {WAITS_PROGRAM_PATH, "20"});
      QVERIFY2(error.isEmpty(), qPrintable(error));
      auto w = open_window(db.toStdString());
      QVERIFY2(w->error().isEmpty(), qPrintable(w->error()));
      QVERIFY(show_view(*w, "timeline"));
      LanesWidget *lanes = timeline(*w)->lanes();
      QCOMPARE(lanes->lane_count(), n);
      small_lane_height_ = lanes->lane_height();
      std::int64_t longest = 0;
      for (const auto &thread : w->data()->threads) {
        longest = std::max(longest, thread.wall_ns);
        const QPoint start = lanes->point_of(thread.thread, 0);
        QVERIFY(start.x() >= 0);
        QVERIFY2(lanes->tooltip_at(start).startsWith(QString("thread %1\n").arg(thread.thread)),
                 qPrintable(lanes->tooltip_at(start)));
      }
      QVERIFY(lanes->extent_ns() >= longest);
      QVERIFY(lanes->extent_ns() <= longest + 10'000'000);  // the last bucket ends with its thread
      const auto &waits = w->data()->sync.waits;
      QVERIFY(std::any_of(waits.begin(), waits.end(), [n](const pgas::tracedb::SyncRow &r) {
        return r.kind == "barrier" && r.threads == n && static_cast<int>(r.per_thread.size()) == n;
      }));
      if (n == 1)
        for (const auto &r : waits) QVERIFY(r.kind != "lock" || r.ns_sum < kD / 2);
    }
  }

  // 64 threads: lanes shrink to a text line (not below), every lane is labelled, the rest scroll into view
  // (keys and the scroll bar), and the last thread's lane answers with its own name.
  void lanes_are_readable_at_64_threads() {
    const QString db = dir_.filePath("waits64.db");
    const QString error = record_trace(PGASRUN_PATH, db, 64, 5, {WAITS_PROGRAM_PATH, "20"});
    QVERIFY2(error.isEmpty(), qPrintable(error));
    auto w = open_window(db.toStdString());
    QVERIFY2(w->error().isEmpty(), qPrintable(w->error()));
    QVERIFY(show_view(*w, "timeline"));
    LanesWidget *lanes = timeline(*w)->lanes();
    QCOMPARE(lanes->lane_count(), 64);
    QVERIFY(lanes->lane_height() >= lanes->fontMetrics().height());
    QVERIFY(lanes->lane_height() < small_lane_height_);  // the height adapts
    QVERIFY(lanes->label_width() > lanes->fontMetrics().horizontalAdvance("thread 63"));
    QVERIFY(lanes->visible_lanes() < 64);
    QScrollBar *bar = nullptr;
    for (QScrollBar *b : timeline(*w)->findChildren<QScrollBar *>())
      if (b->orientation() == Qt::Vertical && b->isVisible()) bar = b;
    QVERIFY2(bar, "a scroll bar for the lanes");
    QCOMPARE(bar->maximum(), 64 - lanes->visible_lanes());
    const std::int64_t end = w->data()->threads[63].wall_ns;
    QCOMPARE(lanes->point_of(63, end / 2), QPoint(-1, -1));  // below the window
    while (lanes->first_lane() < 64 - lanes->visible_lanes()) {
      const int first = lanes->first_lane();
      QTest::keyClick(lanes, Qt::Key_PageDown);
      QVERIFY(lanes->first_lane() > first);
    }
    QCOMPARE(bar->value(), lanes->first_lane());
    const QPoint last = lanes->point_of(63, end / 2);
    QVERIFY(last.x() >= 0);
    QVERIFY2(lanes->tooltip_at(last).startsWith("thread 63\n"), qPrintable(lanes->tooltip_at(last)));
    bar->setValue(0);
    QCOMPARE(lanes->first_lane(), 0);
    QVERIFY(w->grab().save(dir_.filePath("lanes-64.png")));
  }
};

QTEST_MAIN(LaneCountsTest)
#include "lane_counts_test.moc"
