import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { NotificationBell } from './notification-bell';

describe('NotificationBell', () => {
  it('caps the unseen count at 99', async () => {
    const { container } = await renderWithProviders(<NotificationBell unseen={150} />);
    expect(container.querySelector('.ant-badge')?.textContent).toBe('99+');
  });

  it('shows the exact count below the cap and names it for screen readers', async () => {
    await renderWithProviders(<NotificationBell unseen={7} />, { lang: 'en' });
    expect(screen.getByRole('button', { name: 'Notifications, unread: 7' })).toBeInTheDocument();
  });
});
