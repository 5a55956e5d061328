import classes from './UnreadBubble.module.css';

/**
 * The unread count as a bubble (the header's Messages link, its account button, the member navigation's Messages
 * tab); what a screen reader hears is in the link's or button's own text. `className` places it.
 */
export function UnreadBubble({
  unread,
  className,
  testId = 'header-unread-badge',
}: {
  unread: number | undefined;
  className: string | undefined;
  testId?: string;
}) {
  if (!unread) return null;
  return (
    <span
      className={className ? `${classes.bubble} ${className}` : classes.bubble}
      aria-hidden="true"
      data-testid={testId}
    >
      {unread > 99 ? '99+' : unread}
    </span>
  );
}
