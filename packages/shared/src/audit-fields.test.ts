import { describe, expect, it } from 'vitest';
import { AUDITED_TABLES } from './audit-actions.js';
import { AUDIT_CODED_COLUMNS, AUDITED_COLUMNS, codesOf, isUserColumn } from './audit-fields.js';
import { RECOVERY_STATUSES } from './constants.js';
import { USER_TYPES } from './enums.js';
import { ARCHIVE_KINDS } from './schemas/archive-rules.js';
import { ASSOCIATION_TYPES, PAYMENT_STATUSES, TRANSFER_STATUSES } from './schemas/associations.js';
import { CARD_REQUEST_STATUSES } from './schemas/card-requests.js';
import { CONTACT_STATUSES } from './schemas/contacts.js';
import { REQUEST_STATUSES } from './schemas/customer-requests-policy.js';
import { CUSTOMER_TYPES, RENEWAL, REPRESENTATIVE_TYPES } from './schemas/customer-requests-rules.js';
import { PAYOUT_KINDS, RECEIPT_METHODS, SUBSCRIPTION_STATES } from './schemas/ledger.js';
import { NOTIFICATION_TYPES } from './schemas/notifications.js';
import { TICKET_STATUSES } from './schemas/tickets-rules.js';
import { TURN_MOVE_STATUSES } from './schemas/turn-moves.js';

describe('the audit log’s columns and codes', () => {
  it('lists the columns of every audited table, and nothing else', () => {
    expect(Object.keys(AUDITED_COLUMNS).sort()).toEqual([...AUDITED_TABLES].sort());
  });

  it('names each coded column’s values as the shared enums do (without importing zod into the log’s screen)', () => {
    const sorted = (values: readonly (string | number)[]) => [...values].sort();
    const expected: Record<string, readonly (string | number)[]> = {
      'users.type': USER_TYPES,
      'notifications.type': NOTIFICATION_TYPES,
      'recovery_accounts.status': RECOVERY_STATUSES,
      'associations.type': ASSOCIATION_TYPES,
      'subscriptions.status': SUBSCRIPTION_STATES,
      'subscriptions.transfer_status': TRANSFER_STATUSES,
      'installments.status': PAYMENT_STATUSES,
      'receipts.method': RECEIPT_METHODS,
      'payouts.kind': PAYOUT_KINDS,
      'turn_move_requests.status': TURN_MOVE_STATUSES,
      'card_requests.status': CARD_REQUEST_STATUSES,
      'customer_requests.status': REQUEST_STATUSES,
      'customer_requests.renewal': Object.values(RENEWAL),
      'customer_requests.user_type': CUSTOMER_TYPES,
      'customer_requests.representative_type': REPRESENTATIVE_TYPES,
      'tickets.status': TICKET_STATUSES,
      'contact_messages.status': CONTACT_STATUSES,
      'archive_items.kind': ARCHIVE_KINDS,
    };
    for (const [name, values] of Object.entries(expected)) {
      const [table = '', column = ''] = name.split('.');
      expect(sorted(codesOf(table, column) ?? []), name).toEqual(sorted(values));
    }
    // Every coded column is a column of its table.
    for (const [table, columns] of Object.entries(AUDIT_CODED_COLUMNS)) {
      for (const column of Object.keys(columns)) {
        expect(AUDITED_COLUMNS[table as keyof typeof AUDITED_COLUMNS] as readonly string[]).toContain(column);
      }
    }
  });

  it('knows which columns hold a user’s id', () => {
    expect(isUserColumn('closed_by')).toBe(true);
    expect(isUserColumn('user_id')).toBe(true);
    expect(isUserColumn('closed_at')).toBe(false);
    expect(codesOf('tickets', 'subject')).toBeUndefined();
  });
});
