#include "variables_view.hpp"

#include <QSplitter>
#include <QVBoxLayout>
#include <QtCharts/QBarSeries>
#include <QtCharts/QBarSet>
#include <QtCharts/QPieSeries>

#include "charts.hpp"
#include "table_items.hpp"
#include "table_view.hpp"

namespace pgas::viewer {
namespace {

enum Column {
  kName,
  kHandle,
  kKind,
  kElemSize,
  kBlock,
  kElements,
  kCount,
  kBytes,
  kTime,
  kShare,
  kAllocated
};

QString display_name(const tdb::VariableRow &v) {
  return v.name.empty() ? QString("(handle %1)").arg(v.handle) : QString::fromStdString(v.name);
}

}  // namespace

VariablesView::VariablesView(QWidget *parent)
    : View(parent),
      table_(new_table(this, {"variable", "handle", "kind", "element size", "block", "elements", "accesses",
                              "bytes", "time", "% of accesses", "allocated at"})),
      threads_(new_table(this, {"thread", "accesses", "bytes", "time"})),
      view_(new_table_view(table_, this)),
      pie_(new_chart_view("Accesses per shared array", this)),
      per_thread_(new_chart_view("Remote accesses to the selected array per thread", this)),
      detail_title_(new QLabel(this)),
      strip_(new HeatStrip(this)) {
  view_->setSelectionMode(QAbstractItemView::SingleSelection);
  connect(view_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex &current) {
            if (current.isValid())
              show_detail(current.siblingAtColumn(kHandle).data(kValueRole).toLongLong());
          });
  connect(view_, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
    QModelIndex at = index.siblingAtColumn(kAllocated);
    QString file = at.data(kFileRole).toString();
    if (!file.isEmpty()) Q_EMIT jump_to_line(file, at.data(kLineRole).toInt());
  });

  auto *top = new QSplitter(Qt::Horizontal, this);
  top->addWidget(pie_);
  top->addWidget(view_);
  pie_->setMinimumWidth(360);
  top->setStretchFactor(1, 2);
  auto *detail = new QWidget(this);
  auto *detail_layout = new QVBoxLayout(detail);
  detail_layout->addWidget(detail_title_);
  detail_layout->addWidget(per_thread_, 1);
  detail_layout->addWidget(new QLabel("Index-space heat strip (offset histogram):", detail));
  detail_layout->addWidget(strip_);
  auto *split = new QSplitter(Qt::Vertical, this);
  split->addWidget(top);
  split->addWidget(detail);
  auto *layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(split);
}

void VariablesView::set_data(const TraceData &data) {
  data_ = &data;
  reset_table(table_);
  std::int64_t total = 0;
  for (const tdb::VariableRow &v : data.variables) total += v.totals.count;
  auto *pie = new QPieSeries();
  for (const tdb::VariableRow &v : data.variables) {
    double share = total > 0 ? 100.0 * static_cast<double>(v.totals.count) / static_cast<double>(total) : 0.0;
    auto *name = text_item(display_name(v));
    auto *allocated =
        text_item(v.alloc_file.empty() ? QString("-") : description(v.alloc_file, v.alloc_line, ""));
    allocated->setData(QString::fromStdString(v.alloc_file), kFileRole);
    allocated->setData(v.alloc_line, kLineRole);
    QList<QStandardItem *> row{name,
                               id_item(v.handle),
                               text_item(v.known ? v.kind : "-"),
                               id_item(v.elem_size),
                               id_item(v.block),
                               count_item(v.nelems)};
    row << totals_items(v.totals) << percent_item(share) << allocated;
    table_->appendRow(row);
    if (v.totals.count > 0) {
      QPieSlice *slice = pie->append(QString("%1 %2%").arg(display_name(v)).arg(share, 0, 'f', 1),
                                     static_cast<qreal>(v.totals.count));
      slice->setLabelVisible(true);
      const std::int64_t handle = v.handle;
      connect(slice, &QPieSlice::clicked, this, [this, handle] { select(handle); });
    }
  }
  clear_chart(pie_->chart());
  pie_->chart()->addSeries(pie);
  pie_->chart()->legend()->setVisible(false);

  // Keep the selected variable across filter changes; otherwise show the most accessed one.
  if (!(selected_ && select(*selected_)) && !data.variables.empty()) select(data.variables.front().handle);
}

bool VariablesView::select(std::int64_t handle) {
  for (int r = 0; r < table_->rowCount(); ++r) {
    if (table_->index(r, kHandle).data(kValueRole).toLongLong() != handle) continue;
    view_->setCurrentIndex(view_index(view_, r, kName));
    show_detail(handle);
    return true;
  }
  return false;
}

void VariablesView::show_detail(std::int64_t handle) {
  if (!data_) return;
  selected_ = handle;
  reset_table(threads_);
  QString name = QString("(handle %1)").arg(handle);
  for (const tdb::VariableRow &v : data_->variables)
    if (v.handle == handle) name = display_name(v);
  detail_title_->setText(QString("<b>%1</b>: remote accesses per thread").arg(name));
  per_thread_->chart()->setTitle(QString("Remote accesses to %1 per thread").arg(name));
  auto found = data_->details.find(handle);
  static const VariableDetail kNone;
  const VariableDetail &detail = found == data_->details.end() ? kNone : found->second;
  QStringList categories;
  auto *set = new QBarSet("accesses");
  for (const tdb::VariableThreadRow &row : detail.threads) {
    QList<QStandardItem *> items{id_item(row.thread)};
    items << totals_items(row.totals);
    threads_->appendRow(items);
    categories << QString::number(row.thread);
    *set << static_cast<qreal>(row.totals.count);
  }
  auto *series = new QBarSeries();
  series->append(set);
  show_bars(per_thread_->chart(), series, categories, "accesses");
  strip_->set_bins(detail.bins);
}

}  // namespace pgas::viewer
