// Qt Charts set-ups shared by the views: a chart view without animation (screenshots show the final state)
// and bar charts with thread categories.
#pragma once

#include <QString>
#include <QStringList>
#include <QtCharts/QAbstractBarSeries>
#include <QtCharts/QChartView>

namespace pgas::viewer {

QChartView *new_chart_view(const QString &title, QWidget *parent);
// Replaces `chart`'s series and axes by `series` over `categories`, with a y axis from 0.
void show_bars(QChart *chart, QAbstractBarSeries *series, const QStringList &categories,
               const QString &y_title);
// Drops every series and axis.
void clear_chart(QChart *chart);

}  // namespace pgas::viewer
