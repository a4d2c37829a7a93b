/**
 * The rows of the other lists of the product, sized for the data set (seed.ts DEFAULT_SIZE):
 * help-desk tickets and their messages, contact messages, card requests, turn-move requests (with
 * their workflow_history rows) and notifications. Made in SQL like the rest of the seed.
 *
 * - Tickets: by seeded customers, open 25 %, answered 35 %, closed 40 %; 1 to 5 messages each,
 *   the customer and staff in turn.
 * - Contact messages: guests' (no user), Arabic 70 %; 40 % new, the rest answered by staff.
 * - Card requests: one per customer at most (the open ones must be: a unique index), in review
 *   30 %, issued 50 %, rejected 20 %.
 * - Turn-move requests: one per subscription at most, in review 20 %, moved 40 %, rejected 30 %,
 *   cancelled 10 % (rows only: a "moved" one did not move its subscription).
 * - Notifications: customers' bells (a third seen), the administrator's 200.
 * - The member the bench logs in as (seed.ts picks the customer with most subscriptions) gets a
 *   few of each beside, so the /me lists have rows: decided card and turn-move requests, tickets,
 *   service requests with their identity copies (rows only) and 60 notifications.
 */
import { AR_FAMILY, AR_FIRST, DOMAINS, EN_FIRST, EN_LAST, int, MESSAGES, pick, SUBJECTS, textArray } from './sql.js';

const customers = (alias = 'cust') => `${alias} as (
  select id, row_number() over (order by id) as rn from users where type = 'user' and deleted_at is null
)`;
const staffCte = `staff as (
  select id, row_number() over (order by id) as rn from users where type = 'admin' and deleted_at is null
)`;

export function ticketsSql(count: number): string {
  const n = int(count, 'tickets');
  return `
with ${customers()}, ${staffCte},
total as (select (select count(*) from cust) as customers, (select count(*) from staff) as staff)
insert into tickets (user_id, subject, status, last_message_at, closed_at, closed_by, created_at, updated_at)
select c.id, ${pick(SUBJECTS, 's.r1')}, s.status,
  s.created + interval '1 hour' * (1 + floor(s.r2 * 72)),
  case when s.status = 2 then s.created + interval '1 hour' * (2 + floor(s.r2 * 72)) end,
  case when s.status = 2 then (case when s.r3 < 0.3 then c.id else st.id end) end,
  s.created, s.created + interval '1 hour' * (2 + floor(s.r2 * 72))
from (
  select g, case when g % 20 < 5 then 0 when g % 20 < 12 then 1 else 2 end as status,
         random() as r1, random() as r2, random() as r3,
         now() - interval '700 days' * (1 - g::float8 / ${n}) - interval '1 day' as created
  from generate_series(1, ${n}) as g
  offset 0
) as s
cross join total
join cust c on c.rn = 1 + (s.g::bigint * 7919) % greatest(total.customers, 1)
left join staff st on st.rn = 1 + (s.g::bigint * 31) % greatest(total.staff, 1)`;
}

/** 1 to 5 messages per ticket, the customer first, then staff and customer in turn. */
export function ticketMessagesSql(afterId: number, adminId: number): string {
  return `
insert into ticket_messages (ticket_id, author_id, from_staff, body, created_at)
select t.id, case when k % 2 = 1 then t.user_id else ${int(adminId, 'adminId')} end, k % 2 = 0,
  ${textArray(MESSAGES)}[1 + (t.id + k) % ${MESSAGES.length}],
  t.created_at + (t.last_message_at - t.created_at) * (k - 1) / 5
from tickets t
cross join lateral generate_series(1, case t.status when 1 then 2 + 2 * (t.id % 2) else 1 + t.id % 5 end) as k
where t.id > ${int(afterId, 'afterId')}
order by t.id, k`;
}

export function contactsSql(count: number, adminId: number): string {
  const n = int(count, 'contacts');
  return `
insert into contact_messages (name, email, phone, subject, message, locale, status, reply, replied_by, replied_at, created_at)
select case when s.arabic then ${pick(AR_FIRST, 's.r1')} || ' ' || ${pick(AR_FAMILY, 's.r2')}
            else ${pick(EN_FIRST, 's.r1')} || ' ' || ${pick(EN_LAST, 's.r2')} end,
  'guest' || s.g || '@' || ${textArray(DOMAINS)}[1 + s.g % ${DOMAINS.length}],
  case when s.r3 < 0.6 then '01' || (ARRAY['0', '1', '2', '5'])[1 + s.g % 4] || lpad(((s.g * 7919) % 100000000)::text, 8, '0') end,
  ${pick(SUBJECTS, 's.r3')},
  ${pick(MESSAGES, 's.r1')},
  case when s.arabic then 'ar' else 'en' end,
  s.answered::int,
  case when s.answered then 'شكرًا لتواصلكم، تم حل المشكلة.' end,
  case when s.answered then ${int(adminId, 'adminId')} end,
  case when s.answered then s.created + interval '5 hours' end,
  s.created
from (
  select g, g % 10 < 7 as arabic, g % 10 >= 4 as answered, random() as r1, random() as r2, random() as r3,
         now() - interval '700 days' * (1 - g::float8 / ${n}) - interval '1 day' as created
  from generate_series(1, ${n}) as g
  offset 0
) as s`;
}

/**
 * Card requests: customer rn g (distinct while g ≤ customers, so the open ones never collide on the
 * one-open-per-member index; beyond that only decided ones), national ids of 14 digits.
 */
export function cardRequestsSql(count: number, adminId: number): string {
  const n = int(count, 'cardRequests');
  return `
with ${customers()}, total as (select count(*) as customers from cust)
insert into card_requests (user_id, name, national_id, status, note, decided_by, decided_at, created_at)
select c.id, u.name,
  (ARRAY['2', '3'])[1 + s.g % 2] || lpad(((s.g::bigint * 7919) % 10000000000000)::text, 13, '0'),
  case when s.status = 0 and s.g > total.customers then 1 else s.status end,
  case when s.status = 2 then 'الرقم القومي لا يطابق البطاقة' end,
  case when s.status <> 0 or s.g > total.customers then ${int(adminId, 'adminId')} end,
  case when s.status <> 0 or s.g > total.customers then s.created + interval '2 days' end,
  s.created
from (
  select g, case when g % 10 < 3 then 0 when g % 10 < 8 then 1 else 2 end as status,
         now() - interval '700 days' * (1 - g::float8 / ${n}) - interval '3 days' as created
  from generate_series(1, ${n}) as g
) as s
cross join total
join cust c on c.rn = 1 + (s.g - 1) % greatest(total.customers, 1)
join users u on u.id = c.id`;
}

/** Subscription rn g (so at most one request per subscription); the wanted day 100 days away. */
export function turnMovesSql(count: number, adminId: number): string {
  const n = int(count, 'turnMoves');
  return `
with subs as (
  select id, association_id, user_id, day_number, created_at, row_number() over (order by id) as rn
  from subscriptions where status = 'active'
)
insert into turn_move_requests (subscription_id, association_id, user_id, from_day, to_day, status, note,
                                decided_by, decided_at, created_at)
select s.id, s.association_id, s.user_id, s.day_number,
  case when s.day_number + 100 <= 1200 then s.day_number + 100 else s.day_number - 100 end,
  g.status,
  case when g.status = 2 then 'اليوم المطلوب محجوز' end,
  case when g.status in (1, 2) then ${int(adminId, 'adminId')} end,
  case when g.status <> 0 then greatest(s.created_at, now() - interval '300 days') + interval '2 days' end,
  greatest(s.created_at, now() - interval '300 days')
from (
  select g, case when g % 10 < 2 then 0 when g % 10 < 6 then 1 when g % 10 < 9 then 2 else 3 end as status
  from generate_series(1, ${n}) as g
) as g
join subs s on s.rn = g.g`;
}

/** The create row and, when decided, the decision row of card and turn-move requests. */
export function memberRequestHistorySql(afterCard: number, afterTurn: number): string {
  return `
insert into workflow_history (machine, record_id, action, from_status, to_status, actor_id, note, created_at)
select m.machine, m.id, a.action, a.from_status, a.to_status, a.actor, a.note, a.at
from (
  select 'card_request' as machine, id, user_id, status, note, decided_by, decided_at, created_at
    from card_requests where id > ${int(afterCard, 'afterCard')}
  union all
  select 'turn_move', id, user_id, status, note, decided_by, decided_at, created_at
    from turn_move_requests where id > ${int(afterTurn, 'afterTurn')}
) as m
cross join lateral (values
  ('create', null::smallint, 0::smallint, m.user_id, null::text, m.created_at, true),
  (case m.machine when 'card_request' then (case m.status when 1 then 'issue' else 'reject' end)
                  else (case m.status when 1 then 'approve' when 2 then 'reject' else 'cancel' end) end,
   0::smallint, m.status::smallint, coalesce(m.decided_by, m.user_id), m.note,
   coalesce(m.decided_at, m.created_at + interval '1 day'), m.status <> 0)
) as a(action, from_status, to_status, actor, note, at, wanted)
where a.wanted
order by m.machine, m.id`;
}

/** Per thousand: the kinds of notification the app writes, with their params. */
export function notificationsSql(count: number, adminId: number): string {
  const n = int(count, 'notifications');
  return `
with ${customers()}, total as (select count(*) as customers from cust)
insert into notifications (user_id, type, title_key, message_key, params, link, seen_at, created_at)
select case when s.g <= 200 then ${int(adminId, 'adminId')} else c.id end,
  k.type, 'notifications.types.' || k.type || '.title', 'notifications.types.' || k.type || '.message',
  k.params, k.link,
  case when s.g % 3 = 0 then s.created + interval '3 hours' end,
  s.created
from (
  select g, g % 4 as kind, now() - interval '365 days' * (1 - g::float8 / ${n}) as created
  from generate_series(1, ${n}) as g
) as s
cross join total
join cust c on c.rn = 1 + (s.g::bigint * 7919) % greatest(total.customers, 1)
cross join lateral (select * from (values
  (0, 'customer_request_status', '/requests/' || (1 + s.g % 1000),
   jsonb_build_object('code', 'SR-' || lpad((1 + s.g % 1000)::text, 6, '0'), 'status_ar', 'جاهز للتسليم',
                      'status_en', 'Ready for delivery', 'note', '')),
  (1, 'card_request_issued', '/my/cards', jsonb_build_object('name', 'محمد أحمد', 'note', '')),
  (2, 'turn_move_approved', '/my/associations',
   jsonb_build_object('association', 'جمعية ' || (1 + s.g % 100), 'from', 5, 'to', 105,
                      'date', to_char(s.created + interval '30 days', 'YYYY-MM-DD'))),
  (3, 'ticket_answered', '/tickets/' || (1 + s.g % 1000),
   jsonb_build_object('subject', 'استفسار عن الرسوم', 'note', 'تم الرد على استفسارك'))
) as v(kind, type, link, params) where v.kind = s.kind) as k`;
}

/**
 * The member's own rows beside the bulk ones: decided card and turn-move requests, two tickets,
 * five service requests (drafts and submitted, codes after the bulk ones) and 60 notifications.
 */
export function memberRowsSql(memberId: number): string[] {
  const m = int(memberId, 'memberId');
  return [
    `insert into card_requests (user_id, name, national_id, status, decided_at, created_at)
     select ${m}, u.name, '29001011234567', 1, now() - interval '20 days', now() - interval '30 days'
     from users u where u.id = ${m}`,
    `insert into turn_move_requests (subscription_id, association_id, user_id, from_day, to_day, status, decided_at, created_at)
     select s.id, s.association_id, s.user_id, s.day_number,
       case when s.day_number + 200 <= 1200 then s.day_number + 200 else s.day_number - 200 end,
       3, now() - interval '9 days', now() - interval '10 days'
     from subscriptions s where s.user_id = ${m} order by s.id limit 2`,
    `insert into tickets (user_id, subject, status, last_message_at, created_at, updated_at)
     values (${m}, 'استفسار عن موعد القبض', 1, now() - interval '1 day', now() - interval '2 days', now() - interval '1 day'),
            (${m}, 'طلب كشف حساب', 0, now() - interval '3 hours', now() - interval '3 hours', now() - interval '3 hours')`,
    `insert into ticket_messages (ticket_id, author_id, from_staff, body, created_at)
     select t.id, ${m}, false, 'السلام عليكم، أرجو الإفادة.', t.created_at from tickets t
     where t.user_id = ${m} and not exists (select 1 from ticket_messages x where x.ticket_id = t.id)`,
    `insert into customer_requests (code, created_by, status, service_id, service_duration_id, organization_type_id,
       identity_type_id, identity_value, name, email, mobile, address, created_at, updated_at)
     select 'SR-M' || lpad(k::text, 2, '0') || '-' || ${m}, u.id, case when k <= 2 then 1 else 2 end, 1, 1, 1, 1,
       '2900101' || lpad((${m} % 10000000)::text, 7, '0'), u.name, coalesce(u.email, 'member@example.com'), u.phone,
       'مدينة نصر، القاهرة', now() - interval '1 day' * (10 - k), now() - interval '1 day' * (10 - k)
     from users u cross join generate_series(1, 5) as k where u.id = ${m}`,
    `insert into customer_request_files (request_id, content_type, title, storage_key, size, mime)
     select c.id, 'identity_copy', 'identity.pdf', 'bench/member-' || c.id, 120000, 'application/pdf'
     from customer_requests c where c.created_by = ${m} and c.code like 'SR-M%'`,
    `insert into notifications (user_id, type, title_key, message_key, params, link, seen_at, created_at)
     select ${m}, 'ticket_answered', 'notifications.types.ticket_answered.title',
       'notifications.types.ticket_answered.message',
       jsonb_build_object('subject', 'استفسار عن موعد القبض', 'note', 'تم الرد'), '/tickets/1',
       case when k % 2 = 0 then now() - interval '1 hour' * k end, now() - interval '1 hour' * k
     from generate_series(1, 60) as k`,
  ];
}
