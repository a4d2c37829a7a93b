import { useEffect, useState } from 'react';
import { readSession } from '../../lib/session-store';
import { UserAvatar } from './default-avatar';

/**
 * The photo route needs the bearer token, which an <img src> cannot send: fetch it,
 * show it from a blob URL, and fall back to the default avatar while loading or on failure.
 * `version` (the stored image name) changes when the photo does, so a new one is fetched.
 */
export function useAuthorizedImage(url: string | null | undefined, version?: string | null): string | null {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the trigger for a refetch.
  useEffect(() => {
    setObjectUrl(null);
    if (!url) return;
    const controller = new AbortController();
    let created: string | null = null;
    const token = readSession()?.token;
    fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: controller.signal })
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (!blob || controller.signal.aborted) return;
        created = URL.createObjectURL(blob);
        setObjectUrl(created);
      })
      .catch(() => {
        // No photo shown: the default avatar stays.
      });
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
    };
  }, [url, version]);
  return objectUrl;
}

/** A user's photo wherever it appears (shell, dashboard, lists), or the default avatar. */
type Props = { user: { name: string; photo_url: string | null; image?: string | null }; size?: number };

export function UserPhoto({ user, size = 40 }: Props) {
  const src = useAuthorizedImage(user.photo_url, user.image);
  return <UserAvatar src={src} name={user.name} size={size} />;
}
