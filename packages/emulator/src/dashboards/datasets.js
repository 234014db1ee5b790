import { DAY_MS, HOUR_MS } from '../options.js';

/**
 * Demo data, deterministic per dataset and hour so screenshots and tests are stable: the rows cover
 * the 30 days before the current hour of the emulator's clock.
 */

/** mulberry32: a small seeded PRNG. @param {number} seed */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** @template T @param {() => number} next @param {Array<[T, number]>} weighted @returns {T} */
function pick(next, weighted) {
  const total = weighted.reduce((sum, entry) => sum + entry[1], 0);
  let roll = next() * total;
  for (const [value, weight] of weighted) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return /** @type {[T, number]} */ (weighted[weighted.length - 1])[0];
}

const CUSTOMERS = ['Acme GmbH', 'Globex', 'Initech', 'Umbrella SA', 'Stark Industries', 'Wayne Enterprises', 'Hooli', 'Vandelay Imports', 'Soylent Corp', 'Tyrell Systems', 'Cyberdyne', 'Wonka Foods'];
const SUBJECTS = ['Cannot log in', 'Invoice question', 'Export is slow', 'Add a user', 'Dashboard shows no data', 'Change billing e-mail', 'API key rotation', 'Feature request: PDF', 'SSO setup', 'Refund request'];

/** @param {number} now */
function orders(now) {
  const next = random(42);
  const end = Math.floor(now / HOUR_MS) * HOUR_MS;
  const rows = [];
  for (let index = 0; index < 420; index += 1) {
    const createdAt = end - Math.floor(next() * 30 * DAY_MS);
    const category = pick(next, [['hardware', 3], ['software', 5], ['services', 2]]);
    const base = category === 'hardware' ? 900 : category === 'software' ? 400 : 1500;
    rows.push({
      id: `SO-${String(10_000 + index)}`,
      createdAt,
      region: pick(next, [['emea', 5], ['amer', 4], ['apac', 3], ['latam', 1]]),
      status: pick(next, [['completed', 12], ['pending', 3], ['cancelled', 1], ['refunded', 1]]),
      category,
      amount: Math.round((base * (0.4 + next() * 1.6)) * 100) / 100,
      customer: /** @type {string} */ (CUSTOMERS[Math.floor(next() * CUSTOMERS.length)]),
    });
  }
  return rows.sort((a, b) => b.createdAt - a.createdAt);
}

/** @param {number} now */
function tickets(now) {
  const next = random(7);
  const end = Math.floor(now / HOUR_MS) * HOUR_MS;
  const rows = [];
  for (let index = 0; index < 300; index += 1) {
    const priority = pick(next, [['low', 4], ['normal', 8], ['high', 3], ['urgent', 1]]);
    rows.push({
      id: `T-${String(5_000 + index)}`,
      openedAt: end - Math.floor(next() * 30 * DAY_MS),
      subject: /** @type {string} */ (SUBJECTS[Math.floor(next() * SUBJECTS.length)]),
      channel: pick(next, [['email', 5], ['chat', 4], ['phone', 2]]),
      priority,
      status: pick(next, [['solved', 7], ['open', 2], ['pending', 1]]),
      minutesToResolve: Math.round((priority === 'urgent' ? 40 : priority === 'high' ? 120 : 360) * (0.3 + next() * 1.4)),
    });
  }
  return rows.sort((a, b) => b.openedAt - a.openedAt);
}

/**
 * The rows of a dataset as of `now`.
 * @param {'orders' | 'tickets'} name
 * @param {number} now
 */
export function datasetRows(name, now) {
  return name === 'orders' ? orders(now) : tickets(now);
}
