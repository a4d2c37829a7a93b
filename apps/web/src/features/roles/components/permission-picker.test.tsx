import { PERMISSIONS } from '@portal/shared/permissions';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { PermissionPicker } from './permission-picker';

describe('PermissionPicker', { timeout: 60_000 }, () => {
  it('names each permission in the UI language, without the catalogue’s codes under the labels', async () => {
    const { container } = await renderWithProviders(<PermissionPicker value={['users.index']} onChange={vi.fn()} />);
    expect(screen.getByRole('checkbox', { name: 'عرض قائمة المستخدمين' })).toBeChecked();
    for (const code of PERMISSIONS) expect(container.textContent).not.toContain(code);
  });
});
