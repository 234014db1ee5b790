import { findDashboard } from '../../dashboards/catalog.js';

/** `revenueByRegion` -> `Revenue by region`. @param {string} key */
export const humanize = (key) => {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The §2.2 DashboardConfig of a dashboard record: its catalog source's widgets as CHART widgets
 * on a two-column grid.
 * @param {import('../seed/workspace.js').DashboardRecord} record
 */
export function dashboardConfig(record) {
  const source = findDashboard(record.source);
  const widgets = (source?.pages ?? []).flatMap((page) =>
    page.widgets.map((widget) => ({ widget, page: page.path })),
  );
  return {
    kind: 'CLASSIC',
    title: record.title,
    description: null,
    layout: { cols: { lg: 12, md: 8, sm: 4 }, rowHeight: 40, margin: [8, 8], containerPadding: [16, 16] },
    widgets: widgets.map(({ widget, page }, index) => ({
      id: widget.id,
      type: 'CHART',
      position: { x: (index % 2) * 6, y: Math.floor(index / 2) * 4, w: 6, h: 4 },
      config: { chart: widget.type, title: humanize(widget.title), page, measure: widget.measure?.member ?? null, dimension: widget.dimension ?? null },
      style: null,
    })),
    settings: { currency: source?.currency ?? null },
    theme: null,
  };
}

/**
 * The §2.2 Dashboard record of a published dashboard.
 * @param {import('../seed/workspace.js').DashboardRecord} record
 */
export function publishedDashboard(record) {
  return {
    id: record.id,
    publicId: record.publicId,
    deploymentId: record.deploymentId,
    workbookId: record.workbookId,
    status: record.status,
    allowEmbed: true,
    config: dashboardConfig(record),
    versionNumber: 3,
    versionId: record.id * 10 + 3,
    reportSnapshots:
      record.publicId === 'sales-overview'
        ? [
            {
              id: 9001,
              reportId: 201,
              versionNumber: 2,
              name: 'Top customers',
              kind: 'table',
              sqlQuery: 'SELECT customer, SUM(amount) AS revenue FROM orders GROUP BY 1 ORDER BY 2 DESC',
              isSourceReport: true,
              fillMissingRows: null,
              periodComparisons: [{ measure: 'orders.revenue', timeDimension: 'orders.created_at', offset: { amount: 1, unit: 'month' }, outputs: null }],
              preferences: { columnFormats: { revenue: { type: 'currency', decimalPlaces: 2 } } },
            },
          ]
        : [],
    createdBy: 1,
    title: record.title,
    description: null,
    restrictDataDownload: record.restrictDataDownload ?? false,
  };
}
