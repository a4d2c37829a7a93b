import { Tabs, type TabsProps } from 'antd';
import { useSearchParams } from 'react-router';
import { PHONE_QUERY, useMediaQuery } from '../../lib/use-media-query';
import './page-tabs.css';

type Item = NonNullable<TabsProps['items']>[number] & { key: string };

/**
 * The tabs of a record's page (a user's profile, an association): the open tab lives in the URL
 * (`?tab=`), so a reload or a shared link opens the same one and Back does not step through tabs.
 * On a phone the bar is compact so most bars fit, and one that does not scrolls by touch (see
 * page-tabs.css) instead of antd's "more" button inside the tablist, which screen readers cannot use.
 */
export function PageTabs({ items }: { items: Item[] }) {
  const [params, setParams] = useSearchParams();
  const phone = useMediaQuery(PHONE_QUERY);
  const asked = params.get('tab');
  const active = items.find((item) => item.key === asked)?.key ?? items[0]?.key;
  return (
    <Tabs
      className={phone ? 'page-tabs page-tabs-compact' : 'page-tabs'}
      activeKey={active}
      size={phone ? 'small' : 'middle'}
      tabBarGutter={phone ? 12 : undefined}
      onChange={(key) =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.set('tab', key);
            return next;
          },
          { replace: true },
        )
      }
      items={items}
    />
  );
}
