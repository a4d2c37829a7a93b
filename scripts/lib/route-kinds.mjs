// Reads apps/web/src/app/router.tsx as text and tells, for every screen it loads
// (`import('./routes/…')`), what kind of page it is:
//   guest  a light guest page: its route object spreads `...lean` (no antd, DESIGN §5)
//   shell  a screen of the signed-in shell (under the route with id 'shell')
//   antd   neither (e.g. /recovery): loads antd's providers, not the shell
// Shared by scripts/bench-bundle.mjs and apps/web/src/app/guest-pages.test.ts.

/** The index just past the bracket that closes the one at `open`. */
function closingBracket(text, open) {
  const pairs = { '{': '}', '[': ']', '(': ')' };
  const stack = [];
  for (let i = open; i < text.length; i += 1) {
    const c = text[i];
    if (pairs[c]) stack.push(pairs[c]);
    else if (c === stack.at(-1)) {
      stack.pop();
      if (stack.length === 0) return i + 1;
    }
  }
  return text.length;
}

/** The route object literal around position `at` (the innermost `{ … }` holding it). */
function routeObjectAround(text, at) {
  let depth = 0;
  for (let i = at; i >= 0; i -= 1) {
    if (text[i] === '}') depth += 1;
    else if (text[i] === '{') {
      if (depth === 0) return text.slice(i, closingBracket(text, i));
      depth -= 1;
    }
  }
  return '';
}

/**
 * @param {string} routerSource the text of app/router.tsx
 * @returns {Map<string, 'guest' | 'shell' | 'antd'>} by module path relative to apps/web ('src/app/routes/auth/login.tsx')
 */
export function routeKinds(routerSource) {
  const shellAt = routerSource.indexOf("id: 'shell'");
  if (shellAt < 0) throw new Error("router.tsx has no route with id 'shell'");
  const shellChildren = routerSource.indexOf('children: [', shellAt);
  const shellEnd = closingBracket(routerSource, routerSource.indexOf('[', shellChildren));
  const kinds = new Map();
  for (const match of routerSource.matchAll(/import\('\.\/(routes\/[^']+)'\)/g)) {
    const key = `src/app/${match[1]}.tsx`;
    const object = routeObjectAround(routerSource, match.index);
    const inShell = match.index > shellChildren && match.index < shellEnd;
    kinds.set(key, /\.\.\.lean\b/.test(object) ? 'guest' : inShell ? 'shell' : 'antd');
  }
  return kinds;
}
