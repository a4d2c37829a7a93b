import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Live events for signed-in users (DESIGN §6 "Live events", docs/decisions/0022-staff-tools.md):
 * something changed that a user's open screen should show now. The event says what changed,
 * never the data: the client reads it again through the authorized routes.
 */
export type LiveEvent = { type: 'notification'; id: number };

export type LiveEvents = {
  /** After the commit that made the change: every instance with a stream of this user gets it. */
  publish(userId: number, event: LiveEvent): void;
  /** The listener of one open stream; the returned function ends it. */
  subscribe(userId: number, listener: (event: LiveEvent) => void): () => void;
  /** How many streams this instance holds (health, tests). */
  streams(): number;
  close(): Promise<void>;
};

/** One process: an emitter keyed by user (the default; a single instance needs nothing more). */
export function memoryLiveEvents(): LiveEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let open = 0;
  return {
    publish: (userId, event) => void emitter.emit(String(userId), event),
    subscribe(userId, listener) {
      emitter.on(String(userId), listener);
      open += 1;
      return () => {
        emitter.off(String(userId), listener);
        open -= 1;
      };
    },
    streams: () => open,
    close: async () => void emitter.removeAllListeners(),
  };
}

const CHANNEL = (userId: number) => `portal:events:user:${userId}`;

function parse(message: string): LiveEvent | undefined {
  try {
    const event = JSON.parse(message) as LiveEvent;
    return event?.type === 'notification' && Number.isInteger(event.id) ? event : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Several instances (REDIS_URL): an event goes through Redis pub/sub, one channel per user, so an
 * instance hears only the users whose streams it holds (subscribed while it holds one). A publish
 * reaches this instance's own streams the same way, once. Redis down: publishing is logged and
 * dropped; clients fall back to polling until their stream is back.
 */
export function redisLiveEvents(url: string, log: FastifyBaseLogger): LiveEvents {
  const options = { maxRetriesPerRequest: 1, connectTimeout: 2000, lazyConnect: false } as const;
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, { ...options, maxRetriesPerRequest: null });
  publisher.on('error', (err) => log.warn({ err }, 'redis (live events, publish) unavailable'));
  subscriber.on('error', (err) => log.warn({ err }, 'redis (live events, subscribe) unavailable'));
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const holders = new Map<number, number>();
  let open = 0;

  subscriber.on('message', (channel: string, message: string) => {
    const userId = Number(channel.slice(channel.lastIndexOf(':') + 1));
    const event = parse(message);
    if (event && Number.isInteger(userId)) local.emit(String(userId), event);
  });

  return {
    publish(userId, event) {
      publisher.publish(CHANNEL(userId), JSON.stringify(event)).catch((err: unknown) => {
        log.warn({ err, userId }, 'live event not published');
      });
    },
    subscribe(userId, listener) {
      local.on(String(userId), listener);
      open += 1;
      const count = (holders.get(userId) ?? 0) + 1;
      holders.set(userId, count);
      if (count === 1) {
        subscriber
          .subscribe(CHANNEL(userId))
          .catch((err: unknown) => log.warn({ err, userId }, 'live events: subscribe failed'));
      }
      return () => {
        local.off(String(userId), listener);
        open -= 1;
        const left = (holders.get(userId) ?? 1) - 1;
        if (left > 0) {
          holders.set(userId, left);
          return;
        }
        holders.delete(userId);
        subscriber.unsubscribe(CHANNEL(userId)).catch(() => undefined);
      };
    },
    streams: () => open,
    async close() {
      local.removeAllListeners();
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
