import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  NAMED_AUDIT_ACTIONS,
  RETIRED_AUDIT_ACTIONS,
} from '@portal/shared/audit-actions';
import { AUDIT_CODED_COLUMNS, AUDITED_COLUMNS } from '@portal/shared/audit-fields';
import { LOCALES } from '@portal/shared/constants';
import type { TLogDetail, TLogRow } from '@portal/shared/schemas/logs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { loadScreenTexts, loadTexts } from '../../../lib/i18n';
import { ok, signInAs, stubApi } from '../../../test/api-stub';
import { makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ActionLabel, actionFilterOptions } from './action-label';
import { diffValues } from './log-changes';
import { LogDetail } from './log-detail';
import { LogsTable } from './logs-table';

describe('audit action labels (issue 9 item 10)', () => {
  it('every code the API writes, and every record kind, has a label of its own in Arabic and in English', async () => {
    const missing: string[] = [];
    for (const lang of LOCALES) {
      await loadTexts(['guest', 'app'], lang);
      const t = i18next.getFixedT(lang);
      for (const code of [...AUDIT_ACTIONS, ...RETIRED_AUDIT_ACTIONS]) {
        const key = `logs.actions.${code}`;
        const text = t(key);
        if (!i18next.exists(key, { lng: lang }) || typeof text !== 'string' || text === key) {
          missing.push(`${lang} ${code}`);
        }
      }
      for (const entity of AUDIT_ENTITIES) {
        if (!i18next.exists(`logs.entities.${entity}`, { lng: lang })) missing.push(`${lang} entity ${entity}`);
      }
    }
    expect(missing).toEqual([]);
    // The named actions the services use are among them (login, register, the security events…).
    expect(NAMED_AUDIT_ACTIONS).toEqual(
      expect.arrayContaining(['login', 'logout', 'register', 'password.forgot', 'users.password_change']),
    );
    expect(NAMED_AUDIT_ACTIONS).toEqual(
      expect.arrayContaining(['security.login_failed', 'security.throttled', 'security.forbidden', 'setting.change']),
    );
  });

  it('reads as words in the interface language, never as the raw code', async () => {
    const first = await renderWithProviders(
      <>
        <ActionLabel action="register" />
        <ActionLabel action="users.password_change" />
        <ActionLabel action="users.update" />
        <ActionLabel action="security.login_failed" />
      </>,
      { lang: 'ar' },
    );
    expect(screen.getByText('تسجيل حساب جديد')).toHaveAttribute('title', 'register');
    expect(screen.getByText('تغيير كلمة المرور')).toBeInTheDocument();
    expect(screen.getByText('تعديل مستخدم')).toBeInTheDocument();
    expect(screen.getByText('محاولة دخول فاشلة')).toBeInTheDocument();
    first.unmount();
    await renderWithProviders(<ActionLabel action="security.throttled" />, { lang: 'en' });
    expect(screen.getByText('Too many attempts (throttled)')).toBeInTheDocument();
  });

  it('names the record of each row a named action wrote, so one registration does not read as identical rows', async () => {
    await renderWithProviders(
      <>
        <ActionLabel action="register" entity="users" />
        <ActionLabel action="register" entity="sessions" />
        <ActionLabel action="users.update" entity="users" />
      </>,
      { lang: 'en' },
    );
    const labels = screen.getAllByTitle('register').map((tag) => tag.textContent);
    expect(new Set(labels).size).toBe(2);
    for (const label of labels) expect(label).toMatch(/ · /);
    // A trigger code already names its record.
    expect(screen.getByTitle('users.update').textContent).not.toMatch(/ · /);
  });

  it('offers every known code, grouped, and nothing else, as the action filter', () => {
    const offered = actionFilterOptions().flatMap((group) => group.options.map((o) => o.value));
    expect([...offered].sort()).toEqual([...AUDIT_ACTIONS].sort());
  });
});

const LOG_ROWS: TLogRow[] = [
  {
    id: 41,
    action: 'users.update',
    url: '/api/v1/users/5',
    method: 'PUT',
    entity: 'users',
    entity_id: '5',
    user: { id: 1, name: 'مدير النظام', phone: '01000000000' },
    created_at: '2026-03-01T10:00:00.000Z',
  },
];

describe('the audit log list', { timeout: 60_000 }, () => {
  it('filters by an exact action code picked by its label', async () => {
    const me = makeUser({ id: 1, direct_permissions: ['logs.index', 'logs.view'] });
    signInAs(me);
    const calls = stubApi((call) => {
      if (call.url === '/api/v1/users/1') return ok(me);
      if (call.url === '/api/v1/logs') {
        return ok({ data: LOG_ROWS, total: 1, lastPage: 1, currentPage: 1, perPage: 10 });
      }
      return undefined;
    });
    const { router } = await renderWithProviders(<LogsTable />, { lang: 'en' });
    expect(await screen.findByText('User updated')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const action = screen.getByRole('combobox', { name: 'Action' });
    expect(within(action).getByRole('option', { name: 'Failed login' })).toHaveValue('security.login_failed');
    expect(within(action).getByRole('group', { name: 'Users' })).toBeInTheDocument();
    fireEvent.change(action, { target: { value: 'register' } });
    await waitFor(() => expect(router.state.location.search).toBe('?action=register'));
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/v1/logs').at(-1)?.body).toMatchObject({ action: 'register' }),
    );
  });
});

const ENTRY: TLogDetail = {
  ...LOG_ROWS[0],
  id: 41,
  ip: '127.0.0.1',
  request_id: 'req-1',
  old_value: { id: 5, name: 'منى', email: 'mona@example.com', active: true, updated_at: '2026-02-01T08:00:00.000Z' },
  new_value: {
    id: 5,
    name: 'منى حسن',
    email: 'mona@example.com',
    active: false,
    updated_at: '2026-03-01T10:00:00.000Z',
  },
  people: [],
} as TLogDetail;

describe('an audit entry', { timeout: 60_000 }, () => {
  it('compares the old and new records field by field', () => {
    expect(
      diffValues(ENTRY.old_value, ENTRY.new_value)
        .filter((c) => c.changed)
        .map((c) => c.field),
    ).toEqual(['name', 'active', 'updated_at']);
    expect(diffValues(null, { a: 1 })).toEqual([{ field: 'a', old: undefined, new: 1, changed: true }]);
    expect(diffValues({ a: 1 }, null)).toEqual([{ field: 'a', old: 1, new: undefined, changed: true }]);
    expect(diffValues(null, null)).toEqual([]);
  });

  it('shows what changed as old → new per field, the unchanged ones and the raw data on request', async () => {
    const me = makeUser({ id: 1, direct_permissions: ['logs.view', 'users.view'] });
    signInAs(me);
    stubApi((call) => (call.url === '/api/v1/users/1' ? ok(me) : undefined));
    await renderWithProviders(<LogDetail log={ENTRY} />, { lang: 'en' });
    const table = await screen.findByRole('table', { name: 'What changed' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Name', 'Active', 'Updated at']);
    const name = rows[0] as HTMLElement;
    expect(within(name).getByText('منى')).toBeInTheDocument();
    expect(within(name).getByText('منى حسن')).toBeInTheDocument();
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Yes', 'No']);
    // No JSON on screen until asked for.
    expect(screen.queryByTestId('new-value')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show unchanged fields (2)' }));
    expect(within(table).getByRole('rowheader', { name: 'Email' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show raw data' }));
    expect(screen.getByTestId('new-value')).toHaveTextContent('"name": "منى حسن"');
  });
});

describe('an audit entry in words, not codes (issue 22 item 7)', { timeout: 60_000 }, () => {
  it('labels every column of every audited table, and every value of every coded column, in Arabic and in English', async () => {
    const missing: string[] = [];
    for (const lang of LOCALES) {
      await loadTexts(['guest', 'app'], lang);
      await loadScreenTexts(['logs'], lang);
      for (const [table, columns] of Object.entries(AUDITED_COLUMNS)) {
        for (const column of columns) {
          if (!i18next.exists(`logs.fields.${column}`, { lng: lang })) missing.push(`${lang} ${table}.${column}`);
        }
      }
      for (const [table, columns] of Object.entries(AUDIT_CODED_COLUMNS)) {
        for (const [column, values] of Object.entries(columns as Record<string, readonly (string | number)[]>)) {
          for (const value of values) {
            const key = `logs.values.${table}.${column}.${value}`;
            if (!i18next.exists(key, { lng: lang })) missing.push(`${lang} ${key}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('shows a closed ticket’s status as words and the people as names linked to their records', async () => {
    const me = makeUser({ id: 1, direct_permissions: ['logs.view', 'users.view'] });
    signInAs(me);
    stubApi((call) => (call.url === '/api/v1/users/1' ? ok(me) : undefined));
    const closed: TLogDetail = {
      ...ENTRY,
      action: 'tickets.update',
      entity: 'tickets',
      entity_id: '12',
      old_value: { id: 12, user_id: 7, status: 1, closed_at: null, closed_by: null, subject: 'القسط' },
      new_value: {
        id: 12,
        user_id: 7,
        status: 2,
        closed_at: '2026-03-01T10:00:00.000Z',
        closed_by: 3,
        subject: 'القسط',
      },
      people: [
        { id: 3, name: 'منى فتحي' },
        { id: 7, name: 'كريم الأنصاري' },
      ],
    };
    await renderWithProviders(<LogDetail log={closed} />);
    const table = await screen.findByRole('table', { name: 'ما الذي تغيّر' });
    const row = (label: string) => within(table).getByRole('rowheader', { name: label }).closest('tr') as HTMLElement;
    expect(
      within(row('الحالة'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['تم الرد', 'مغلقة']);
    const closer = within(row('أغلقها')).getByRole('link', { name: 'منى فتحي' });
    expect(closer).toHaveAttribute('href', '/users/3');
    expect(within(row('تاريخ الإغلاق')).getAllByRole('cell')[0]).toHaveTextContent('فارغ');
    // No column name or bare code on screen.
    expect(table).not.toHaveTextContent(/closed_(at|by)|1 → 2/);
    fireEvent.click(screen.getByRole('button', { name: /عرض الحقول غير المتغيرة/ }));
    expect(within(row('المستخدم')).getAllByRole('link', { name: 'كريم الأنصاري' })).toHaveLength(2);
  });

  it('shows money kept in piastres as pounds, and an id no user has any more as a number', async () => {
    const me = makeUser({ id: 1, direct_permissions: ['logs.view'] });
    signInAs(me);
    stubApi((call) => (call.url === '/api/v1/users/1' ? ok(me) : undefined));
    const receipt: TLogDetail = {
      ...ENTRY,
      action: 'receipts.insert',
      entity: 'receipts',
      old_value: null,
      new_value: { id: 4, method: 'instapay', amount_piastres: 150050, recorded_by: 99 },
      people: [],
    };
    await renderWithProviders(<LogDetail log={receipt} />, { lang: 'en' });
    const table = await screen.findByRole('table', { name: 'What changed' });
    const row = (label: string) => within(table).getByRole('rowheader', { name: label }).closest('tr') as HTMLElement;
    expect(within(row('Payment method')).getAllByRole('cell')[1]).toHaveTextContent('InstaPay');
    expect(within(row('Amount')).getAllByRole('cell')[1]).toHaveTextContent(/EGP\s?1,500\.50/);
    expect(within(row('Recorded by')).getByRole('link', { name: '#99' })).toHaveAttribute('href', '/users/99');
  });
});
