// The timeline's lanes on real traces of known waiting: waits_program (tests/tracedb/trace) run by pgasrun
// with D = 100 ms on 4 threads shows each thread's waiting where the program makes it wait, in the painted
// lanes and in their tooltips; the lanes zoom, pan and reset, export, and filter by a double-click (other
// thread counts: lane_counts_test.cpp).
#include <QFile>
#include <QHelpEvent>
#include <QPushButton>
#include <QTemporaryDir>
#include <QToolTip>
#include <QWheelEvent>
#include <QtTest/QtTest>
#include <algorithm>
#include <array>
#include <tuple>

#include "filter_bar.hpp"
#include "lanes_widget.hpp"
#include "timeline_view.hpp"
#include "viewer_fixture.hpp"

using namespace viewer_test;
using namespace pgas::viewer;

namespace {

constexpr std::int64_t kD = 100'000'000;  // ns
// A stretch of one state along the middle of a painted lane, in pixels of the time area.
struct Phase {
  LaneState state;
  int from_x, to_x;
};

// The runs of colour along the middle of thread `thread`'s lane as painted in `image`. Runs shorter than D/4
// (bucket edges, the start-up) are dropped and the runs of one state either side joined, so that what
// remains are the program's phases: sleeps that overrun on a loaded machine only lengthen them.
std::vector<Phase> painted_runs(const LanesWidget *lanes, const QImage &image, int thread) {
  const int y = lanes->point_of(thread, lanes->from_ns()).y();
  std::vector<Phase> runs, phases;
  for (int x = lanes->label_width(); x < lanes->width(); ++x)
    for (LaneState state : {LaneState::kCompute, LaneState::kRemote, LaneState::kWait}) {
      if (image.pixelColor(x, y) != LanesWidget::colour(state)) continue;
      if (!runs.empty() && runs.back().state == state && runs.back().to_x == x)
        runs.back().to_x = x + 1;
      else
        runs.push_back({state, x, x + 1});
    }
  const double ns_per_pixel =
      static_cast<double>(lanes->to_ns() - lanes->from_ns()) / (lanes->width() - lanes->label_width());
  for (const Phase &run : runs) {
    if ((run.to_x - run.from_x) * ns_per_pixel < kD / 4) continue;
    if (!phases.empty() && phases.back().state == run.state)
      phases.back().to_x = run.to_x;
    else
      phases.push_back(run);
  }
  return phases;
}

TimelineView *timeline(MainWindow &w) { return static_cast<TimelineView *>(w.view("timeline")); }

QPushButton *button(QWidget *view, const QString &text) {
  for (QPushButton *b : view->findChildren<QPushButton *>())
    if (b->text() == text) return b;
  return nullptr;
}

}  // namespace

class LanesTest : public QObject {
  Q_OBJECT

 private:
  QTemporaryDir dir_;
  std::unique_ptr<MainWindow> window_;

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    const QString db = dir_.filePath("waits4.db");
    const QString error = record_trace(PGASRUN_PATH, db, 4, 10, {WAITS_PROGRAM_PATH, "100"});
    QVERIFY2(error.isEmpty(), qPrintable(error));
    window_ = open_window(db.toStdString());
    QVERIFY2(window_->error().isEmpty(), qPrintable(window_->error()));
    QVERIFY(show_view(*window_, "timeline"));
  }

  // The lanes as painted show each thread's phases (waits_program.cpp): threads 1 and 2 wait from the first
  // barrier to the end (barrier, lock, semaphore or barrier, collective: about 5D); thread 0 computes about
  // 3D (holding the lock, then working before the post) between two waits; thread 3 computes 2D, waits about
  // 3D (the lock, the barrier after the semaphore), then computes D before the collective. Tolerance: phases
  // at least half of these, which overrunning sleeps only lengthen. The tooltip names the thread and state.
  void lanes_show_waiting_on_the_right_thread() {
    LanesWidget *lanes = timeline(*window_)->lanes();
    QCOMPARE(lanes->lane_count(), 4);
    QCOMPARE(lanes->visible_lanes(), 4);
    const QImage painted = lanes->grab().toImage();
    const double ns_per_pixel =
        static_cast<double>(lanes->to_ns() - lanes->from_ns()) / (lanes->width() - lanes->label_width());
    auto ns = [&](const Phase &run) { return (run.to_x - run.from_x) * ns_per_pixel; };
    std::array<std::vector<Phase>, 4> runs;
    QString shown;
    for (int t = 0; t < 4; ++t) {
      runs[t] = painted_runs(lanes, painted, t);
      shown += QString("\nthread %1:").arg(t);
      for (const Phase &run : runs[t])
        shown += QString(" %1 %2 ms").arg(LanesWidget::state_name(run.state)).arg(ns(run) / 1e6, 0, 'f', 0);
    }
    // The index of the first run of `state` of at least `least` ns between runs of `around` of at least
    // `around_least` ns; -1 if none.
    auto find = [&](int t, LaneState state, double least, LaneState around, double around_least) {
      const std::vector<Phase> &r = runs[t];
      for (std::size_t i = 1; i + 1 < r.size(); ++i)
        if (r[i].state == state && ns(r[i]) >= least && r[i - 1].state == around &&
            r[i + 1].state == around && ns(r[i - 1]) >= around_least && ns(r[i + 1]) >= around_least)
          return static_cast<int>(i);
      return -1;
    };
    auto longest_wait = [&](int t) {
      double most = 0;
      for (const Phase &run : runs[t])
        if (run.state == LaneState::kWait) most = std::max(most, ns(run));
      return most;
    };
    QVERIFY2(longest_wait(1) >= 4 * kD && longest_wait(2) >= 4 * kD, qPrintable(shown));
    const int held = find(0, LaneState::kCompute, 2.5 * kD, LaneState::kWait, kD / 2.0);
    QVERIFY2(held >= 0, qPrintable(shown));
    QVERIFY2(longest_wait(0) < 4 * kD, qPrintable(shown));  // the lock and the semaphore split its waits
    const int blocked = find(3, LaneState::kWait, 2.5 * kD, LaneState::kCompute, kD / 2.0);
    QVERIFY2(blocked >= 0 && ns(runs[3][static_cast<std::size_t>(blocked) - 1]) >= 1.5 * kD,
             qPrintable(shown));

    auto middle = [&](int t, int run) {
      const Phase &r = runs[t][static_cast<std::size_t>(run)];
      return QPoint((r.from_x + r.to_x) / 2, lanes->point_of(t, lanes->from_ns()).y());
    };
    for (const auto &[t, run, state] :
         {std::tuple{0, held, LaneState::kCompute}, std::tuple{3, blocked, LaneState::kWait}}) {
      const QPoint at = middle(t, run);
      QVERIFY(lanes->shares_at(at).dominant() == state);
      const QString tip = lanes->tooltip_at(at);
      QVERIFY2(tip.startsWith(QString("thread %1\n").arg(t)), qPrintable(tip));
      QVERIFY2(tip.contains(LanesWidget::state_name(state) + ": "), qPrintable(tip));
    }
    // Hovering shows that text as the tooltip.
    const QPoint hover = middle(3, blocked);
    QHelpEvent help(QEvent::ToolTip, hover, lanes->mapToGlobal(hover));
    QApplication::sendEvent(lanes, &help);
    QTRY_COMPARE(QToolTip::text(), lanes->tooltip_at(hover));
    QVERIFY(window_->grab().save(dir_.filePath("lanes.png")));
  }

  // The buckets table exports exactly: per bucket, computation + remote + waiting fill the bucket (the last
  // one ends with its thread), and the waiting sums to each thread's waiting within 1 ms.
  void buckets_export_as_csv() {
    const QString csv = dir_.filePath("timeline.csv");
    QCOMPARE(window_->export_csv("timeline", csv), QString());
    QFile file(csv);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QStringList rows = QString::fromUtf8(file.readAll()).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(rows[0], QString("thread,bucket,start,accesses,bytes,computation,remote,waiting"));
    QCOMPARE(rows.size() - 1, static_cast<int>(window_->data()->timeline.size()));
    std::map<int, qlonglong> waiting;
    for (int r = 1; r < rows.size(); ++r) {
      const QStringList f = rows[r].split(',');
      const int thread = f[0].toInt();
      const qlonglong start = f[2].toLongLong(),
                      filled = f[5].toLongLong() + f[6].toLongLong() + f[7].toLongLong();
      const qlonglong end = std::min<qlonglong>(
          start + 10'000'000, window_->data()->threads[static_cast<std::size_t>(thread)].wall_ns);
      QVERIFY2(filled >= end - start, qPrintable(rows[r]));  // more only when timing error overfills it
      waiting[thread] += f[7].toLongLong();
    }
    for (const auto &thread : window_->data()->threads)
      QVERIFY(std::abs(waiting[thread.thread] - thread.wait_ns) < 1'000'000);
  }

  // + zooms in around the middle, the wheel around the time under the cursor (it stays under the cursor),
  // Right pans; zoomed in, the tooltip names one recorded bucket; Reset zoom shows the whole run again.
  void zoom_changes_the_visible_range() {
    TimelineView *view = timeline(*window_);
    LanesWidget *lanes = view->lanes();
    const std::int64_t extent = lanes->extent_ns();
    QVERIFY(extent > 5 * kD);
    QCOMPARE(lanes->from_ns(), 0);
    QCOMPARE(lanes->to_ns(), extent);
    const QString whole = view->range_text();
    QTest::keyClick(lanes, Qt::Key_Plus);
    QVERIFY(std::abs((lanes->to_ns() - lanes->from_ns()) - static_cast<std::int64_t>(extent / 1.5)) < 2);
    QVERIFY(std::abs((lanes->from_ns() + lanes->to_ns()) / 2 - extent / 2) < 2);
    QVERIFY(view->range_text() != whole);

    // The time under a pixel column of the lanes.
    auto time_at = [lanes](int x) {
      return lanes->from_ns() + static_cast<double>(x - lanes->label_width()) *
                                    static_cast<double>(lanes->to_ns() - lanes->from_ns()) /
                                    (lanes->width() - lanes->label_width());
    };
    const QPoint cursor(lanes->label_width() + (lanes->width() - lanes->label_width()) / 4,
                        lanes->point_of(1, lanes->from_ns()).y());
    const double under = time_at(cursor.x());
    const std::int64_t before = lanes->to_ns() - lanes->from_ns();
    QWheelEvent wheel(cursor, lanes->mapToGlobal(cursor), {}, {0, 120}, Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
    QApplication::sendEvent(lanes, &wheel);
    QVERIFY(lanes->to_ns() - lanes->from_ns() < before);
    QVERIFY2(std::abs(time_at(cursor.x()) - under) < 2, "the time stays under the cursor");

    QPushButton *zoom_in = button(view, "Zoom in");
    QVERIFY(zoom_in);
    for (int i = 0; i < 6; ++i) QTest::mouseClick(zoom_in, Qt::LeftButton);
    QVERIFY(lanes->to_ns() - lanes->from_ns() < 6 * 10'000'000);  // a few 10 ms buckets across
    const std::int64_t from = lanes->from_ns();
    QTest::keyClick(lanes, Qt::Key_Right);
    QCOMPARE(lanes->from_ns(), from + (lanes->to_ns() - lanes->from_ns()) / 4);
    const QPoint middle(lanes->label_width() + (lanes->width() - lanes->label_width()) / 2,
                        lanes->point_of(1, (lanes->from_ns() + lanes->to_ns()) / 2).y());
    const LaneShares bucket = lanes->shares_at(middle);
    QCOMPARE(bucket.thread, 1);
    QCOMPARE(bucket.to_ns - bucket.from_ns, 10'000'000);  // one bucket, as recorded
    QCOMPARE(bucket.from_ns % 10'000'000, 0);
    QVERIFY(lanes->tooltip_at(middle).contains(" - "));

    QPushButton *reset = button(view, "Reset zoom");
    QVERIFY(reset);
    QTest::mouseClick(reset, Qt::LeftButton);
    QCOMPARE(lanes->from_ns(), 0);
    QCOMPARE(lanes->to_ns(), extent);
    QCOMPARE(view->range_text(), whole);
    QTest::keyClick(lanes, Qt::Key_Minus);  // never beyond the whole run
    QCOMPARE(lanes->to_ns(), extent);
  }

  // A double-click on thread 2's lane shows only thread 2, in every view.
  void double_click_shows_one_thread() {
    LanesWidget *lanes = timeline(*window_)->lanes();
    const QPoint at = lanes->point_of(2, lanes->from_ns() + kD / 2);
    QVERIFY(at.x() >= 0);
    QTest::mouseDClick(lanes, Qt::LeftButton, {}, at);
    QVERIFY(window_->loading());
    QVERIFY(wait_for_load(*window_));
    QCOMPARE(window_->filter_bar()->filter().threads, (std::set<int>{2}));
    QCOMPARE(lanes->lane_count(), 1);
    QCOMPARE(window_->data()->threads.size(), std::size_t{1});
    QVERIFY(filter_and_wait(*window_, {}));
    QCOMPARE(lanes->lane_count(), 4);
  }
};

QTEST_MAIN(LanesTest)
#include "lanes_test.moc"
