import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { MyAccountCard } from './my-account-card';

const user = makeUser({ id: 4, name: 'منى حسن', email: 'mona@example.com', phone: '01012345678', type: 'user' });

describe('MyAccountCard', () => {
  it('shows name, email, phone, the default avatar and the active badge', async () => {
    const { container } = await renderWithProviders(<MyAccountCard user={user} />);
    expect(screen.getByText('منى حسن')).toBeInTheDocument();
    expect(screen.getByText('mona@example.com')).toBeInTheDocument();
    expect(screen.getByText('01012345678')).toBeInTheDocument();
    expect(screen.getByText('مفعّل')).toBeInTheDocument();
    expect(container.querySelector('.default-avatar')).not.toBeNull();
  });

  it('does not call an unactivated customer active: says so and leads to the activation, in both languages', async () => {
    const waiting = { ...user, email_verified: false };
    const { unmount } = await renderWithProviders(<MyAccountCard user={waiting} />);
    expect(screen.getByTestId('account-state')).toHaveTextContent('لم يتم التفعيل');
    expect(screen.queryByText('مفعّل')).toBeNull();
    expect(screen.getByRole('link', { name: 'تفعيل الحساب' })).toHaveAttribute('href', '/message');
    unmount();
    await renderWithProviders(<MyAccountCard user={waiting} />, { lang: 'en' });
    expect(screen.getByTestId('account-state')).toHaveTextContent('Not activated');
    expect(screen.getByRole('link', { name: 'Activate my account' })).toHaveAttribute('href', '/message');
  });

  it('shows an administrator as active whatever their email (staff are not activated by email)', async () => {
    await renderWithProviders(<MyAccountCard user={{ ...user, type: 'admin', email_verified: false }} />);
    expect(screen.getByTestId('account-state')).toHaveTextContent('مفعّل');
    expect(screen.queryByRole('link', { name: 'تفعيل الحساب' })).toBeNull();
  });

  it('loads the photo with the session token and says inactive in English', async () => {
    // The photo route needs the bearer token, so the card fetches it and shows a blob URL.
    window.localStorage.setItem('token', 'tok'.repeat(10));
    window.localStorage.setItem('user_id', '4');
    const fetchMock = vi.fn().mockResolvedValue(new Response('png-bytes', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = () => 'blob:photo-4';
        static override revokeObjectURL = () => {};
      },
    );
    await renderWithProviders(<MyAccountCard user={{ ...user, active: false, photo_url: '/api/v1/users/4/photo' }} />, {
      lang: 'en',
    });
    expect(screen.getByText('Inactive')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'منى حسن' })).toHaveAttribute('src', 'blob:photo-4');
    const photoCall = fetchMock.mock.calls.find(([url]) => url === '/api/v1/users/4/photo') as [string, RequestInit];
    expect((photoCall[1].headers as Record<string, string>).authorization).toBe(`Bearer ${'tok'.repeat(10)}`);
  });
});
