import type { Permission } from './permissions.js';
import type { Viewer } from './policy.js';

/**
 * A state machine as data (DESIGN §6): each transition names the states it leaves, the state it
 * reaches, and who may take it. The server applies a transition with one conditional UPDATE
 * (apps/api/src/lib/workflow.ts) and writes a history row in the same transaction; the web app
 * derives its buttons from the same table (`actionsFor`). Turn-move requests, card requests and,
 * later, service requests use it.
 */
export type Who<R> =
  /** Holders of a permission. */
  | { permission: Permission }
  /** The record's owner (the member who asked). */
  | { owner: true }
  /** Any rule over the viewer and the record. */
  | { rule: (viewer: Viewer, record: R) => boolean };

export type Transition<S extends string | number, A extends string, R> = {
  action: A;
  from: readonly S[];
  to: S;
  who: Who<R>[];
};

export type Machine<S extends string | number, A extends string, R> = {
  /** Names the machine in its history rows (e.g. "turn_move"). */
  name: string;
  /** The catalogue namespace whose `status.<n>` keys name its statuses (e.g. "turn_moves"). */
  namespace: string;
  transitions: readonly Transition<S, A, R>[];
  /** The owner of a record, for `{ owner: true }`. */
  ownerOf: (record: R) => number;
};

export function mayTake<S extends string | number, A extends string, R>(
  machine: Machine<S, A, R>,
  transition: Transition<S, A, R>,
  viewer: Viewer,
  record: R,
): boolean {
  return transition.who.some((who) => {
    if ('permission' in who) return viewer.permissions.has(who.permission);
    if ('owner' in who) return machine.ownerOf(record) === viewer.id;
    return who.rule(viewer, record);
  });
}

/**
 * The transition of an action, if the machine has one. One action may leave several states for
 * different targets and with different permissions (a service request's `next`), so a caller that
 * knows the record's status passes it as `from` to get the one transition that applies there;
 * without `from`, the first transition of the action (machines whose actions each have one).
 */
export function transitionOf<S extends string | number, A extends string, R>(
  machine: Machine<S, A, R>,
  action: A,
  from?: S,
): Transition<S, A, R> | undefined {
  return machine.transitions.find((t) => t.action === action && (from === undefined || t.from.includes(from)));
}

/** The actions this viewer may take on the record as it is now (the UI's buttons). */
export function actionsFor<S extends string | number, A extends string, R>(
  machine: Machine<S, A, R>,
  status: S,
  viewer: Viewer,
  record: R,
): A[] {
  return machine.transitions
    .filter((t) => t.from.includes(status) && mayTake(machine, t, viewer, record))
    .map((t) => t.action);
}
