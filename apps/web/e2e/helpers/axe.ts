import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/** Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not block. */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export type Violation = { id: string; impact: string; help: string; targets: string[] };

/**
 * Waits for the finite animations and transitions on the page to end (spinners run forever: skipped),
 * and for those they set off: antd's motions (a sidebar group folding open after a navigation) add
 * their classes a frame or two later, so the page counts as still only after two quiet frames.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let round = 0; round < 20; round++) {
      await frame();
      await frame();
      const running = document
        .getAnimations()
        .filter((a) => a.playState !== 'finished' && Number.isFinite(a.effect?.getComputedTiming().iterations ?? 1));
      if (running.length === 0) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
}

/**
 * Runs axe-core (WCAG 2.0–2.2 A and AA rules, plus best practices axe rates serious or critical)
 * on the page as it is now, and returns the serious and critical violations.
 */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // A colour caught halfway through a transition (a button enabled as its rows arrive) is not what
  // a person reads.
  await animationsDone(page);
  const results = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script.
    const axe = (window as any).axe;
    const run = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return run.violations.map((v: { id: string; impact: string; help: string; nodes: { target: string[] }[] }) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  });
  return (results as Violation[]).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
