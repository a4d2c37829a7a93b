/** Why an open stream is being ended. */
export type StreamEndReason = 'replaced' | 'shutdown';

export type StreamOwner = { userId: number; sessionId: number };

/**
 * The live streams this API instance holds (notifications.stream.ts), counted per session and per
 * user (issue 19: one token held 60 streams, each a socket, a listener and a timer). The count
 * is this process's own: a stream is a socket of this process, and another instance's streams cost
 * this one nothing, so nothing is shared (docs/decisions/0027). Behind a load balancer a user may
 * hold the caps once per instance.
 */
export type LiveStreams = {
  /**
   * Admits a new stream of `owner`, whose `end` closes it. A session at its cap loses its oldest
   * stream (ended with 'replaced'): a reloaded tab opens its new stream before the old socket is
   * seen to close, and must not be refused for it. A user at their cap through other sessions is
   * refused: `undefined`. Otherwise the function that frees the slot (call it once the stream ends).
   */
  admit(owner: StreamOwner, end: (reason: StreamEndReason) => void): (() => void) | undefined;
  /** Ends every stream (shutdown): clients reconnect, to another instance when there is one. */
  endAll(): void;
  /** How many streams are open. */
  count(): number;
};

type Entry = { owner: StreamOwner; end: (reason: StreamEndReason) => void; open: boolean };

export function liveStreams(limits: { perSession: number; perUser: number }): LiveStreams {
  /** Each session's streams, oldest first. */
  const bySession = new Map<number, Entry[]>();
  const byUser = new Map<number, number>();
  let total = 0;

  const release = (entry: Entry) => {
    if (!entry.open) return;
    entry.open = false;
    total -= 1;
    const { userId, sessionId } = entry.owner;
    const left = (bySession.get(sessionId) ?? []).filter((e) => e !== entry);
    if (left.length > 0) bySession.set(sessionId, left);
    else bySession.delete(sessionId);
    const users = (byUser.get(userId) ?? 1) - 1;
    if (users > 0) byUser.set(userId, users);
    else byUser.delete(userId);
  };

  return {
    admit(owner, end) {
      for (let mine = bySession.get(owner.sessionId) ?? []; mine.length >= limits.perSession; ) {
        const oldest = mine[0] as Entry;
        // Freed here, not by its `end`: the count must not depend on how a stream closes.
        release(oldest);
        oldest.end('replaced');
        mine = bySession.get(owner.sessionId) ?? [];
      }
      if ((byUser.get(owner.userId) ?? 0) >= limits.perUser) return undefined;
      const entry: Entry = { owner, end, open: true };
      bySession.set(owner.sessionId, [...(bySession.get(owner.sessionId) ?? []), entry]);
      byUser.set(owner.userId, (byUser.get(owner.userId) ?? 0) + 1);
      total += 1;
      return () => release(entry);
    },
    endAll() {
      const all = [...bySession.values()].flat();
      for (const entry of all) {
        release(entry);
        entry.end('shutdown');
      }
    },
    count: () => total,
  };
}
