#!/usr/bin/env node
// Every installed package must support the Node version the project declares
// (package.json "engines.node", today ">=20.19"): npm only warns (EBADENGINE),
// and a package that needs a newer Node can break at run time on the machines
// we support. Reads package-lock.json; exits 1 naming each offender.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const declared = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines?.node;
const lowest = semver.minVersion(declared)?.version;
if (!lowest) {
  console.error(`check-engines: package.json declares no usable engines.node (${declared})`);
  process.exit(1);
}
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const offenders = [];
for (const [where, entry] of Object.entries(lock.packages ?? {})) {
  const wanted = entry.engines?.node;
  if (!where || !wanted || typeof wanted !== 'string') continue;
  // Optional platform binaries for other systems are never installed here.
  if (entry.optional && (entry.os || entry.cpu)) continue;
  if (!semver.satisfies(lowest, wanted, { includePrerelease: true })) {
    offenders.push(`${where.replace(/^.*node_modules\//, '')}@${entry.version} needs node ${wanted}`);
  }
}
if (offenders.length > 0) {
  console.error(`check-engines: these packages do not support node ${lowest} (declared ${declared}):`);
  for (const line of offenders) console.error(`  ${line}`);
  process.exit(1);
}
console.log(`check-engines: every package supports node ${lowest} (declared ${declared})`);
