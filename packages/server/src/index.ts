export type { SessionStore } from './store.js';
export type { EndpointLimits, SessionEndpointOptions, Viewer } from './endpoint-options.js';
