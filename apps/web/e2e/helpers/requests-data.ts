import type { FastifyInstance } from 'fastify';
import { type Caller, cairoDayFromToday, callerOf, login, must } from './api-calls';
import { ADMIN } from './portal';

/**
 * Data for the requests screens and the dashboard, made through the real API as staff and
 * members would (no seed tables): two associations, members subscribed to days still ahead, a
 * turn-move request and a card request asked for by members themselves under /me.
 */

export type Member = { id: number; name: string; phone: string; password: string; token: string };

export type RequestsData = {
  admin: Caller;
  adminToken: string;
  adminId: number;
  associations: { id: number; title: string; cost: number }[];
  members: Member[];
  /** One subscription per member, in the first association. */
  subscriptions: { id: number; member: Member; day: number }[];
  /** A turn-move request in review per entry of `moves` (by member index). */
  turnMoves: { id: number; member: Member; from: number; to: number }[];
  /** A card request in review per entry of `cards`. */
  cardRequests: { id: number; member: Member; name: string; national_id: string }[];
};

const MEMBERS = [
  { name: 'منى عادل', phone: '01011110001' },
  { name: 'Karim Nabil', phone: '01011110002' },
  { name: 'هالة سمير', phone: '01011110003' },
];

/**
 * `moves`: member indexes that ask to move their turn (each to a free day 30 days after theirs);
 * `cards`: member indexes that ask for a card. The first association started ten days ago, so
 * the installments due before today are late (the dashboard shows all three counts).
 */
export async function makeRequestsData(
  app: FastifyInstance,
  { moves = [0, 1], cards = [0, 2] }: { moves?: number[]; cards?: number[] } = {},
): Promise<RequestsData> {
  const signedIn = await login(app, ADMIN.phone, ADMIN.password);
  const admin = callerOf(app, signedIn.token);
  const associations = [];
  for (const [title, cost, from] of [
    ['جمعية الأمل', 50, cairoDayFromToday(-10)],
    ['جمعية النور', 100, cairoDayFromToday(0)],
  ] as const) {
    const created = await must<{ id: number }>(admin, 'PUT', '/associations', {
      title,
      cost,
      association_type: 'normal',
      from_date: from,
    });
    associations.push({ id: created.id, title, cost });
  }
  const members: Member[] = [];
  for (const [i, m] of MEMBERS.entries()) {
    const password = `Member@202${i}`;
    const created = await must<{ id: number }>(admin, 'PUT', '/users', {
      name: m.name,
      email: `member${i}.requests@example.com`,
      phone: m.phone,
      password,
      type: 'user',
    });
    members.push({
      id: created.id,
      name: m.name,
      phone: m.phone,
      password,
      token: (await login(app, m.phone, password)).token,
    });
  }
  const first = associations[0] as { id: number };
  const second = associations[1] as { id: number };
  const subscriptions = [];
  for (const [i, member] of members.entries()) {
    const day = 40 + i * 5;
    const created = await must<{ id: number }>(admin, 'PUT', '/subscriptions', {
      user_id: member.id,
      association_id: first.id,
      day_number: day,
    });
    subscriptions.push({ id: created.id, member, day });
  }
  // A second association with one subscriber: the subscriptions chart has two bars.
  await must(admin, 'PUT', '/subscriptions', {
    user_id: (members[0] as Member).id,
    association_id: second.id,
    day_number: 20,
  });
  const turnMoves = [];
  for (const i of moves) {
    const sub = subscriptions[i] as { id: number; member: Member; day: number };
    const to = sub.day + 30;
    const created = await must<{ id: number }>(callerOf(app, sub.member.token), 'POST', '/me/turn-moves', {
      subscription_id: sub.id,
      to_day: to,
    });
    turnMoves.push({ id: created.id, member: sub.member, from: sub.day, to });
  }
  const cardRequests = [];
  for (const i of cards) {
    const member = members[i] as Member;
    const card = { name: `${member.name} بطاقة`, national_id: `2900101010${String(1000 + i).slice(-4)}` };
    const created = await must<{ id: number }>(callerOf(app, member.token), 'POST', '/me/card-requests', card);
    cardRequests.push({ id: created.id, member, ...card });
  }
  return {
    admin,
    adminToken: signedIn.token,
    adminId: signedIn.id,
    associations,
    members,
    subscriptions,
    turnMoves,
    cardRequests,
  };
}

/** Records the oldest pending installments of the first association as received (staff, POST …/receive). */
export async function receivePayments(data: RequestsData, count: number): Promise<void> {
  const page = await must<{ data: { id: number }[] }>(data.admin, 'POST', '/subscriptions/payments', {
    association_id: (data.associations[0] as { id: number }).id,
    status: 'late',
    perPage: 10,
    sortBy: 'dueDate',
    sortOrder: 'asc',
  });
  const ids = page.data.slice(0, count).map((row) => row.id);
  if (ids.length < count) throw new Error(`only ${ids.length} late installments to receive`);
  await must(data.admin, 'POST', '/subscriptions/payments/receive', { ids, reference: `REF-${Date.now()}` });
}
