import { GuestLoader } from '../guest/spinner';

/**
 * The page-sized loader (a spinner, "loading…" for screen readers). Light, no
 * antd: the route guards of the app's entry show it, and the entry must not
 * pull antd onto the guest pages (DESIGN §5).
 */
export function PageLoader() {
  return <GuestLoader />;
}
