// A variable's index-space heat strip: its offset histogram as a row of coloured bins, so that hot regions
// of the array stand out. Hovering a bin shows its index range and count.
#pragma once

#include <QWidget>
#include <vector>

#include "pgas/tracedb/reader.hpp"

namespace pgas::viewer {

class HeatStrip : public QWidget {
  Q_OBJECT

 public:
  explicit HeatStrip(QWidget *parent = nullptr);
  void set_bins(std::vector<pgas::tracedb::HistogramBin> bins);
  const std::vector<pgas::tracedb::HistogramBin> &bins() const { return bins_; }
  QSize sizeHint() const override { return {600, 64}; }

 protected:
  void paintEvent(QPaintEvent *event) override;
  bool event(QEvent *event) override;

 private:
  QRectF strip() const;
  int bin_at(double x) const;  // -1 outside

  std::vector<pgas::tracedb::HistogramBin> bins_;
};

}  // namespace pgas::viewer
