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
  /**
   * With `keepAlive`: this embed was adopted, not loaded: from a `parked` one (an unmount before) or a
   * `preloaded` one (`preloadEmbed`). Its `created` is then the adoption, and `ready` follows at once
   * when the kept embed was ready; nothing was minted or loaded.
   */
  adopted?: AdoptedFrom;
}

/** Where an adopted embed came from: `parked` by an unmount, or `preloaded` by `preloadEmbed`. */
export type AdoptedFrom = 'parked' | 'preloaded';

/** One of the moments of {@link EmbedTimings} after `created`. */
export type TimingName = Exclude<keyof EmbedTimings, 'created' | 'adopted'>;

/** One embed's timings, as a {@link TimingRecorder} keeps them. */
export interface TimingNotes {
  /** The moments so far (`embed.timings`). */
  readonly timings: Readonly<EmbedTimings>;
  /** Notes the moment `name` now; `createEmbed` calls it as the first load goes on. */
  note(name: TimingName): void;
  /** Notes that the embed was adopted (`keepAlive`), and where from; a recorder of your own may leave it out. */
  adopt?(from: AdoptedFrom): void;
}

/**
 * `createEmbed`'s `timings` option: `createEmbed` calls it once, when it runs (the moment `created`),
 * with the page's window and the embed's label (its public id), and notes each later moment on what
 * it returns. `recordTimings()` makes one.
 */
export type TimingRecorder = (embed: { window: Window; label: string }) => TimingNotes;

let embedCount = 0;

/**
 * The `timings` option of `createEmbed` (and of `<SvcEmbed>`): with it, `embed.timings` tells when
 * each moment of the first load happened (`created`, `mintStarted`, `minted`, `srcSet`, `ready`,
 * `dashboardLoaded`, in `performance.now()` ms; `adopted`, `parked` or `preloaded`, for an embed
 * `keepAlive` adopted), and each is a User Timing mark named `svc-embed:<n> <publicId>:<moment>`
 * (`…:adopted-parked` for an adoption), with measures from `created` to `ready` and to
 * `dashboardLoaded`, so the phases show in the browser's performance panel. One result serves any
 * number of embeds, each with timings of its own.
 * @example
 * const embed = createEmbed({ baseUrl, publicId: 'd-42', container: '#analytics', sessionEndpoint, timings: recordTimings() });
 * embed.ready.then(() => console.table(embed.timings)); // created, mintStarted, minted, srcSet, ready
 */
export function recordTimings(): TimingRecorder {
  return ({ window: win, label }) => {
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
      adopt(from) {
        timings.adopted = from;
        mark(`adopted-${from}`);
      },
    };
  };
}
