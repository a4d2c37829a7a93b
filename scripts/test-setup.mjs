#!/usr/bin/env node
// Makes sure what the tests need outside npm is installed: Chromium at
// /usr/bin/chromium (the browser tests drive it with playwright-core) and the
// Noto fonts it renders Arabic with. Quiet and quick when everything is there;
// otherwise installs it with apt-get as root, or through `sudo -n`, or prints
// the command to run and exits 1. Safe to run any number of times.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
const PACKAGES = ['chromium', 'fonts-noto-core'];
const INSTALL = `apt-get update && apt-get install -y ${PACKAGES.join(' ')}`;

function run(command, args, options = {}) {
  return spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'], ...options });
}

/** True when dpkg says the package is installed; null when dpkg is not there to ask. */
function debInstalled(name) {
  const res = spawnSync('dpkg', ['-s', name], { encoding: 'utf8' });
  if (res.error) return null;
  return res.status === 0 && /^Status: install ok installed$/m.test(res.stdout);
}

function missing() {
  const out = [];
  if (!existsSync(CHROMIUM)) out.push('chromium');
  if (debInstalled('fonts-noto-core') === false) out.push('fonts-noto-core');
  return out;
}

const needed = missing();
if (needed.length === 0) process.exit(0);

console.log(`test-setup: missing ${needed.join(', ')}; installing ${PACKAGES.join(' ')}`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
let ran = false;
if (typeof process.getuid === 'function' && process.getuid() === 0) {
  ran = run('sh', ['-c', INSTALL], { env }).status === 0;
} else if (run('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0) {
  ran = run('sudo', ['-n', 'env', 'DEBIAN_FRONTEND=noninteractive', 'sh', '-c', INSTALL], { env }).status === 0;
} else {
  console.error('test-setup: cannot install packages without root or password-less sudo. Run:');
  console.error(`  sudo sh -c '${INSTALL}'`);
  process.exit(1);
}

const still = missing();
if (!ran || still.length > 0) {
  console.error(`test-setup: installation failed${still.length ? `; still missing ${still.join(', ')}` : ''}. Run:`);
  console.error(`  sudo sh -c '${INSTALL}'`);
  process.exit(1);
}
console.log('test-setup: done');
