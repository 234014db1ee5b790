import { PLATFORM_ERROR_CODES, PlatformError } from '../errors.js';

/** The export job finished with `status: 'failed'`; the message carries the server's `error`. */
export class ExportFailedError extends PlatformError {
  /** The failed job. */
  readonly jobId: string;
  /** The poll result's `error` text. */
  readonly reason: string;

  constructor(jobId: string, reason: string) {
    super(PLATFORM_ERROR_CODES.exportFailed, `dashboard export ${jobId} failed: ${reason || 'no reason given'}`);
    this.name = 'ExportFailedError';
    this.jobId = jobId;
    this.reason = reason;
  }
}

/** The job reached `expiresAt`, or was gone, before its file was downloaded. Submit a new one. */
export class ExportExpiredError extends PlatformError {
  /** The expired job. */
  readonly jobId: string;
  /** Its `expiresAt`, epoch milliseconds. */
  readonly expiresAt: number;

  constructor(jobId: string, expiresAt: number, detail: string, cause?: unknown) {
    super(
      PLATFORM_ERROR_CODES.exportExpired,
      `dashboard export ${jobId} expired at ${new Date(expiresAt).toISOString()} ${detail}; submit a new export`,
      { cause },
    );
    this.name = 'ExportExpiredError';
    this.jobId = jobId;
    this.expiresAt = expiresAt;
  }
}
