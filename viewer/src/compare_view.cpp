#include "compare_view.hpp"

#include <QGridLayout>
#include <QHeaderView>
#include <QVBoxLayout>
#include <QtCharts/QBarSeries>
#include <QtCharts/QBarSet>
#include <map>

#include "charts.hpp"
#include "table_items.hpp"
#include "table_view.hpp"

namespace pgas::viewer {
namespace {

using Item = QStandardItem *(*)(std::int64_t);

// key, A, B, B - A, B / A. Every compared quantity (time, accesses, bytes) is better lower, so the change
// and the ratio are coloured better (B below A) or worse (B above A).
QList<QStandardItem *> compared(QStandardItem *key, std::int64_t a, std::int64_t b, Item item) {
  QStandardItem *change = item(b - a);
  if (b > a) change->setText("+" + change->text());
  QStandardItem *ratio = ratio_item(tdb::ratio(a, b));
  if (a != b)
    for (QStandardItem *i : {change, ratio}) {
      i->setForeground(b < a ? CompareView::kBetter : CompareView::kWorse);
      i->setToolTip(b < a ? "better: B is lower" : "worse: B is higher");
    }
  return {key, item(a), item(b), change, ratio};
}

// The function of a line, short enough to leave the numbers on screen; the full signature is the tooltip
// and the exported value.
QStandardItem *function_item(const std::string &signature) {
  QStandardItem *item = text_item(signature);
  const QString shown = CompareView::short_signature(QString::fromStdString(signature));
  if (shown.size() != static_cast<qsizetype>(signature.size())) {
    item->setText(shown);
    item->setToolTip(QString::fromStdString(signature));
  }
  return item;
}

QStringList headers(const QString &key) { return {key, "A", "B", "B - A", "B / A"}; }

}  // namespace

CompareView::CompareView(QWidget *parent)
    : View(parent),
      mode_box_(new QComboBox(this)),
      note_(new QLabel(this)),
      totals_(new_table(this, headers("total"))),
      threads_(new_table(this, {"thread", "accesses A", "accesses B", "B - A", "B / A", "time A", "time B",
                                "B - A", "B / A"})),
      lines_(new_table(this, {"line", "function", "accesses A", "accesses B", "B - A", "B / A"})),
      variables_(new_table(this, {"variable", "kind", "accesses A", "accesses B", "B - A", "B / A"})),
      chart_(new_chart_view("Remote accesses per thread, A and B", this)) {
  mode_box_->addItems({"side by side", "differences"});
  connect(mode_box_, &QComboBox::currentIndexChanged, this,
          [this](int i) { set_mode(static_cast<Mode>(i)); });
  note_->setWordWrap(true);
  auto *grid = new QGridLayout();
  int cell = 0;
  for (QStandardItemModel *model : {totals_, threads_, lines_, variables_}) {
    QTableView *view = new_table_view(model, this, model != totals_);
    views_ << view;
    // The function or kind takes the width the numbers leave (elided further if need be), never theirs.
    if (model == lines_ || model == variables_) {
      view->horizontalHeader()->setStretchLastSection(false);
      view->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    }
    if (model == lines_)
      connect(view, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
        const QModelIndex key = index.siblingAtColumn(0);
        const QString file = key.data(kFileRole).toString();
        if (!file.isEmpty()) Q_EMIT jump_to_line(file, key.data(kLineRole).toInt());
      });
    grid->addWidget(view, cell / 2, cell % 2);
    ++cell;
  }
  grid->addWidget(chart_, 2, 0, 1, 2);
  auto *layout = new QVBoxLayout(this);
  auto *bar = new QHBoxLayout();
  bar->addWidget(note_, 1);
  bar->addWidget(new QLabel("Show:", this));
  bar->addWidget(mode_box_);
  layout->addLayout(bar);
  layout->addLayout(grid, 1);
}

QString CompareView::short_signature(const QString &signature) {
  // The name without its parameter list: the first '(' outside template arguments.
  QString name = signature;
  int depth = 0;
  for (qsizetype i = 0; i < signature.size(); ++i) {
    const QChar c = signature[i];
    if (c == '<') ++depth;
    if (c == '>' && depth > 0) --depth;
    if (c == '(' && depth == 0 && i > 0) {
      name = signature.left(i) + (signature.mid(i).startsWith("()") ? "()" : "(…)");
      break;
    }
  }
  if (name.size() > kMaxSignature) name = "…" + name.right(kMaxSignature - 1);  // the name's end says most
  return name;
}

void CompareView::set_mode(Mode mode) {
  mode_ = mode;
  if (mode_box_->currentIndex() != static_cast<int>(mode)) mode_box_->setCurrentIndex(static_cast<int>(mode));
  apply_mode();
}

// Side by side hides the change columns; differences hide the B column of each pair (A stays as the base).
void CompareView::apply_mode() {
  for (QTableView *view : views_) {
    const QAbstractItemModel *model = view->model();
    for (int c = 1; c < model->columnCount(); ++c) {
      const QString title = model->headerData(c, Qt::Horizontal).toString();
      const bool change = title == "B - A" || title == "B / A";
      const bool second = title == "B" || title.endsWith(" B");
      view->setColumnHidden(c, mode_ == Mode::kSideBySide ? change : second);
    }
  }
}

void CompareView::set_data(const TraceData &data) {
  for (QStandardItemModel *model : {totals_, threads_, lines_, variables_}) reset_table(model);
  clear_chart(chart_->chart());
  if (!data.compare) {
    note_->setText("Open a second run to compare with (File > Compare with..., or --compare OTHER.db).");
    return;
  }
  const CompareData &other = *data.compare;
  const tdb::TraceDiff &d = other.diff;
  note_->setText(
      QString("A = %1, B = %2").arg(QString::fromStdString(data.path), QString::fromStdString(other.path)));
  totals_->appendRow(compared(text_item(QString("wall time")), d.wall_a, d.wall_b, ns_item));
  totals_->appendRow(
      compared(text_item(QString("remote accesses")), d.a.totals.count, d.b.totals.count, count_item));
  totals_->appendRow(
      compared(text_item(QString("bytes moved")), d.a.totals.bytes, d.b.totals.bytes, bytes_item));
  totals_->appendRow(
      compared(text_item(QString("time in transport")), d.a.totals.ns, d.b.totals.ns, ns_item));

  std::map<int, std::pair<tdb::Totals, tdb::Totals>> per_thread;
  for (const tdb::ThreadRow &t : data.threads) per_thread[t.thread].first = t.totals;
  for (const tdb::ThreadRow &t : other.threads) per_thread[t.thread].second = t.totals;
  QStringList categories;
  auto *set_a = new QBarSet("A");
  auto *set_b = new QBarSet("B");
  for (const auto &[thread, ab] : per_thread) {
    QList<QStandardItem *> row = compared(id_item(thread), ab.first.count, ab.second.count, count_item);
    row << compared(nullptr, ab.first.ns, ab.second.ns, ns_item).mid(1);
    threads_->appendRow(row);
    categories << QString::number(thread);
    *set_a << static_cast<qreal>(ab.first.count);
    *set_b << static_cast<qreal>(ab.second.count);
  }
  auto *series = new QBarSeries();
  series->append(set_a);
  series->append(set_b);
  show_bars(chart_->chart(), series, categories, "accesses");

  // A line of run A (the run whose sources the source view shows) can be jumped to from its row.
  std::map<std::string, const tdb::LineRow *> lines_of_a;
  for (const tdb::LineRow &row : data.lines)
    if (!row.file.empty()) lines_of_a.emplace(tdb::line_key(row), &row);
  auto add_rows = [&](QStandardItemModel *model, const std::vector<tdb::DiffRow> &rows) {
    for (const tdb::DiffRow &r : rows) {
      QStandardItem *key = text_item(r.key);
      if (auto at = lines_of_a.find(r.key); model == lines_ && at != lines_of_a.end()) {
        key->setData(QString::fromStdString(at->second->file), kFileRole);
        key->setData(at->second->line, kLineRole);
      }
      QList<QStandardItem *> row = compared(key, r.a.count, r.b.count, count_item);
      row.insert(1, model == lines_ ? function_item(r.detail) : text_item(r.detail));
      model->appendRow(row);
    }
  };
  add_rows(lines_, d.lines);
  add_rows(variables_, d.variables);
  apply_mode();
}

}  // namespace pgas::viewer
