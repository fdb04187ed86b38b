/**
 * A lean HTTP/1.1 keep-alive client for the ingestion figures' event load: each request is one string written to a
 * socket, each answer is read for its status line and length, nothing more. The event load shares this 2-core machine
 * with the server it measures; a general-purpose client (undici) spent about 40% of a core sending 2,000 events a
 * second, and fell behind in bursts when it did not get it, where a visitor's browser costs the server nothing.
 * Same shape as the part of undici's Pool that `paced()` uses.
 */
import net from 'node:net';
import type { Request } from './ingestion-load.ts';

interface Answer { statusCode: number; body: { dump(): Promise<void> } }
interface Pending { resolve(a: Answer): void; reject(e: Error): void }
const DONE = { dump: async () => {} };

class Connection {
  private socket: net.Socket;
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: Pending | null = null;
  private error: Error | null = null;

  constructor(host: string, port: number, private readonly onFree: (c: Connection) => void, private readonly onBroken: () => void) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk) => this.read(chunk));
    this.socket.on('error', (err) => this.fail(err));
    this.socket.on('close', () => this.fail(new Error('connection closed')));
  }

  get busy(): boolean {
    return this.waiting !== null;
  }

  get broken(): boolean {
    return this.error !== null;
  }

  send(text: string, pending: Pending): void {
    this.waiting = pending;
    this.socket.write(text);
  }

  close(): void {
    this.socket.destroy();
  }

  private fail(err: Error) {
    if (this.error) return;
    this.error = err;
    const w = this.waiting;
    this.waiting = null;
    w?.reject(err);
    this.onBroken();
  }

  /** An answer ends at its head plus Content-Length bytes (the event calls answer `{}`), or at its last chunk. */
  private read(chunk: Buffer) {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    for (;;) {
      const headEnd = this.buffer.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const head = this.buffer.toString('latin1', 0, headEnd);
      let total: number;
      if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
        // Not what the event calls answer, but an error page might be: read up to the last chunk, ignoring trailers.
        const end = this.buffer.indexOf('\r\n0\r\n\r\n', headEnd + 2);
        if (end < 0) return;
        total = end + 7;
      } else {
        total = headEnd + 4 + Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
      }
      if (this.buffer.length < total) return;
      this.buffer = this.buffer.subarray(total);
      const w = this.waiting;
      this.waiting = null;
      w?.resolve({ statusCode: Number(head.slice(9, 12)), body: DONE });
      this.onFree(this);
    }
  }
}

export class RawPool {
  private readonly free: Connection[] = [];
  private readonly all: Connection[] = [];
  private readonly queue: { text: string; pending: Pending }[] = [];
  private readonly hostHeader: string;

  constructor(base: string, connections: number) {
    const url = new URL(base);
    this.hostHeader = url.host;
    for (let i = 0; i < connections; i++) {
      const c = new Connection(url.hostname, Number(url.port), (conn) => this.release(conn), () => this.checkBroken());
      this.all.push(c);
      this.free.push(c);
    }
  }

  request(req: Request): Promise<Answer> {
    const headers = Object.entries(req.headers ?? {}).map(([k, v]) => `${k}: ${v}\r\n`).join('');
    const body = req.body ?? '';
    const text = `${req.method} ${req.path} HTTP/1.1\r\nhost: ${this.hostHeader}\r\n${headers}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    return new Promise<Answer>((resolve, reject) => {
      const pending = { resolve, reject };
      const conn = this.take();
      if (conn) conn.send(text, pending);
      else if (this.all.every((c) => c.broken)) reject(new Error('every connection failed'));
      else this.queue.push({ text, pending });
    });
  }

  async close(): Promise<void> {
    for (const c of this.all) c.close();
  }

  /** Once no connection is left, what waits fails instead of waiting forever. */
  private checkBroken() {
    if (!this.all.every((c) => c.broken)) return;
    for (const q of this.queue.splice(0)) q.pending.reject(new Error('every connection failed'));
  }

  private take(): Connection | undefined {
    while (this.free.length) {
      const c = this.free.pop()!;
      if (!c.broken) return c;
    }
    return undefined;
  }

  private release(conn: Connection) {
    const next = this.queue.shift();
    if (next) conn.send(next.text, next.pending);
    else this.free.push(conn);
  }
}
