// Defects of the views, each driven through the window as a user would (real clicks on the offscreen
// platform) and screenshot: the gutter follows the filter, the heatmap's click filters by the pair and its
// colour scale, the compare view's elided signatures and coloured ratios, one name per view.
// Numbers from tests/tracedb/report/fixture.cpp.
#include <QComboBox>
#include <QTabWidget>
#include <QTableView>
#include <QtTest/QtTest>
#include <cmath>

#include "compare_view.hpp"
#include "filter_bar.hpp"
#include "heatmap_view.hpp"
#include "options.hpp"
#include "source_view.hpp"
#include "table_items.hpp"
#include "viewer_fixture.hpp"

using namespace viewer_test;
using namespace pgas::viewer;

namespace {

const report_test::Workspace &ws() { return report_test::workspace(); }

// The table view showing `model` inside `view`.
QTableView *table_of(QWidget *view, const QAbstractItemModel *model) {
  for (QTableView *table : view->findChildren<QTableView *>())
    if (table->model() == model) return table;
  return nullptr;
}

// A screenshot of the window, for the record; fails the test if it cannot be written.
void screenshot(MainWindow &w, const std::string &name) {
  const QString png = QString::fromStdString(ws().dir + "/defects-" + name + ".png");
  QVERIFY2(w.grab().save(png), qPrintable(png));
}

void show(MainWindow &w, const char *view) {
  w.show_view(view);
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
}

}  // namespace

class ViewDefectsTest : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  // Filtering to thread 1 while the hottest file is shown: the gutter's counts are thread 1's, the ones the
  // lines table shows, not the whole run's; a click on the gutter selects that line.
  void gutter_follows_the_thread_filter() {
    auto w = open_window(ws().baseline, "", {ws().sources});
    auto *source = static_cast<SourceView *>(w->view("source"));
    show(*w, "source");
    QCOMPARE(source->current_file(), QString("/src/cc/cc.cpp"));
    const qlonglong unfiltered = number(source->source(), 29, 1);
    QCOMPARE(unfiltered, 320);

    pgas::tracedb::Filter thread1;
    thread1.threads = {1};
    QVERIFY(filter_and_wait(*w, thread1));
    QCOMPARE(source->current_file(), QString("/src/cc/cc.cpp"));
    const QAbstractItemModel *lines = source->lines();
    const int row30 = row_of(lines, 0, "cc.cpp:30");
    QVERIFY(row30 >= 0);
    const qlonglong filtered = number(lines, row30, 1);
    QVERIFY(filtered != unfiltered);
    for (int r = 0; r < lines->rowCount(); ++r) {  // every counted line of the file: gutter = table
      if (lines->index(r, 0).data(kFileRole).toString() != source->current_file()) continue;
      const int line = lines->index(r, 0).data(kLineRole).toInt();
      QCOMPARE(number(source->source(), line - 1, 1), number(lines, r, 1));
    }
    QCOMPARE(number(source->source(), 29, 1), filtered);

    QTableView *gutter = table_of(source, source->source());
    QVERIFY(gutter);
    const QModelIndex cell = source->source()->index(46, 1);  // line 47
    gutter->scrollTo(cell);
    QTest::mouseClick(gutter->viewport(), Qt::LeftButton, {}, gutter->visualRect(cell).center());
    QCOMPARE(source->selected_line(), 47);
    QCOMPARE(number(source->source(), 46, 1), number(lines, row_of(lines, 0, "cc.cpp:47"), 1));
    screenshot(*w, "gutter-thread-1");
  }

  // A click on the heatmap's cell (initiator 1, target 2) shows only that pair's accesses everywhere: 40 of
  // thread 1's 150, all in column 2 of the matrix.
  void heatmap_click_filters_by_the_pair() {
    auto w = open_window(ws().baseline);
    auto *heatmap = static_cast<HeatmapView *>(w->view("heatmap"));
    show(*w, "heatmap");
    QTableView *table = table_of(heatmap, heatmap->matrix());
    QVERIFY(table);
    QCOMPARE(number(heatmap->matrix(), 1, 2), 40);
    const QRect cell = table->visualRect(table->model()->index(1, 2));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
    QVERIFY(w->loading());
    QVERIFY(wait_for_load(*w));
    QCOMPARE(w->filter_bar()->filter().threads, (std::set<int>{1}));
    QCOMPARE(w->filter_bar()->filter().peers, (std::set<int>{2}));
    QCOMPARE(w->data()->summary.totals.count, 40);
    const QAbstractItemModel *m = heatmap->matrix();
    QCOMPARE(m->rowCount(), 1);
    QCOMPARE(m->headerData(0, Qt::Vertical).toString(), QString("1"));
    QCOMPARE(number(m, 0, 0), 0);
    QCOMPARE(number(m, 0, 2), 40);
    screenshot(*w, "heatmap-pair");
  }

  // The colour scale: absolute runs from 0 (the coolest cell is as far from the hottest as its share), the
  // relative scale from the coolest non-empty cell (which gets the cool end) and the log scale on logarithms.
  void heatmap_relative_and_log_scales() {
    auto w = open_window(ws().baseline);
    auto *heatmap = static_cast<HeatmapView *>(w->view("heatmap"));
    show(*w, "heatmap");
    const QAbstractItemModel *m = heatmap->matrix();
    QModelIndex coolest, middle, hottest;
    for (int r = 0; r < m->rowCount(); ++r)
      for (int c = 0; c < m->columnCount(); ++c) {
        const QModelIndex i = m->index(r, c);
        const qlonglong v = i.data(kValueRole).toLongLong();
        if (v == 0) continue;
        if (!coolest.isValid() || v < coolest.data(kValueRole).toLongLong()) coolest = i;
        if (!hottest.isValid() || v > hottest.data(kValueRole).toLongLong()) hottest = i;
      }
    QVERIFY(coolest.isValid() && hottest.isValid());
    const double low = coolest.data(kValueRole).toDouble(), high = hottest.data(kValueRole).toDouble();
    QVERIFY(low > 0 && low < high);
    for (int r = 0; r < m->rowCount() && !middle.isValid(); ++r)
      for (int c = 0; c < m->columnCount(); ++c) {
        const double v = m->index(r, c).data(kValueRole).toDouble();
        if (v > low && v < high) middle = m->index(r, c);
      }
    QVERIFY(middle.isValid());
    const double mid = middle.data(kValueRole).toDouble();
    // The matrix is rebuilt on a change of scale: look the cells up again by position.
    auto colour = [m](const QModelIndex &i) {
      return m->index(i.row(), i.column()).data(Qt::BackgroundRole).value<QBrush>().color();
    };

    QCOMPARE(heatmap->legend_low_text(), QString("0"));
    QCOMPARE(colour(coolest), heat_colour(low / high));
    auto *scale = heatmap->findChildren<QComboBox *>().value(1);
    QVERIFY(scale);
    QCOMPARE(scale->itemText(1), QString("relative scale"));
    scale->setCurrentIndex(1);
    QCOMPARE(colour(coolest), heat_colour(0.0));
    QCOMPARE(colour(hottest), heat_colour(1.0));
    QCOMPARE(colour(middle), heat_colour((mid - low) / (high - low)));
    QVERIFY(heatmap->legend_low_text() != "0");
    screenshot(*w, "heatmap-relative");
    scale->setCurrentIndex(2);
    QCOMPARE(colour(coolest), heat_colour(0.0));
    QCOMPARE(colour(middle), heat_colour((std::log(mid) - std::log(low)) / (std::log(high) - std::log(low))));
    QVERIFY(heatmap->legend_low_text().endsWith("(log)"));
    screenshot(*w, "heatmap-log");
  }

  // The compare view colours a change for the better (fewer accesses in B) and for the worse.
  void compare_colours_better_and_worse() {
    auto w = open_window(ws().baseline, ws().optimized);
    auto *compare = static_cast<CompareView *>(w->view("compare"));
    show(*w, "compare");
    compare->set_mode(CompareView::Mode::kDifferences);
    const QAbstractItemModel *lines = compare->lines();
    auto foreground = [lines](int row, int column) {
      return lines->index(row, column).data(Qt::ForegroundRole).value<QBrush>().color();
    };
    const int fewer = row_of(lines, 0, "cc.cpp:30");  // 320 -> 32
    QCOMPARE(foreground(fewer, 4), CompareView::kBetter);
    QCOMPARE(foreground(fewer, 5), CompareView::kBetter);
    const int more = row_of(lines, 0, "cc.cpp:29");  // 0 -> 4: no ratio
    QCOMPARE(text(lines, more, 4), QString("+4"));
    QCOMPARE(foreground(more, 4), CompareView::kWorse);
    screenshot(*w, "compare-colours");
  }

  void compare_signatures_are_short() {
    QCOMPARE(CompareView::short_signature("graft"), QString("graft"));
    QCOMPARE(CompareView::short_signature("main()"), QString("main()"));
    QCOMPARE(CompareView::short_signature(
                 "cc::f<std::pair<int, int>>(long, pgas::shared_array<int, (c)0> const&)"),
             QString("cc::f<std::pair<int, int>>(…)"));
    const QString long_name = QString("ns::") + QString(60, 'x') + "(int)";
    const QString shown = CompareView::short_signature(long_name);
    QCOMPARE(shown.size(), CompareView::kMaxSignature);
    QVERIFY(shown.startsWith("…") && shown.endsWith("x(…)"));
  }

  // `--view heatmap` opens the tab named Heatmap: every tab shows its view's --view name.
  void every_tab_is_named_as_its_view() {
    auto w = open_window(ws().baseline, ws().optimized);
    auto *tabs = w->findChild<QTabWidget *>();
    QVERIFY(tabs);
    QCOMPARE(tabs->count(), static_cast<int>(view_names().size()));
    for (const std::string &name : view_names()) {
      const int index = tabs->indexOf(w->view(name));
      QVERIFY2(index >= 0, name.c_str());
      QCOMPARE(tabs->tabText(index).toLower(), QString::fromStdString(name));
    }
    show(*w, "heatmap");
    QCOMPARE(tabs->tabText(tabs->currentIndex()), QString("Heatmap"));
    screenshot(*w, "heatmap-tab");
  }
};

QTEST_MAIN(ViewDefectsTest)
#include "view_defects_test.moc"
