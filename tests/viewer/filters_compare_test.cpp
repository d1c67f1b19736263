// Filters apply to every view; clicking a thread bar filters by it; two runs compared side by side
// and as differences. Numbers worked out by hand from tests/tracedb/report/fixture.cpp.
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QtCharts/QBarSeries>
#include <QtCharts/QBarSet>
#include <QtTest/QtTest>

#include "compare_view.hpp"
#include "heatmap_view.hpp"
#include "source_view.hpp"
#include "summary_view.hpp"
#include "table_items.hpp"
#include "threads_view.hpp"
#include "variables_view.hpp"
#include "viewer_fixture.hpp"

using namespace viewer_test;
using namespace pgas::viewer;

namespace {

const report_test::Workspace &ws() { return report_test::workspace(); }
const qlonglong kP = report_test::handle_of(1, 2);

qlonglong summary_count(MainWindow &w) {
  const QAbstractItemModel *m = static_cast<SummaryView *>(w.view("summary"))->fields();
  return number(m, row_of(m, 0, "remote accesses"), 1);
}

const QAbstractItemModel *threads_model(MainWindow &w) {
  return static_cast<ThreadsView *>(w.view("threads"))->model();
}

}  // namespace

class FiltersCompareTest : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void filter_by_operation_applies_everywhere() {
    auto w = open_window(ws().baseline, "", {ws().sources});
    pgas::tracedb::Filter filter;
    filter.ops = {"put"};
    QVERIFY(filter_and_wait(*w, filter));
    QCOMPARE(summary_count(*w), 53);
    const qlonglong per_thread[] = {20, 30, 0, 3};
    for (int t = 0; t < 4; ++t) QCOMPARE(number(threads_model(*w), t, 3), per_thread[t]);
    const QAbstractItemModel *vars = static_cast<VariablesView *>(w->view("variables"))->model();
    QCOMPARE(number(vars, row_of(vars, 0, "P"), 6), 30);
    QCOMPARE(number(vars, row_of(vars, 0, "D"), 6), 23);
    const QAbstractItemModel *pairs = static_cast<HeatmapView *>(w->view("heatmap"))->matrix();
    QCOMPARE(number(pairs, 0, 1), 20);
    QCOMPARE(number(pairs, 1, 0), 30);
    QCOMPARE(number(pairs, 3, 1), 3);
    QCOMPARE(number(pairs, 0, 2), 0);
    const QAbstractItemModel *lines = static_cast<SourceView *>(w->view("source"))->lines();
    QCOMPARE(text(lines, 0, 0), QString("cc.cpp:31"));
    QCOMPARE(number(lines, 0, 1), 50);
    // The filter bar shows what is selected, and "show all" brings everything back.
    QCOMPARE(w->filter_bar()->filter().ops, (std::set<std::string>{"put"}));
    QVERIFY(filter_and_wait(*w, {}));
    QCOMPARE(summary_count(*w), 495);
  }

  void filter_by_variable_and_thread() {
    auto w = open_window(ws().baseline);
    pgas::tracedb::Filter filter;
    filter.handles = {kP};
    QVERIFY(filter_and_wait(*w, filter));
    QCOMPARE(summary_count(*w), 45);
    const qlonglong per_thread[] = {10, 30, 5, 0};
    for (int t = 0; t < 4; ++t) QCOMPARE(number(threads_model(*w), t, 3), per_thread[t]);
    filter.threads = {1, 2};
    QVERIFY(filter_and_wait(*w, filter));
    QCOMPARE(summary_count(*w), 35);
    QCOMPARE(threads_model(*w)->rowCount(), 2);
    // Variables are chosen in the bar by name too.
    pgas::tracedb::Filter by_name;
    by_name.variables = {"D"};
    QVERIFY(filter_and_wait(*w, by_name));
    QCOMPARE(summary_count(*w), 443);
  }

  // A filter on something the trace does not hold selects nothing: it is kept (and shown as absent in the
  // bar), never dropped in favour of "all".
  void filter_on_what_the_trace_lacks_selects_nothing() {
    auto w = open_window(ws().baseline);
    const std::set<std::string> absent_op = {"upc_all_broadcast"};
    const std::set<std::string> absent_variable = {"no_such_array"};
    const std::set<int> absent_thread = {17};
    for (int which = 0; which < 3; ++which) {
      pgas::tracedb::Filter filter;
      if (which == 0) filter.ops = absent_op;
      if (which == 1) filter.variables = absent_variable;
      if (which == 2) filter.threads = absent_thread;
      QVERIFY(filter_and_wait(*w, filter));
      QCOMPARE(summary_count(*w), 0);
      QCOMPARE(w->filter_bar()->filter().ops, filter.ops);
      QCOMPARE(w->filter_bar()->filter().variables, filter.variables);
      QCOMPARE(w->filter_bar()->filter().threads, filter.threads);
    }
    QVERIFY(filter_and_wait(*w, {}));
    QCOMPARE(summary_count(*w), 495);
  }

  void clicking_a_thread_bar_filters_by_it() {
    auto w = open_window(ws().baseline);
    auto *threads = static_cast<ThreadsView *>(w->view("threads"));
    auto *series = qobject_cast<QAbstractBarSeries *>(threads->time_chart()->series().value(0));
    QVERIFY(series);
    Q_EMIT series->barSets().at(0)->clicked(2);
    QVERIFY(w->loading());
    QVERIFY(wait_for_load(*w));
    QCOMPARE(w->filter_bar()->filter().threads, (std::set<int>{2}));
    QCOMPARE(summary_count(*w), 66);
  }

  void compare_side_by_side_and_differences() {
    auto w = open_window(ws().baseline, ws().optimized);
    QVERIFY2(w->error().isEmpty(), qPrintable(w->error()));
    auto *view = static_cast<CompareView *>(w->view("compare"));
    const QAbstractItemModel *totals = view->totals();
    int accesses = row_of(totals, 0, "remote accesses");
    QCOMPARE(number(totals, accesses, 1), 495);
    QCOMPARE(number(totals, accesses, 2), 151);
    QCOMPARE(number(totals, accesses, 3), 151 - 495);
    QCOMPARE(real(totals, accesses, 4), 151.0 / 495);
    int wall = row_of(totals, 0, "wall time");
    QCOMPARE(number(totals, wall, 2), 600000);
    QCOMPARE(text(totals, wall, 4), QString("0.60x"));
    const QAbstractItemModel *lines = view->lines();
    int line30 = row_of(lines, 0, "cc.cpp:30");
    QVERIFY(line30 >= 0);
    QCOMPARE(number(lines, line30, 2), 320);
    QCOMPARE(number(lines, line30, 3), 32);
    int line29 = row_of(lines, 0, "cc.cpp:29");
    QCOMPARE(number(lines, line29, 2), 0);
    QCOMPARE(number(lines, line29, 3), 4);
    QCOMPARE(text(lines, line29, 4), QString("+4"));
    QCOMPARE(text(lines, line29, 5), QString("-"));
    const QAbstractItemModel *threads = view->threads();
    QCOMPARE(threads->rowCount(), 4);
    QCOMPARE(number(threads, 0, 1), 182);
    QCOMPARE(number(threads, 0, 2), 182 - 135 + 4);  // line 30 keeps a tenth; one memget of 4 added
    auto *bars = qobject_cast<QBarSeries *>(view->chart()->series().value(0));
    QVERIFY(bars);
    QCOMPARE(bars->barSets().size(), 2);
    QCOMPARE(bars->barSets().at(1)->at(0), 51.0);
    view->set_mode(CompareView::Mode::kDifferences);
    QCOMPARE(view->mode(), CompareView::Mode::kDifferences);
    // The filter applies to both runs; a variable chosen in the bar is selected by name in both, although
    // its handle differs between the runs.
    pgas::tracedb::Filter filter;
    filter.threads = {3};
    QVERIFY(filter_and_wait(*w, filter));
    QCOMPARE(number(view->totals(), accesses, 1), 97);
    QCOMPARE(number(view->totals(), accesses, 2), 97 - 81);
    pgas::tracedb::Filter variable;
    variable.handles = {report_test::handle_of(1, 1)};  // D in the first run
    QVERIFY(filter_and_wait(*w, variable));
    QCOMPARE(w->filter_bar()->filter().variables, (std::set<std::string>{"D"}));
    QCOMPARE(number(view->totals(), accesses, 1), 443);
    QCOMPARE(number(view->totals(), accesses, 2), 443 - 288 - 60 + 4);  // line 30 a tenth, 47 gone, 29 new
  }

  // Double-clicking a line of the compare view shows it in the source view (a line of run A); a line only
  // run B has (no source of A to show) stays put.
  void compare_lines_jump_to_the_source() {
    auto w = open_window(ws().baseline, ws().optimized, {ws().sources});
    auto *view = static_cast<CompareView *>(w->view("compare"));
    w->show_view("compare");
    w->show();
    QVERIFY(QTest::qWaitForWindowExposed(w.get()));
    QTableView *table = nullptr;
    for (QTableView *t : view->findChildren<QTableView *>())
      if (auto *proxy = qobject_cast<QSortFilterProxyModel *>(t->model());
          proxy && proxy->sourceModel() == view->lines())
        table = t;
    QVERIFY(table);
    auto double_click = [&](const QString &key) {
      const QModelIndex at = table->model()->index(row_of(table->model(), 0, key), 2);
      table->scrollTo(at);
      const QPoint point = table->visualRect(at).center();
      QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, point);  // the press a double click needs
      QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, point);
    };
    auto *source = static_cast<SourceView *>(w->view("source"));
    const int row47 = row_of(table->model(), 0, "cc.cpp:47");
    QCOMPARE(table->model()->index(row47, 0).data(kFileRole).toString(), QString("/src/cc/cc.cpp"));
    double_click("cc.cpp:47");
    QCOMPARE(w->current_view(), std::string("source"));
    QCOMPARE(source->selected_line(), 47);
    w->show_view("compare");
    double_click("cc.cpp:29");
    QCOMPARE(w->current_view(), std::string("compare"));
    QCOMPARE(source->selected_line(), 47);
  }

  void compare_view_without_second_run_says_how() {
    auto w = open_window(ws().baseline);
    auto *view = static_cast<CompareView *>(w->view("compare"));
    QCOMPARE(view->totals()->rowCount(), 0);
    QVERIFY(view->note().contains("--compare"));
  }
};

QTEST_MAIN(FiltersCompareTest)
#include "filters_compare_test.moc"
