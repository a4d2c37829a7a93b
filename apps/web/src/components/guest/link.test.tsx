import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../../lib/navigation';
import { Link } from './link';

describe('the guest pages’ link (no router: the login island, docs/decisions/0033)', () => {
  afterEach(() => setNavigator((to) => window.location.assign(to)));

  it('is a real link, and a plain click goes through the app’s navigation instead of a page load', () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    render(<Link to="/register">Register</Link>);
    const link = screen.getByRole('link', { name: 'Register' });
    expect(link).toHaveAttribute('href', '/register');
    const plain = fireEvent.click(link);
    expect(plain).toBe(false); // the browser's own navigation was prevented
    expect(navigate).toHaveBeenCalledWith('/register');
  });

  it('leaves a click for a new tab or window to the browser', () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    render(<Link to="/reset">Reset</Link>);
    const link = screen.getByRole('link', { name: 'Reset' });
    for (const modifier of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      fireEvent.click(link, modifier);
    }
    expect(navigate).not.toHaveBeenCalled();
  });
});
