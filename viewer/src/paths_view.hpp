// The call paths view, bottom-up as heaptrack shows it: each source line making remote accesses or waiting,
// with its totals, above the chains of calling lines that reached it (pgasrun --trace --lines --callers N),
// each with its own count, bytes and time. From the reader's call paths engine, as pgas-report's paths
// section prints them.
#pragma once

#include <QLabel>
#include <QStandardItemModel>
#include <QTreeView>

#include "view.hpp"

namespace pgas::viewer {

class PathsView : public View {
  Q_OBJECT

 public:
  explicit PathsView(QWidget *parent = nullptr);
  void set_data(const TraceData &data) override;
  // One row per path, as pgas-report --section paths (CSV export).
  QAbstractItemModel *table() const override { return rows_; }

  // Columns: location, what, called from, threads, count, bytes, time, function. Top level: one row per
  // line and what (access or a kind of waiting), with the totals of its paths, largest time first;
  // children: one per chain of calling lines (location: the innermost calling line).
  QStandardItemModel *tree() const { return tree_; }
  QTreeView *tree_view() const { return tree_view_; }
  QString note() const { return note_->text(); }

 private:
  void jump(const QModelIndex &index);

  QStandardItemModel *tree_;
  QStandardItemModel *rows_;
  QTreeView *tree_view_;
  QLabel *note_;
};

}  // namespace pgas::viewer
