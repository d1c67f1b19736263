#include "imbalance_view.hpp"

#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <QtCharts/QBarSeries>
#include <QtCharts/QBarSet>
#include <cmath>

#include "charts.hpp"
#include "table_items.hpp"
#include "table_view.hpp"

namespace pgas::viewer {
namespace {

QStandardItem *ns_spread_item(double value) { return ns_item(std::llround(value)); }

QStandardItem *cv_item(double value) {
  QStandardItem *item = text_item(QString::number(value, 'f', 2));
  item->setData(value, kValueRole);
  return item;
}

QStandardItem *mean_count_item(double value) {
  QStandardItem *item = text_item(QString::number(value, 'f', value == std::floor(value) ? 0 : 1));
  item->setData(value, kValueRole);
  return item;
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
  split->setStretchFactor(0, 2);
  split->setStretchFactor(1, 3);
  auto *layout = new QVBoxLayout(this);
  layout->addWidget(note_);
  layout->addWidget(split, 1);
}

void ImbalanceView::set_data(const TraceData &data) {
  reset_table(table_);
  QStringList lines;
  auto *lost = new QBarSet("lost (ms)");
  for (const tdb::ImbalanceRow &r : data.sync.imbalance) {
    table_->appendRow({location_item(r.file, r.line, r.function), text_item(r.function), text_item(r.what),
                       ns_spread_item(r.ns.min), ns_spread_item(r.ns.mean), ns_spread_item(r.ns.max),
                       cv_item(r.ns.cv), mean_count_item(r.count.min), mean_count_item(r.count.mean),
                       mean_count_item(r.count.max), cv_item(r.count.cv), ns_item(r.lost_ns)});
    if (lines.size() < kChartLines && r.lost_ns > 0) {
      lines << description(r.file, r.line, r.function) + " " + QString::fromStdString(r.what);
      lost->append(static_cast<double>(r.lost_ns) / 1e6);
    }
  }
  auto *series = new QBarSeries();
  series->append(lost);
  show_bars(chart_->chart(), series, lines, "ms lost");
  note_->setText(
      QString("Per thread over the %1 selected threads (a thread without events counts as 0), worst line "
              "first. Lost: for a wait, the waiting beyond the least-waiting thread's, summed; for accesses, "
              "what the others would wait for the slowest thread at the next synchronization, the sum of "
              "(max - own). The access filter applies to the access rows, the thread filter to all.%2")
          .arg(data.threads.size())
          .arg(data.sync.imbalance.empty() ? " No line has accesses or waits under this filter." : ""));
}

}  // namespace pgas::viewer
