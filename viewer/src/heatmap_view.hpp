// The thread x thread heatmap: rows are initiators, columns targets, coloured by count, bytes or time, with
// a legend and the values on hover. Clicking a cell restricts every view to that initiator.
#pragma once

#include <QComboBox>
#include <QLabel>
#include <QStandardItemModel>
#include <QTableView>

#include "view.hpp"

namespace pgas::viewer {

class HeatmapView : public View {
  Q_OBJECT

 public:
  enum class Metric { kCount, kBytes, kTime };

  explicit HeatmapView(QWidget *parent = nullptr);
  void set_data(const TraceData &data) override;
  QAbstractItemModel *table() const override { return matrix_; }

  void set_metric(Metric metric);
  // Cell (initiator, target): kValueRole holds the metric, the tooltip all three.
  QStandardItemModel *matrix() const { return matrix_; }
  QString legend_text() const { return legend_->text(); }

 private:
  void rebuild();

  const TraceData *data_ = nullptr;
  Metric metric_ = Metric::kCount;
  QComboBox *metric_box_;
  QStandardItemModel *matrix_;
  QTableView *view_;
  QLabel *legend_;
  QLabel *scale_;
};

}  // namespace pgas::viewer
