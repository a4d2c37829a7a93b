import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen } from '@testing-library/react';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';

/** WCAG 2.x contrast ratio of a colour (hex or rgba, composited) over an opaque background. */
function parse(color: string): [number, number, number, number] {
  const hex = /^#([0-9a-f]{6})$/i.exec(color.trim());
  if (hex?.[1]) {
    const n = Number.parseInt(hex[1], 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 1];
  }
  const parts = /rgba?\(([^)]+)\)/.exec(color)?.[1]?.split(',').map(Number) ?? [];
  return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
}

function luminance([r, g, b]: number[]): number {
  const c = [r, g, b].map((v) => {
    const s = (v ?? 0) / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (c[0] ?? 0) + 0.7152 * (c[1] ?? 0) + 0.0722 * (c[2] ?? 0);
}

function contrast(foreground: string, background: string): number {
  const bg = parse(background);
  const fg = parse(foreground);
  const mixed = [0, 1, 2].map((i) => (fg[i] ?? 0) * fg[3] + (bg[i] ?? 0) * (1 - fg[3]));
  const [hi, lo] = [luminance(mixed), luminance(bg)].sort((a, b) => b - a) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

type Token = ReturnType<typeof theme.useToken>['token'];
let seen: Token | null = null;

function Probe() {
  seen = theme.useToken().token;
  return <p>probe</p>;
}

const PAGE = '#f4f6f5';

describe('the contrast-checked palette (WCAG 2.2 AA, 4.5:1 for text)', () => {
  it('gives antd texts, links, errors, hints, placeholders and tags enough contrast', async () => {
    await renderWithProviders(<Probe />);
    await screen.findByText('probe');
    const t = seen as Token;
    expect(t.colorPrimary).toBe('#0b6e4f');
    const pairs: [string, string, string][] = [
      ['text', t.colorText, '#ffffff'],
      ['secondary text (labels)', t.colorTextSecondary, '#ffffff'],
      ['hints, descriptions, breadcrumbs', t.colorTextDescription, '#ffffff'],
      ['hints on the page', t.colorTextDescription, PAGE],
      ['tertiary text', t.colorTextTertiary, '#ffffff'],
      ['placeholders', t.colorTextPlaceholder, '#ffffff'],
      ['placeholders of filled inputs', t.colorTextPlaceholder, '#f5f5f5'],
      ['links', t.colorLink, '#ffffff'],
      ['links on the page', t.colorLink, PAGE],
      ['hovered links', t.colorLinkHover, '#ffffff'],
      ['errors', t.colorError, '#ffffff'],
      ['errors on their tint', t.colorError, t.colorErrorBg],
      ['success tags', t.colorSuccess, t.colorSuccessBg],
      ['warning tags', t.colorWarning, t.colorWarningBg],
      ['info tags', t.colorInfo, t.colorInfoBg],
      ['white on primary buttons', '#ffffff', t.colorPrimary],
      ['white on hovered primary buttons', '#ffffff', t.colorPrimaryHover],
      ['white on danger buttons and badges', '#ffffff', t.colorError],
      ['brand text on selected rows', t.colorPrimary, t.colorPrimaryBg],
    ];
    const failing = pairs
      .map(([name, fg, bg]) => ({ name, fg, bg, ratio: contrast(fg, bg) }))
      .filter((p) => p.ratio < 4.5)
      .map((p) => `${p.name}: ${p.fg} on ${p.bg} = ${p.ratio.toFixed(2)}`);
    expect(failing).toEqual([]);
  });

  it('gives the light guest pages’ own colours enough contrast', () => {
    // The suite runs from apps/web.
    const css = readFileSync(path.join(process.cwd(), 'src/components/guest/guest.css'), 'utf8');
    const app = readFileSync(path.join(process.cwd(), 'src/styles.css'), 'utf8');
    const variable = (name: string, text: string) =>
      new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(text)?.[1] ?? '';
    const muted = variable('muted', app);
    const placeholder = /::placeholder\s*{\s*color:\s*(#[0-9a-f]{6})/i.exec(css)?.[1] ?? '';
    for (const [name, fg, bg] of [
      ['muted text on white', muted, '#ffffff'],
      ['muted text on the page', muted, PAGE],
      ['muted text on the login background', muted, '#e8f3ee'],
      ['placeholders', placeholder, '#ffffff'],
      ['errors', variable('guest-error', css), '#ffffff'],
      ['errors on their tint', variable('guest-error', css), variable('guest-error-bg', css)],
      ['warnings on their tint', variable('guest-warning', css), variable('guest-warning-bg', css)],
      ['links', '#0b6e4f', '#ffffff'],
    ] as const) {
      expect(contrast(fg, bg), `${name}: ${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
