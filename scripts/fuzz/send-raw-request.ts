import { connect } from 'node:net';

export interface RawAnswer {
  /** The answer's status, or undefined when the server closed without one. */
  status: number | undefined;
  body: string;
  /** Nothing came back and the connection stayed open past the timeout. */
  timedOut: boolean;
}

/**
 * Sends bytes on a new loopback connection, as they are (any framing, any
 * header), and reads one HTTP answer. `end` half-closes after the last
 * chunk: a client that goes away mid-body. The answer is read while the
 * bytes are still going out, as a careful client does, so a server that
 * answers early and then resets the connection still shows its status.
 */
export function sendRawRequest(port: number, chunks: Buffer[], options: { end: boolean; timeoutMs: number }): Promise<RawAnswer> {
  return new Promise((resolve) => {
    // No Nagle: a request split into small writes would otherwise wait out the peer's delayed acknowledgement (40 ms) each time.
    const socket = connect({ port, host: '127.0.0.1', noDelay: true });
    const received: Buffer[] = [];
    let settled = false;
    const finish = (timedOut: boolean): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...readAnswer(Buffer.concat(received)), timedOut });
    };
    const timer = setTimeout(() => finish(true), options.timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      if (isWholeAnswer(Buffer.concat(received))) finish(false);
    });
    socket.on('close', () => finish(false));
    // A reset after the answer is the server closing on an upload it refused; what arrived before it counts.
    socket.on('error', () => finish(false));
    socket.on('connect', () => {
      for (const chunk of chunks) socket.write(chunk);
      if (options.end) socket.end();
    });
  });
}

function readAnswer(bytes: Buffer): { status: number | undefined; body: string } {
  const text = bytes.toString('latin1');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1];
  const headEnd = text.indexOf('\r\n\r\n');
  return {
    status: status === undefined ? undefined : Number(status),
    body: headEnd < 0 ? '' : bytes.subarray(headEnd + 4).toString('utf8'),
  };
}

/** Headers and as much body as Content-Length says, or a chunked body's last chunk. */
function isWholeAnswer(bytes: Buffer): boolean {
  const text = bytes.toString('latin1');
  const headEnd = text.indexOf('\r\n\r\n');
  if (headEnd < 0) return false;
  const head = text.slice(0, headEnd);
  const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
  if (length !== undefined) return text.length - headEnd - 4 >= Number(length);
  return /\r\ntransfer-encoding: *chunked/i.test(head) && text.endsWith('0\r\n\r\n');
}
