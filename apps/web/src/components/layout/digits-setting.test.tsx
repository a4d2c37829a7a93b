import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { useDigits } from '../../lib/digits';
import { formatNumber } from '../../lib/format';
import { ok, signInAs, stubApi } from '../../test/api-stub';
import { makeUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { AppFooter } from './app-footer';
import { HeaderBar } from './header-bar';

/** What a screen shows: a text with its own number, a formatted count, a phone, the footer's year. */
function Probe() {
  const { t, i18n } = useTranslation();
  const digits = useDigits();
  const lang = i18n.language === 'en' ? 'en' : 'ar';
  return (
    <div data-testid="probe">
      <p>{t('usersUi.form.password_hint')}</p>
      <p>{formatNumber(1234, lang)}</p>
      <p dir="ltr">{digits('01012345678')}</p>
      <AppFooter />
    </div>
  );
}

const ARABIC_INDIC = /[\u0660-\u0669]/;
const LATIN = /[0-9]/;

async function render(lang: 'ar' | 'en' = 'ar') {
  const me = makeUser();
  signInAs(me);
  stubApi((call) => (call.url === `/api/v1/users/${me.id}` ? ok(me) : undefined));
  await renderWithProviders(
    <>
      <HeaderBar />
      <Probe />
    </>,
    { lang },
  );
  await screen.findByTestId('profile-menu');
}

describe('the digits of the Arabic interface', { timeout: 60_000 }, () => {
  it('shows Latin digits everywhere by default, then Arabic-Indic everywhere once chosen, and keeps the choice', async () => {
    await render();
    const probe = screen.getByTestId('probe');
    expect(probe.textContent).toContain('8 أحرف على الأقل');
    expect(probe.textContent).toContain('1,234');
    expect(probe.textContent).toContain('01012345678');
    expect(probe.textContent).not.toMatch(ARABIC_INDIC);

    fireEvent.click(screen.getByTestId('profile-menu'));
    expect(await screen.findByTestId('digits-arab')).toHaveTextContent('أرقام عربية (١٢٣)');
    expect(screen.getByTestId('digits-latn')).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(screen.getByTestId('digits-arab'));
    await waitFor(() => expect(probe.textContent).toContain('٨ أحرف على الأقل'));
    expect(probe.textContent).toContain('١٬٢٣٤');
    expect(probe.textContent).toContain('٠١٠١٢٣٤٥٦٧٨');
    expect(probe.textContent).not.toMatch(LATIN);
    expect(window.localStorage.getItem('digits')).toBe('arab');

    fireEvent.click(screen.getByTestId('profile-menu'));
    expect(screen.getByTestId('digits-latn')).toHaveTextContent('أرقام لاتينية (123)');
    fireEvent.click(screen.getByTestId('digits-latn'));
    await waitFor(() => expect(probe.textContent).toContain('8 أحرف على الأقل'));
    expect(probe.textContent).not.toMatch(ARABIC_INDIC);
    expect(window.localStorage.getItem('digits')).toBe('latn');
  });

  it('offers no choice in English, which shows Latin digits whatever the choice', async () => {
    window.localStorage.setItem('digits', 'arab');
    await render('en');
    const probe = screen.getByTestId('probe');
    expect(probe.textContent).toContain('1,234');
    expect(probe.textContent).not.toMatch(ARABIC_INDIC);
    fireEvent.click(screen.getByTestId('profile-menu'));
    await screen.findByText('Log out');
    expect(screen.queryByTestId('digits-arab')).toBeNull();
  });
});
