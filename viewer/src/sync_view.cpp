#include "sync_view.hpp"

#include <QSplitter>
#include <QVBoxLayout>
#include <QtCharts/QBarSeries>
#include <QtCharts/QBarSet>

#include "charts.hpp"
#include "pgas/tracedb/describe.hpp"
#include "table_items.hpp"
#include "table_view.hpp"

namespace pgas::viewer {
namespace {

constexpr int kRowRole = Qt::UserRole + 8;  // the row's index in TraceData::sync.waits (the table sorts)

}  // namespace

SyncView::SyncView(QWidget *parent)
    : View(parent),
      waits_(new_table(this, {"location", "function", "kind", "object", "threads", "events", "time", "min",
                              "max", "% of waiting"})),
      per_thread_(new_table(this, {"thread", "events", "time", "min", "max"})),
      waits_view_(new_table_view(waits_, this)),
      chart_(new_chart_view("Time per thread of the selected row", this)),
      note_(new QLabel(this)),
      detail_(new QLabel(this)) {
  note_->setWordWrap(true);
  connect(waits_view_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex &current) {
            if (current.isValid()) select(current.siblingAtColumn(0).data(kRowRole).toInt());
          });
  connect(waits_view_, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
    const QModelIndex at = index.siblingAtColumn(0);
    if (!at.data(kFileRole).toString().isEmpty())
      Q_EMIT jump_to_line(at.data(kFileRole).toString(), at.data(kLineRole).toInt());
  });
  QTableView *threads = new_table_view(per_thread_, this);
  connect(threads, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
    Q_EMIT filter_threads({index.siblingAtColumn(0).data(kValueRole).toInt()});
  });
  auto *below = new QWidget(this);
  auto *below_layout = new QVBoxLayout(below);
  below_layout->setContentsMargins(0, 0, 0, 0);
  below_layout->addWidget(detail_);
  auto *split_below = new QSplitter(Qt::Horizontal, below);
  split_below->addWidget(threads);
  split_below->addWidget(chart_);
  below_layout->addWidget(split_below, 1);
  auto *split = new QSplitter(Qt::Vertical, this);
  split->addWidget(waits_view_);
  split->addWidget(below);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 2);
  auto *layout = new QVBoxLayout(this);
  layout->addWidget(note_);
  layout->addWidget(split, 1);
}

void SyncView::set_data(const TraceData &data) {
  data_ = &data;
  selected_ = -1;
  reset_table(waits_);
  const auto &rows = data.sync.waits;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const tdb::SyncRow &r = rows[i];
    QStandardItem *at = location_item(r.file, r.line, r.function);
    at->setData(static_cast<int>(i), kRowRole);
    QStandardItem *share =
        r.waiting && data.summary.wait_ns > 0
            ? percent_item(100.0 * static_cast<double>(r.ns_sum) / static_cast<double>(data.summary.wait_ns))
            : text_item(QString("-"));
    waits_->appendRow({at, text_item(r.function), text_item(r.kind), text_item(tdb::describe_sync_object(r)),
                       count_item(r.threads), count_item(r.count), ns_item(r.ns_sum), ns_item(r.ns_min),
                       ns_item(r.ns_max), share});
  }
  QString note =
      "Synchronization per source line, kind and object, largest time first; only the thread "
      "filter applies. Select a row for its threads; double-click it to see the line.";
  if (!data.run.has_sync)
    note = "This database predates synchronization tracing (schema 1): no waits were recorded.";
  else if (rows.empty())
    note += " No synchronization was recorded for these threads.";
  if (data.run.dropped_sync_events > 0)
    note += QString(" Warning: %1 synchronization events were dropped (recorder table full).")
                .arg(data.run.dropped_sync_events);
  if (std::any_of(rows.begin(), rows.end(), [](const tdb::SyncRow &r) { return !r.waiting; }))
    note += " lock_hold is the time a lock was held (upc_lock to upc_unlock), not waiting.";
  note_->setText(note);
  if (rows.empty()) {
    reset_table(per_thread_);
    clear_chart(chart_->chart());
    detail_->clear();
    return;
  }
  waits_view_->selectRow(0);
  select(0);
}

void SyncView::select(int row) {
  if (!data_ || row < 0 || row >= static_cast<int>(data_->sync.waits.size()) || row == selected_) return;
  selected_ = row;
  const tdb::SyncRow &r = data_->sync.waits[static_cast<std::size_t>(row)];
  reset_table(per_thread_);
  QStringList threads;
  auto *time = new QBarSet("time (ms)");
  for (const tdb::SyncThreadRow &t : r.per_thread) {
    per_thread_->appendRow(
        {id_item(t.thread), count_item(t.count), ns_item(t.ns_sum), ns_item(t.ns_min), ns_item(t.ns_max)});
    threads << QString::number(t.thread);
    time->append(static_cast<double>(t.ns_sum) / 1e6);
  }
  auto *series = new QBarSeries();
  series->append(time);
  show_bars(chart_->chart(), series, threads, "ms");
  const QString object = QString::fromStdString(tdb::describe_sync_object(r));
  detail_->setText(QString("%1 at %2%3: per thread")
                       .arg(QString::fromStdString(r.kind), description(r.file, r.line, r.function),
                            object.isEmpty() ? QString() : " on " + object));
}

}  // namespace pgas::viewer
