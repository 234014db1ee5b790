/**
 * The demo dashboards the emulator serves, by public id. The embedded page receives the definition
 * and renders it; titles are label keys of the page's dictionary (`public/app/i18n.js`). Measures
 * name their qualified member (`orders.revenue`), which the drilldown event reports.
 */

/** @typedef {{ agg: 'sum' | 'count' | 'avg', field?: string, format: 'currency' | 'number' | 'minutes', member: string }} Measure */
/**
 * @typedef {object} Widget
 * @property {string} id
 * @property {'kpi' | 'bar' | 'line' | 'table'} type
 * @property {string} title Label key.
 * @property {Measure} [measure]
 * @property {string} [dimension] Field to group by (bar).
 * @property {string} [drill] Field a clicked bar breaks down into (bar).
 * @property {string} [time] Time field bucketed by day in the viewer's time zone (line).
 * @property {string[]} [columns] Fields shown (table); the newest rows first.
 * @property {number} [limit] Rows shown (table).
 */
/** @typedef {{ path: string, title: string, widgets: Widget[] }} Page */
/**
 * @typedef {object} Dashboard
 * @property {string} publicId
 * @property {number} deploymentId
 * @property {string} title Label key.
 * @property {'orders' | 'tickets'} dataset
 * @property {string} view Semantic view whose filters the dashboard accepts.
 * @property {string[]} filters Dimensions with a filter widget: `f_<view>.<dimension>` applies.
 * @property {string} [currency]
 * @property {Page[]} pages
 */

/** @type {Dashboard[]} */
export const DASHBOARDS = [
  {
    publicId: 'sales-overview',
    deploymentId: 42,
    title: 'salesOverview',
    dataset: 'orders',
    view: 'orders',
    filters: ['status', 'region'],
    currency: 'EUR',
    pages: [
      {
        path: '/overview',
        title: 'overview',
        widgets: [
          { id: 'kpi-revenue', type: 'kpi', title: 'revenue', measure: { agg: 'sum', field: 'amount', format: 'currency', member: 'orders.revenue' } },
          { id: 'kpi-orders', type: 'kpi', title: 'orders', measure: { agg: 'count', format: 'number', member: 'orders.count' } },
          { id: 'kpi-aov', type: 'kpi', title: 'averageOrder', measure: { agg: 'avg', field: 'amount', format: 'currency', member: 'orders.average_amount' } },
          { id: 'bar-region', type: 'bar', title: 'revenueByRegion', dimension: 'region', drill: 'category', measure: { agg: 'sum', field: 'amount', format: 'currency', member: 'orders.revenue' } },
          { id: 'line-daily', type: 'line', title: 'ordersPerDay', time: 'createdAt', measure: { agg: 'count', format: 'number', member: 'orders.count' } },
        ],
      },
      {
        path: '/orders',
        title: 'orderList',
        widgets: [
          { id: 'bar-status', type: 'bar', title: 'ordersByStatus', dimension: 'status', drill: 'region', measure: { agg: 'count', format: 'number', member: 'orders.count' } },
          { id: 'table-latest', type: 'table', title: 'latestOrders', columns: ['id', 'createdAt', 'customer', 'region', 'status', 'amount'], limit: 10 },
        ],
      },
      {
        path: '/products',
        title: 'products',
        widgets: [
          { id: 'bar-category', type: 'bar', title: 'revenueByCategory', dimension: 'category', drill: 'region', measure: { agg: 'sum', field: 'amount', format: 'currency', member: 'orders.revenue' } },
          { id: 'kpi-units', type: 'kpi', title: 'orders', measure: { agg: 'count', format: 'number', member: 'orders.count' } },
        ],
      },
    ],
  },
  {
    publicId: 'support-ops',
    deploymentId: 42,
    title: 'supportOps',
    dataset: 'tickets',
    view: 'tickets',
    filters: ['priority', 'channel'],
    pages: [
      {
        path: '/overview',
        title: 'overview',
        widgets: [
          { id: 'kpi-tickets', type: 'kpi', title: 'tickets', measure: { agg: 'count', format: 'number', member: 'tickets.count' } },
          { id: 'kpi-resolution', type: 'kpi', title: 'avgResolution', measure: { agg: 'avg', field: 'minutesToResolve', format: 'minutes', member: 'tickets.avg_resolution' } },
          { id: 'bar-channel', type: 'bar', title: 'ticketsByChannel', dimension: 'channel', drill: 'priority', measure: { agg: 'count', format: 'number', member: 'tickets.count' } },
          { id: 'line-daily', type: 'line', title: 'ticketsPerDay', time: 'openedAt', measure: { agg: 'count', format: 'number', member: 'tickets.count' } },
        ],
      },
      {
        path: '/queue',
        title: 'queue',
        widgets: [
          { id: 'bar-priority', type: 'bar', title: 'ticketsByPriority', dimension: 'priority', drill: 'channel', measure: { agg: 'count', format: 'number', member: 'tickets.count' } },
          { id: 'table-latest', type: 'table', title: 'latestTickets', columns: ['id', 'openedAt', 'subject', 'channel', 'priority', 'status'], limit: 10 },
        ],
      },
    ],
  },
];

/** @param {string} publicId */
export function findDashboard(publicId) {
  return DASHBOARDS.find((dashboard) => dashboard.publicId === publicId);
}
