#include "table_view.hpp"

#include <QHeaderView>
#include <QSortFilterProxyModel>

#include "table_items.hpp"

namespace pgas::viewer {

QTableView *new_table_view(QAbstractItemModel *model, QWidget *parent, bool sortable) {
  auto *view = new QTableView(parent);
  if (sortable)
    show_sortable(view, model);
  else
    view->setModel(model);
  view->verticalHeader()->hide();
  view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
  view->setEditTriggers(QAbstractItemView::NoEditTriggers);
  view->setSelectionBehavior(QAbstractItemView::SelectRows);
  // Columns fit their contents, judged from the first rows only so that large tables stay fast.
  view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  view->horizontalHeader()->setResizeContentsPrecision(64);
  view->horizontalHeader()->setStretchLastSection(true);
  return view;
}

QModelIndex view_index(const QTableView *view, int row, int column) {
  if (auto *proxy = qobject_cast<const QSortFilterProxyModel *>(view->model()))
    return proxy->mapFromSource(proxy->sourceModel()->index(row, column));
  return view->model()->index(row, column);
}

}  // namespace pgas::viewer
