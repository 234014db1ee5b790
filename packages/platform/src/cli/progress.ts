/** A one-line progress display on a stream: redrawn in place on a terminal, one line per step otherwise. */
interface Progress {
  /** Shows `text`; off a terminal it is printed only when `step` differs from the last one. */
  update(step: string, text: string): void;
  /** Ends the display with a final line. */
  done(text: string): void;
}

/** Creates a {@link Progress} on `stream` (a terminal when `stream.isTTY`). */
export function createProgress(stream: NodeJS.WritableStream & { isTTY?: boolean }): Progress {
  const tty = stream.isTTY === true;
  let lastStep: string | undefined;
  let drawn = false;
  return {
    update(step, text) {
      if (tty) {
        stream.write(`\r${text}\x1b[K`);
        drawn = true;
      } else if (step !== lastStep) stream.write(`${text}\n`);
      lastStep = step;
    },
    done(text) {
      stream.write(tty && drawn ? `\r${text}\x1b[K\n` : `${text}\n`);
      drawn = false;
      lastStep = undefined;
    },
  };
}
