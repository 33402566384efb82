import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * After a refusal, what the client still sends is read and dropped for this
 * long at most: enough for a client on a slow link to read the answer and
 * stop its upload; a client that keeps sending is then cut.
 */
export const LINGER_MS = 2_000;
/** ...or this many bytes (a second of a fast link), whichever comes first. */
export const LINGER_BYTES = 64 * 1024 * 1024;

/**
 * Closes the connection once the answer is out, without resetting it under a
 * client that is still uploading. Node closes a `Connection: close` socket as
 * soon as the answer is written (destroySoon); with upload bytes still unread
 * the kernel then answers with a reset, and a client busy writing its body
 * reports ECONNRESET instead of the 413 it was sent. Here the answer and a FIN
 * go out, the rest of the body is read and dropped (nothing is kept), and the
 * socket is closed when the client closes, or after LINGER_MS or LINGER_BYTES.
 */
export function closeAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  res.shouldKeepAlive = false;
  if (req.complete) return;
  const socket = req.socket;
  let lingering = false;
  let dropped = 0;
  // Still flowing after the body reader let go, or never read: either way the bytes go nowhere.
  req.on('data', (chunk: Buffer) => {
    if (!lingering) return;
    dropped += chunk.length;
    if (dropped > LINGER_BYTES) socket.destroy();
  });
  socket.destroySoon = () => {
    lingering = true;
    socket.end();
    const cut = setTimeout(() => socket.destroy(), LINGER_MS);
    cut.unref();
    socket.once('close', () => clearTimeout(cut));
  };
}
