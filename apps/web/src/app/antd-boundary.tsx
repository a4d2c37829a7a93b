import { type ComponentType, lazy, type ReactNode, Suspense, startTransition, useEffect, useState } from 'react';
import { useMatches } from 'react-router';
import { GuestLoader } from '../components/guest/spinner';
import { loadTexts } from '../lib/i18n';

/**
 * antd is loaded with the screens that use it, never with the light guest
 * pages (DESIGN §5). A route whose `handle` says `lean: true` (router.tsx:
 * login, registration, password reset, activation, error pages) renders
 * without it; any other route (the signed-in shell, /recovery) gets the antd
 * providers and the signed-in screens' texts, downloaded once, as early as
 * its navigation starts (app.tsx).
 */
export type LeanHandle = { lean?: boolean };

type Providers = ComponentType<{ children: ReactNode }>;

let loaded: Providers | null = null;
let loading: Promise<Providers> | null = null;

/** The signed-in shell's skeleton: a small chunk of its own, never part of a guest page's first load. */
let Skeleton: ComponentType | null = null;
let skeletonLoad: Promise<{ default: ComponentType }> | null = null;
function loadShellSkeleton(): Promise<{ default: ComponentType }> {
  skeletonLoad ??= import('../components/layout/shell-skeleton').then(
    (m) => {
      Skeleton = m.default;
      return m;
    },
    (error: unknown) => {
      skeletonLoad = null; // a failed download is tried again next time
      throw error;
    },
  );
  return skeletonLoad;
}
const LazyShellSkeleton = lazy(loadShellSkeleton);

/**
 * The signed-in shell's sidebar, header and grey bars while the shell, its screen or antd are on
 * their way (issue 22 item 6: about a second of blank grey page after the login). Drawn at once
 * when its small chunk is there (preloadAntd fetches it first), the spinner until then.
 */
export function ShellSkeletonFallback() {
  if (Skeleton) return <Skeleton />;
  return (
    <Suspense fallback={<GuestLoader />}>
      <LazyShellSkeleton />
    </Suspense>
  );
}

/** True when the matched routes are inside the signed-in shell (router.tsx, the route `id: 'shell'`). */
export function isShell(matches: readonly { id?: string; route?: { id?: string } }[]): boolean {
  return matches.some((m) => (m.route?.id ?? m.id) === 'shell');
}

/** Starts downloading antd, its styles, its providers and the signed-in screens' texts (idempotent); resolves with the providers. */
export function preloadAntd(): Promise<Providers> {
  // The shell's skeleton first: it is what shows while the rest arrives.
  void loadShellSkeleton().catch(() => undefined);
  loading ??= Promise.all([
    import('./antd-providers'),
    loadTexts(['app']),
    import('./antd-styles').then((m) => m.loadAntdStyles()),
  ]).then(
    ([m]) => {
      loaded = m.default;
      return m.default;
    },
    (error: unknown) => {
      loading = null; // a failed download is tried again next time
      throw error;
    },
  );
  return loading;
}

/** True when the matched route is a light guest page (its `handle` says `lean: true`). */
export function isLean(matches: readonly { handle?: unknown }[]): boolean {
  return matches.some((m) => (m.handle as LeanHandle | undefined)?.lean === true);
}

export function AntdBoundary({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const lean = isLean(matches);
  const [, setReady] = useState(0);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    // Also when already loaded: it may have arrived between this render (which showed the loader)
    // and this effect, and nothing else would render the page then (issue 9: a page stuck loading).
    if (lean) return;
    let live = true;
    preloadAntd().then(
      // The first antd render (the whole shell and its screen, with antd's styles made as it goes)
      // is a transition: React renders it in slices and yields in between, so it does not block
      // the main thread in one long task (Lighthouse's TBT).
      () => live && startTransition(() => setReady((n) => n + 1)),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [lean]);

  if (lean) return children;
  // Read at render time: usually downloaded already, since the navigation began (app.tsx).
  const Providers = loaded;
  if (Providers) return <Providers>{children}</Providers>;
  if (failed) throw new Error('The page could not be loaded: check the connection and reload.');
  return isShell(matches) ? <ShellSkeletonFallback /> : <GuestLoader />;
}
