import type { TUser } from '@portal/shared/schemas/auth';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { MyAccountCard } from './my-account-card';

const user: TUser = {
  id: 4,
  name: 'منى حسن',
  email: 'mona@example.com',
  phone: '01012345678',
  image: null,
  photo_url: null,
  birthDate: null,
  address: null,
  type: 'user',
  phoneVerify: true,
  email_verified: true,
  active: true,
  removed: false,
  created_at: '2026-01-01T00:00:00.000Z',
  roles: [],
  direct_permissions: [],
  role_permissions: [],
  dataRequired: false,
};

describe('MyAccountCard', () => {
  it('shows name, email, phone, the default avatar and the active badge', async () => {
    const { container } = await renderWithProviders(<MyAccountCard user={user} />);
    expect(screen.getByText('منى حسن')).toBeInTheDocument();
    expect(screen.getByText('mona@example.com')).toBeInTheDocument();
    expect(screen.getByText('01012345678')).toBeInTheDocument();
    expect(screen.getByText('مفعّل')).toBeInTheDocument();
    expect(container.querySelector('.default-avatar')).not.toBeNull();
  });

  it('uses the photo when there is one and says inactive in English', async () => {
    await renderWithProviders(<MyAccountCard user={{ ...user, active: false, photo_url: '/api/v1/users/4/photo' }} />, {
      lang: 'en',
    });
    expect(screen.getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'منى حسن' })).toHaveAttribute('src', '/api/v1/users/4/photo');
  });
});
