import { ConfigProvider, theme } from 'antd';
import arEG from 'antd/es/locale/ar_EG';
import enGB from 'antd/es/locale/en_GB';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '../lib/use-media-query';

export const BRAND_COLOR = '#0b6e4f';

// antd's message (./toast-bridge.tsx) is not part of what a signed-in page loads before it shows
// (DESIGN §5): its chunk is asked for as soon as these providers load, beside the screen's own
// chunks, and mounts when it arrives. A toast before then goes to the light toaster (lib/toast.ts).
const toastBridge = import('./toast-bridge');
const ToastBridge = lazy(() => toastBridge);

/**
 * antd's theme, direction and component locale, following the UI language.
 * Loaded only with the screens that use antd (the signed-in shell, the recovery
 * form): app/antd-boundary.tsx; the guest pages never download it (DESIGN §5).
 */
export default function AntdProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const arabic = i18n.language !== 'en';
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  return (
    <ConfigProvider
      direction={arabic ? 'rtl' : 'ltr'}
      locale={arabic ? arEG : enGB}
      // The ripple a click leaves on a button is motion too (its own switch, not the token's).
      wave={{ disabled: reducedMotion }}
      theme={{
        algorithm: theme.defaultAlgorithm,
        // No styles computed while rendering: antd's static stylesheet is loaded beside this module
        // (antd-styles.ts); the tokens below still apply, as CSS variables (DESIGN §5, TBT).
        // Component tests keep the runtime styles: jsdom loads no stylesheet, and what they check
        // (an element hidden by antd's classes) needs them.
        zeroRuntime: import.meta.env.MODE !== 'test',
        // A contrast-checked palette (WCAG 2.2 AA, issue 9): every text colour below is at least 4.5:1
        // on the white surfaces and the page background (#f4f6f5), and white text on the filled
        // colours; antd's defaults (link #1677ff 4.1:1, hints 3.4:1, error #ff4d4f 3.3:1,
        // placeholders 1.8:1, success and warning tags 2.2 and 1.8:1) are not.
        token: {
          // Menus folding, drawers sliding, colours fading: none for those who asked for less motion
          // (the app's own styles follow the same setting, in their @media blocks).
          motion: !reducedMotion,
          colorPrimary: BRAND_COLOR, // white on it 6.3:1; as text on white 6.3:1
          colorPrimaryBg: '#e7f4ee', // selected rows and options: brand text on it 5.5:1 (antd's tint would be 2.7:1)
          colorPrimaryBgHover: '#d3ebdf',
          colorLink: BRAND_COLOR,
          colorLinkHover: '#07533b', // 9.1:1
          colorLinkActive: '#05402d',
          colorInfo: '#175cd3', // 5.4:1 on its tint
          colorSuccess: BRAND_COLOR, // success tags: 5.5:1 on their tint
          colorSuccessBg: '#e7f4ee',
          colorSuccessBorder: '#a3d4bd',
          colorWarning: '#9a3f07', // warning tags: 6.5:1 on their tint
          colorWarningBg: '#fff6e5', // light tints: antd's, from these dark colours, would be greyish
          colorWarningBorder: '#f5d7a8',
          colorError: '#b42318', // error text 6.6:1 on white, 6:1 on its tint; white on it 6.6:1
          colorErrorBg: '#fef3f2',
          colorErrorBorder: '#fecdca',
          colorTextTertiary: 'rgba(0, 0, 0, 0.62)', // hints, descriptions, breadcrumbs: 6.2:1 (6:1 on the page)
          colorTextDescription: 'rgba(0, 0, 0, 0.62)',
          colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)', // 5.7:1 on white, 5.6:1 on filled inputs
          borderRadius: 8,
          fontFamily: arabic ? "'Cairo', 'Noto Sans Arabic', sans-serif" : "'Cairo', system-ui, sans-serif",
        },
        components: {
          // The sidebar in the brand's deep green: its texts 6.4:1 and more, white on the selected entry 6.3:1.
          Layout: { siderBg: '#06392a', triggerBg: '#042c20' },
          Menu: {
            darkItemBg: '#06392a',
            darkPopupBg: '#06392a',
            darkSubMenuItemBg: '#042c20',
            darkItemSelectedBg: BRAND_COLOR,
          },
        },
      }}
    >
      <Suspense fallback={null}>
        <ToastBridge />
      </Suspense>
      {children}
    </ConfigProvider>
  );
}
