import type { EmbedListeners } from '@svc-embed/host';

/** `session-expiring` -> `SessionExpiring`. */
type PascalCase<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Capitalize<Head>}${PascalCase<Tail>}` : Capitalize<S>;

/** Names of the listeners a component can take as props: every event of the catalog and the host notifications. */
type ListenedName = Exclude<keyof EmbedListeners, '*'>;

/**
 * One `on<Name>` prop per event of the catalog (`onReady`, `onDownload`, `onDashboardLoaded`,
 * `onSessionExpiring` …) and per host notification (`onRenewed`, `onRenewalFailed`), typed as
 * `embed.on(name, …)` listeners.
 */
export type EmbedEventProps = { [N in ListenedName as `on${PascalCase<N>}`]?: EmbedListeners[N] };

/** The prop name of a listener: `download` -> `onDownload` (an event of a type this SDK does not know has none). */
export function propName(name: string): keyof EmbedEventProps {
  return `on${name.replace(/(?:^|-)(\w)/g, (_, letter: string) => letter.toUpperCase())}` as keyof EmbedEventProps;
}

