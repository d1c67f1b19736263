#include "timeline_view.hpp"

#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>
#include <algorithm>
#include <map>

#include "charts.hpp"
#include "pgas/tracedb/describe.hpp"
#include "table_items.hpp"
#include "table_view.hpp"

namespace pgas::viewer {

TimelineView::TimelineView(QWidget *parent)
    : View(parent),
      table_(new_table(this, {"thread", "bucket", "start", "accesses", "bytes"})),
      chart_(new_chart_view("Remote accesses per thread over time", this)),
      note_(new QLabel(this)) {
  QTableView *view = new_table_view(table_, this);
  auto *split = new QSplitter(Qt::Vertical, this);
  split->addWidget(chart_);
  split->addWidget(view);
  split->setStretchFactor(0, 3);
  auto *layout = new QVBoxLayout(this);
  layout->addWidget(note_);
  layout->addWidget(split, 1);
}

void TimelineView::set_data(const TraceData &data) {
  reset_table(table_);
  clear_chart(chart_->chart());
  if (data.run.timeline_interval_ns == 0) {
    note_->setText("This run recorded no timeline: trace it with pgasrun --trace FILE --timeline.");
    return;
  }
  note_->setText(
      QString("Bucket width %1; accesses started in each bucket.")
          .arg(QString::fromStdString(tdb::human_ns(static_cast<double>(data.run.timeline_interval_ns)))));
  std::map<int, QLineSeries *> series;
  double last_ms = 0;
  std::int64_t top = 0;
  for (const tdb::TimelineRow &row : data.timeline) {
    QList<QStandardItem *> items{id_item(row.thread), id_item(row.bucket), ns_item(row.start_ns),
                                 count_item(row.count), bytes_item(row.bytes)};
    table_->appendRow(items);
    QLineSeries *&line = series[row.thread];
    if (!line) {
      line = new QLineSeries();
      line->setName(QString("thread %1").arg(row.thread));
    }
    const double ms = static_cast<double>(row.start_ns) / 1e6;
    line->append(ms, static_cast<qreal>(row.count));
    last_ms = std::max(last_ms, ms);
    top = std::max(top, row.count);
  }
  auto *x = new QValueAxis();
  x->setTitleText("time since the thread started (ms)");
  x->setRange(0, last_ms > 0 ? last_ms : 1);
  x->applyNiceNumbers();
  x->setLabelFormat("%.0f");
  auto *y = new QValueAxis();
  y->setTitleText("accesses per bucket");
  y->setRange(0, top > 0 ? static_cast<double>(top) : 1);
  y->applyNiceNumbers();
  y->setLabelFormat("%.0f");
  chart_->chart()->addAxis(x, Qt::AlignBottom);
  chart_->chart()->addAxis(y, Qt::AlignLeft);
  for (auto &[thread, line] : series) {
    chart_->chart()->addSeries(line);
    line->attachAxis(x);
    line->attachAxis(y);
  }
  if (data.timeline.empty()) note_->setText(note_->text() + " No bucket has accesses under this filter.");
}

}  // namespace pgas::viewer
