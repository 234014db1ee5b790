/** A mistake in the command line; the CLI prints it with a pointer to `--help` and exits with 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
