// Filters by operation, variable and thread that apply to every view: one drop-down of check boxes each.
// Nothing checked in a list means "all".
#pragma once

#include <QLabel>
#include <QMenu>
#include <QToolButton>
#include <QWidget>
#include <set>
#include <string>

#include "trace_data.hpp"

namespace pgas::viewer {

class FilterBar : public QWidget {
  Q_OBJECT

 public:
  explicit FilterBar(QWidget *parent = nullptr);

  // The choices, from an unfiltered load of the trace; clears the filter.
  void set_choices(const TraceData &data);
  tdb::Filter filter() const;
  // Checks exactly these; a value the trace does not hold is added as a checked choice marked as absent, so
  // that the filter selects nothing rather than everything. Emits changed() once.
  void set_filter(const tdb::Filter &filter);
  void clear();

 Q_SIGNALS:
  void changed(const pgas::tracedb::Filter &filter);

 private:
  QToolButton *new_button(const QString &title, QMenu *menu);
  void refresh_titles();

  QMenu *ops_;
  QMenu *variables_;
  QMenu *threads_;
  QMenu *targets_;
  QToolButton *ops_button_;
  QToolButton *variables_button_;
  QToolButton *threads_button_;
  QToolButton *targets_button_;
  bool quiet_ = false;  // while several boxes change at once
};

}  // namespace pgas::viewer
