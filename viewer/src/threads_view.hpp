// Per thread (the paper's Figures 1 and 2): remote accesses stacked by operation, and remote time as a
// percentage of wall time, over a table of the same numbers.
#pragma once

#include <QStandardItemModel>
#include <QtCharts/QChartView>

#include "view.hpp"

namespace pgas::viewer {

class ThreadsView : public View {
  Q_OBJECT

 public:
  explicit ThreadsView(QWidget *parent = nullptr);
  void set_data(const TraceData &data) override;
  QAbstractItemModel *table() const override { return table_; }

  QStandardItemModel *model() const { return table_; }
  QChart *accesses_chart() const { return accesses_->chart(); }  // one bar set per operation
  QChart *time_chart() const { return time_->chart(); }          // one bar set: % of wall time

 private:
  QStandardItemModel *table_;
  QChartView *accesses_;
  QChartView *time_;
};

}  // namespace pgas::viewer
