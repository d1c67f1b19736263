// Every view built from the baseline trace of tests/tracedb shows the numbers worked out by hand in
// fixture.cpp (the same numbers pgas-report prints), checked through the views' models.
#include <QSignalSpy>
#include <QTableView>
#include <QtCharts/QBarSet>
#include <QtCharts/QPieSeries>
#include <QtCharts/QStackedBarSeries>
#include <QtTest/QtTest>

#include "heatmap_view.hpp"
#include "imbalance_view.hpp"
#include "lane_track.hpp"
#include "loader.hpp"
#include "source_view.hpp"
#include "summary_view.hpp"
#include "sync_view.hpp"
#include "threads_view.hpp"
#include "timeline_view.hpp"
#include "variables_view.hpp"
#include "viewer_fixture.hpp"

using namespace viewer_test;
using namespace pgas::viewer;

namespace {

const report_test::Workspace &ws() { return report_test::workspace(); }
const qlonglong kD = report_test::handle_of(1, 1), kP = report_test::handle_of(1, 2);

template <typename T>
T *view_of(MainWindow &window, const char *name) {
  return static_cast<T *>(window.view(name));
}

}  // namespace

class ViewsTest : public QObject {
  Q_OBJECT

 private:
  std::unique_ptr<MainWindow> window_;

 private Q_SLOTS:
  void initTestCase() {
    window_ = open_window(ws().baseline, "", {ws().sources});
    QVERIFY2(window_->error().isEmpty(), qPrintable(window_->error()));
    QCOMPARE(window_->progress(), 100);
  }

  void loader_reports_progress_and_delivers_only_the_latest_request() {
    Loader loader;
    std::vector<int> progress;
    std::vector<std::shared_ptr<const TraceData>> loaded;
    int failures = 0;
    connect(&loader, &Loader::progress, this,
            [&](int percent, const QString &) { progress.push_back(percent); });
    connect(&loader, &Loader::loaded, this,
            [&](std::shared_ptr<const TraceData> data) { loaded.push_back(data); });
    connect(&loader, &Loader::failed, this, [&] { ++failures; });
    pgas::tracedb::Filter puts;
    puts.ops = {"put"};
    loader.start({ws().baseline, "", {}});
    loader.start({ws().baseline, "", puts});  // supersedes the first
    QVERIFY(loader.busy());
    QTRY_VERIFY_WITH_TIMEOUT(!loader.busy(), 60000);
    QCOMPARE(failures, 0);
    QCOMPARE(loaded.size(), std::size_t{1});
    QCOMPARE(loaded[0]->summary.totals.count, 53);
    QVERIFY(!progress.empty());
    QVERIFY(std::is_sorted(progress.begin(), progress.end()));
    QCOMPARE(progress.back(), 100);
  }

  void summary() {
    auto *view = view_of<SummaryView>(*window_, "summary");
    const QAbstractItemModel *m = view->fields();
    auto field = [&](const char *name) { return row_of(m, 0, name); };
    QCOMPARE(text(m, field("program"), 1), QString("/opt/pgas/samples/cc"));
    QCOMPARE(text(m, field("arguments"), 1), QString("--vertices 10000 --edges 40000"));
    QCOMPARE(number(m, field("threads"), 1), 4);
    QCOMPARE(text(m, field("conduit"), 1), QString("shm"));
    QCOMPARE(text(m, field("emulation"), 1), QString("latency 2.0 us, bandwidth 1.0 GB/s"));
    QCOMPARE(number(m, field("wall time"), 1), 1000000);
    QCOMPARE(text(m, field("wall time"), 1), QString("1.0 ms"));
    QCOMPARE(number(m, field("remote accesses"), 1), 495);
    QCOMPARE(number(m, field("bytes moved"), 1), 8104);
    QCOMPARE(number(m, field("time in transport"), 1), 1085000);
    QCOMPARE(real(m, field("% time in remote access"), 1), 100.0 * 1085000 / 3300000);
    QCOMPARE(text(m, field("% time in remote access"), 1), QString("32.9%"));
    QCOMPARE(text(m, field("complete"), 1), QString("yes"));
    QVERIFY(view->warning().isEmpty());
    const QAbstractItemModel *ops = view->ops();
    QCOMPARE(ops->rowCount(), 6);
    QCOMPARE(text(ops, 0, 0), QString("get"));
    QCOMPARE(number(ops, 0, 1), 430);
    QCOMPARE(number(ops, 0, 5), 1000);  // min
    QCOMPARE(text(ops, 5, 0), QString("atomic"));
  }

  void partial_trace_warns() {
    report_test::TraceSpec spec = report_test::baseline_spec();
    spec.complete = false;
    spec.dropped_events = 12;
    const std::string path = ws().dir + "/partial.db";
    report_test::build_trace(path, spec);
    auto window = open_window(path);
    QString warning = view_of<SummaryView>(*window, "summary")->warning();
    QVERIFY2(warning.contains("Partial trace: 1 thread(s) did not finish"), qPrintable(warning));
    QVERIFY2(warning.contains("12 events were dropped"), qPrintable(warning));
    QCOMPARE(text(view_of<ThreadsView>(*window, "threads")->model(), 2, 14),
             QString("no"));  // the finished column
  }

  void threads() {
    auto *view = view_of<ThreadsView>(*window_, "threads");
    const QAbstractItemModel *m = view->model();
    QCOMPARE(m->rowCount(), 4);
    const qlonglong counts[] = {182, 150, 66, 97}, bytes[] = {2768, 600, 268, 4468};
    const qlonglong ns[] = {398000, 330000, 152000, 205000}, reads[] = {162, 120, 65, 90},
                    writes[] = {20, 30, 0, 7};
    const double pct[] = {39.8, 33.0, 19.0, 41.0};
    for (int t = 0; t < 4; ++t) {
      QCOMPARE(number(m, t, 0), t);
      QCOMPARE(number(m, t, 3), counts[t]);
      QCOMPARE(number(m, t, 4), reads[t]);
      QCOMPARE(number(m, t, 5), writes[t]);
      QCOMPARE(number(m, t, 6), bytes[t]);
      QCOMPARE(number(m, t, 7), ns[t]);
      QCOMPARE(real(m, t, 9), pct[t]);
    }
    // Figure 1: one bar set per operation, stacking to each thread's total.
    auto *stacked = qobject_cast<QStackedBarSeries *>(view->accesses_chart()->series().value(0));
    QVERIFY(stacked);
    QCOMPARE(stacked->count(), 6);
    for (int t = 0; t < 4; ++t) {
      double sum = 0;
      for (QBarSet *set : stacked->barSets()) sum += set->at(t);
      QCOMPARE(sum, static_cast<double>(counts[t]));
    }
    QCOMPARE(stacked->barSets().at(0)->label(), QString("get"));
    QCOMPARE(stacked->barSets().at(0)->at(0), 160.0);
    // Figure 2.
    auto *time = qobject_cast<QAbstractBarSeries *>(view->time_chart()->series().value(0));
    QVERIFY(time);
    QCOMPARE(time->barSets().at(0)->at(3), 41.0);
  }

  void variables() {
    auto *view = view_of<VariablesView>(*window_, "variables");
    const QAbstractItemModel *m = view->model();
    QCOMPARE(m->rowCount(), 4);
    QCOMPARE(text(m, 0, 0), QString("D"));
    QCOMPARE(number(m, 0, 6), 443);
    QCOMPARE(text(m, 0, 10), QString("cc.cpp:10"));
    QCOMPARE(text(m, 1, 0), QString("P"));
    QCOMPARE(number(m, 1, 6), 45);
    QCOMPARE(number(m, 1, 4), 2500);  // block
    QCOMPARE(number(m, 2, 6), 6);
    QCOMPARE(text(m, 3, 0), QString("(handle 77)"));
    QCOMPARE(real(m, 0, 9), 100.0 * 443 / 495);
    // Figure 3: a slice per variable with accesses.
    auto *pie = qobject_cast<QPieSeries *>(view->pie_chart()->series().value(0));
    QVERIFY(pie);
    QCOMPARE(pie->count(), 4);
    QCOMPARE(pie->slices().at(0)->value(), 443.0);
    // The most accessed variable is selected first: Figure 4 for D, and its heat strip.
    QCOMPARE(view->selected().value_or(0), kD);
    const QAbstractItemModel *per_thread = view->thread_model();
    const qlonglong d_counts[] = {170, 120, 60, 93};
    QCOMPARE(per_thread->rowCount(), 4);
    for (int t = 0; t < 4; ++t) QCOMPARE(number(per_thread, t, 1), d_counts[t]);
    const auto &bins = view->heat_strip()->bins();
    QCOMPARE(bins.size(), std::size_t{4});
    const std::int64_t bin_counts[] = {80, 80, 120, 103};
    for (int b = 0; b < 4; ++b) QCOMPARE(bins[b].count, bin_counts[b]);
    QCOMPARE(bins[3].hi, 10000);
    // The table sorts by exact values without reordering the model; clicking a slice selects its variable.
    auto *table = view->findChild<QTableView *>();
    QVERIFY(table);
    table->sortByColumn(6, Qt::AscendingOrder);
    QCOMPARE(table->model()->index(0, 0).data().toString(), QString("(handle 77)"));
    QCOMPARE(table->model()->index(3, 0).data().toString(), QString("D"));
    QCOMPARE(text(m, 0, 0), QString("D"));
    Q_EMIT pie->slices().at(1)->clicked();
    QCOMPARE(view->selected().value_or(0), kP);
    // Figure 4 for P, as in the paper.
    QVERIFY(view->select(kP));
    const qlonglong p_counts[] = {10, 30, 5, 0};
    for (int t = 0; t < 4; ++t) QCOMPARE(number(per_thread, t, 1), p_counts[t]);
    QVERIFY(view->heat_strip()->bins().empty());
  }

  void heatmap() {
    auto *view = view_of<HeatmapView>(*window_, "heatmap");
    const QAbstractItemModel *m = view->matrix();
    QCOMPARE(m->rowCount(), 4);
    QCOMPARE(m->columnCount(), 4);
    QCOMPARE(number(m, 0, 1), 122);
    QCOMPARE(number(m, 1, 0), 110);
    QCOMPARE(number(m, 0, 0), 0);
    QCOMPARE(number(m, 3, 2), 4);
    QCOMPARE(view->legend_text(), QString("122"));
    QString tip = m->index(0, 1).data(Qt::ToolTipRole).toString();
    QCOMPARE(tip, QString("thread 0 -> thread 1: 122 accesses, 2.5 KiB, 268.0 us"));
    view->set_metric(HeatmapView::Metric::kBytes);
    QCOMPARE(number(m, 0, 1), 2528);
    QCOMPARE(number(m, 3, 2), 4096);
    view->set_metric(HeatmapView::Metric::kTime);
    QCOMPARE(number(m, 0, 1), 268000);
    view->set_metric(HeatmapView::Metric::kCount);
  }

  void source() {
    auto *view = view_of<SourceView>(*window_, "source");
    const QAbstractItemModel *lines = view->lines();
    QCOMPARE(lines->rowCount(), 7);
    QCOMPARE(text(lines, 0, 0), QString("cc.cpp:30"));
    QCOMPARE(number(lines, 0, 1), 320);
    QCOMPARE(number(lines, 0, 3), 640000);
    QCOMPARE(text(lines, 0, 4), QString("graft"));
    QCOMPARE(text(lines, 1, 0), QString("cc.cpp:47"));
    // The hottest line's file, found under the source root, with its counts beside the text.
    QCOMPARE(view->current_file(), QString("/src/cc/cc.cpp"));
    const QAbstractItemModel *src = view->source();
    QCOMPARE(src->rowCount(), 50);
    QCOMPARE(text(src, 29, 4), QString("      if (D[u] < D[v] && D[v] == D[D[v]]) {"));
    QCOMPARE(number(src, 29, 1), 320);
    QCOMPARE(number(src, 30, 1), 50);
    QCOMPARE(number(src, 31, 1), 55);
    QCOMPARE(number(src, 46, 1), 60);
    QCOMPARE(number(src, 0, 1), 0);
    QVERIFY(src->index(29, 1).data(Qt::BackgroundRole).isValid());  // the heat gutter
    QVERIFY(!src->index(0, 1).data(Qt::BackgroundRole).isValid());
    QCOMPARE(view->selected_line(), 30);
    // Jumping from the variables table to D's allocation.
    auto *variables = view_of<VariablesView>(*window_, "variables");
    Q_EMIT variables->jump_to_line("/src/cc/cc.cpp", 10);
    QCOMPARE(view->selected_line(), 10);
    QVERIFY(view->show_line("/src/cc/cc.cpp", 47));
    QCOMPARE(view->selected_line(), 47);
    QVERIFY(!view->show_line("/src/cc/other.cpp", 3));
  }

  void source_not_found_until_a_root_is_given() {
    auto window = open_window(ws().baseline);
    auto *view = view_of<SourceView>(*window, "source");
    QVERIFY2(view->status().contains("is not found"), qPrintable(view->status()));
    QCOMPARE(view->source()->rowCount(), 47);  // counts up to the last counted line, no text
    QCOMPARE(number(view->source(), 29, 1), 320);
    view->set_source_roots({"/src=" + ws().sources});
    QCOMPARE(view->status(), QString::fromStdString(ws().sources + "/cc/cc.cpp"));
    QCOMPARE(text(view->source(), 30, 4), QString("        D[D[v]] = D[u];"));
  }

  void timeline() {
    auto *view = view_of<TimelineView>(*window_, "timeline");
    const QAbstractItemModel *m = view->model();
    QCOMPARE(m->rowCount(), 3);
    QCOMPARE(number(m, 1, 0), 0);
    QCOMPARE(number(m, 1, 2), 1000000);
    QCOMPARE(number(m, 1, 3), 82);
    QCOMPARE(number(m, 2, 0), 1);
    QCOMPARE(number(m, 0, 5), 1000000);             // no remote or waiting time recorded: all computation
    QCOMPARE(view->lanes()->lane_count(), 4);       // every thread, with buckets or not
    QCOMPARE(view->lanes()->extent_ns(), 2000000);  // thread 0's second bucket ends at 2 ms
    report_test::TraceSpec spec = report_test::optimized_spec();
    const std::string path = ws().dir + "/optimized_again.db";
    report_test::build_trace(path, spec);
    auto window = open_window(path);
    QCOMPARE(view_of<TimelineView>(*window, "timeline")->model()->rowCount(), 0);
  }

  // The hand-made trace has no waits: the sync view says so; the imbalance view lists its access lines,
  // worst first, as the reader ranks them.
  void sync_and_imbalance_without_waits() {
    auto *sync = view_of<SyncView>(*window_, "sync");
    QCOMPARE(sync->waits()->rowCount(), 0);
    QVERIFY2(sync->note().contains("No synchronization was recorded"), qPrintable(sync->note()));
    auto *imbalance = view_of<ImbalanceView>(*window_, "imbalance");
    const QAbstractItemModel *m = imbalance->model();
    const auto &rows = window_->data()->sync.imbalance;
    QCOMPARE(m->rowCount(), static_cast<int>(rows.size()));
    QVERIFY(m->rowCount() > 0);
    for (int r = 0; r < m->rowCount(); ++r) {
      QCOMPARE(text(m, r, 2), QString("access"));
      QCOMPARE(number(m, r, 11), rows[static_cast<std::size_t>(r)].lost_ns);
      if (r > 0) QVERIFY(number(m, r - 1, 11) >= number(m, r, 11));
    }
  }

  // A lane: computation before and after a recorded bucket up to the thread's end, and each column's share
  // of the bucket in proportion to its overlap.
  void lane_tracks() {
    pgas::tracedb::ThreadRow thread;
    thread.wall_ns = 30'000'000;
    pgas::tracedb::TimelineRow bucket{0, 1, 10'000'000, 4, 32, 3'000'000, 5'000'000, 20'000'000, 2'000'000};
    const std::vector<LaneTrack> tracks = build_tracks({thread}, {bucket});
    QCOMPARE(tracks.size(), std::size_t{1});
    QCOMPARE(tracks[0].segments.size(), std::size_t{3});
    QCOMPARE(tracks[0].end_ns(), 30'000'000);
    std::vector<LaneShares> c = tracks[0].columns(0, 30'000'000, 3);
    QCOMPARE(c[0].compute_ns, 10e6);
    QCOMPARE(c[0].wait_ns, 0.0);
    QCOMPARE(c[1].wait_ns, 5e6);
    QCOMPARE(c[1].remote_ns, 3e6);
    QVERIFY(c[1].dominant() == LaneState::kWait);
    QCOMPARE(c[2].compute_ns, 10e6);
    c = tracks[0].columns(5'000'000, 15'000'000, 2);
    QCOMPARE(c[0].covered(), 5e6);
    QCOMPARE(c[1].from_ns, 10'000'000);
    QCOMPARE(c[1].wait_ns, 2.5e6);
    QCOMPARE(c[1].compute_ns, 1e6);
    QVERIFY(tracks[0].segment_at(12e6, 1e6).has_value());
    QCOMPARE(tracks[0].segment_at(12e6, 1e6)->to_ns, 20'000'000);
    QVERIFY(!tracks[0].segment_at(12e6, 11e6).has_value());  // shorter than asked: columns then
    QVERIFY(!tracks[0].segment_at(31e6, 1e6).has_value());
  }
};

QTEST_MAIN(ViewsTest)
#include "views_test.moc"
