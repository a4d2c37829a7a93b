import { UserOutlined } from '@ant-design/icons';
import { Avatar } from 'antd';

/** The user's photo, or a neutral default avatar when there is none (SPEC §2). */
export function UserAvatar({ src, name, size = 40 }: { src: string | null | undefined; name: string; size?: number }) {
  return src ? (
    <Avatar src={src} alt={name} size={size} />
  ) : (
    <Avatar icon={<UserOutlined />} size={size} aria-label={name} className="default-avatar" />
  );
}
