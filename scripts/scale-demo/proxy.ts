/**
 * The load balancer of the demo: a small HTTP reverse proxy in front of the API instances, doing
 * what nginx's `upstream` with passive and active health checks does. Round robin over the
 * instances that are up; an instance whose connection fails is marked down and checked again on
 * /health every half second. A request is passed to another instance when it never reached the
 * first (connection refused) or when it is a read (GET/HEAD); a write already sent to an instance
 * that then died is answered 502, as nginx does for non-idempotent methods: the client does not
 * know whether it was applied, and only it may retry (with its Idempotency-Key).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Upstream = { name: string; port: number; up: boolean; served: number };

export type Proxy = {
  url: string;
  upstreams: Upstream[];
  /** Requests passed to another instance after the first refused them, and writes answered 502. */
  stats: { retried: number; interrupted: number };
  close(): Promise<void>;
};

const READS = new Set(['GET', 'HEAD']);
const HEALTH_EVERY_MS = 500;

export async function startProxy(targets: { name: string; port: number }[]): Promise<Proxy> {
  const upstreams: Upstream[] = targets.map((t) => ({ ...t, up: true, served: 0 }));
  const stats = { retried: 0, interrupted: 0 };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
  let next = 0;

  function pick(exclude: Set<Upstream>): Upstream | undefined {
    const untried = upstreams.filter((u) => !exclude.has(u));
    // When every instance is marked down, try them anyway (as nginx does): a mark may be stale.
    const live = untried.some((u) => u.up) ? untried.filter((u) => u.up) : untried;
    if (live.length === 0) return undefined;
    next = (next + 1) % live.length;
    return live[next];
  }

  function answer(res: http.ServerResponse, status: number, code: string, message: string) {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code, message, errors: [] }));
  }

  function forward(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer, tried: Set<Upstream>) {
    const upstream = pick(tried);
    if (!upstream) {
      answer(res, 503, 'no_upstream', 'no API instance is up');
      return;
    }
    tried.add(upstream);
    const outgoing = http.request({
      host: '127.0.0.1',
      port: upstream.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' },
      agent,
    });
    let responded = false;
    outgoing.on('response', (incoming) => {
      responded = true;
      upstream.served += 1;
      res.writeHead(incoming.statusCode ?? 502, incoming.headers);
      incoming.pipe(res);
      // An instance killed mid-answer (a download, a stream): the client sees the cut.
      incoming.on('aborted', () => res.destroy());
      incoming.on('error', () => res.destroy());
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (responded) {
        res.destroy();
        return;
      }
      upstream.up = false;
      const neverReached = error.code === 'ECONNREFUSED';
      if ((neverReached || READS.has(req.method ?? '')) && tried.size < upstreams.length) {
        stats.retried += 1;
        forward(req, res, body, tried);
        return;
      }
      stats.interrupted += 1;
      answer(
        res,
        502,
        'bad_gateway',
        `instance ${upstream.name} failed during the request (${error.code ?? error.message})`,
      );
    });
    res.on('close', () => {
      if (!res.writableFinished) outgoing.destroy();
    });
    outgoing.end(body);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => forward(req, res, Buffer.concat(chunks), new Set()));
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const checker = setInterval(() => {
    for (const upstream of upstreams) {
      const probe = http.get({ host: '127.0.0.1', port: upstream.port, path: '/api/v1/health', timeout: 3000 }, (r) => {
        upstream.up = r.statusCode === 200;
        r.resume();
      });
      // A slow answer is a busy instance, not a dead one: the mark stays as it was.
      probe.on('timeout', () => probe.destroy(new Error('timeout')));
      probe.on('error', (error) => {
        if (error.message !== 'timeout') upstream.up = false;
      });
    }
  }, HEALTH_EVERY_MS);

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    upstreams,
    stats,
    close: async () => {
      clearInterval(checker);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
