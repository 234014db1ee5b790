// The viewer's own flows inside the dashboard: downloads (the saved file's name and bytes, no rows in the event),
// drilldown, the AI question box and a simulated render error, each reaching the host page.
import { beforeAll, describe, expect, it } from 'vitest';
import { captureDownloads, dashboardFrame, dashboardState, events, screenshot, waitForEvent, useSuite, type Demo } from './harness.js';
import type { PageDriver } from './driver/index.js';

const suite = useSuite({ open: '/' });
let demo: Demo;
let page: PageDriver;

let savedFile: Awaited<ReturnType<typeof captureDownloads>>;

beforeAll(async () => {
  ({ demo, page } = suite);
  if (page) savedFile = await captureDownloads(await dashboardFrame(page, 'a'));
});

const DOWNLOAD_KEYS = ['format', 'rowCount', 'target', 'title', 'widgetId'];

describe('downloads', () => {
  it('a widget CSV is a real file with the widget rows; the event carries only the count', async () => {
    const frame = await dashboardFrame(page, 'a');
    await frame.click('[data-widget-id="bar-region"] [data-download="csv"]');
    const download = await savedFile(1);
    expect(download.fileName).toBe('sales-overview-bar-region.csv');
    const csv = download.bytes.toString('utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('Region,Revenue');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['EMEA', 'Americas', 'Asia-Pacific', 'Latin America']);
    const { rows } = await dashboardState(page, 'a');
    const emea = rows.filter((row: any) => row.region === 'emea').reduce((sum: number, row: any) => sum + row.amount, 0);
    expect(Number(lines[1]!.split(',')[1])).toBeCloseTo(emea, 1);
    const event = await waitForEvent(page, 'a', 'download');
    expect(event.payload).toEqual({ format: 'csv', target: 'widget', widgetId: 'bar-region', title: 'Revenue by region', rowCount: 4 });
    expect(Object.keys(event.payload).sort()).toEqual(DOWNLOAD_KEYS);
  });

  it('a chart PNG is a real PNG image', async () => {
    const frame = await dashboardFrame(page, 'a');
    await frame.click('[data-widget-id="line-daily"] [data-download="png"]');
    const { bytes } = await savedFile(2);
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(bytes.readUInt32BE(16)).toBe(840); // IHDR width: the 420-px chart at 2x
    const event = await waitForEvent(page, 'a', 'download', 2);
    expect(event.payload).toEqual({ format: 'png', target: 'widget', widgetId: 'line-daily', title: 'Orders per day' });
  });

  it('the dashboard CSV holds every filtered row; the event carries the count only', async () => {
    const frame = await dashboardFrame(page, 'a');
    await frame.click('[data-role="export-dashboard"]');
    const lines = (await savedFile(3)).bytes.toString('utf8').trim().split('\r\n');
    const { rows } = await dashboardState(page, 'a');
    expect(lines).toHaveLength(rows.length + 1);
    expect(lines[0]).toBe('id,createdAt,region,status,category,amount,customer');
    const event = await waitForEvent(page, 'a', 'download', 3);
    expect(event.payload).toEqual({ format: 'csv', target: 'dashboard', title: 'Sales overview', rowCount: rows.length });
  });

  it('an embed without allowExport=true shows no download button', async () => {
    const frame = await dashboardFrame(page, 'b');
    expect(new URL(await frame.url()).searchParams.has('allowExport')).toBe(false);
    expect(await frame.count('[data-download], [data-role="export-dashboard"]')).toBe(0);
    expect(await frame.count('[data-widget-id]')).toBeGreaterThan(0);
  });
});

describe('drilldown', () => {
  it('clicking a bar emits drilldown with the measure and shows the breakdown', async () => {
    const frame = await dashboardFrame(page, 'a');
    await frame.click('[data-widget-id="bar-region"] .bar[data-key="apac"] rect');
    const event = await waitForEvent(page, 'a', 'drilldown');
    const { rows } = await dashboardState(page, 'a');
    const apac = rows.filter((row: any) => row.region === 'apac');
    expect(event.payload).toMatchObject({ member: 'orders.revenue', widgetId: 'bar-region', value: { 'orders.region': 'apac' } });
    expect(event.payload.value['orders.revenue']).toBeCloseTo(apac.reduce((sum: number, row: any) => sum + row.amount, 0), 1);
    await frame.waitForSelector('[data-role="drill"][data-key="apac"]');
    const categories = new Set(apac.map((row: any) => row.category));
    expect(await frame.count('[data-role="drill"] .bar')).toBe(categories.size);
    await screenshot(page, 'demo-drilldown-embed-a');
    await frame.click('[data-role="close-drill"]');
    await frame.waitForSelector('[data-role="drill"]', { state: 'detached' });
  });
});

describe('AI question box', () => {
  it('emits ai-query submitted, then completed with the same chat, and shows the answer', async () => {
    const frame = await dashboardFrame(page, 'a');
    await frame.fill('[data-role="ai-input"]', 'How many orders are there?');
    await frame.click('[data-role="ai-submit"]');
    await page.waitFor(() => (window as any).__demo.events.filter((entry: any) => entry.type === 'svc:event:ai-query').length >= 2);
    const queries = await events(page, 'a', 'ai-query');
    expect(queries.map((entry) => entry.payload.status)).toEqual(['submitted', 'completed']);
    expect(queries[0]!.payload.query).toBe('How many orders are there?');
    expect(queries[1]!.payload.chatId).toBe(queries[0]!.payload.chatId);
    expect(queries[0]!.payload.chatId).toMatch(/^chat_/);
    const { rows } = await dashboardState(page, 'a');
    expect(await frame.textContent('[data-role="ai-answer"]')).toBe(`Orders: ${rows.length}.`);
    await screenshot(page, 'demo-ai-embed-a');
  });
});

describe('render error switch', () => {
  it('a failing widget emits an error event and shows an error in place; switching back recovers', async () => {
    const frame = await dashboardFrame(page, 'b');
    const before = (await events(page, 'b', 'error')).length;
    await frame.setChecked('[data-role="render-error-switch"]', true);
    const error = await waitForEvent(page, 'b', 'error', before + 1);
    expect(error.payload).toMatchObject({ name: 'WidgetRenderError', context: 'render', fatal: false });
    expect(error.payload.message).toContain('bar-channel');
    await frame.waitForSelector('[data-widget-id="bar-channel"].failed [role="alert"]');
    expect(await frame.count('.widget.failed')).toBe(1);
    await page.waitForSelector('[data-role="log"] li[data-embed="b"][data-type="svc:event:error"]');
    await screenshot(page, 'demo-render-error-embed-b');
    await frame.setChecked('[data-role="render-error-switch"]', false);
    await frame.waitForSelector('[data-widget-id="bar-channel"] .bar');
    expect(await frame.count('.widget.failed')).toBe(0);
    expect(await events(page, 'b', 'error')).toHaveLength(before + 1);
  });
});
