import { chromium } from 'playwright-core';
const url = (process.env.BASE || 'http://127.0.0.1:3917') + (process.argv[2] || '/login');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const agg = new Map();
let total = 0;
for (let i = 0; i < 3; i++) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(2500);
  const { profile } = await cdp.send('Profiler.stop');
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas; const counts = new Map();
  profile.samples.forEach((s, k) => counts.set(s, (counts.get(s) ?? 0) + (dt[k] ?? 0)));
  for (const [id, us] of counts) {
    const n = byId.get(id); const f = n.callFrame;
    const key = `${f.functionName || '(anon)'} ${f.url.replace(/.*\//, '')}:${f.lineNumber}`;
    if (f.url === '' && ['(program)', '(idle)', '(garbage collector)', '(root)'].includes(f.functionName)) { agg.set(f.functionName, (agg.get(f.functionName) ?? 0) + us); continue; }
    agg.set(key, (agg.get(key) ?? 0) + us); total += us;
  }
  await context.close();
}
await browser.close();
console.log('js self total (3 runs, ms):', (total / 1000) | 0);
for (const [k, v] of [...agg].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(((v / 1000) | 0).toString().padStart(6), k);
