import { idSegment, numericId } from '../checks.js';

/** A deployment id for a path: a positive integer or an id string as the listing returns it. */
export const deploymentSegment = (deploymentId: unknown): string => idSegment('deploymentId', deploymentId);

/** A deployment id that the spec types as a number (bulk move): a number or a string of digits. */
export const idSegmentNumeric = (deploymentId: unknown): string => String(numericId('deploymentId', deploymentId));
