/** A raw HTTP/1.1 client over a TCP socket: what fetch will not send (lying lengths, TRACE, bad bytes). */
import { connect, type Socket } from 'node:net';

export interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Bytes the client had handed to the socket when the answer was complete. */
  bytesWritten: number;
  ms: number;
}

/** True once `text` holds a whole response (by Content-Length, chunked end, or no body). */
function complete(text: string, head: boolean): boolean {
  const end = text.indexOf('\r\n\r\n');
  if (end === -1) return false;
  const headers = text.slice(0, end).toLowerCase();
  const body = text.slice(end + 4);
  const length = /\r\ncontent-length: *(\d+)/.exec(headers)?.[1];
  if (head || /^http\/1\.1 (204|304)/.test(headers)) return true;
  if (length !== undefined) return Buffer.byteLength(body) >= Number(length);
  if (headers.includes('transfer-encoding: chunked')) return body.endsWith('0\r\n\r\n');
  return false;
}

function parse(text: string): Omit<RawReply, 'bytesWritten' | 'ms'> {
  const end = text.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = text.slice(end + 4);
  if (headers['transfer-encoding'] === 'chunked') {
    let plain = '';
    for (let rest = body; ; ) {
      const size = Number.parseInt(rest, 16);
      if (!(size > 0)) break;
      const start = rest.indexOf('\r\n') + 2;
      plain += rest.slice(start, start + size);
      rest = rest.slice(start + size + 2);
    }
    body = plain;
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

/**
 * Sends `head` (request line and headers, up to the blank line), then lets `sendBody` write to the
 * socket as it likes; resolves with the answer as soon as it is complete.
 */
export function rawRequest(
  baseUrl: string,
  head: string,
  sendBody: (socket: Socket) => void = () => {},
): Promise<RawReply> {
  const { hostname, port } = new URL(baseUrl);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    const finish = () => {
      resolve({ ...parse(text), bytesWritten: socket.bytesWritten, ms: performance.now() - started });
      socket.destroy();
    };
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (complete(text, head.startsWith('HEAD '))) finish();
    });
    // A client still sending when the server closes may see EPIPE or a reset: the answer counts.
    socket.on('error', () => (text.includes('\r\n\r\n') ? finish() : reject(new Error('no answer'))));
    socket.on('close', () => (text.includes('\r\n\r\n') ? finish() : reject(new Error('closed unanswered'))));
    socket.write(head);
    sendBody(socket);
  });
}

/** Writes chunked body data (64 KiB chunks) until `total` bytes, respecting backpressure; never ends it. */
export function pumpChunked(total: number) {
  return (socket: Socket) => {
    const data = Buffer.alloc(64 * 1024, 0x20);
    const chunk = Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);
    let sent = 0;
    const pump = () => {
      while (sent < total && !socket.destroyed) {
        sent += data.length;
        if (!socket.write(chunk)) {
          socket.once('drain', pump);
          return;
        }
      }
    };
    pump();
  };
}
