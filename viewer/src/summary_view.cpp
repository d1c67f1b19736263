#include "summary_view.hpp"

#include <QVBoxLayout>

#include "pgas/tracedb/describe.hpp"
#include "table_items.hpp"
#include "table_view.hpp"

namespace pgas::viewer {
namespace {

std::string shell_words(const std::vector<std::string> &words) {
  std::string out;
  for (const std::string &w : words) {
    bool plain = !w.empty() && w.find_first_of(" \t'\"\\$") == std::string::npos;
    out += (out.empty() ? "" : " ") + (plain ? w : "'" + w + "'");
  }
  return out;
}

}  // namespace

SummaryView::SummaryView(QWidget *parent)
    : View(parent),
      fields_(new_table(this, {"field", "value"})),
      ops_(new_table(this, {"operation", "accesses", "bytes", "time", "elements", "min", "max"})),
      warning_(new QLabel(this)) {
  warning_->setStyleSheet("QLabel { background: #fff3cd; color: #7a4d00; padding: 6px; }");
  warning_->setWordWrap(true);
  warning_->hide();
  auto *layout = new QVBoxLayout(this);
  layout->addWidget(warning_);
  layout->addWidget(new_table_view(fields_, this, false), 5);
  layout->addWidget(new_table_view(ops_, this), 2);
}

void SummaryView::set_data(const TraceData &data) {
  reset_table(fields_);
  const tdb::RunInfo &run = data.run;
  const tdb::Summary &s = data.summary;
  auto field = [&](const char *name, QStandardItem *value) {
    value->setTextAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    fields_->appendRow({text_item(QString(name)), value});
  };
  field("trace", text_item(data.path));
  field("program", text_item(run.program));
  field("arguments", text_item(shell_words(run.arguments)));
  field("started", text_item(run.start_time));
  field("threads", id_item(run.threads));
  field("conduit", text_item(run.conduit));
  field("emulation", text_item(tdb::describe_emulation(run)));
  field("wall time", ns_item(run.wall_ns));
  field("remote accesses", count_item(s.totals.count));
  field("bytes moved", bytes_item(s.totals.bytes));
  field("time in transport", ns_item(s.totals.ns));
  field("% time in remote access", percent_item(s.transport_pct));
  field("tracer", text_item(tdb::describe_tracer(run)));
  field("complete", flag_item(run.complete));
  field("dropped events", count_item(run.dropped_events));
  field("unsymbolized call sites", count_item(data.unsymbolized_sites));

  QStringList warnings;
  if (!run.complete)
    warnings << QString(
                    "Partial trace: %1 thread(s) did not finish normally; their numbers end at their "
                    "last update.")
                    .arg(s.unfinished_threads);
  if (run.dropped_events > 0)
    warnings << QString("%1 events were dropped (recorder tables full): the counts are too low.")
                    .arg(run.dropped_events);
  warning_->setText(warnings.join(' '));
  warning_->setVisible(!warnings.isEmpty());

  reset_table(ops_);
  for (const tdb::OpRow &op : data.ops) {
    QList<QStandardItem *> row{text_item(op.op)};
    row << totals_items(op.totals) << count_item(op.elements) << ns_item(op.ns_min) << ns_item(op.ns_max);
    ops_->appendRow(row);
  }
}

}  // namespace pgas::viewer
