import { Writable } from 'node:stream';

/** A writable stream that keeps what is written, for tests that read a command's output. */
export function textSink(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  return {
    stream: new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk.toString());
        callback();
      },
    }),
    text: () => chunks.join(''),
  };
}
