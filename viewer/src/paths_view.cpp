#include "paths_view.hpp"

#include <QHeaderView>
#include <QMenu>
#include <QVBoxLayout>
#include <algorithm>
#include <map>
#include <tuple>

#include "table_items.hpp"
#include "table_view.hpp"

namespace pgas::viewer {
namespace {

constexpr int kExpandedLines = 50;  // the hottest lines open with their paths shown

QString chain_text(const std::vector<tdb::SourceLocation> &callers) {
  QString out;
  for (const tdb::SourceLocation &at : callers)
    out += (out.isEmpty() ? "" : " < ") + description(at.file, at.line, at.function);
  return out;
}

QList<QStandardItem *> path_items(QStandardItem *location, const std::string &function,
                                  const std::string &what, const QString &called_from, QStandardItem *threads,
                                  const tdb::Totals &t) {
  // The function last: template names are long.
  QList<QStandardItem *> row{location, text_item(what), text_item(called_from), threads};
  row << totals_items(t) << text_item(function);
  return row;
}

// The lines in the reader's order (hottest path first), each with the indexes of its paths.
struct Line {
  tdb::SourceLocation site;
  std::string what;
  tdb::Totals totals;
  std::vector<std::size_t> paths;
};

std::vector<Line> group_by_line(const std::vector<tdb::PathRow> &paths) {
  std::vector<Line> lines;
  std::map<std::tuple<tdb::SourceLocation, std::string>, std::size_t> index;
  for (std::size_t i = 0; i < paths.size(); ++i) {
    const tdb::PathRow &p = paths[i];
    auto [at, fresh] = index.try_emplace({p.site, p.what}, lines.size());
    if (fresh) lines.push_back({p.site, p.what, {}, {}});
    Line &line = lines[at->second];
    line.totals += p.totals;
    line.paths.push_back(i);
  }
  std::stable_sort(lines.begin(), lines.end(),
                   [](const Line &a, const Line &b) { return a.totals.ns > b.totals.ns; });
  return lines;
}

}  // namespace

PathsView::PathsView(QWidget *parent)
    : View(parent),
      tree_(new_table(this,
                      {"location", "what", "called from", "threads", "count", "bytes", "time", "function"})),
      rows_(new_table(this,
                      {"location", "what", "called from", "threads", "count", "bytes", "time", "function"})),
      tree_view_(new QTreeView(this)),
      note_(new QLabel(this)) {
  note_->setWordWrap(true);
  show_sortable(tree_view_, tree_);  // the reader's order until a header is clicked
  tree_view_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  tree_view_->setSelectionBehavior(QAbstractItemView::SelectRows);
  tree_view_->setUniformRowHeights(true);
  tree_view_->setExpandsOnDoubleClick(false);  // a double-click shows the line
  tree_view_->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
  tree_view_->header()->setStretchLastSection(true);
  tree_view_->setContextMenuPolicy(Qt::CustomContextMenu);
  connect(tree_view_, &QTreeView::doubleClicked, this, &PathsView::jump);
  connect(tree_view_, &QWidget::customContextMenuRequested, this, [this](const QPoint &at) {
    const QModelIndex index = tree_view_->indexAt(at);
    if (!index.isValid() || index.siblingAtColumn(0).data(kFileRole).toString().isEmpty()) return;
    QMenu menu(this);
    menu.addAction("Show this line in the source", this, [this, index] { jump(index); });
    menu.exec(tree_view_->viewport()->mapToGlobal(at));
  });
  auto *layout = new QVBoxLayout(this);
  layout->addWidget(note_);
  layout->addWidget(tree_view_, 1);
}

void PathsView::jump(const QModelIndex &index) {
  const QModelIndex at = index.siblingAtColumn(0);
  if (!at.data(kFileRole).toString().isEmpty())
    Q_EMIT jump_to_line(at.data(kFileRole).toString(), at.data(kLineRole).toInt());
}

void PathsView::set_data(const TraceData &data) {
  reset_table(tree_);
  reset_table(rows_);
  for (const tdb::PathRow &p : data.paths)
    rows_->appendRow(path_items(location_item(p.site.file, p.site.line, p.site.function), p.site.function,
                                p.what, chain_text(p.callers), count_item(p.threads), p.totals));
  const std::vector<Line> lines = group_by_line(data.paths);
  for (const Line &line : lines) {
    // Threads of a line are not the sum of its paths' threads: shown per path only.
    const QList<QStandardItem *> row =
        path_items(location_item(line.site.file, line.site.line, line.site.function), line.site.function,
                   line.what, QString(), text_item(QString()), line.totals);
    for (std::size_t i : line.paths) {
      const tdb::PathRow &p = data.paths[i];
      QStandardItem *caller =
          p.callers.empty()
              ? text_item(QString("(no calling line recorded)"))
              : location_item(p.callers.front().file, p.callers.front().line, p.callers.front().function);
      const std::string function = p.callers.empty() ? std::string() : p.callers.front().function;
      row.front()->appendRow(
          path_items(caller, function, p.what, chain_text(p.callers), count_item(p.threads), p.totals));
    }
    tree_->appendRow(row);
  }
  for (int r = 0; r < std::min(kExpandedLines, tree_view_->model()->rowCount()); ++r)
    tree_view_->expand(tree_view_->model()->index(r, 0));

  QString note =
      "Call paths, bottom-up: each line making remote accesses or waiting, largest time first, with the "
      "calling lines that reached it (called from: innermost first). Accesses follow every filter, waits "
      "only the thread filter. Double-click a row (or use its context menu) to see its line.";
  if (data.run.callers == 0)
    note =
        "This trace was recorded without --callers: rerun with --lines --callers N (pgasrun --trace) to "
        "see the calling lines. Lines are listed without their callers.";
  else if (lines.empty())
    note += " Nothing was recorded for this filter.";
  if (data.run.dropped_path_events > 0)
    note += QString(" Warning: %1 events were recorded without their callers (recorder table full).")
                .arg(data.run.dropped_path_events);
  note_->setText(note);
}

}  // namespace pgas::viewer
