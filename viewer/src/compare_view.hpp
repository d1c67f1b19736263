// Two runs compared (e.g. before and after refactoring): the totals, each thread, each line and each
// variable, shown side by side (A, B) or as differences (B - A, B / A), with a per-thread chart of both.
#pragma once

#include <QComboBox>
#include <QLabel>
#include <QStandardItemModel>
#include <QTableView>
#include <QtCharts/QChartView>

#include "view.hpp"

namespace pgas::viewer {

class CompareView : public View {
  Q_OBJECT

 public:
  enum class Mode { kSideBySide, kDifferences };

  explicit CompareView(QWidget *parent = nullptr);
  void set_data(const TraceData &data) override;
  QAbstractItemModel *table() const override { return lines_; }

  void set_mode(Mode mode);
  Mode mode() const { return mode_; }

  // Every model has the columns key, A, B, B - A, B / A (threads: of accesses, then of time).
  QStandardItemModel *totals() const { return totals_; }
  QStandardItemModel *threads() const { return threads_; }
  QStandardItemModel *lines() const { return lines_; }
  QStandardItemModel *variables() const { return variables_; }
  QChart *chart() const { return chart_->chart(); }  // accesses per thread, one bar set per run
  QString note() const { return note_->text(); }

 private:
  void apply_mode();

  Mode mode_ = Mode::kSideBySide;
  QComboBox *mode_box_;
  QLabel *note_;
  QStandardItemModel *totals_;
  QStandardItemModel *threads_;
  QStandardItemModel *lines_;
  QStandardItemModel *variables_;
  QList<QTableView *> views_;
  QChartView *chart_;
};

}  // namespace pgas::viewer
