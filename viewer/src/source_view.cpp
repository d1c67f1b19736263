#include "source_view.hpp"

#include <QFileDialog>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QPushButton>
#include <QSplitter>
#include <QVBoxLayout>
#include <algorithm>
#include <set>

#include "lanes_widget.hpp"
#include "table_items.hpp"
#include "table_view.hpp"

namespace pgas::viewer {
namespace {

enum LineColumn { kLocation, kCount, kBytes, kTime, kFunction };
enum SourceColumn { kLine, kAccesses, kNs, kWaiting, kText };

}  // namespace

SourceView::SourceView(QWidget *parent)
    : View(parent),
      lines_(new_table(this, {"line", "accesses", "bytes", "time", "function"})),
      source_(new_table(this, {"line", "accesses", "time", "waiting", "source"})),
      lines_view_(new_table_view(lines_, this)),
      source_view_(new_table_view(source_, this, false)),
      files_(new QComboBox(this)),
      status_(new QLabel(this)) {
  source_view_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  source_view_->verticalHeader()->setDefaultSectionSize(source_view_->fontMetrics().height() + 4);
  connect(lines_view_, &QTableView::activated, this, [this](const QModelIndex &index) {
    QModelIndex at = index.siblingAtColumn(kLocation);
    show_line(at.data(kFileRole).toString(), at.data(kLineRole).toInt());
  });
  connect(lines_view_, &QTableView::clicked, lines_view_, &QTableView::activated);
  connect(files_, &QComboBox::activated, this, [this] { show_file(current_file()); });
  auto *roots = new QPushButton("Source roots...", this);
  roots->setToolTip("Add a directory that holds the sources, if they moved since the run");
  connect(roots, &QPushButton::clicked, this, &SourceView::choose_root);

  auto *right = new QWidget(this);
  auto *bar = new QHBoxLayout();
  bar->addWidget(new QLabel("File:", right));
  bar->addWidget(files_, 1);
  bar->addWidget(roots);
  auto *right_layout = new QVBoxLayout(right);
  right_layout->setContentsMargins(0, 0, 0, 0);
  right_layout->addLayout(bar);
  right_layout->addWidget(status_);
  right_layout->addWidget(source_view_, 1);
  auto *split = new QSplitter(Qt::Horizontal, this);
  split->addWidget(lines_view_);
  split->addWidget(right);
  split->setSizes({420, 800});
  auto *layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(split);
}

void SourceView::set_source_roots(std::vector<std::string> roots) {
  roots_ = std::move(roots);
  if (data_) show_file(current_file());
}

void SourceView::choose_root() {
  QString dir = QFileDialog::getExistingDirectory(this, "Directory holding the program's sources");
  if (dir.isEmpty()) return;
  std::vector<std::string> roots = roots_;
  roots.insert(roots.begin(), dir.toStdString());
  set_source_roots(std::move(roots));
}

void SourceView::set_data(const TraceData &data) {
  data_ = &data;
  QString shown = current_file();
  int line = selected_line();
  per_file_.clear();
  waits_per_file_.clear();
  reset_table(lines_);
  // The gutter holds the old data's counts: emptied, show_line rebuilds it even for the same file.
  reset_table(source_);
  for (const tdb::LineRow &row : data.lines) {
    QList<QStandardItem *> items{location_item(row.file, row.line, row.function)};
    items << totals_items(row.totals) << text_item(row.function);
    lines_->appendRow(items);
    if (!row.file.empty()) per_file_[row.file][row.line] = row.totals;
  }
  // Waiting per line: the sync engine's waits of the selected threads (a held lock is not waiting).
  for (const tdb::SyncRow &row : data.sync.waits)
    if (row.waiting && !row.file.empty()) waits_per_file_[row.file][row.line] += row.ns_sum;
  std::set<std::string> files;
  for (const auto &[file, lines] : per_file_) files.insert(file);
  for (const auto &[file, lines] : waits_per_file_) files.insert(file);
  files_->clear();
  for (const std::string &file : files)
    files_->addItem(QString::fromStdString(file), QString::fromStdString(file));
  // Stay on the file shown before a filter change; otherwise open the file of the hottest line.
  if (!shown.isEmpty() && show_line(shown, line)) return;
  for (const tdb::LineRow &row : data.lines)
    if (!row.file.empty()) {
      show_line(QString::fromStdString(row.file), row.line);
      return;
    }
  for (const tdb::SyncRow &row : data.sync.waits)  // no accesses with a line: the longest wait's
    if (row.waiting && !row.file.empty()) {
      show_line(QString::fromStdString(row.file), row.line);
      return;
    }
  show_file("");
}

bool SourceView::show_line(const QString &file, int line) {
  int index = files_->findData(file);
  if (index < 0) return false;
  if (files_->currentIndex() != index || source_->rowCount() == 0 || current_file() != file) {
    files_->setCurrentIndex(index);
    show_file(file);
  }
  if (line >= 1 && line <= source_->rowCount()) {
    source_view_->selectRow(line - 1);
    source_view_->scrollTo(source_->index(line - 1, kLine), QAbstractItemView::PositionAtCenter);
  }
  return true;
}

void SourceView::showEvent(QShowEvent *event) {
  View::showEvent(event);
  // Scrolling before the first layout cannot centre the line; do it again once the view is on screen.
  if (QModelIndex current = source_view_->currentIndex(); current.isValid())
    source_view_->scrollTo(current, QAbstractItemView::PositionAtCenter);
}

int SourceView::selected_line() const {
  QModelIndex current = source_view_->currentIndex();
  return current.isValid() ? current.row() + 1 : 0;
}

void SourceView::show_file(const QString &file) {
  reset_table(source_);
  if (file.isEmpty()) {
    status_->setText(data_ && data_->lines.empty() ? "No accesses or waits with a source line are selected."
                                                   : "No accesses have a source line (was the run traced "
                                                     "with --lines, and is the program built with -g?)");
    return;
  }
  tdb::SourceFiles sources(roots_);
  const std::string recorded = file.toStdString();
  const std::vector<std::string> &text = sources.text(recorded);
  const std::map<int, tdb::Totals> &counts = per_file_[recorded];
  const std::map<int, std::int64_t> &waits = waits_per_file_[recorded];
  std::int64_t hottest = 1, longest = 1;
  for (const auto &[line, totals] : counts) hottest = std::max(hottest, totals.count);
  for (const auto &[line, ns] : waits) longest = std::max(longest, ns);
  int last = std::max({static_cast<int>(text.size()), counts.empty() ? 0 : counts.rbegin()->first,
                       waits.empty() ? 0 : waits.rbegin()->first});
  for (int line = 1; line <= last; ++line) {
    auto found = counts.find(line);
    tdb::Totals totals = found == counts.end() ? tdb::Totals{} : found->second;
    QStandardItem *count = totals.count ? count_item(totals.count) : text_item(QString());
    count->setData(QVariant::fromValue<qlonglong>(totals.count), kValueRole);
    if (totals.count)
      count->setBackground(heat_colour(static_cast<double>(totals.count) / static_cast<double>(hottest)));
    QStandardItem *ns = totals.count ? ns_item(totals.ns) : text_item(QString());
    ns->setData(QVariant::fromValue<qlonglong>(totals.ns), kValueRole);
    auto waited = waits.find(line);
    const std::int64_t wait_ns = waited == waits.end() ? 0 : waited->second;
    QStandardItem *wait = wait_ns ? ns_item(wait_ns) : text_item(QString());
    wait->setData(QVariant::fromValue<qlonglong>(wait_ns), kValueRole);
    if (wait_ns) {
      QColor tint = LanesWidget::colour(LaneState::kWait);  // the timeline's colour of waiting
      tint.setAlphaF(0.15f + 0.85f * static_cast<float>(wait_ns) / static_cast<float>(longest));
      wait->setBackground(tint);
    }
    std::string source =
        line <= static_cast<int>(text.size()) ? text[static_cast<std::size_t>(line - 1)] : "";
    source_->appendRow({id_item(line), count, ns, wait, text_item(source)});
  }
  std::string found = sources.resolve(recorded);
  status_->setText(found.empty() ? QString("%1 is not found: add the directory holding it with \"Source "
                                           "roots...\" or --source-root DIR (only the counts are shown).")
                                       .arg(file)
                                 : QString("%1").arg(QString::fromStdString(found)));
}

}  // namespace pgas::viewer
