import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Database } from '../src/db/client.js';

/** Who calls: a seeded role (a fresh user holding only that role) or no session at all. */
export const CALLERS = ['admin', 'manager', 'editor', 'user', 'visitor', 'none'] as const;
export type Caller = (typeof CALLERS)[number];

/**
 * One row of the access matrix: a route as Fastify registered it (method + url
 * pattern), how to call it, and the status each caller must get.
 * A route may have several rows (e.g. acting on oneself and on someone else).
 */
export type AccessRow = {
  method: string;
  /** The registered pattern, e.g. '/api/v1/users/:id'. */
  route: string;
  /** What the row checks when the route has several rows (shown in the test name). */
  note?: string;
  /**
   * Runs before each caller's request and adds fixtures to `ctx.fixtures`
   * (e.g. a fresh user to delete, so every caller acts on an untouched record).
   */
  prepare?: (env: PrepareEnv) => Promise<Record<string, number>>;
  /**
   * Builds the request for a caller; ids of fixtures come from `ctx`. Headers other
   * than authorization may be set (a multipart content type); the test adds the token.
   */
  request: (ctx: AccessContext) => InjectOptions;
  expected: Record<Caller, number>;
};

/** A user account the matrix created, with what is needed to log in as it or to edit it. */
export type MatrixAccount = { id: number; phone: string; email: string; password: string };

export type AccessContext = {
  /** A plain customer account other callers may act on. */
  targetUserId: number;
  /** The same customer with its phone, email and password. */
  target: MatrixAccount;
  /** The id of the caller itself (undefined for `none`). */
  selfId?: number;
  /** The caller's own account (undefined for `none`). */
  self?: MatrixAccount;
  /** The caller's role, or `none`. */
  caller: Caller;
  /** Further fixtures a row needs, created by the matrix test (role id, log id, …) and by `prepare`. */
  fixtures: Record<string, number>;
};

export type PrepareEnv = {
  app: FastifyInstance;
  db: Database;
  caller: Caller;
  /** The caller's own id (undefined for `none`), for rows about the caller's own records (/me). */
  selfId?: number;
};
