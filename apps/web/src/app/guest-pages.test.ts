import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the repo's scripts, without types.
import { routeKinds } from '../../../../scripts/lib/route-kinds.mjs';

/**
 * DESIGN §5: the light guest pages load no antd. This follows every static
 * import (what must download before a page runs; `import()` and type-only
 * imports are not followed) from the app's entry and from each page that
 * router.tsx marks `...lean`, and fails on any path into antd, @ant-design/*
 * or @rc-component/*. scripts/bench-bundle.mjs checks the same on the build.
 */
const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SHARED = path.resolve(WEB, '../../packages/shared/src');
const HEAVY = /^(antd|@ant-design\/|@rc-component\/|rc-)/;

const kinds: Map<string, 'guest' | 'shell' | 'antd'> = routeKinds(
  readFileSync(path.join(WEB, 'src/app/router.tsx'), 'utf8'),
);

function resolveFile(base: string): string | null {
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The modules a file imports statically, without type-only imports. */
function staticImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const found: string[] = [];
  const statement =
    /(?:^|\n)\s*(import|export)\s+([^'";]*?)\s*from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;
  for (const m of source.matchAll(statement)) {
    if (m[4]) {
      found.push(m[4]); // side-effect import (CSS, polyfills)
      continue;
    }
    const clause = m[2] ?? '';
    if (/^type\s/.test(clause)) continue; // import type { … } / export type { … }
    const names = /\{([^}]*)\}/.exec(clause);
    const onlyTypes =
      names?.[1] !== undefined &&
      !/^[\w$]+\s*,/.test(clause) && // no default import beside the braces
      names[1]
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean)
        .every((n) => n.startsWith('type '));
    if (!onlyTypes) found.push(m[3] as string);
  }
  return found;
}

/** Every package reached by static imports from `start`, with one path that reaches it. */
function packagesReached(start: string): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const walk = (file: string, trail: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    const here = [...trail, path.relative(WEB, file)];
    for (const spec of staticImports(file)) {
      let target: string | null = null;
      if (spec.startsWith('.')) target = resolveFile(path.resolve(path.dirname(file), spec));
      else if (spec.startsWith('@portal/shared/')) target = resolveFile(path.join(SHARED, spec.slice(15)));
      else {
        const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] as string);
        if (!packages.has(name)) packages.set(name, [...here, spec]);
        continue;
      }
      if (target && /\.(ts|tsx)$/.test(target)) walk(target, here);
    }
  };
  walk(start, []);
  return packages;
}

function heavyPaths(start: string): string[] {
  return [...packagesReached(start)].filter(([name]) => HEAVY.test(name)).map(([, trail]) => trail.join(' → '));
}

describe('the light guest pages', () => {
  const guests = [...kinds].filter(([, kind]) => kind === 'guest').map(([file]) => file);

  it('are marked in router.tsx: login, registration, password reset, activation, error pages', () => {
    for (const page of [
      'src/app/routes/auth/login.tsx',
      'src/app/routes/accounts/register.tsx',
      'src/app/routes/accounts/reset.tsx',
      'src/app/routes/accounts/reset-message.tsx',
      'src/app/routes/accounts/new-password.tsx',
      'src/app/routes/accounts/message.tsx',
      'src/app/routes/accounts/activation.tsx',
      'src/app/routes/accounts/recovery-activation.tsx',
      'src/app/routes/accounts/recovery-message.tsx',
      'src/app/routes/errors/not-found.tsx',
      'src/app/routes/errors/unauthorized.tsx',
      'src/app/routes/errors/server-error.tsx',
    ]) {
      expect(guests, page).toContain(page);
    }
    // The long recovery form keeps antd, and loads it with it.
    expect(kinds.get('src/app/routes/accounts/recovery.tsx')).toBe('antd');
  });

  it('share an entry that imports no antd (main.tsx and everything it imports before the first screen)', () => {
    expect(heavyPaths(path.join(WEB, 'src/main.tsx'))).toEqual([]);
  });

  it.each(guests)('%s imports no antd, @ant-design/* or @rc-component/*', (page) => {
    expect(heavyPaths(path.join(WEB, page))).toEqual([]);
  });

  it('would notice antd: the signed-in shell does import it', () => {
    expect(heavyPaths(path.join(WEB, 'src/app/app-shell.tsx'))).not.toEqual([]);
  });
});
