// The timeline (when the run recorded one): remote accesses per thread per time bucket.
#pragma once

#include <QLabel>
#include <QStandardItemModel>
#include <QtCharts/QChartView>

#include "view.hpp"

namespace pgas::viewer {

class TimelineView : public View {
  Q_OBJECT

 public:
  explicit TimelineView(QWidget *parent = nullptr);
  void set_data(const TraceData &data) override;
  QAbstractItemModel *table() const override { return table_; }

  QStandardItemModel *model() const { return table_; }  // thread, bucket, start, accesses, bytes
  QChart *chart() const { return chart_->chart(); }     // one line series per thread
  QString note() const { return note_->text(); }

 private:
  QStandardItemModel *table_;
  QChartView *chart_;
  QLabel *note_;
};

}  // namespace pgas::viewer
