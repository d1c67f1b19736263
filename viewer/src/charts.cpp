#include "charts.hpp"

#include <QtCharts/QBarCategoryAxis>
#include <QtCharts/QBarSet>
#include <QtCharts/QValueAxis>
#include <algorithm>

namespace pgas::viewer {

QChartView *new_chart_view(const QString &title, QWidget *parent) {
  auto *chart = new QChart();
  chart->setTitle(title);
  chart->setAnimationOptions(QChart::NoAnimation);
  chart->legend()->setAlignment(Qt::AlignBottom);
  auto *view = new QChartView(chart, parent);
  view->setRenderHint(QPainter::Antialiasing);
  view->setMinimumHeight(220);
  return view;
}

void clear_chart(QChart *chart) {
  chart->removeAllSeries();
  for (QAbstractAxis *axis : chart->axes()) {
    chart->removeAxis(axis);
    delete axis;
  }
}

void show_bars(QChart *chart, QAbstractBarSeries *series, const QStringList &categories,
               const QString &y_title) {
  clear_chart(chart);
  chart->addSeries(series);
  auto *x = new QBarCategoryAxis();
  x->append(categories);
  chart->addAxis(x, Qt::AlignBottom);
  series->attachAxis(x);
  double top = 0;
  const bool stacked = series->type() == QAbstractSeries::SeriesTypeStackedBar;
  for (int i = 0; i < categories.size(); ++i) {
    double column = 0;
    for (QBarSet *set : series->barSets())
      column = stacked ? column + set->at(i) : std::max(column, set->at(i));
    top = std::max(top, column);
  }
  auto *y = new QValueAxis();
  y->setRange(0, top > 0 ? top : 1);
  y->applyNiceNumbers();
  y->setTitleText(y_title);
  y->setLabelFormat("%.0f");
  chart->addAxis(y, Qt::AlignLeft);
  series->attachAxis(y);
  chart->legend()->setVisible(series->barSets().size() > 1);
}

}  // namespace pgas::viewer
