// The imbalance view: the reader's load imbalance of every source line (its remote accesses, or one kind of
// waiting), worst first: the spread of its time and count over the selected threads (min, mean, max,
// coefficient of variation) and the time lost to it, with a chart of the worst lines' lost time.
#pragma once

#include <QLabel>
#include <QStandardItemModel>
#include <QtCharts/QChartView>
#include <vector>

#include "view.hpp"

namespace pgas::viewer {

class ImbalanceView : public View {
  Q_OBJECT

 public:
  // Lines in the chart.
  static constexpr int kChartLines = 6;

  explicit ImbalanceView(QWidget *parent = nullptr);
  void set_data(const TraceData &data) override;
  QAbstractItemModel *table() const override { return table_; }

  // location, function, what, time min, mean, max, cv, count min, mean, max, cv, lost (worst first)
  QStandardItemModel *model() const { return table_; }
  QChart *chart() const { return chart_->chart(); }
  QString note() const { return note_->text(); }

 private:
  void show_lost(const QStringList &lines, const std::vector<double> &lost_ms);

  QStandardItemModel *table_;
  QChartView *chart_;
  QLabel *note_;
};

}  // namespace pgas::viewer
