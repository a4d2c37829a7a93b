import { DeleteOutlined } from '@ant-design/icons';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { renderWithProviders } from '../../test/render';
import { ConfirmAction } from './row-actions';

function deferred() {
  let resolve: (value?: unknown) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function renderAction(run: () => Promise<unknown>) {
  return renderWithProviders(
    <ConfirmAction
      danger
      icon={<DeleteOutlined />}
      label="Delete Mona"
      confirm={{ title: 'Delete this user?', ok: 'Yes, delete', cancel: 'No' }}
      run={run}
      success="Done"
      failure="Can not delete"
      cancelled="Cancelled"
    />,
    { lang: 'en' },
  );
}

describe('a row action with a confirmation', { timeout: 60_000 }, () => {
  it('runs only after the confirmation, once however often it is pressed, then says it is done', async () => {
    const work = deferred();
    const run = vi.fn(() => work.promise);
    await renderAction(run);
    const button = screen.getByRole('button', { name: 'Delete Mona' });
    fireEvent.click(button);
    expect(await screen.findByText('Delete this user?')).toBeInTheDocument();
    expect(run).not.toHaveBeenCalled();
    const yes = screen.getByRole('button', { name: 'Yes, delete' });
    fireEvent.click(yes);
    fireEvent.click(yes);
    await waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    // Pending: the row's button spins and takes no click; pressing it again opens nothing new.
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    fireEvent.click(button);
    fireEvent.click(yes);
    expect(run).toHaveBeenCalledTimes(1);
    work.resolve();
    expect(await screen.findByText('Done')).toBeInTheDocument();
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('says "cancel" and runs nothing when backed out of', async () => {
    const run = vi.fn(() => Promise.resolve());
    await renderAction(run);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Mona' }));
    fireEvent.click(await screen.findByRole('button', { name: 'No' }));
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(run).not.toHaveBeenCalled();
  });

  it('says why it failed, with the server’s reason', async () => {
    const run = vi.fn(() => Promise.reject(new ApiError(409, 'last_admin', 'The last administrator stays', [])));
    await renderAction(run);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Mona' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('Can not delete: The last administrator stays')).toBeInTheDocument();
    expect(run).toHaveBeenCalledTimes(1);
  });
});
