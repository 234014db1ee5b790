/** The moments of an embed's first load, in `performance.now()` ms: when each first happened. */
export interface EmbedTimings {
  /** `createEmbed` ran. */
  created: number;
  /** The first id's mint started (signed embeds; a lazy one once it was seen). */
  mintStarted?: number;
  /** The first id arrived. */
  minted?: number;
  /** The iframe's URL was set. */
  srcSet?: number;
  /** The embed sent `ready`. */
  ready?: number;
  /** The dashboard's widgets have all rendered (`dashboard-loaded`). */
  dashboardLoaded?: number;
}

/** One of the moments of {@link EmbedTimings} after `created`. */
export type TimingName = Exclude<keyof EmbedTimings, 'created'>;

/** An embed's timings, and how to note the next moment. */
export interface TimingRecorder {
  /** The moments so far. */
  readonly timings: Readonly<EmbedTimings>;
  /** Notes `name` now, the first time only, with a User Timing mark (and a measure from `created` at `ready` and `dashboardLoaded`). */
  note(name: TimingName): void;
}

let embedCount = 0;

/**
 * Starts an embed's timings. Marks are named `svc-embed:<n>:<moment>` (`n` counts the page's embeds,
 * with `label`, its public id, when it has one), so the phases show in the browser's performance panel.
 */
export function createTimingRecorder(win: Window, label = ''): TimingRecorder {
  const performance = win.performance;
  const clock = () => performance?.now() ?? 0;
  embedCount += 1;
  const prefix = `svc-embed:${embedCount}${label && ` ${label}`}`;
  const mark = (name: string) => performance?.mark?.(`${prefix}:${name}`);
  const timings: EmbedTimings = { created: clock() };
  mark('created');
  return {
    timings,
    note(name) {
      if (timings[name] !== undefined) return;
      timings[name] = clock();
      mark(name);
      if (name === 'ready' || name === 'dashboardLoaded') performance?.measure?.(`${prefix}: created to ${name}`, `${prefix}:created`, `${prefix}:${name}`);
    },
  };
}
