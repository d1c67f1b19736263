#include "imbalance_view.hpp"

#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <QtCharts/QBarCategoryAxis>
#include <QtCharts/QBarSet>
#include <QtCharts/QHorizontalBarSeries>
#include <QtCharts/QValueAxis>
#include <cmath>

#include "charts.hpp"
#include "table_items.hpp"
#include "table_view.hpp"

namespace pgas::viewer {
namespace {

QStandardItem *ns_spread_item(double value) { return ns_item(std::llround(value)); }

QStandardItem *cv_item(double value) { return real_item(value, 2); }

// A per-thread count: whole for min and max, a mean may be fractional.
QStandardItem *count_spread_item(double value) {
  return real_item(value, value == std::floor(value) ? 0 : 1);
}

}  // namespace

ImbalanceView::ImbalanceView(QWidget *parent)
    : View(parent),
      table_(new_table(this, {"location", "function", "what", "time min", "mean", "max", "cv", "count min",
                              "mean", "max", "cv", "lost"})),
      chart_(new_chart_view("Time lost to imbalance, worst lines", this)),
      note_(new QLabel(this)) {
  note_->setWordWrap(true);
  QTableView *view = new_table_view(table_, this);
  connect(view, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
    const QModelIndex at = index.siblingAtColumn(0);
    if (!at.data(kFileRole).toString().isEmpty())
      Q_EMIT jump_to_line(at.data(kFileRole).toString(), at.data(kLineRole).toInt());
  });
  auto *split = new QSplitter(Qt::Vertical, this);
  split->addWidget(chart_);
  split->addWidget(view);
  split->setStretchFactor(0, 1);
  split->setStretchFactor(1, 1);
  chart_->setMinimumHeight(280);  // a line of text per bar: the names are elided in less
  auto *layout = new QVBoxLayout(this);
  layout->addWidget(note_);
  layout->addWidget(split, 1);
}

void ImbalanceView::show_lost(const QStringList &lines, const std::vector<double> &lost_ms) {
  // Horizontal bars, the worst line on top, so that the lines' names have room.
  QChart *chart = chart_->chart();
  clear_chart(chart);
  auto *set = new QBarSet("lost (ms)");
  QStringList categories;
  for (std::size_t i = lost_ms.size(); i-- > 0;) {
    set->append(lost_ms[i]);
    categories << lines[static_cast<qsizetype>(i)];
  }
  auto *series = new QHorizontalBarSeries();
  series->append(set);
  chart->addSeries(series);
  auto *names = new QBarCategoryAxis();
  names->append(categories);
  chart->addAxis(names, Qt::AlignLeft);
  series->attachAxis(names);
  auto *ms = new QValueAxis();
  ms->setRange(0, lost_ms.empty() ? 1 : lost_ms.front());
  ms->applyNiceNumbers();
  ms->setTitleText("ms lost");
  ms->setLabelFormat("%.0f");
  chart->addAxis(ms, Qt::AlignBottom);
  series->attachAxis(ms);
  chart->legend()->setVisible(false);
}

void ImbalanceView::set_data(const TraceData &data) {
  reset_table(table_);
  QStringList lines;
  std::vector<double> lost;
  for (const tdb::ImbalanceRow &r : data.sync.imbalance) {
    table_->appendRow({location_item(r.file, r.line, r.function), text_item(r.function), text_item(r.what),
                       ns_spread_item(r.ns.min), ns_spread_item(r.ns.mean), ns_spread_item(r.ns.max),
                       cv_item(r.ns.cv), count_spread_item(r.count.min), count_spread_item(r.count.mean),
                       count_spread_item(r.count.max), cv_item(r.count.cv), ns_item(r.lost_ns)});
    if (lines.size() < kChartLines && r.lost_ns > 0) {
      lines << QString::fromStdString(r.what) + " at " + description(r.file, r.line, r.function);
      lost.push_back(static_cast<double>(r.lost_ns) / 1e6);
    }
  }
  show_lost(lines, lost);
  note_->setText(
      QString("Per thread over the %1 selected threads (a thread without events counts as 0), worst line "
              "first. Lost: for a wait, the waiting beyond the least-waiting thread's, summed; for accesses, "
              "what the others would wait for the slowest thread at the next synchronization, the sum of "
              "(max - own). The access filter applies to the access rows, the thread filter to all.%2")
          .arg(data.threads.size())
          .arg(data.sync.imbalance.empty() ? " No line has accesses or waits under this filter." : ""));
}

}  // namespace pgas::viewer
