import { chromium } from 'playwright-core';
const base = process.env.BASE || 'http://127.0.0.1:3917';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const path of process.argv.slice(2)) {
  const rows = [];
  for (let i = 0; i < 3; i++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(base + path, { waitUntil: 'load' });
    await page.waitForTimeout(2000);
    const { metrics } = await cdp.send('Performance.getMetrics');
    const m = Object.fromEntries(metrics.map((x) => [x.name, x.value]));
    rows.push(['TaskDuration', 'ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration'].map((k) => Math.round(m[k] * 1000)).join('/') + ` layouts ${m.LayoutCount} styles ${m.RecalcStyleCount}`);
    await context.close();
  }
  console.log(path, 'task/script/style/layout ms:', rows.join(' | '));
}
await browser.close();
