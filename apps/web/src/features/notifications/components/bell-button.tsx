import { BellOutlined } from '@ant-design/icons';
import { BADGE_CAP, type Locale } from '@portal/shared/constants';
import { Badge, Button } from 'antd';
import type { ComponentProps, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';

type BellButtonProps = Omit<ComponentProps<typeof Button>, 'ref'> & {
  ref?: Ref<HTMLButtonElement>;
  unseen: number;
  open: boolean;
};

/** The bell itself: the unseen count (99+ past the cap, in the digits the app shows), named for screen readers. */
export function BellButton({ ref, unseen, open, ...rest }: BellButtonProps) {
  const { t, i18n } = useTranslation();
  const lang: Locale = i18n.language === 'en' ? 'en' : 'ar';
  return (
    <Button
      ref={ref}
      type="text"
      aria-label={t('notificationsUi.bell_label', { count: unseen })}
      aria-expanded={open}
      aria-haspopup="dialog"
      data-testid="notification-bell"
      icon={
        // The count in the digits the app shows (lib/format.ts), capped at 99+ (SPEC §2).
        <Badge
          count={unseen > 0 ? formatNumber(Math.min(unseen, BADGE_CAP), lang) + (unseen > BADGE_CAP ? '+' : '') : 0}
          size="small"
        >
          <BellOutlined className="header-icon" />
        </Badge>
      }
      {...rest}
    />
  );
}
