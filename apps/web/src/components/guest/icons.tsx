import type { ReactNode, SVGProps } from 'react';

/**
 * The few line icons the guest pages need, inline (no icon font, no antd icons):
 * 24×24, drawn with the text colour. Decorative: hidden from screen readers.
 */
type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number };

function icon(paths: ReactNode, options: { mirror?: boolean } = {}) {
  return function Icon({ size = 18, className, ...rest }: IconProps) {
    const classes = [options.mirror ? 'icon-mirror' : '', className ?? ''].filter(Boolean).join(' ');
    return (
      <svg
        viewBox="0 0 24 24"
        width={size}
        height={size}
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        className={classes || undefined}
        {...rest}
      >
        {paths}
      </svg>
    );
  };
}

export const PhoneIcon = icon(
  <>
    <rect x="7" y="2" width="10" height="20" rx="2" />
    <path d="M11 18h2" />
  </>,
);
export const LockIcon = icon(
  <>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </>,
);
export const MailIcon = icon(
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </>,
);
export const UserIcon = icon(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </>,
);
export const HomeIcon = icon(
  <>
    <path d="m3 11 9-8 9 8" />
    <path d="M5 10v10h14V10" />
  </>,
);
export const EyeIcon = icon(
  <>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
  </>,
);
export const EyeOffIcon = icon(
  <>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
    <path d="m3 3 18 18" />
  </>,
);
export const SuccessIcon = icon(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="m8 12 3 3 5-6" />
  </>,
);
export const ErrorIcon = icon(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="m9 9 6 6m0-6-6 6" />
  </>,
);
export const InfoIcon = icon(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 11v6m0-9.5v.01" />
  </>,
);
export const WarningIcon = icon(
  <>
    <path d="M12 3 2 21h20L12 3Z" />
    <path d="M12 10v5m0 3v.01" />
  </>,
);
export const GlobeIcon = icon(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M2 12h20M12 2a15 15 0 0 1 0 20 15 15 0 0 1 0-20" />
  </>,
);
export const LogoutIcon = icon(
  <>
    <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3" />
    <path d="m10 17-5-5 5-5M5 12h11" />
  </>,
  { mirror: true },
);
export const SearchIcon = icon(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-4-4" />
  </>,
);
