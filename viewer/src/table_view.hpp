// The table widget every view uses: read-only rows over a model, optionally sortable by clicking a header.
// Sorting goes through a proxy, so the model keeps the reader's order (hottest first) for export and tests;
// handlers get proxy indexes, whose siblings carry the same data as the model's.
#pragma once

#include <QAbstractItemModel>
#include <QSortFilterProxyModel>
#include <QTableView>

#include "table_items.hpp"

namespace pgas::viewer {

// Shows `model` in `view` (a table or a tree) through a proxy that sorts by kValueRole when a header is
// clicked, and keeps the model's order until then.
template <class ItemView>
void show_sortable(ItemView *view, QAbstractItemModel *model) {
  auto *proxy = new QSortFilterProxyModel(view);
  proxy->setSourceModel(model);
  proxy->setSortRole(kValueRole);
  view->setModel(proxy);
  view->setSortingEnabled(true);
  view->sortByColumn(-1, Qt::AscendingOrder);
}

QTableView *new_table_view(QAbstractItemModel *model, QWidget *parent, bool sortable = true);
// The view's index of the model's (row, column).
QModelIndex view_index(const QTableView *view, int row, int column);

}  // namespace pgas::viewer
