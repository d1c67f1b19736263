#include "threads_view.hpp"

#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <QtCharts/QBarSeries>
#include <QtCharts/QBarSet>
#include <QtCharts/QStackedBarSeries>
#include <map>

#include "charts.hpp"
#include "table_items.hpp"
#include "table_view.hpp"

namespace pgas::viewer {

ThreadsView::ThreadsView(QWidget *parent)
    : View(parent),
      table_(
          new_table(this, {"thread", "host", "pid", "accesses", "reads", "writes", "bytes", "in transport",
                           "wall", "% of wall", "computing", "remote", "waiting", "% waiting", "finished"})),
      accesses_(new_chart_view("Remote accesses per thread", this)),
      time_(new_chart_view("Remote access time, % of wall-clock time", this)) {
  auto *charts = new QSplitter(Qt::Horizontal, this);
  charts->addWidget(accesses_);
  charts->addWidget(time_);
  QTableView *view = new_table_view(table_, this);
  connect(view, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
    Q_EMIT filter_threads({index.siblingAtColumn(0).data(kValueRole).toInt()});
  });
  auto *split = new QSplitter(Qt::Vertical, this);
  split->addWidget(charts);
  split->addWidget(view);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 2);
  auto *layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(split);
}

void ThreadsView::set_data(const TraceData &data) {
  reset_table(table_);
  QStringList categories;
  std::map<int, int> column;  // thread -> category index
  auto *percent = new QBarSet("% of wall time");
  for (const tdb::ThreadRow &t : data.threads) {
    QList<QStandardItem *> row{
        id_item(t.thread),
        text_item(t.host),
        id_item(t.pid),
        count_item(t.totals.count),
        count_item(t.reads),
        count_item(t.writes),
        bytes_item(t.totals.bytes),
        ns_item(t.totals.ns),
        ns_item(t.wall_ns),
        percent_item(t.transport_pct),
        ns_item(t.compute_ns),
        ns_item(t.remote_ns),
        ns_item(t.wait_ns),
        percent_item(t.wall_ns > 0 ? 100.0 * static_cast<double>(t.wait_ns) / static_cast<double>(t.wall_ns)
                                   : 0.0),
        flag_item(t.finished)};
    table_->appendRow(row);
    column[t.thread] = static_cast<int>(categories.size());
    categories << QString::number(t.thread);
    *percent << t.transport_pct;
  }

  // One bar set per operation, in the order operations are listed by the reader (most used first).
  auto *stacked = new QStackedBarSeries();
  for (const tdb::OpRow &op : data.ops) {
    auto *set = new QBarSet(QString::fromStdString(op.op));
    QList<qreal> values(categories.size(), 0.0);
    for (const tdb::ThreadOpRow &row : data.thread_ops)
      if (row.op == op.op && column.count(row.thread))
        values[column[row.thread]] = static_cast<qreal>(row.totals.count);
    set->append(values);
    stacked->append(set);
  }
  show_bars(accesses_->chart(), stacked, categories, "accesses");
  auto *bars = new QBarSeries();
  bars->append(percent);
  show_bars(time_->chart(), bars, categories, "% of wall time");

  // Clicking a bar shows only that thread in every view.
  std::vector<int> threads;
  for (const tdb::ThreadRow &t : data.threads) threads.push_back(t.thread);
  for (QAbstractBarSeries *series :
       {static_cast<QAbstractBarSeries *>(stacked), static_cast<QAbstractBarSeries *>(bars)})
    for (QBarSet *set : series->barSets())
      connect(set, &QBarSet::clicked, this, [this, threads](int index) {
        if (index >= 0 && index < static_cast<int>(threads.size())) Q_EMIT filter_threads({threads[index]});
      });
}

}  // namespace pgas::viewer
