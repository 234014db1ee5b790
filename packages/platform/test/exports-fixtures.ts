import { Writable } from 'node:stream';
import { datasetRows } from '@svc-embed/emulator/platform';

/** Revenue per region of the orders dataset as of `asOf`, largest first, as the dashboard defines it. */
export function revenueByRegion(asOf: number, region?: string): Array<[string, number]> {
  const sums = new Map<string, number>();
  for (const row of datasetRows('orders', asOf) as Array<{ region: string; amount: number }>)
    if (!region || row.region === region) sums.set(row.region, (sums.get(row.region) ?? 0) + row.amount);
  return [...sums]
    .map(([label, sum]): [string, number] => [label, Math.round(sum * 100) / 100])
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** Number of orders as of `asOf`, optionally of one region. */
export function orderCount(asOf: number, region?: string): number {
  return (datasetRows('orders', asOf) as Array<{ region: string }>).filter((row) => !region || row.region === region).length;
}

/** The `label, EUR value` pairs printed after a bar chart's title in the PDF's strings. */
export function pdfBars(strings: string[], title: string): Array<[string, number]> {
  const start = strings.indexOf(title);
  if (start < 0) throw new Error(`no "${title}" in the PDF`);
  const bars: Array<[string, number]> = [];
  for (let index = start + 1; index + 1 < strings.length; index += 2) {
    const value = /^EUR ([\d,]+\.\d{2})$/.exec(strings[index + 1] ?? '');
    if (!value) break;
    bars.push([strings[index] ?? '', Number(value[1]?.replace(/,/g, ''))]);
  }
  return bars;
}

/** A writable that keeps everything written to it. */
export function bufferSink() {
  const parts: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      parts.push(chunk);
      done();
    },
  });
  return { stream, buffer: () => Buffer.concat(parts) };
}
