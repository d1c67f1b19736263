#include "heatmap_view.hpp"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLinearGradient>
#include <QPainter>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <map>
#include <memory>

#include "pgas/tracedb/describe.hpp"
#include "table_items.hpp"

namespace pgas::viewer {
namespace {

std::int64_t metric_of(const tdb::Totals &t, HeatmapView::Metric m) {
  switch (m) {
    case HeatmapView::Metric::kCount:
      return t.count;
    case HeatmapView::Metric::kBytes:
      return t.bytes;
    case HeatmapView::Metric::kTime:
      return t.ns;
  }
  return 0;
}

QStandardItem *metric_item(std::int64_t value, HeatmapView::Metric m) {
  switch (m) {
    case HeatmapView::Metric::kCount:
      return count_item(value);
    case HeatmapView::Metric::kBytes:
      return bytes_item(value);
    case HeatmapView::Metric::kTime:
      return ns_item(value);
  }
  return count_item(value);
}

// Beyond this many threads the cells are too small for numbers.
constexpr int kMaxLabelledThreads = 24;

// The colour scale of the legend: a gradient from no accesses to the hottest cell.
QPixmap scale_pixmap() {
  QPixmap pixmap(240, 14);
  QPainter p(&pixmap);
  for (int x = 0; x < pixmap.width(); ++x) {
    p.setPen(heat_colour(static_cast<double>(x) / (pixmap.width() - 1)));
    p.drawLine(x, 0, x, pixmap.height());
  }
  return pixmap;
}

}  // namespace

HeatmapView::HeatmapView(QWidget *parent)
    : View(parent),
      metric_box_(new QComboBox(this)),
      scale_box_(new QComboBox(this)),
      low_(new QLabel("0", this)),
      matrix_(new QStandardItemModel(this)),
      view_(new QTableView(this)),
      legend_(new QLabel(this)),
      scale_(new QLabel(this)) {
  metric_box_->addItems({"accesses", "bytes", "time"});
  connect(metric_box_, &QComboBox::currentIndexChanged, this,
          [this](int index) { set_metric(static_cast<Metric>(index)); });
  scale_box_->addItems({"absolute scale", "relative scale", "log scale"});
  connect(scale_box_, &QComboBox::currentIndexChanged, this,
          [this](int index) { set_scale(static_cast<Scale>(index)); });
  view_->setModel(matrix_);
  view_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  view_->setMouseTracking(true);
  view_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  view_->verticalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  connect(view_, &QTableView::clicked, this, [this](const QModelIndex &index) {
    Q_EMIT filter_pair(matrix_->headerData(index.row(), Qt::Vertical, kValueRole).toInt(),
                       matrix_->headerData(index.column(), Qt::Horizontal, kValueRole).toInt());
  });
  scale_->setPixmap(scale_pixmap());
  auto *bar = new QHBoxLayout();
  bar->addWidget(new QLabel("Initiator (rows) x target (columns) by", this));
  bar->addWidget(metric_box_);
  bar->addWidget(scale_box_);
  bar->addStretch(1);
  bar->addWidget(low_);
  bar->addWidget(scale_);
  bar->addWidget(legend_);
  auto *layout = new QVBoxLayout(this);
  layout->addLayout(bar);
  layout->addWidget(view_, 1);
  layout->addWidget(new QLabel(
      "Click a cell to show only that pair's accesses (initiator to target) in every view.", this));
}

void HeatmapView::set_metric(Metric metric) {
  metric_ = metric;
  if (metric_box_->currentIndex() != static_cast<int>(metric))
    metric_box_->setCurrentIndex(static_cast<int>(metric));
  rebuild();
}

void HeatmapView::set_scale(Scale scale) {
  scale_kind_ = scale;
  if (scale_box_->currentIndex() != static_cast<int>(scale))
    scale_box_->setCurrentIndex(static_cast<int>(scale));
  rebuild();
}

double HeatmapView::share(std::int64_t value, std::int64_t lowest, std::int64_t hottest, Scale scale) {
  if (value <= 0 || hottest <= 0) return 0.0;
  if (scale == Scale::kAbsolute) return static_cast<double>(value) / static_cast<double>(hottest);
  if (hottest <= lowest) return 1.0;  // every non-empty cell is the hottest
  if (scale == Scale::kRelative)
    return static_cast<double>(value - lowest) / static_cast<double>(hottest - lowest);
  return (std::log(static_cast<double>(value)) - std::log(static_cast<double>(lowest))) /
         (std::log(static_cast<double>(hottest)) - std::log(static_cast<double>(lowest)));
}

void HeatmapView::set_data(const TraceData &data) {
  data_ = &data;
  rebuild();
}

void HeatmapView::rebuild() {
  matrix_->clear();
  if (!data_) return;
  // Rows: the selected initiators; columns: every thread of the run (targets are not filtered).
  std::vector<int> initiators;
  for (const tdb::ThreadRow &t : data_->threads) initiators.push_back(t.thread);
  const int threads = data_->run.threads;
  std::map<std::pair<int, int>, tdb::Totals> cells;
  std::int64_t hottest = 0, lowest = 0;  // over the non-empty cells
  for (const tdb::PairRow &p : data_->pairs) {
    cells[{p.thread, p.peer}] = p.totals;
    const std::int64_t value = metric_of(p.totals, metric_);
    hottest = std::max(hottest, value);
    if (value > 0) lowest = lowest == 0 ? value : std::min(lowest, value);
  }
  matrix_->setRowCount(static_cast<int>(initiators.size()));
  matrix_->setColumnCount(threads);
  for (int c = 0; c < threads; ++c) {
    matrix_->setHeaderData(c, Qt::Horizontal, QString::number(c));
    matrix_->setHeaderData(c, Qt::Horizontal, c, kValueRole);
  }
  for (int r = 0; r < static_cast<int>(initiators.size()); ++r) {
    const int from = initiators[static_cast<std::size_t>(r)];
    matrix_->setHeaderData(r, Qt::Vertical, QString::number(from));
    matrix_->setHeaderData(r, Qt::Vertical, from, kValueRole);
    for (int to = 0; to < threads; ++to) {
      auto found = cells.find({from, to});
      tdb::Totals t = found == cells.end() ? tdb::Totals{} : found->second;
      std::int64_t value = metric_of(t, metric_);
      QStandardItem *item = metric_item(value, metric_);
      item->setTextAlignment(Qt::AlignCenter);
      if (threads > kMaxLabelledThreads) item->setText({});  // colour only; the value is in the tooltip
      const double heat = share(value, lowest, hottest, scale_kind_);
      item->setBackground(value > 0 ? heat_colour(heat) : QColor(Qt::white));
      item->setForeground(heat > 0.6 ? QColor(Qt::white) : QColor(Qt::black));
      item->setToolTip(QString("thread %1 -> thread %2: %3 accesses, %4, %5")
                           .arg(from)
                           .arg(to)
                           .arg(QString::fromStdString(tdb::human_count(t.count)))
                           .arg(QString::fromStdString(tdb::human_bytes(static_cast<double>(t.bytes))))
                           .arg(QString::fromStdString(tdb::human_ns(static_cast<double>(t.ns)))));
      matrix_->setItem(r, to, item);
    }
  }
  std::unique_ptr<QStandardItem> top(metric_item(hottest, metric_));
  legend_->setText(top->text());
  std::unique_ptr<QStandardItem> low(metric_item(lowest, metric_));
  low_->setText(scale_kind_ == Scale::kAbsolute ? QString("0")
                                                : low->text() + (scale_kind_ == Scale::kLog ? " (log)" : ""));
}

}  // namespace pgas::viewer
