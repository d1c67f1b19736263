// What every tab of the viewer is: it shows a TraceData and names the table that CSV export writes.
#pragma once

#include <QAbstractItemModel>
#include <QString>
#include <QWidget>
#include <set>

#include "trace_data.hpp"

namespace pgas::viewer {

class View : public QWidget {
  Q_OBJECT

 public:
  using QWidget::QWidget;

  virtual void set_data(const TraceData &data) = 0;
  // The view's main table (CSV export); never null.
  virtual QAbstractItemModel *table() const = 0;

 Q_SIGNALS:
  // Show this line in the source view.
  void jump_to_line(const QString &file, int line);
  // Restrict every view to these initiator threads.
  void filter_threads(const std::set<int> &threads);
  // Show only the accesses of `initiator` to `target`.
  void filter_pair(int initiator, int target);
};

}  // namespace pgas::viewer
