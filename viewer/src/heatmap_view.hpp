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
  // How a cell's value maps to a colour: from 0 to the hottest cell (absolute), from the coolest non-empty
  // cell to the hottest (relative), or the same on logarithms (log), so that a matrix of similar cells is
  // not uniformly red.
  enum class Scale { kAbsolute, kRelative, kLog };
  // The share of the colour scale (0 to 1) of a non-empty cell `value`, given the coolest non-empty cell
  // `lowest` and the hottest `hottest`.
  static double share(std::int64_t value, std::int64_t lowest, std::int64_t hottest, Scale scale);

  explicit HeatmapView(QWidget *parent = nullptr);
  void set_data(const TraceData &data) override;
  QAbstractItemModel *table() const override { return matrix_; }

  void set_metric(Metric metric);
  void set_scale(Scale scale);
  // Cell (initiator, target): kValueRole holds the metric, the tooltip all three.
  QStandardItemModel *matrix() const { return matrix_; }
  QString legend_text() const { return legend_->text(); }
  QString legend_low_text() const { return low_->text(); }  // the value at the cool end of the scale

 private:
  void rebuild();

  const TraceData *data_ = nullptr;
  Metric metric_ = Metric::kCount;
  Scale scale_kind_ = Scale::kAbsolute;
  QComboBox *metric_box_;
  QComboBox *scale_box_;
  QLabel *low_;
  QStandardItemModel *matrix_;
  QTableView *view_;
  QLabel *legend_;
  QLabel *scale_;
};

}  // namespace pgas::viewer
