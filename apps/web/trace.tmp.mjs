import { chromium } from 'playwright-core';
import { writeFileSync } from 'node:fs';
const url = 'http://127.0.0.1:3917' + (process.argv[2] || '/login');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const results = [];
for (let i = 0; i < 3; i++) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReturnAsStream' });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(3000);
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.end');
  const { stream } = await done;
  let data = '';
  for (;;) { const { data: d, eof } = await cdp.send('IO.read', { handle: stream }); data += d; if (eof) break; }
  const events = JSON.parse(data).traceEvents ?? JSON.parse(data);
  const main = events.filter((e) => e.name === 'RunTask' && e.dur > 50000);
  const pid = events.find((e) => e.name === 'TracingStartedInBrowser')?.args?.data?.frames?.[0]?.processId;
  const nav = events.find((e) => e.name === 'navigationStart')?.ts ?? events[0].ts;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  // per long task, the top-level child events
  const lines = [];
  for (const t of events.filter((e) => e.name === 'RunTask' && e.dur > 30000 && e.pid === (fcp?.pid ?? e.pid) && e.tid === (fcp?.tid ?? e.tid))) {
    const kids = events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.ts >= t.ts && e.ts < t.ts + t.dur && e.ph === 'X' && e.dur > 5000 && e.name !== 'RunTask')
      .map((e) => `${e.name}${e.args?.data?.url ? '(' + e.args.data.url.replace(/.*\//, '') + ')' : ''}${e.args?.data?.functionName ? '[' + e.args.data.functionName + ']' : ''}:${(e.dur / 1000) | 0}`);
    lines.push(`  task @${((t.ts - nav) / 1000) | 0}ms ${(t.dur / 1000) | 0}ms: ${kids.slice(0, 8).join(', ')}`);
  }
  console.log(`run ${i}: fcp @${fcp ? ((fcp.ts - nav) / 1000) | 0 : '?'}ms`);
  console.log(lines.join('\n'));
  await context.close();
}
await browser.close();
