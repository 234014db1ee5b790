// The payloads of the event catalog written out as documented interfaces, so that editors show
// what each event and field means. The protocol's type tests check them equal to the types the
// schemas in events.ts infer: the schemas stay the single source of truth.
import type { Mode, Surface } from './constants.js';

/** A file format a viewer can export. */
export type DownloadFormat = 'csv' | 'xlsx' | 'png' | 'pdf';

/** The stage of a natural-language query. */
export type AiQueryStatus = 'submitted' | 'completed' | 'error';

/** Payload of `ready`: the surface authenticated and mounted. Always the first event. */
export interface ReadyPayload {
  /** The embed tenant's name, or null for a surface outside any tenant. */
  embedTenant: string | null;
  /** The deployment the surface shows, or null when there is none. */
  deploymentId: number | null;
  /** `signed` (a session, renewed by the host) or `private` (no session). */
  mode: Mode;
  /** Which surface this is: `dashboard`, `app` or `chat`. */
  surface: Surface;
  /** The dashboard's public id, for a dashboard. */
  publicId?: string | undefined;
}

/** Payload of `view`: a surface is viewed, on load and on each in-embed navigation. */
export interface ViewPayload {
  /** Which surface was viewed. */
  surface: Surface;
  /** The in-embed path viewed, such as `/orders`. */
  path: string;
  /** The dashboard's public id, for a dashboard. */
  publicId?: string | undefined;
  /** The page's title as the viewer sees it. */
  title?: string | undefined;
}

/** Payload of `navigate`: the viewer navigated within the embed. */
export interface NavigatePayload {
  /** The in-embed path navigated to. */
  path: string;
  /** The path before, when there was one. */
  previousPath?: string | undefined;
}

/** Payload of `dashboard-loaded`: every widget of a dashboard has rendered (`ready` comes at mount). */
export interface DashboardLoadedPayload {
  /** The dashboard's public id. */
  publicId?: string | undefined;
  /** How many widgets rendered. */
  widgetCount?: number | undefined;
  /** Milliseconds from mount to the last widget rendered. */
  loadDurationMs?: number | undefined;
}

/** Payload of `download`: the viewer exported data or an image. Never carries the rows. */
export interface DownloadPayload {
  /** The file format: `csv`, `xlsx`, `png` or `pdf`. */
  format: DownloadFormat;
  /** One `widget`, or the whole `dashboard`. */
  target: 'widget' | 'dashboard';
  /** The widget exported, for a widget. */
  widgetId?: string | undefined;
  /** The title of what was exported. */
  title?: string | undefined;
  /** How many rows the file holds, for data formats. */
  rowCount?: number | undefined;
}

/** Payload of `drilldown`: the viewer drilled into a measure. */
export interface DrilldownPayload {
  /** The qualified measure name, such as `orders.revenue`. */
  member: string;
  /** The point drilled into: dimension values and the measure's value. */
  value?: unknown;
  /** The widget drilled in. */
  widgetId?: string | undefined;
}

/** Payload of `ai-query`: around a natural-language query, `submitted`, then `completed` or `error`. */
export interface AiQueryPayload {
  /** The question as the viewer typed it. */
  query: string;
  /** `submitted`, `completed` or `error`. */
  status: AiQueryStatus;
  /** The chat the query belongs to (the same for its submitted and completed events). */
  chatId?: string | undefined;
  /** The agent that answered. */
  agentId?: string | undefined;
}

/** Payload of `session-expiring`: a signed session stops working soon (about 30 minutes; best effort). */
export interface SessionExpiringPayload {
  /** When the session stops working, epoch ms. */
  expiresAt: number;
  /** Milliseconds left when the event was sent (0 when already past). */
  expiresInMs: number;
}

/** Payload of `session-expired`: a signed session lapsed; nothing recovers until a new session is pushed. */
export interface SessionExpiredPayload {
  /** When it lapsed, epoch ms. */
  expiredAt: number;
}

/** Payload of `error`: the embed surfaced an error (render, query, auth, session or an action). */
export interface ErrorPayload {
  /** What happened, for people. */
  message: string;
  /** The error's class, such as `EmbedSessionExchangeError` or `NavigationError`. */
  name?: string | undefined;
  /** Where it happened: `render`, `query`, `auth`, `session-renewal`, `action` … */
  context?: string | undefined;
  /** True when the surface went down with it. */
  fatal?: boolean | undefined;
}

/** Every event's payload, by event name (frame to host). */
export interface EventPayloadMap {
  /** The surface authenticated and mounted; always the first event, once per session. */
  ready: ReadyPayload;
  /** A surface is viewed: on load and on each in-embed navigation. */
  view: ViewPayload;
  /** The viewer navigated within the embed. */
  navigate: NavigatePayload;
  /** All widgets of a dashboard have rendered. */
  'dashboard-loaded': DashboardLoadedPayload;
  /** The viewer exported data or an image (never the rows). */
  download: DownloadPayload;
  /** The viewer drilled into a measure. */
  drilldown: DrilldownPayload;
  /** A natural-language query was submitted, completed or failed. */
  'ai-query': AiQueryPayload;
  /** A signed session stops working soon. */
  'session-expiring': SessionExpiringPayload;
  /** A signed session has lapsed. */
  'session-expired': SessionExpiredPayload;
  /** The embed surfaced an error. */
  error: ErrorPayload;
}
