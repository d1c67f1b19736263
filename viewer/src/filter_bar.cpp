#include "filter_bar.hpp"

#include <QHBoxLayout>
#include <QPushButton>

namespace pgas::viewer {
namespace {

QAction *add_choice(QMenu *menu, const QString &text, const QVariant &value) {
  QAction *action = menu->addAction(text);
  action->setCheckable(true);
  action->setData(value);
  return action;
}

// The action whose value is `value`, added (labelled as absent from the trace) when the menu has none: a
// filter on something the trace does not hold selects nothing, it does not fall back to "all".
template <typename Value>
QAction *choice_for(QMenu *menu, const Value &value, const QString &absent_text) {
  for (QAction *a : menu->actions())
    if (a->data() == QVariant::fromValue(value)) return a;
  return add_choice(menu, absent_text + " (not in this trace)", QVariant::fromValue(value));
}

QList<QAction *> checked(const QMenu *menu) {
  QList<QAction *> out;
  for (QAction *a : menu->actions())
    if (a->isChecked()) out << a;
  return out;
}

QString title(const QString &what, const QMenu *menu) {
  QStringList names;
  for (QAction *a : checked(menu)) names << a->text();
  if (names.isEmpty()) return what + ": all";
  if (names.size() > 3) return QString("%1: %2 selected").arg(what).arg(names.size());
  return what + ": " + names.join(", ");
}

}  // namespace

FilterBar::FilterBar(QWidget *parent)
    : QWidget(parent),
      ops_(new QMenu(this)),
      variables_(new QMenu(this)),
      threads_(new QMenu(this)),
      targets_(new QMenu(this)) {
  ops_button_ = new_button("Operations", ops_);
  variables_button_ = new_button("Variables", variables_);
  threads_button_ = new_button("Threads", threads_);
  targets_button_ = new_button("Targets", targets_);
  auto *reset = new QPushButton("Show all", this);
  connect(reset, &QPushButton::clicked, this, &FilterBar::clear);
  auto *layout = new QHBoxLayout(this);
  layout->setContentsMargins(4, 2, 4, 2);
  layout->addWidget(new QLabel("Filter:", this));
  layout->addWidget(ops_button_);
  layout->addWidget(variables_button_);
  layout->addWidget(threads_button_);
  layout->addWidget(targets_button_);
  layout->addWidget(reset);
  layout->addStretch(1);
  refresh_titles();
}

QToolButton *FilterBar::new_button(const QString &title, QMenu *menu) {
  auto *button = new QToolButton(this);
  button->setText(title);
  button->setMenu(menu);
  button->setPopupMode(QToolButton::InstantPopup);
  connect(menu, &QMenu::triggered, this, [this] {
    refresh_titles();
    if (!quiet_) Q_EMIT changed(filter());
  });
  return button;
}

void FilterBar::refresh_titles() {
  ops_button_->setText(title("Operations", ops_));
  variables_button_->setText(title("Variables", variables_));
  threads_button_->setText(title("Threads", threads_));
  targets_button_->setText(title("Targets", targets_));
}

void FilterBar::set_choices(const TraceData &data) {
  ops_->clear();
  variables_->clear();
  threads_->clear();
  targets_->clear();
  for (const tdb::OpRow &op : data.ops)
    add_choice(ops_, QString::fromStdString(op.op), QString::fromStdString(op.op));
  for (const tdb::VariableRow &v : data.variables) {
    QAction *action = add_choice(
        variables_, v.name.empty() ? QString("(handle %1)").arg(v.handle) : QString::fromStdString(v.name),
        QVariant::fromValue<qlonglong>(v.handle));
    action->setProperty("named", !v.name.empty());
  }
  for (const tdb::ThreadRow &t : data.threads)
    add_choice(threads_, QString("thread %1").arg(t.thread), t.thread);
  for (int t = 0; t < data.run.threads; ++t) add_choice(targets_, QString("thread %1").arg(t), t);
  refresh_titles();
}

// Named variables are filtered by name, so that the filter also selects them in a second run (where their
// handles differ); a name shared by two allocations selects both. Unnamed ones are filtered by handle.
tdb::Filter FilterBar::filter() const {
  tdb::Filter f;
  for (QAction *a : checked(ops_)) f.ops.insert(a->data().toString().toStdString());
  for (QAction *a : checked(variables_)) {
    if (a->property("named").toBool())
      f.variables.insert(a->text().toStdString());
    else
      f.handles.insert(a->data().toLongLong());
  }
  for (QAction *a : checked(threads_)) f.threads.insert(a->data().toInt());
  for (QAction *a : checked(targets_)) f.peers.insert(a->data().toInt());
  return f;
}

void FilterBar::set_filter(const tdb::Filter &filter) {
  quiet_ = true;
  for (QMenu *menu : {ops_, variables_, threads_, targets_})
    for (QAction *a : menu->actions()) a->setChecked(false);
  for (const std::string &op : filter.ops) {
    const QString name = QString::fromStdString(op);
    choice_for(ops_, name, name)->setChecked(true);
  }
  for (const std::string &name : filter.variables) {
    bool found = false;
    for (QAction *a : variables_->actions()) {
      if (!a->property("named").toBool() || a->text().toStdString() != name) continue;
      a->setChecked(true);
      found = true;
    }
    if (!found) {
      // Named variables are filtered by their text (filter()), so an absent one keeps its bare name.
      QAction *absent = add_choice(variables_, QString::fromStdString(name), QVariant());
      absent->setProperty("named", true);
      absent->setToolTip("not in this trace");
      absent->setChecked(true);
    }
  }
  for (long long handle : filter.handles)
    choice_for(variables_, static_cast<qlonglong>(handle), QString("(handle %1)").arg(handle))
        ->setChecked(true);
  for (int t : filter.threads) choice_for(threads_, t, QString("thread %1").arg(t))->setChecked(true);
  for (int t : filter.peers) choice_for(targets_, t, QString("thread %1").arg(t))->setChecked(true);
  quiet_ = false;
  refresh_titles();
  Q_EMIT changed(this->filter());
}

void FilterBar::clear() { set_filter({}); }

}  // namespace pgas::viewer
