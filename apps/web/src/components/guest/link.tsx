import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigateTo } from '../../lib/navigation';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** A plain click: one the page handles itself (not a new tab, a download, a click already handled). */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) &&
    (!event.currentTarget.target || event.currentTarget.target === '_self')
  );
}

/**
 * A link of the light guest pages: a real `<a href>` (a new tab, "copy link" and a click before the
 * page is live all work), and a plain click goes through the app's navigation (lib/navigation.ts)
 * instead of loading the page again. No router import: the login page hydrates without it.
 */
export function Link({ to, onClick, ...rest }: Props) {
  return (
    <a
      href={to}
      {...rest}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainClick(event)) return;
        event.preventDefault();
        navigateTo(to);
      }}
    />
  );
}
