import { screen } from '@testing-library/react';
import { ConfigProvider, theme } from 'antd';
import { useContext } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { REDUCED_MOTION_QUERY } from '../lib/use-media-query';
import { mediaMatching } from '../test/media';
import { renderWithProviders } from '../test/render';

let seen: { motion: boolean | undefined; waveDisabled: boolean | undefined } | null = null;

function Probe() {
  const { token } = theme.useToken();
  const { wave } = useContext(ConfigProvider.ConfigContext);
  seen = { motion: token.motion, waveDisabled: wave?.disabled };
  return <p>probe</p>;
}

/** The system setting, as the browser reports it (test/setup.ts answers "no" to every query). */
function systemAsksForLessMotion(asks: boolean) {
  mediaMatching((query) => asks && query === REDUCED_MOTION_QUERY);
}

describe("antd's motion follows the visitor's reduced-motion setting", () => {
  afterEach(() => {
    seen = null;
  });

  it('is on by default', async () => {
    systemAsksForLessMotion(false);
    await renderWithProviders(<Probe />);
    await screen.findByText('probe');
    expect(seen).toEqual({ motion: true, waveDisabled: false });
  });

  it('is off, the click ripple too, when the system asks for less motion', async () => {
    systemAsksForLessMotion(true);
    await renderWithProviders(<Probe />);
    await screen.findByText('probe');
    expect(seen).toEqual({ motion: false, waveDisabled: true });
  });
});
