import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToastApi, toast } from '../../lib/toast';
import { Toaster } from './toaster';

describe('the light toaster (guest pages, no antd)', () => {
  afterEach(() => {
    vi.useRealTimers();
    setToastApi(null);
  });

  it('announces a success politely and an error assertively, then lets them go', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast.success('تم الحفظ', 3);
      toast.error('حدث خطأ', 1.5);
    });
    const saved = screen.getByText('تم الحفظ');
    const failed = screen.getByText('حدث خطأ');
    expect(saved.closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    expect(failed.closest('[aria-live]')).toHaveAttribute('aria-live', 'assertive');
    // Nothing here claims role="alert": the alerts of a form stay the only ones.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1600));
    expect(screen.queryByText('حدث خطأ')).not.toBeInTheDocument();
    expect(screen.getByText('تم الحفظ')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.queryByText('تم الحفظ')).not.toBeInTheDocument();
  });

  it("goes through antd's message instead while antd's providers are mounted", () => {
    const api = { success: vi.fn(), info: vi.fn(), error: vi.fn() };
    setToastApi(api as never);
    render(<Toaster />);
    act(() => toast.info('معلومة'));
    expect(api.info).toHaveBeenCalledWith({ content: 'معلومة', duration: expect.any(Number) });
    expect(screen.queryByText('معلومة')).not.toBeInTheDocument();
  });
});
