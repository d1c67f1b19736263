#include "heat_strip.hpp"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>

#include "pgas/tracedb/describe.hpp"
#include "table_items.hpp"

namespace pgas::viewer {

HeatStrip::HeatStrip(QWidget *parent) : QWidget(parent) {
  setMinimumHeight(56);
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void HeatStrip::set_bins(std::vector<tracedb::HistogramBin> bins) {
  bins_ = std::move(bins);
  update();
}

QRectF HeatStrip::strip() const { return QRectF(8, 4, width() - 16, height() - 24); }

int HeatStrip::bin_at(double x) const {
  QRectF r = strip();
  if (bins_.empty() || x < r.left() || x >= r.right()) return -1;
  return std::min(static_cast<int>((x - r.left()) / r.width() * static_cast<double>(bins_.size())),
                  static_cast<int>(bins_.size()) - 1);
}

void HeatStrip::paintEvent(QPaintEvent *) {
  QPainter p(this);
  QRectF r = strip();
  if (bins_.empty()) {
    p.drawText(rect(), Qt::AlignCenter, "no offset histogram recorded for this variable");
    return;
  }
  std::int64_t hottest = 1;
  for (const auto &b : bins_) hottest = std::max(hottest, b.count);
  const double width = r.width() / static_cast<double>(bins_.size());
  for (std::size_t i = 0; i < bins_.size(); ++i) {
    QRectF cell(r.left() + width * static_cast<double>(i), r.top(), width + 0.5, r.height());
    p.fillRect(cell, heat_colour(static_cast<double>(bins_[i].count) / static_cast<double>(hottest)));
  }
  p.setPen(palette().color(QPalette::WindowText));
  p.drawRect(r);
  QRectF labels(r.left(), r.bottom() + 2, r.width(), 16);
  p.drawText(labels, Qt::AlignLeft, QString::number(bins_.front().lo));
  p.drawText(labels, Qt::AlignRight, QString::number(bins_.back().hi));
  p.drawText(labels, Qt::AlignHCenter, "global element index");
}

bool HeatStrip::event(QEvent *event) {
  if (event->type() == QEvent::ToolTip) {
    auto *help = static_cast<QHelpEvent *>(event);
    int i = bin_at(help->pos().x());
    if (i < 0) {
      QToolTip::hideText();
    } else {
      const auto &b = bins_[static_cast<std::size_t>(i)];
      QToolTip::showText(help->globalPos(), QString("elements [%1, %2): %3 accessed")
                                                .arg(b.lo)
                                                .arg(b.hi)
                                                .arg(QString::fromStdString(tracedb::human_count(b.count))));
    }
    return true;
  }
  return QWidget::event(event);
}

}  // namespace pgas::viewer
