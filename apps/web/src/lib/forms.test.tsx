import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { SubmitButton } from '../components/forms/submit-button';
import { renderWithProviders } from '../test/render';
import { ApiError } from './api-client';
import { confirmPasswordRules, useFormSubmit } from './forms';
import { changeLanguage } from './i18n';
import { idempotencyKeyOf } from './idempotency';
import { createQueryClient } from './query-client';

type Values = { name?: string; password?: string; confirm?: string };

/** A small form built with the helper, as every signed-in form is. */
function Demo({ save, rename }: { save: (values: Values) => Promise<unknown>; rename?: Record<string, string> }) {
  const [form] = Form.useForm<Values>();
  const submit = useFormSubmit(form, save, { rename });
  return (
    <Form form={form} name="demo" onFinish={submit.onFinish} onFinishFailed={submit.onFinishFailed}>
      <Form.Item name="name" label="Name">
        <Input />
      </Form.Item>
      <Form.Item name="password" label="Password">
        <Input />
      </Form.Item>
      <Form.Item name="confirm" label="Confirm" dependencies={['password']} rules={confirmPasswordRules('password')}>
        <Input />
      </Form.Item>
      <SubmitButton pending={submit.pending} testId="demo-submit">
        Save
      </SubmitButton>
    </Form>
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the forms helper', { timeout: 60_000 }, () => {
  it('sends one request for a double click, and the submit is disabled while it is pending', async () => {
    let finish: () => void = () => {};
    const save = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    await renderWithProviders(<Demo save={save} />, { lang: 'en' });
    type('Password', 'Passw0rd!');
    type('Confirm', 'Passw0rd!');
    const button = screen.getByTestId('demo-submit');
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.submit(button.closest('form') as HTMLFormElement);
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(button).toBeDisabled());
    fireEvent.click(button);
    finish();
    await waitFor(() => expect(button).toBeEnabled());
    expect(save).toHaveBeenCalledTimes(1);
    // Once settled, the next submit goes again (antd's button may take a moment to drop its spinner;
    // clicks during the new save are refused, so it is still exactly one more).
    await waitFor(() => {
      fireEvent.click(button);
      expect(save).toHaveBeenCalledTimes(2);
    });
  });

  it('puts the server’s field errors under their fields (renamed where the names differ)', async () => {
    const save = vi.fn(() =>
      Promise.reject(
        new ApiError(409, 'conflict', 'The name is taken', [
          { field: 'full_name', title: 'The name is taken' },
          { field: 'unknown', title: 'not a field here' },
        ]),
      ),
    );
    await renderWithProviders(<Demo save={save} rename={{ full_name: 'name' }} />, { lang: 'en' });
    type('Name', 'Mona');
    type('Password', 'Passw0rd!');
    type('Confirm', 'Passw0rd!');
    fireEvent.click(screen.getByTestId('demo-submit'));
    await waitFor(() =>
      expect(
        screen.getAllByText('The name is taken').some((node) => node.closest('.ant-form-item-explain') !== null),
      ).toBe(true),
    );
    expect(screen.queryByText('not a field here')).toBeNull();
    // The server's message is also toasted (a 409 is not "complete the fields").
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('says "complete the fields" for a 422 and asks for the confirmation from the shared rule', async () => {
    const save = vi.fn(() => Promise.reject(new ApiError(422, 'validation', 'x', [])));
    await renderWithProviders(<Demo save={save} />, { lang: 'en' });
    type('Password', 'Passw0rd!');
    // Spaces do not count (the shared passwordsMatch), as the server strips them too.
    type('Confirm', ' Passw0rd! ');
    fireEvent.click(screen.getByTestId('demo-submit'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Please complete the required fields')).toBeInTheDocument();
    type('Confirm', 'Passw0rd?');
    fireEvent.click(screen.getByTestId('demo-submit'));
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('stays disabled after a save that leaves, until the next page is there', async () => {
    // The next page is a lazy route, as every screen is (app/router.tsx): it arrives when the test says.
    let arrive: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    const keys: (string | undefined)[] = [];
    const save = vi.fn(async (body: unknown) => {
      keys.push(idempotencyKeyOf(body));
    });
    function Leaving() {
      const [form] = Form.useForm<Values>();
      const submit = useFormSubmit(form, async (values: Values, idempotent, leave) => {
        await save(idempotent({ name: values.name ?? '' }));
        leave('/next');
      });
      return (
        <Form form={form} name="leaving" onFinish={submit.onFinish} initialValues={{ name: 'Mona' }}>
          <Form.Item name="name" label="Name">
            <Input />
          </Form.Item>
          <SubmitButton pending={submit.pending} testId="leaving-submit">
            Save
          </SubmitButton>
        </Form>
      );
    }
    await changeLanguage('en');
    const router = createMemoryRouter(
      [
        { path: '/', element: <Leaving /> },
        {
          path: '/next',
          lazy: async () => {
            await arrived;
            return { Component: () => <h1>Next page</h1> };
          },
        },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    const button = screen.getByTestId('leaving-submit');
    fireEvent.click(button);
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    // The save went through; the next page is still downloading: the form is on screen, and busy.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('leaving-submit')).toBeDisabled();
    fireEvent.click(screen.getByTestId('leaving-submit'));
    fireEvent.submit(screen.getByTestId('leaving-submit').closest('form') as HTMLFormElement);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(save).toHaveBeenCalledTimes(1);
    arrive();
    expect(await screen.findByRole('heading', { name: 'Next page' })).toBeInTheDocument();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  });
});
