import { Badge, type BadgeProps } from '@mantine/core';
import { PROFILE_VISIBILITY_TEXT, type TProfileVisibility } from '@rhema/schemas';

/**
 * "Hidden profile" / "Paused profile" beside a member wherever the console lists them: consultants see every member,
 * and must know one is hidden before proposing them (docs/decisions/172-profile-visibility.md). Nothing for visible.
 */
export function VisibilityMark({
  visibility,
  ...props
}: { visibility: TProfileVisibility | undefined } & BadgeProps) {
  if (!visibility || visibility === 'visible') return null;
  return (
    <Badge variant="default" w="fit-content" data-testid="visibility-mark" {...props}>
      {PROFILE_VISIBILITY_TEXT[visibility].label} profile
    </Badge>
  );
}
