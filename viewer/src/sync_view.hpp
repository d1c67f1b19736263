// The synchronization view: waits per source line, kind and object (barriers, locks, semaphores,
// collectives...) with their count and time, from the reader's sync engine as pgas-report's sync section
// prints them; the selected row's events per thread below, as a table and a chart.
#pragma once

#include <QLabel>
#include <QStandardItemModel>
#include <QTableView>
#include <QtCharts/QChartView>

#include "view.hpp"

namespace pgas::viewer {

class SyncView : public View {
  Q_OBJECT

 public:
  explicit SyncView(QWidget *parent = nullptr);
  void set_data(const TraceData &data) override;
  QAbstractItemModel *table() const override { return waits_; }

  // location, function, kind, object, threads, events, time, min, max, % of waiting (largest time first)
  QStandardItemModel *waits() const { return waits_; }
  // thread, events, time, min, max of the selected row of waits()
  QStandardItemModel *per_thread() const { return per_thread_; }
  QTableView *waits_view() const { return waits_view_; }
  QChart *chart() const { return chart_->chart(); }  // the selected row's time per thread
  int selected() const { return selected_; }         // row of waits(), -1 if none
  void select(int row);
  QString note() const { return note_->text(); }

 private:
  const TraceData *data_ = nullptr;
  QStandardItemModel *waits_;
  QStandardItemModel *per_thread_;
  QTableView *waits_view_;
  QChartView *chart_;
  QLabel *note_;
  QLabel *detail_;
  int selected_ = -1;
};

}  // namespace pgas::viewer
