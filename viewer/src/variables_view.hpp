// Per shared variable: a pie of remote accesses (Figure 3) and a sortable table; the selected variable's
// accesses per thread (Figure 4) and its index-space heat strip. Double-clicking a variable shows the line
// that allocated it.
#pragma once

#include <QLabel>
#include <QStandardItemModel>
#include <QTableView>
#include <QtCharts/QChartView>
#include <cstdint>
#include <optional>

#include "heat_strip.hpp"
#include "view.hpp"

namespace pgas::viewer {

class VariablesView : public View {
  Q_OBJECT

 public:
  explicit VariablesView(QWidget *parent = nullptr);
  void set_data(const TraceData &data) override;
  QAbstractItemModel *table() const override { return table_; }

  // Shows one variable's detail (Figure 4 and the heat strip); false if the handle is not in the table.
  bool select(std::int64_t handle);
  std::optional<std::int64_t> selected() const { return selected_; }

  QStandardItemModel *model() const { return table_; }           // one row per variable
  QStandardItemModel *thread_model() const { return threads_; }  // the selected variable, per thread
  QChart *pie_chart() const { return pie_->chart(); }
  const HeatStrip *heat_strip() const { return strip_; }

 private:
  void show_detail(std::int64_t handle);

  const TraceData *data_ = nullptr;
  std::optional<std::int64_t> selected_;
  QStandardItemModel *table_;
  QStandardItemModel *threads_;
  QTableView *view_;
  QChartView *pie_;
  QChartView *per_thread_;
  QLabel *detail_title_;
  HeatStrip *strip_;
};

}  // namespace pgas::viewer
