import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessions } from '../../db/schema/sessions.js';
import { users } from '../../db/schema/users.js';
import { AppError } from '../../lib/app-error.js';
import type { LiveEvent } from '../../lib/live-events.js';
import type { StreamEndReason } from '../../lib/live-streams.js';

/** Whether the stream's session still holds: not signed out or revoked, not expired, its user active. */
async function sessionHolds(app: FastifyInstance, sessionId: number): Promise<boolean> {
  const [row] = await app.db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        isNull(users.deletedAt),
        eq(users.active, true),
      ),
    );
  return row !== undefined;
}
/** How long the browser waits before reconnecting after the stream ends (its own retry). */
const RETRY_MS = 5_000;
/** The wait asked of a user refused a stream for holding too many: the web app's longest back-off. */
const REFUSED_RETRY_SECONDS = 30;

function frame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * GET /notifications/stream: Server-Sent Events of the signed-in user's live events. The client
 * opens it with fetch and its bearer header (no token in the URL, so none in any log), reads it
 * again on `ready` (it may have missed events while away) and on every `notification`.
 * The stream ends when the client goes, or when this instance shuts down (clients reconnect).
 * A session holds at most LIVE_STREAMS_PER_SESSION streams (one more ends its oldest, which is
 * told `replaced`), a user LIVE_STREAMS_PER_USER on this instance (one more is a 429).
 */
export function openNotificationStream(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const userId = request.auth?.userId;
  const sessionId = request.auth?.sessionId;
  if (userId === undefined || sessionId === undefined) throw AppError.unauthenticated();
  // A stream only for a client that asked for one (EventSource and the web app send this).
  if (!String(request.headers.accept ?? '').includes('text/event-stream')) {
    throw new AppError(406, 'errors.stream_only');
  }
  const raw = reply.raw;
  let heartbeat: NodeJS.Timeout | undefined;
  let unsubscribe = () => {};
  let release = () => {};
  let ended = false;
  const end = (reason?: StreamEndReason) => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    unsubscribe();
    release();
    if (raw.writableEnded) return;
    // Told why, so the tab waits before it reconnects instead of replacing another tab's stream at once.
    if (reason === 'replaced') raw.write(frame('replaced', {}));
    raw.end();
  };
  const admitted = app.liveStreams.admit({ userId, sessionId }, end);
  if (!admitted) throw new AppError(429, 'errors.too_many_streams', { seconds: REFUSED_RETRY_SECONDS });
  release = admitted;

  reply.hijack();
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
    'x-request-id': String(request.id),
  });
  raw.write(`retry: ${RETRY_MS}\n${frame('ready', { at: new Date().toISOString() })}`);

  const send = (event: LiveEvent) => void raw.write(frame(event.type, { id: event.id }));
  unsubscribe = app.liveEvents.subscribe(userId, send);
  // A comment line keeps proxies from closing a quiet stream (most drop idle ones after 60 s); each
  // beat also checks the session, so signing out or a revoked session ends the stream (the client's
  // reconnect then gets 401).
  heartbeat = setInterval(() => {
    raw.write(': keep-alive\n\n');
    sessionHolds(app, sessionId).then(
      (holds) => {
        if (!holds) end();
      },
      () => undefined,
    );
  }, app.env.LIVE_HEARTBEAT_SECONDS * 1000);
  heartbeat.unref();
  request.raw.on('close', () => end());
  raw.on('error', () => end());
  // A client gone before the listeners were there would otherwise hold its slot until a beat fails.
  if (request.raw.socket?.destroyed) end();
}
