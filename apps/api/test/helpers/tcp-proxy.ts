import net from 'node:net';

/**
 * What the proxy does with the connections it carries and the ones it is offered:
 * - `up`: forwards both ways to the target;
 * - `refuse`: stops listening (a connect fails with ECONNREFUSED);
 * - `reset`: accepts and resets at once (ECONNRESET);
 * - `blackhole`: accepts and never answers (a connect hangs until the client gives up).
 * Leaving `up` destroys every open connection (with a reset in `reset` mode, so the other side
 * reads ECONNRESET rather than an orderly end), as when the database host goes away.
 */
export type ProxyMode = 'up' | 'refuse' | 'reset' | 'blackhole';

export type TcpProxy = {
  /** The port it listens on (kept across `refuse` and back). */
  readonly port: number;
  readonly mode: ProxyMode;
  /** Connections forwarded since the proxy started. */
  readonly forwarded: number;
  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string;
  setMode(mode: ProxyMode): Promise<void>;
  close(): Promise<void>;
};

/** A tiny TCP proxy (node:net) to put between the app and a server, to cut it off and bring it back. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let mode: ProxyMode = 'up';
  let forwarded = 0;

  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A destroyed peer's socket may error (EPIPE, ECONNRESET): expected here, never a crash.
    socket.on('error', () => undefined);
  };

  const server = net.createServer((client) => {
    track(client);
    if (mode === 'reset') {
      client.resetAndDestroy();
      return;
    }
    if (mode === 'blackhole') {
      // Held open, never read from nor written to: the client waits for the server's answer.
      client.pause();
      return;
    }
    forwarded += 1;
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const stopListening = () => new Promise<void>((resolve) => server.close(() => resolve()));

  const destroyAll = (reset: boolean) => {
    for (const socket of [...sockets]) {
      if (reset && !socket.destroyed && socket.readyState === 'open') socket.resetAndDestroy();
      else socket.destroy();
    }
  };

  const port = await listen(0);

  return {
    port,
    get mode() {
      return mode;
    },
    get forwarded() {
      return forwarded;
    },
    urlFor(url: string) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    async setMode(next: ProxyMode) {
      if (next === mode) return;
      const previous = mode;
      mode = next;
      if (previous === 'up' || next === 'up') destroyAll(next === 'reset');
      if (next === 'refuse') await stopListening();
      if (previous === 'refuse') await listen(port);
    },
    async close() {
      destroyAll(false);
      if (server.listening) await stopListening();
    },
  };
}
