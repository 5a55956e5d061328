import { Badge, type BadgeProps } from '@mantine/core';
import { VERIFIED_BADGE_LABEL } from '@rhema/schemas';

// The one verified badge (docs/decisions/171-identity-verification-provider.md): a member who passed the identity
// provider's check. Shown wherever a member is shown; nothing when they have not.
export function VerifiedBadge({
  verified,
  size = 'sm',
  ...props
}: {
  verified: boolean | undefined;
  size?: 'xs' | 'sm' | 'md' | 'lg';
} & Omit<BadgeProps, 'size' | 'children'>) {
  if (!verified) return null;
  return (
    <Badge
      color="green"
      variant="light"
      size={size}
      title="This member verified their identity with our provider"
      leftSection={
        <svg
          width="12"
          height="12"
          viewBox="0 0 24 24"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
        >
          <path d="M5 12.5l4.5 4.5L19 7.5" />
        </svg>
      }
      data-testid="verified-badge"
      {...props}
    >
      {VERIFIED_BADGE_LABEL}
    </Badge>
  );
}
