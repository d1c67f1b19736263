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
  // Colours of a change for the better (B lower than A) and for the worse.
  static inline const QColor kBetter{0, 128, 0};
  static inline const QColor kWorse{200, 0, 0};
  // The longest function shown in the lines table; longer ones are elided (full text in the tooltip).
  static constexpr int kMaxSignature = 48;
  // A demangled signature without its parameters ("f(…)"), elided at the front to kMaxSignature.
  static QString short_signature(const QString &signature);

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
