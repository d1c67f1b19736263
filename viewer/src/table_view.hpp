// The table widget every view uses: read-only rows over a model, optionally sortable by clicking a header.
// Sorting goes through a proxy, so the model keeps the reader's order (hottest first) for export and tests;
// handlers get proxy indexes, whose siblings carry the same data as the model's.
#pragma once

#include <QAbstractItemModel>
#include <QTableView>

namespace pgas::viewer {

QTableView *new_table_view(QAbstractItemModel *model, QWidget *parent, bool sortable = true);
// The view's index of the model's (row, column).
QModelIndex view_index(const QTableView *view, int row, int column);

}  // namespace pgas::viewer
