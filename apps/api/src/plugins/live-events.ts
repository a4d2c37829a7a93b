import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../config/env.js';
import { type LiveEvents, memoryLiveEvents, redisLiveEvents } from '../lib/live-events.js';
import { type LiveStreams, liveStreams } from '../lib/live-streams.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live events to signed-in users' open streams (lib/live-events.ts): Redis with REDIS_URL, memory otherwise. */
    liveEvents: LiveEvents;
    /** Ends every open stream (shutdown): clients reconnect, to another instance when there is one. */
    endStreams(): void;
    /** The open streams of this instance, capped per session and per user (lib/live-streams.ts). */
    liveStreams: LiveStreams;
  }
}

export const liveEventsPlugin = fp(async (app: FastifyInstance, opts: { env: Env }) => {
  const events = opts.env.REDIS_URL ? redisLiveEvents(opts.env.REDIS_URL, app.log) : memoryLiveEvents();
  const streams = liveStreams({
    perSession: opts.env.LIVE_STREAMS_PER_SESSION,
    perUser: opts.env.LIVE_STREAMS_PER_USER,
  });
  app.decorate('liveEvents', events);
  app.decorate('liveStreams', streams);
  app.decorate('endStreams', () => streams.endAll());
  // Streams never finish on their own: close them first, or the server waits for them forever.
  app.addHook('preClose', async () => app.endStreams());
  app.addHook('onClose', async () => events.close());
});
